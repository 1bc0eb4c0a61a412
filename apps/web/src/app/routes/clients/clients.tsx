import type { ClientDraft } from '@centric/contracts';
import { Badge, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconHomePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useClientDrafts } from '../../../features/clients/api/client-drafts.ts';
import { ClientDrafts } from '../../../features/clients/components/list/client-drafts.tsx';
import { ClientsList } from '../../../features/clients/components/list/clients-list.tsx';
import { MemberWizard } from '../../../features/clients/components/member-wizard/member-wizard.tsx';
import { usePermission } from '../../../lib/permissions.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * `/clients?view=Default&sortBy=nextFollowUp,name,createdAt&order=ASC,ASC,DESC&rating=0,1,2,3,4,5&services=…
 * &influencer=…&pageNo=1&numberOfRecords=10`: the firm's households (clients:read, checked by the route
 * guard); adding a household opens the member wizard on a new primary member (clients:write).
 * `/clients?tab=drafts`: the households whose wizard was not finished (decision 13), to resume or delete.
 */
export const ClientsScreen = () => {
  const canWrite = usePermission('clients', 'write');
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [resuming, setResuming] = useState<ClientDraft | null>(null);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'drafts' ? 'drafts' : 'households';
  const draftCount = useClientDrafts().data?.length ?? 0;
  const closeWizard = () => {
    setAdding(false);
    setResuming(null);
  };

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
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === 'drafts' ? { tab: 'drafts' } : {})}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="households">Households</Tabs.Tab>
          <Tabs.Tab
            value="drafts"
            rightSection={
              draftCount > 0 ? (
                <Badge size="sm" variant="light" circle aria-label={`${draftCount} drafts`}>
                  {draftCount}
                </Badge>
              ) : undefined
            }
          >
            Drafts
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="households">
          <ClientsList onAddHousehold={canWrite ? () => setAdding(true) : undefined} />
        </Tabs.Panel>
        <Tabs.Panel value="drafts">
          <ClientDrafts onResume={setResuming} />
        </Tabs.Panel>
      </Tabs>
      {canWrite && (
        <MemberWizard
          // A new wizard for each draft resumed: it starts at that draft's step.
          key={resuming?.clientId ?? 'new'}
          opened={adding || resuming !== null}
          onClose={closeWizard}
          resume={
            resuming?.memberId
              ? {
                  clientId: resuming.clientId,
                  memberId: resuming.memberId,
                  completedSteps: resuming.completedSteps,
                }
              : undefined
          }
          onSaved={({ clientId }) => {
            closeWizard();
            void navigate(paths.clientDetail.href(clientId));
          }}
        />
      )}
    </Stack>
  );
};
