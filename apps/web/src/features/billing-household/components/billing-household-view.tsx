import { Button, Center, EmptyState, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft, IconReceiptOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { paths } from '../../../lib/paths.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { type BillingUnit, useBillingUnit } from '../api/get-billing-unit.ts';
import { BackToUnits, UnitHeader } from './unit-header.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const BackToUnitsButton = ({ variant }: { variant?: 'subtle' }) => (
  <Button
    component={Link}
    to={paths.billingHouseholds.href()}
    {...(variant ? { variant } : {})}
    leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
  >
    Back to units
  </Button>
);

/** A household that does not exist, is a draft, or an id that cannot be one. */
export const BillingUnitNotFound = () => (
  <Center mih="50vh">
    <EmptyState variant="light" icon={<IconReceiptOff size={30} aria-hidden="true" />}>
      <EmptyState.Title order={1}>Billing unit not found</EmptyState.Title>
      <EmptyState.Description>
        This household does not exist or has been removed, or the link is wrong.
      </EmptyState.Description>
      <EmptyState.Actions>
        <BackToUnitsButton />
      </EmptyState.Actions>
    </EmptyState>
  </Center>
);

/** The page's shape while the unit loads: the header, the tabs and a card. */
export const BillingUnitSkeleton = () => (
  <Stack gap="lg" role="status" aria-live="polite" aria-label="Loading billing unit...">
    <Skeleton height={14} width={60} />
    <Paper withBorder radius="lg" p="lg">
      <Stack gap={10}>
        <Skeleton height={26} width="35%" />
        <Group gap="xs">
          <Skeleton height={18} width={70} radius="sm" />
          <Skeleton height={20} width={80} radius="sm" />
          <Skeleton height={20} width={120} radius="sm" />
        </Group>
      </Stack>
    </Paper>
    <Group gap="lg">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} height={16} width={110} />
      ))}
    </Group>
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Skeleton height={18} width="30%" />
        <Skeleton height={12} width="80%" />
        <Skeleton height={12} width="70%" />
        <Skeleton height={12} width="60%" />
      </Stack>
    </Paper>
  </Stack>
);

type BillingHouseholdViewProps = {
  clientId: string;
  /** What the page shows below the header (the route's tabs), once the unit is loaded. */
  children: (unit: BillingUnit) => ReactNode;
};

/**
 * /billing/households/{clientId}: the unit loaded, a link back to the Units list and its header above what
 * the route composes (its tabs); a missing household or a malformed id gets "Billing unit not found".
 */
export const BillingHouseholdView = ({ clientId, children }: BillingHouseholdViewProps) => {
  const validId = UUID.test(clientId);
  const unit = useBillingUnit(clientId, validId);
  const canOpenHousehold = usePermission('clients', 'read');
  if (!validId) return <BillingUnitNotFound />;
  return (
    <QueryState
      query={unit}
      loading={<BillingUnitSkeleton />}
      errorTitle="The billing unit could not be loaded"
      notFound={<BillingUnitNotFound />}
      errorActions={<BackToUnitsButton variant="subtle" />}
    >
      {(data) => (
        <Stack gap="lg">
          <BackToUnits />
          <UnitHeader unit={data} canOpenHousehold={canOpenHousehold} />
          {children(data)}
        </Stack>
      )}
    </QueryState>
  );
};
