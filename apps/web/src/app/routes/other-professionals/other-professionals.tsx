import { Stack, Text, Title } from '@mantine/core';
import { OtherProfessionalsManager } from '../../../features/other-professionals/components/other-professionals-manager.tsx';
import { can } from '../../../lib/permissions.ts';
import { useCurrentUser } from '../../../lib/session.ts';

/**
 * `/otherProfessionals?pageNo=1&numberOfRecords=10&sortBy=fullName&order=ASC`: the attorneys, CPAs and other
 * professionals the households work with (otherProfessionals:read, checked by the route guard).
 */
export const OtherProfessionalsScreen = () => {
  const user = useCurrentUser();
  const rights = {
    canWrite: can(user, 'otherProfessionals', 'write'),
    canDelete: can(user, 'otherProfessionals', 'delete'),
    // Linking searches households and the links open them: both need clients read.
    canOpenHouseholds: can(user, 'clients', 'read'),
  };
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Other Professionals
        </Title>
        <Text c="dimmed" size="sm">
          Attorneys, CPAs and the other professionals your households work with.
        </Text>
      </Stack>
      <OtherProfessionalsManager rights={rights} />
    </Stack>
  );
};
