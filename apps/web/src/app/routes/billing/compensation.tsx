import { Stack, Text, Title } from '@mantine/core';
import { FirmCompensationView } from '../../../features/compensation/components/firm-compensation-view.tsx';
import { usePermission } from '../../../lib/permissions.ts';

/**
 * `/billing/compensation?from=…&to=…&basis=billed` (issue 16 §3): every payee's payable of a period
 * (receivables:read, checked by the route guard); write marks a payee's period paid.
 */
export const BillingCompensationScreen = () => {
  const canWrite = usePermission('receivables', 'write');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Compensation
        </Title>
        <Text c="dimmed" size="sm">
          What each payee is owed for a period: advisory fees from locked bills and commissions from
          receivables, as billed or as collected.
        </Text>
      </Stack>
      <FirmCompensationView canWrite={canWrite} />
    </Stack>
  );
};
