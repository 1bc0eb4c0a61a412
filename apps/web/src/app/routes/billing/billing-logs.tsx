import { Stack, Text, Title } from '@mantine/core';
import { AuditLogView } from '../../../features/audit/components/audit-log-view.tsx';

/** `/billing/alllogs`: the billing part of the audit trail. */
export const BillingLogsScreen = () => (
  <Stack gap="lg">
    <Stack gap={4}>
      <Title order={1}>Billing Logs</Title>
      <Text c="dimmed">Changes to fee schedules, billing accounts, bills and receivables.</Text>
    </Stack>
    <AuditLogView scope="billing" />
  </Stack>
);
