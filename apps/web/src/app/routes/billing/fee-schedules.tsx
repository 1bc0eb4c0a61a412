import { Stack, Text, Title } from '@mantine/core';
import { FeeSchedulesManager } from '../../../features/fee-schedules/components/fee-schedules-manager.tsx';
import { can } from '../../../lib/permissions.ts';
import { useCurrentUser } from '../../../lib/session.ts';

/**
 * `/billing/fee?pageNo=1&numberOfRecords=10&sortBy=name&order=ASC`: the firm's fee schedules
 * (feeSchedules:read, checked by the route guard); write and delete show the matching actions.
 */
export const FeeSchedulesScreen = () => {
  const user = useCurrentUser();
  const rights = {
    canWrite: can(user, 'feeSchedules', 'write'),
    canDelete: can(user, 'feeSchedules', 'delete'),
  };
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Fee Schedules
        </Title>
        <Text c="dimmed" size="sm">
          The tiers and rates accounts are billed on. Open a schedule to preview the fee of any value.
        </Text>
      </Stack>
      <FeeSchedulesManager rights={rights} />
    </Stack>
  );
};
