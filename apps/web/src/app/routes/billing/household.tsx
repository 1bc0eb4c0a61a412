import type { Feature } from '@centric/contracts';
import { Stack, Tabs } from '@mantine/core';
import { type ReactNode, useCallback, useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { AuditLogView } from '../../../features/audit/components/audit-log-view.tsx';
import { AdjustmentsPanel } from '../../../features/billing-adjustments/components/adjustments-panel.tsx';
import { BillingHouseholdView } from '../../../features/billing-household/components/billing-household-view.tsx';
import { ExclusionsTab } from '../../../features/billing-exclusions/components/exclusions-tab.tsx';
import { BillingInfoTab } from '../../../features/billing-household/components/billing-info-tab.tsx';
import { GeneralTab } from '../../../features/billing-household/components/general-tab.tsx';
import { InvestmentAccountsTab } from '../../../features/billing-household/components/investment-accounts-tab.tsx';
import { NoSectionAccess } from '../../../features/billing-household/components/no-section-access.tsx';
import type { BillingUnitTabProps } from '../../../features/billing-household/components/tab-props.ts';
import { TeamTab } from '../../../features/billing-household/components/team-tab.tsx';
import { LiveBillsTab } from '../../../features/billing-runs/components/live-bills-tab.tsx';
import { PlanningFeesTab } from '../../../features/billing-planning-fees/components/planning-fees-tab.tsx';
import { ProjectedFeePanel } from '../../../features/billing-preview/components/projected-fee-panel.tsx';
import { PayoutBlocksPanel } from '../../../features/payout-blocks/components/payout-blocks-panel.tsx';
import { paths } from '../../../lib/paths.ts';
import { canRead, usePermission } from '../../../lib/permissions.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { UnitHoldingsTab } from './unit-holdings.tsx';

/**
 * A tab of the unit page. `index` is the spec's (§2 Household tabs, the `?tab=` value): General 0, Team 1,
 * Financial Planning Fees 2, Payout Blocks 3, Billing Information 4, Investment Accounts 5, Exclude Assets 6,
 * Unit Live Bill 7, Logs 8, Account Holdings 9. `requires`: a feature the tab reads beyond billingUnits (the
 * route's); without read on it the tab says so instead of its content (spec §6).
 */
export type BillingHouseholdTab = {
  index: number;
  label: string;
  requires?: Feature;
  render: (props: BillingUnitTabProps) => ReactNode;
};

/**
 * THE tabs of /billing/households/{clientId}, in the spec's order; a tab not built yet is simply absent.
 * Each renders a component of its own feature, so another area (payout blocks, live bills) adds one entry.
 */
export const BILLING_HOUSEHOLD_TABS: readonly [BillingHouseholdTab, ...BillingHouseholdTab[]] = [
  {
    index: 0,
    label: 'General',
    render: (props) => (
      <Stack gap="lg">
        <GeneralTab {...props} />
        <ProjectedFeePanel clientId={props.unit.billing.clientId} />
      </Stack>
    ),
  },
  { index: 1, label: 'Team', requires: 'clients', render: (props) => <TeamTab {...props} /> },
  {
    index: 2,
    label: 'Financial Planning Fees',
    render: ({ unit }) => <UnitPlanningFees clientId={unit.billing.clientId} />,
  },
  {
    index: 3,
    label: 'Payout Blocks',
    render: ({ unit }) => <UnitPayoutBlocks clientId={unit.billing.clientId} />,
  },
  { index: 4, label: 'Billing Information', render: (props) => <BillingInfoTab {...props} /> },
  {
    index: 5,
    label: 'Investment Accounts',
    requires: 'billingAccounts',
    render: (props) => <InvestmentAccountsTab {...props} />,
  },
  {
    index: 6,
    label: 'Exclude Assets',
    render: ({ unit }) => <UnitExclusions clientId={unit.billing.clientId} />,
  },
  {
    index: 7,
    label: 'Unit Live Bill',
    requires: 'billingInstances',
    render: ({ unit }) => <UnitLiveBills clientId={unit.billing.clientId} />,
  },
  {
    index: 8,
    label: 'Logs',
    requires: 'billingLogs',
    render: ({ unit }) => <AuditLogView scope="billing" within={{ clientId: unit.billing.clientId }} />,
  },
  {
    index: 9,
    label: 'Account Holdings',
    requires: 'managedAccounts',
    render: ({ unit }) => <UnitHoldingsTab clientId={unit.billing.clientId} />,
  },
];

/** The unit's financial planning fees (billingUnits write and delete change them). */
const UnitPlanningFees = ({ clientId }: { clientId: string }) => (
  <PlanningFeesTab
    clientId={clientId}
    canWrite={usePermission('billingUnits', 'write')}
    canDelete={usePermission('billingUnits', 'delete')}
  />
);

/** The unit's own payout blocks (billingUnits write and delete change them). */
const UnitPayoutBlocks = ({ clientId }: { clientId: string }) => (
  <PayoutBlocksPanel
    level={{ kind: 'unit', clientId }}
    canWrite={usePermission('billingUnits', 'write')}
    canDelete={usePermission('billingUnits', 'delete')}
    description="Who is paid from this unit's fees. An account's own payout blocks replace these for that account."
  />
);

/** The unit's excluded assets (billingUnits write and delete change them). */
const UnitExclusions = ({ clientId }: { clientId: string }) => (
  <ExclusionsTab
    clientId={clientId}
    canWrite={usePermission('billingUnits', 'write')}
    canDelete={usePermission('billingUnits', 'delete')}
  />
);

/**
 * The unit's live bills and, below them, its accounts' adjustments (billingInstances read; write changes a bill
 * from its explanation, adds and cancels adjustments).
 */
const UnitLiveBills = ({ clientId }: { clientId: string }) => {
  const canWrite = usePermission('billingInstances', 'write');
  return (
    <LiveBillsTab
      owner={{ kind: 'unit', clientId }}
      canWrite={canWrite}
      canOpenRuns={usePermission('billingInstances', 'read')}
    >
      <AdjustmentsPanel clientId={clientId} canWrite={canWrite} />
    </LiveBillsTab>
  );
};

const DEFAULT_TAB = BILLING_HOUSEHOLD_TABS[0];

/** The tab the query names, or General for a missing or unknown index. */
export const billingHouseholdTabOf = (raw: string | null): BillingHouseholdTab =>
  BILLING_HOUSEHOLD_TABS.find((tab) => String(tab.index) === raw) ?? DEFAULT_TAB;

/**
 * `/billing/households/{clientId}?tab=0`: a household as a billing unit (billingUnits read, checked by the
 * route guard), its header and its tabs. The tab is the spec's index in the query (default 0, written into the
 * URL replacing the entry); an index the page does not have falls back to General.
 */
export const BillingHouseholdScreen = () => {
  const { clientId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const user = useCurrentUser();
  const rawTab = params.get('tab');
  const tab = billingHouseholdTabOf(rawTab);
  const value = String(tab.index);

  useEffect(() => {
    if (rawTab === value) return;
    setParams(
      (current) => {
        current.set('tab', value);
        return current;
      },
      { replace: true },
    );
  }, [rawTab, value, setParams]);

  const handleTab = useCallback(
    (next: string | null) => {
      if (next === null || next === value) return;
      setParams((current) => {
        current.set('tab', next);
        return current;
      });
    },
    [setParams, value],
  );

  const tabHref = (index: number) =>
    BILLING_HOUSEHOLD_TABS.some((t) => t.index === index)
      ? paths.billingHousehold.href(clientId, String(index))
      : null;

  return (
    <BillingHouseholdView key={clientId} clientId={clientId}>
      {(unit) => (
        <Tabs value={value} onChange={handleTab} keepMounted={false}>
          <Tabs.List mb="lg" aria-label="Billing unit sections">
            {BILLING_HOUSEHOLD_TABS.map((entry) => (
              <Tabs.Tab key={entry.index} value={String(entry.index)}>
                {entry.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {BILLING_HOUSEHOLD_TABS.map((entry) => (
            <Tabs.Panel key={entry.index} value={String(entry.index)}>
              {entry.requires && !canRead(user, entry.requires) ? (
                <NoSectionAccess />
              ) : (
                entry.render({ unit, tabHref })
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </BillingHouseholdView>
  );
};
