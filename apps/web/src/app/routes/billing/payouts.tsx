import { Stack, Text, Title } from '@mantine/core';
import { PayoutsView } from '../../../features/billing-payouts/components/payouts-view.tsx';

/**
 * `/billing/payouts?from=…&to=…&basis=billed`: per payee, what the locked live bills whose period ends in the
 * range give them, billed or collected (billingInstances:read, checked by the route guard); the last completed
 * quarter until another range is chosen.
 */
export const BillingPayoutsScreen = () => (
  <Stack gap="lg">
    <Stack gap={4}>
      <Title order={1} size="h2">
        Payouts
      </Title>
      <Text c="dimmed" size="sm">
        What the locked live bills of a period give each payee: the advisors, the other payees and the firm,
        as billed and as collected.
      </Text>
    </Stack>
    <PayoutsView />
  </Stack>
);
