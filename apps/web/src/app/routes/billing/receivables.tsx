import { Stack, Text, Title } from '@mantine/core';
import { ReceivablesView } from '../../../features/receivables/components/receivables-view.tsx';
import { usePermission } from '../../../lib/permissions.ts';

/**
 * `/billing/receivables?tab=totalReceivables&childTab=projected&viewBy=products` (spec §2): commission income
 * from insurance and annuity products (receivables:read, checked by the route guard); write adds and changes
 * receivables and their payments, delete removes receivables.
 */
export const BillingReceivablesScreen = () => {
  const canWrite = usePermission('receivables', 'write');
  const canDelete = usePermission('receivables', 'delete');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Receivables
        </Title>
        <Text c="dimmed" size="sm">
          Commission income from insurance and annuity products: what each carrier should pay and when, what
          is past due, and what has arrived.
        </Text>
      </Stack>
      <ReceivablesView canWrite={canWrite} canDelete={canDelete} />
    </Stack>
  );
};
