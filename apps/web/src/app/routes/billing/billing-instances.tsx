import { Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { BillRunsList } from '../../../features/billing-runs/components/bill-runs-list.tsx';
import { BillingSettingsButton } from '../../../features/billing-settings/components/billing-settings-button.tsx';
import { paths } from '../../../lib/paths.ts';
import { usePermission } from '../../../lib/permissions.ts';

/**
 * `/billing/billingInstances?pageNo=1&numberOfRecords=10&sortBy=number&order=DESC`: the bill runs (billing
 * instances) with their status and progress (billingInstances:read, checked by the route guard); write starts
 * a run, whose page opens once it is started, and changes the billing settings.
 */
export const BillingInstancesScreen = () => {
  const canWrite = usePermission('billingInstances', 'write');
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Billing Instances
        </Title>
        <Text c="dimmed" size="sm">
          Each bill run bills the units of a scope for one period: a forecast to preview the fees, or the live
          bills to approve, lock and export.
        </Text>
      </Stack>
      <BillRunsList
        canWrite={canWrite}
        actions={canWrite ? <BillingSettingsButton /> : undefined}
        onCreated={(run) => void navigate(paths.billingInstance.href(run.id))}
      />
    </Stack>
  );
};
