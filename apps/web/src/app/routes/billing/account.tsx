import type { AccountBilling } from '@centric/contracts';
import { Stack, Tabs, Text } from '@mantine/core';
import { type ReactNode, useCallback, useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { AccountPayeesPanel } from '../../../features/billing-account-payees/components/account-payees-panel.tsx';
import { AccountBillingForm } from '../../../features/billing-accounts/components/account-billing-form.tsx';
import { AccountBillingView } from '../../../features/billing-accounts/components/account-billing-view.tsx';
import { AdjustmentsPanel } from '../../../features/billing-adjustments/components/adjustments-panel.tsx';
import { AccountGeneral } from '../../../features/billing-accounts/components/account-general.tsx';
import { AccountPaysFor } from '../../../features/billing-accounts/components/account-pays-for.tsx';
import { LiveBillsTab } from '../../../features/billing-runs/components/live-bills-tab.tsx';
import { AccountHoldingsTab } from './account-holdings.tsx';
import { AuditLogView } from '../../../features/audit/components/audit-log-view.tsx';
import { PayoutBlocksPanel } from '../../../features/payout-blocks/components/payout-blocks-panel.tsx';
import { usePermission } from '../../../lib/permissions.ts';

/** What every tab of the account page is given. */
export type AccountTabProps = {
  account: AccountBilling;
  /** billingAccounts write and delete. */
  rights: { canWrite: boolean; canDelete: boolean };
};

/**
 * One tab of the account page. `index` is the spec's (§2 Account tabs: General 0, Billing 1, This Account
 * Pays For 2, Payout Blocks 3, Account Live Bill 4, Logs 5, Account Holdings 6), which the URL's `tab` holds;
 * a tab not built yet is left out of the list, and its index falls back to General.
 */
export type AccountTab = { index: number; label: string; render: (props: AccountTabProps) => ReactNode };

/** The tabs built so far, each from its own feature; shown in index order. */
export const ACCOUNT_TABS: readonly AccountTab[] = [
  { index: 0, label: 'General', render: ({ account }) => <AccountGeneral account={account} /> },
  {
    index: 1,
    label: 'Billing',
    render: ({ account, rights }) => (
      <Stack gap="xl">
        <AccountBillingForm account={account} canWrite={rights.canWrite} />
        <AccountPayeesPanel accountId={account.accountId} canWrite={rights.canWrite} />
      </Stack>
    ),
  },
  {
    index: 2,
    label: 'This Account Pays For',
    render: ({ account }) => <AccountPaysFor account={account} />,
  },
  {
    index: 3,
    label: 'Payout Blocks',
    render: ({ account, rights }) => (
      <PayoutBlocksPanel
        level={{ kind: 'account', accountId: account.accountId }}
        canWrite={rights.canWrite}
        canDelete={rights.canDelete}
      />
    ),
  },
  {
    index: 4,
    label: 'Account Live Bill',
    render: ({ account }) => <LiveBillsOrNoAccess accountId={account.accountId} />,
  },
  {
    index: 5,
    label: 'Logs',
    render: ({ account }) => <LogsOrNoAccess accountId={account.accountId} />,
  },
  {
    index: 6,
    label: 'Account Holdings',
    render: ({ account }) => <HoldingsOrNoAccess account={account} />,
  },
];

/** The holdings need managed accounts read; without it the tab says so (spec §6). */
const HoldingsOrNoAccess = ({ account }: { account: AccountBilling }) =>
  usePermission('managedAccounts', 'read') ? (
    <AccountHoldingsTab
      clientId={account.clientId}
      accountId={account.accountId}
      name={account.registrationName}
    />
  ) : (
    <Text c="dimmed">You do not have permission to access this section.</Text>
  );

/**
 * The account's live bills and its adjustments need billingInstances read; without it the tab says so (spec
 * §6). Write adds and cancels adjustments.
 */
const LiveBillsOrNoAccess = ({ accountId }: { accountId: string }) => {
  const canRead = usePermission('billingInstances', 'read');
  const canWrite = usePermission('billingInstances', 'write');
  return canRead ? (
    <LiveBillsTab owner={{ kind: 'account', accountId }} canWrite={canWrite} canOpenRuns={canRead}>
      <AdjustmentsPanel accountId={accountId} canWrite={canWrite} />
    </LiveBillsTab>
  ) : (
    <Text c="dimmed">You do not have permission to access this section.</Text>
  );
};

/** The account's billing log needs billingLogs read; without it the tab says so (spec §6). */
const LogsOrNoAccess = ({ accountId }: { accountId: string }) =>
  usePermission('billingLogs', 'read') ? (
    <AuditLogView scope="billing" within={{ accountId }} />
  ) : (
    <Text c="dimmed">You do not have permission to access this section.</Text>
  );

const DEFAULT_TAB = 0;

/** The tab the URL names when it is one of `tabs`, else General. */
export const accountTabOf = (raw: string | null, tabs: readonly AccountTab[] = ACCOUNT_TABS): number => {
  const index = raw !== null && /^\d+$/.test(raw) ? Number(raw) : DEFAULT_TAB;
  return tabs.some((tab) => tab.index === index) ? index : DEFAULT_TAB;
};

/**
 * `/billing/accounts/{accountId}?clientId=…&tab=0`: an account's billing page (billingAccounts:read, checked
 * by the route guard). The tab (default 0, anything unknown 0) and the account's household are written into
 * the URL, replacing the entry.
 */
export const BillingAccountScreen = () => {
  const { accountId = '' } = useParams();
  const canWrite = usePermission('billingAccounts', 'write');
  const canDelete = usePermission('billingAccounts', 'delete');
  const tabs = [...ACCOUNT_TABS].sort((a, b) => a.index - b.index);
  return (
    <AccountBillingView key={accountId} accountId={accountId}>
      {(account) => <AccountTabs account={account} tabs={tabs} rights={{ canWrite, canDelete }} />}
    </AccountBillingView>
  );
};

type AccountTabsProps = AccountTabProps & { tabs: readonly AccountTab[] };

const AccountTabs = ({ account, tabs, rights }: AccountTabsProps) => {
  const [params, setParams] = useSearchParams();
  const rawTab = params.get('tab');
  const tab = accountTabOf(rawTab, tabs);

  useEffect(() => {
    const needsTab = rawTab !== String(tab);
    const needsClient = params.get('clientId') !== account.clientId;
    if (!needsTab && !needsClient) return;
    setParams(
      (current) => {
        current.set('clientId', account.clientId);
        current.set('tab', String(tab));
        return current;
      },
      { replace: true },
    );
  }, [params, rawTab, tab, account.clientId, setParams]);

  const handleTab = useCallback(
    (next: string | null) => {
      if (next === null) return;
      setParams((current) => {
        current.set('tab', next);
        return current;
      });
    },
    [setParams],
  );

  return (
    <Tabs value={String(tab)} onChange={handleTab} keepMounted={false}>
      <Tabs.List mb="lg" aria-label="Account sections">
        {tabs.map(({ index, label }) => (
          <Tabs.Tab key={index} value={String(index)}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map(({ index, render }) => (
        <Tabs.Panel key={index} value={String(index)}>
          {render({ account, rights })}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
};
