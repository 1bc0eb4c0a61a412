import { Stack, Text, Title } from '@mantine/core';
import { AuditLogView } from '../../../features/audit/components/audit-log-view.tsx';

/** `/audit-logs`: every change and sign-in event, for administrators (feature auditLogs). */
export const AuditLogScreen = () => (
  <Stack gap="lg">
    <Stack gap={4}>
      <Title order={1}>Audit Log</Title>
      <Text c="dimmed">
        Who did what and when: every change, sign-in and export, kept append-only and hash-chained.
      </Text>
    </Stack>
    <AuditLogView scope="audit" />
  </Stack>
);
