import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconHomePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ClientsList } from '../../../features/clients/components/list/clients-list.tsx';
import { MemberWizard } from '../../../features/clients/components/member-wizard/member-wizard.tsx';
import { usePermission } from '../../../lib/permissions.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * `/clients?view=Default&sortBy=nextFollowUp,name,createdAt&order=ASC,ASC,DESC&rating=0,1,2,3,4,5&services=…
 * &influencer=…&pageNo=1&numberOfRecords=10`: the firm's households (clients:read, checked by the route
 * guard); adding a household opens the member wizard on a new primary member (clients:write).
 */
export const ClientsScreen = () => {
  const canWrite = usePermission('clients', 'write');
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Clients
          </Title>
          <Text c="dimmed" size="sm">
            Every household of the firm with its members, services, rating and next follow-up.
          </Text>
        </Stack>
        {canWrite && (
          <Button leftSection={<IconHomePlus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
            Add Household
          </Button>
        )}
      </Group>
      <ClientsList onAddHousehold={canWrite ? () => setAdding(true) : undefined} />
      {canWrite && (
        <MemberWizard
          opened={adding}
          onClose={() => setAdding(false)}
          onSaved={({ clientId }) => {
            setAdding(false);
            void navigate(paths.clientDetail.href(clientId));
          }}
        />
      )}
    </Stack>
  );
};
