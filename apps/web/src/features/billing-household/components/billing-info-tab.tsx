import { Card, Divider, Skeleton, Stack, Title } from '@mantine/core';
import { QueryState } from '../../../components/query-state.tsx';
import { usePermission } from '../../../lib/permissions.ts';
import { useBillingInfo } from '../api/get-billing-info.ts';
import { useHouseholdPeople } from '../api/get-household-people.ts';
import { AchAccountsSection } from './ach-accounts-section.tsx';
import { BillingInfoForm } from './billing-info-form.tsx';
import type { BillingUnitTabProps } from './tab-props.ts';

const FormSkeleton = () => (
  <Stack gap="md" role="status" aria-live="polite" aria-label="Loading billing information...">
    {Array.from({ length: 3 }, (_, index) => (
      <Skeleton key={index} height={36} />
    ))}
  </Stack>
);

/**
 * Tab 4, Billing Information: the unit's billing contact and its accounts' defaults, then its ACH bank
 * accounts. Writing needs billingUnits write; deleting a bank account billingUnits delete.
 */
export const BillingInfoTab = ({ unit }: BillingUnitTabProps) => {
  const { clientId } = unit.billing;
  const canWrite = usePermission('billingUnits', 'write');
  const canDelete = usePermission('billingUnits', 'delete');
  const canReadMembers = usePermission('clients', 'read');
  const info = useBillingInfo(clientId);
  const people = useHouseholdPeople(clientId, canReadMembers);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="lg">
        <Title order={2} size="h4">
          Billing information
        </Title>
        <QueryState
          query={info}
          loading={<FormSkeleton />}
          errorTitle="The billing information could not be loaded"
        >
          {(saved) => (
            <BillingInfoForm
              clientId={clientId}
              saved={saved}
              members={people.data?.members}
              membersLoading={canReadMembers && people.isPending}
              openAccounts={unit.openAccounts}
              canWrite={canWrite}
            />
          )}
        </QueryState>
        <Divider />
        <AchAccountsSection clientId={clientId} canWrite={canWrite} canDelete={canDelete} />
      </Stack>
    </Card>
  );
};
