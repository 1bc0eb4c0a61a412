import {
  FEATURE_GROUP_LABELS,
  FEATURE_LABELS,
  type Feature,
  type FeatureGroup,
  type UserDetails,
} from '@centric/contracts';
import {
  type Icon,
  IconAddressBook,
  IconArrowsExchange,
  IconBell,
  IconBriefcase,
  IconChartCandle,
  IconChecklist,
  IconClipboardCheck,
  IconCoins,
  IconCreditCard,
  IconFileInvoice,
  IconHistory,
  IconHomeDollar,
  IconLayoutDashboard,
  IconListCheck,
  IconWallet,
  IconPigMoney,
  IconReceipt2,
  IconReportMoney,
  IconSettings,
  IconShieldCheck,
  IconTargetArrow,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { canRead, isAdministrator } from '../lib/permissions.ts';
import { MASTER_DATA_NAV_ENTRIES } from './routes/master-data/master-data-nav.ts';
import { paths } from '../lib/paths.ts';

/**
 * THE registry of signed-in screens: each entry is both a route (router.tsx builds it, guarded by `feature`)
 * and a sidebar link. A new screen adds one entry here, in the spec's sidebar order, and nothing else.
 * Only screens that exist are listed, so the sidebar never links to something that is not there.
 */

/** The permission modules the sidebar shows as groups. */
export type NavGroupId = FeatureGroup;

export type NavGroup = { id: NavGroupId; label: string; adminOnly?: boolean };

/**
 * Sidebar groups in spec order (§2 Sidebar), named as the role grid names the modules (contracts). A group
 * shows when it has at least one visible entry.
 */
export const NAV_GROUPS: readonly NavGroup[] = [
  { id: 'main', label: FEATURE_GROUP_LABELS.main },
  { id: 'workflows', label: FEATURE_GROUP_LABELS.workflows },
  { id: 'clientServices', label: FEATURE_GROUP_LABELS.clientServices },
  { id: 'productsAndBilling', label: FEATURE_GROUP_LABELS.productsAndBilling },
  { id: 'identity', label: FEATURE_GROUP_LABELS.identity },
  { id: 'system', label: FEATURE_GROUP_LABELS.system, adminOnly: true },
];

/** A collapsible parent in the sidebar (Clients, Billing, Master Data) that holds sub-items. */
export type NavParent = { id: string; label: string; icon: Icon };

/**
 * The counts shown as badges: from the user details (Alerts, Open Requests), or the Units that require
 * attention (`billingAttention`, fetched by the sidebar).
 */
export type NavBadge = 'alertCount' | 'openWorkflowReqcount' | 'billingAttention';

export type ScreenModule = { Component: ComponentType };

/**
 * Billing's sub-items (§2 Sidebar: Units, Fee Schedules, Accounts, Cashflows, Billing Instances, Receivables, Logs;
 * Payouts follows Billing Instances).
 */
export const BILLING_PARENT: NavParent = { id: 'billing', label: 'Billing', icon: IconReceipt2 };

/** Clients' sub-items (§2 Sidebar: Clients, Other Professionals). */
export const CLIENTS_PARENT: NavParent = { id: 'clients', label: 'Clients', icon: IconAddressBook };

export type NavEntry = {
  /** The feature's name from contracts where the sidebar says the same; Billing's Logs and Audit Log differ. */
  label: string;
  icon: Icon;
  path: string;
  /** The route needs read permission on this feature; the link shows only then. */
  feature: Feature;
  group: NavGroupId;
  parent?: NavParent;
  badge?: NavBadge;
  /** Lazily loaded screen (a route module in app/routes). */
  screen: () => Promise<ScreenModule>;
  /** A route without a sidebar link (a detail page such as `/client-detail/:clientId`). */
  hidden?: boolean;
};

export const NAV_ENTRIES: readonly NavEntry[] = [
  {
    label: FEATURE_LABELS.dashboard,
    icon: IconLayoutDashboard,
    path: paths.dashboard.pattern,
    feature: 'dashboard',
    group: 'main',
    screen: () => import('./routes/dashboard/dashboard.tsx').then((m) => ({ Component: m.DashboardScreen })),
  },
  {
    label: FEATURE_LABELS.clients,
    icon: IconUsers,
    path: paths.clients.pattern,
    feature: 'clients',
    group: 'main',
    parent: CLIENTS_PARENT,
    screen: () => import('./routes/clients/clients.tsx').then((m) => ({ Component: m.ClientsScreen })),
  },
  {
    label: FEATURE_LABELS.otherProfessionals,
    icon: IconBriefcase,
    path: paths.otherProfessionals.pattern,
    feature: 'otherProfessionals',
    group: 'main',
    parent: CLIENTS_PARENT,
    screen: () =>
      import('./routes/other-professionals/other-professionals.tsx').then((m) => ({
        Component: m.OtherProfessionalsScreen,
      })),
  },
  {
    // Annual goals, prospect targets, the pathway to partnership and the growth settings (issue 17 §3).
    label: 'Goals',
    icon: IconTargetArrow,
    path: paths.goals.pattern,
    feature: 'dashboard',
    group: 'main',
    screen: () => import('./routes/goals/goals.tsx').then((m) => ({ Component: m.GoalsScreen })),
  },
  {
    // The signed-in user's compensation (spec §7 myCompensation, issue 16 §3): every user who sees the dashboard.
    label: 'My Compensation',
    icon: IconWallet,
    path: paths.myCompensation.pattern,
    feature: 'dashboard',
    group: 'main',
    screen: () =>
      import('./routes/compensation/my-compensation.tsx').then((m) => ({
        Component: m.MyCompensationScreen,
      })),
  },
  {
    label: FEATURE_LABELS.prospects,
    icon: IconTargetArrow,
    path: paths.prospects.pattern,
    feature: 'prospects',
    group: 'main',
    screen: () => import('./routes/prospects/prospects.tsx').then((m) => ({ Component: m.ProspectsScreen })),
  },
  {
    label: FEATURE_LABELS.alerts,
    icon: IconBell,
    path: paths.alerts.pattern,
    feature: 'alerts',
    group: 'main',
    badge: 'alertCount',
    screen: () => import('./routes/alerts/alerts.tsx').then((m) => ({ Component: m.AlertsScreen })),
  },
  {
    label: 'Household',
    icon: IconAddressBook,
    path: paths.clientDetail.pattern,
    feature: 'clients',
    group: 'main',
    hidden: true,
    screen: () =>
      import('./routes/clients/client-detail.tsx').then((m) => ({ Component: m.ClientDetailScreen })),
  },
  {
    label: FEATURE_LABELS.openRequests,
    icon: IconChecklist,
    path: paths.openRequests.pattern,
    feature: 'openRequests',
    group: 'workflows',
    badge: 'openWorkflowReqcount',
    screen: () =>
      import('./routes/workflows/open-requests.tsx').then((m) => ({ Component: m.OpenRequestsScreen })),
  },
  {
    label: 'Start a request',
    icon: IconChecklist,
    path: paths.createRequest.pattern,
    feature: 'openRequests',
    group: 'workflows',
    hidden: true,
    screen: () =>
      import('./routes/workflows/create-request.tsx').then((m) => ({ Component: m.CreateRequestScreen })),
  },
  {
    label: FEATURE_LABELS.manageWorkflows,
    icon: IconListCheck,
    path: paths.manageWorkflows.pattern,
    feature: 'manageWorkflows',
    group: 'workflows',
    screen: () =>
      import('./routes/workflows/manage-workflows.tsx').then((m) => ({ Component: m.ManageWorkflowsScreen })),
  },
  {
    label: 'Bookkeeping',
    icon: IconClipboardCheck,
    path: paths.bookkeeping.pattern,
    feature: 'managedAccounts',
    group: 'clientServices',
    screen: () =>
      import('./routes/bookkeeping/bookkeeping.tsx').then((m) => ({ Component: m.BookkeepingScreen })),
  },
  {
    label: FEATURE_LABELS.products,
    icon: IconChartCandle,
    path: paths.products.pattern,
    feature: 'products',
    group: 'productsAndBilling',
    screen: () => import('./routes/products/products.tsx').then((m) => ({ Component: m.ProductsScreen })),
  },
  {
    // Spec §2 names Billing's sub-item Units; its badge counts the ACTIVE units that require attention.
    label: 'Units',
    icon: IconHomeDollar,
    path: paths.billingHouseholds.pattern,
    feature: 'billingUnits',
    group: 'productsAndBilling',
    parent: BILLING_PARENT,
    badge: 'billingAttention',
    screen: () => import('./routes/billing/units.tsx').then((m) => ({ Component: m.BillingUnitsScreen })),
  },
  {
    label: FEATURE_LABELS.feeSchedules,
    icon: IconReportMoney,
    path: paths.feeSchedules.pattern,
    feature: 'feeSchedules',
    group: 'productsAndBilling',
    parent: BILLING_PARENT,
    screen: () =>
      import('./routes/billing/fee-schedules.tsx').then((m) => ({ Component: m.FeeSchedulesScreen })),
  },
  {
    label: 'Billing unit',
    icon: IconReceipt2,
    path: paths.billingHousehold.pattern,
    feature: 'billingUnits',
    group: 'productsAndBilling',
    hidden: true,
    screen: () =>
      import('./routes/billing/household.tsx').then((m) => ({ Component: m.BillingHouseholdScreen })),
  },
  {
    label: 'Accounts',
    icon: IconCreditCard,
    path: paths.billingAccounts.pattern,
    feature: 'billingAccounts',
    group: 'productsAndBilling',
    parent: BILLING_PARENT,
    screen: () =>
      import('./routes/billing/accounts.tsx').then((m) => ({ Component: m.BillingAccountsScreen })),
  },
  {
    label: 'Billing account',
    icon: IconCreditCard,
    path: paths.billingAccount.pattern,
    feature: 'billingAccounts',
    group: 'productsAndBilling',
    hidden: true,
    screen: () => import('./routes/billing/account.tsx').then((m) => ({ Component: m.BillingAccountScreen })),
  },
  {
    // Spec §2 names Billing's sub-item Cashflows (issue 14 §5).
    label: 'Cashflows',
    icon: IconArrowsExchange,
    path: paths.billingCashflows.pattern,
    feature: 'cashflows',
    group: 'productsAndBilling',
    parent: BILLING_PARENT,
    screen: () =>
      import('./routes/billing/cashflows.tsx').then((m) => ({ Component: m.BillingCashflowsScreen })),
  },
  {
    // Spec §2 names Billing's sub-item Billing Instances: the bill runs (issue 15).
    label: FEATURE_LABELS.billingInstances,
    icon: IconFileInvoice,
    path: paths.billingInstances.pattern,
    feature: 'billingInstances',
    group: 'productsAndBilling',
    parent: BILLING_PARENT,
    screen: () =>
      import('./routes/billing/billing-instances.tsx').then((m) => ({ Component: m.BillingInstancesScreen })),
  },
  {
    label: 'Bill run',
    icon: IconFileInvoice,
    path: paths.billingInstance.pattern,
    feature: 'billingInstances',
    group: 'productsAndBilling',
    hidden: true,
    screen: () =>
      import('./routes/billing/billing-instance.tsx').then((m) => ({ Component: m.BillingInstanceScreen })),
  },
  {
    // Payouts by payee (issue 15 §3): what the locked live bills of a period give each payee.
    label: 'Payouts',
    icon: IconCoins,
    path: paths.billingPayouts.pattern,
    feature: 'billingInstances',
    group: 'productsAndBilling',
    parent: BILLING_PARENT,
    screen: () => import('./routes/billing/payouts.tsx').then((m) => ({ Component: m.BillingPayoutsScreen })),
  },
  {
    // Spec §2: Billing's sub-item Receivables (issue 16), commission income from insurance and annuities.
    label: FEATURE_LABELS.receivables,
    icon: IconPigMoney,
    path: paths.billingReceivables.pattern,
    feature: 'receivables',
    group: 'productsAndBilling',
    parent: BILLING_PARENT,
    screen: () =>
      import('./routes/billing/receivables.tsx').then((m) => ({ Component: m.BillingReceivablesScreen })),
  },
  {
    // Every payee's compensation of a period (issue 16 §3), for billing staff.
    label: 'Compensation',
    icon: IconWallet,
    path: paths.billingCompensation.pattern,
    feature: 'receivables',
    group: 'productsAndBilling',
    parent: BILLING_PARENT,
    screen: () =>
      import('./routes/billing/compensation.tsx').then((m) => ({ Component: m.BillingCompensationScreen })),
  },
  {
    // Spec §2 names Billing's sub-item Logs; the role grid's "Billing Logs" would repeat the parent.
    label: 'Logs',
    icon: IconHistory,
    path: paths.billingLogs.pattern,
    feature: 'billingLogs',
    group: 'productsAndBilling',
    parent: BILLING_PARENT,
    screen: () =>
      import('./routes/billing/billing-logs.tsx').then((m) => ({ Component: m.BillingLogsScreen })),
  },
  {
    label: FEATURE_LABELS.users,
    icon: IconUsers,
    path: paths.users.pattern,
    feature: 'users',
    group: 'identity',
    screen: () => import('./routes/users/users.tsx').then((m) => ({ Component: m.UsersScreen })),
  },
  {
    label: FEATURE_LABELS.roles,
    icon: IconUserShield,
    path: paths.roles.pattern,
    feature: 'roles',
    group: 'identity',
    screen: () => import('./routes/roles/roles.tsx').then((m) => ({ Component: m.RolesScreen })),
  },
  {
    label: FEATURE_LABELS.teams,
    icon: IconUsersGroup,
    path: paths.teams.pattern,
    feature: 'teams',
    group: 'identity',
    screen: () => import('./routes/teams/teams.tsx').then((m) => ({ Component: m.TeamsScreen })),
  },
  {
    label: 'Firm Settings',
    icon: IconSettings,
    path: paths.firmSettings.pattern,
    feature: 'masterData',
    group: 'system',
    screen: () =>
      import('./routes/settings/firm-settings.tsx').then((m) => ({ Component: m.FirmSettingsScreen })),
  },
  ...MASTER_DATA_NAV_ENTRIES,
  {
    // As its page heading says; the role grid's "Audit Logs" names the permission.
    label: 'Audit Log',
    icon: IconShieldCheck,
    path: paths.auditLogs.pattern,
    feature: 'auditLogs',
    group: 'system',
    screen: () => import('./routes/audit/audit-log.tsx').then((m) => ({ Component: m.AuditLogScreen })),
  },
];

export type VisibleNavItem =
  { kind: 'link'; entry: NavEntry } | { kind: 'parent'; parent: NavParent; children: NavEntry[] };

export type VisibleNavGroup = { group: NavGroup; items: VisibleNavItem[] };

/**
 * What the sidebar shows for this user: entries with read allowed, grouped and in registry order; a group
 * with nothing visible is left out; System Configurations only for the administrator (role id 1).
 */
export const visibleNavigation = (
  user: Pick<UserDetails, 'userPermission' | 'role'> | null,
  entries: readonly NavEntry[] = NAV_ENTRIES,
  groups: readonly NavGroup[] = NAV_GROUPS,
): VisibleNavGroup[] => {
  if (!user) return [];
  return groups.flatMap((group) => {
    if (group.adminOnly && !isAdministrator(user)) return [];
    const items: VisibleNavItem[] = [];
    for (const entry of entries) {
      if (entry.group !== group.id || entry.hidden || !canRead(user, entry.feature)) continue;
      if (!entry.parent) {
        items.push({ kind: 'link', entry });
        continue;
      }
      const parentId = entry.parent.id;
      const existing = items.find(
        (item): item is Extract<VisibleNavItem, { kind: 'parent' }> =>
          item.kind === 'parent' && item.parent.id === parentId,
      );
      if (existing) existing.children.push(entry);
      else items.push({ kind: 'parent', parent: entry.parent, children: [entry] });
    }
    return items.length > 0 ? [{ group, items }] : [];
  });
};
