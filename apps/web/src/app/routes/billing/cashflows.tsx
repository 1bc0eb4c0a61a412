import { Stack, Text, Title } from '@mantine/core';
import { CashFlowsList } from '../../../features/billing-cashflows/components/cash-flows-list.tsx';
import { usePermission } from '../../../lib/permissions.ts';

/**
 * `/billing/cashflows?from=…&to=…&pageNo=1&numberOfRecords=10&sortBy=date&order=DESC`: deposits and withdrawals
 * by account and period with how bills treat them (cashflows:read, checked by the route guard); write adds
 * manual flows and changes the threshold, delete removes manual flows.
 */
export const BillingCashflowsScreen = () => {
  const canWrite = usePermission('cashflows', 'write');
  const canDelete = usePermission('cashflows', 'delete');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Cash flows
        </Title>
        <Text c="dimmed" size="sm">
          Deposits and withdrawals by account and period, from transactions and manual entries, and whether
          the next bill charges or credits each one.
        </Text>
      </Stack>
      <CashFlowsList canWrite={canWrite} canDelete={canDelete} />
    </Stack>
  );
};
