import { Stack, Text, Title } from '@mantine/core';
import { BillingAccountsList } from '../../../features/billing-accounts/components/billing-accounts-list.tsx';
import { usePermission } from '../../../lib/permissions.ts';

/**
 * `/billing/accounts?pageNo=1&numberOfRecords=10&sortBy=registrationName&order=ASC`: every account's fee
 * setting (billingAccounts:read, checked by the route guard); write lets a fee schedule be assigned to many.
 */
export const BillingAccountsScreen = () => {
  const canWrite = usePermission('billingAccounts', 'write');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Accounts
        </Title>
        <Text c="dimmed" size="sm">
          How each account is billed: its fee schedule, who pays and how often. Find what is missing before a
          bill run, and give many accounts one schedule at once.
        </Text>
      </Stack>
      <BillingAccountsList canWrite={canWrite} />
    </Stack>
  );
};
