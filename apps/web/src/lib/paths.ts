/**
 * Every route of the web app and its `href(...)` builder, in one place: the router and the navigation
 * registry declare routes with `pattern`, features and the layout link with `href(...)`. A new screen adds one
 * entry here; no feature writes a path by hand.
 */

const segment = (value: string | number) => encodeURIComponent(String(value));

/** `?a=1&b=2` from the defined entries of `query`, or '' when none is defined. */
const queryOf = (query: Record<string, string | number | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** A route without parameters: its pattern is also its only href. */
const fixed = <P extends string>(pattern: P) => ({ pattern, href: (): P => pattern }) as const;

export const paths = {
  signIn: fixed('/'),
  mfa: fixed('/mfa'),
  mfaSetup: fixed('/mfa/setup'),
  forgotPassword: fixed('/forgot-password'),
  resetLinkSent: fixed('/reset-link-sent'),
  resetPassword: fixed('/reset-password'),
  passwordResetDone: fixed('/password-reset-done'),
  verifyEmail: fixed('/verify-email'),
  ssoCallback: fixed('/sso-callback'),
  dashboard: {
    pattern: '/dashboard',
    /** The dashboard, on a tab (`updates`, `stats`), a sub-tab of Updates and a period when given. */
    href: (query: { tab?: string; subTab?: string; duration?: string } = {}) => `/dashboard${queryOf(query)}`,
  },
  clients: fixed('/clients'),
  /** Annual goals and prospect targets, the pathway to partnership and the growth settings (`tab`, `year`). */
  goals: {
    pattern: '/goals',
    href: (query: { tab?: 'goals' | 'partnership' | 'settings'; year?: number } = {}) =>
      `/goals${queryOf(query)}`,
  },
  prospects: {
    pattern: '/prospects',
    /** The list or the board (`view=board`), filtered by status when given, with a prospect open (`prospectId`). */
    href: (
      query: { view?: string; prospectId?: string; activityStatus?: string; leadStatus?: string } = {},
    ) => `/prospects${queryOf(query)}`,
  },
  clientDetail: {
    pattern: '/client-detail/:clientId',
    /** With a left panel and one of its records when given (`?leftPanel=notes&noteId=…`: a note's link). */
    href: (clientId: string, query: { tab?: string; leftPanel?: string; noteId?: string } = {}) =>
      `/client-detail/${segment(clientId)}${queryOf(query)}`,
  },
  otherProfessionals: fixed('/otherProfessionals'),
  alerts: {
    pattern: '/alerts',
    /** The alerts of a view (`active`, `snoozed`, `dismissed`) and tab (`ALL` or a category) when given. */
    href: (query: { view?: string; tab?: string } = {}) => `/alerts${queryOf(query)}`,
  },
  products: fixed('/products'),
  /** Operations' bookkeeping: the review queue, positions imports and strategies (`tab`, default review). */
  bookkeeping: {
    pattern: '/bookkeeping',
    href: (query: { tab?: 'review' | 'imports' | 'strategies'; status?: string } = {}) =>
      `/bookkeeping${queryOf(query)}`,
  },
  /** Manage Workflows (issue 18 §1): the workflow templates. */
  manageWorkflows: fixed('/create-request-manage-workflows'),
  /** Open Requests (issue 18 §2, spec §2): filterBy, clientId, requestId, redirect=true opens the request. */
  openRequests: {
    pattern: '/open-requests',
    href: (query: { filterBy?: string; clientId?: string; requestId?: string; redirect?: 'true' } = {}) =>
      `/open-requests${queryOf(query)}`,
  },
  /** Start a request for a household (issue 18 §2); `clientId` preselects the household. */
  createRequest: {
    pattern: '/create-request',
    href: (query: { clientId?: string } = {}) => `/create-request${queryOf(query)}`,
  },
  feeSchedules: fixed('/billing/fee'),
  billingLogs: fixed('/billing/alllogs'),
  /**
   * Billing units (issue 14 §1): households with accounts and their readiness; the list keeps its state in the
   * query (`householdStatus=ACTIVE&selectedTab=totalAccounts&pageNo=1&numberOfRecords=10&sortBy=unitId&order=ASC`).
   */
  billingHouseholds: {
    pattern: '/billing/households',
    href: (query: { selectedTab?: string; subType?: string } = {}) => `/billing/households${queryOf(query)}`,
  },
  /** A household as a billing unit (global search "Units"), on one of its tabs (`tab`, default general). */
  billingHousehold: {
    pattern: '/billing/households/:clientId',
    href: (clientId: string, tab?: string) => `/billing/households/${segment(clientId)}${queryOf({ tab })}`,
  },
  /** Every account's fee setting (default `sortBy=registrationName&order=ASC`). */
  billingAccounts: fixed('/billing/accounts'),
  billingCashflows: fixed('/billing/cashflows'),
  /** A billing account, with its household when known (global search "Accounts"), on one of its tabs. */
  billingAccount: {
    pattern: '/billing/accounts/:accountId',
    href: (accountId: string, clientId?: string | null, tab?: string) =>
      `/billing/accounts/${segment(accountId)}${queryOf({ clientId: clientId ?? undefined, tab })}`,
  },
  /** Bill runs (billing instances), newest first (`kind`, `status`, paging and sort in the query). */
  billingInstances: fixed('/billing/billingInstances'),
  /** One bill run: its Bills or Units tab, and the bill whose explanation is open. */
  billingInstance: {
    pattern: '/billing/billingInstances/:runId',
    href: (runId: string, query: { tab?: 'bills' | 'units'; bill?: string } = {}) =>
      `/billing/billingInstances/${segment(runId)}${queryOf(query)}`,
  },
  /** Payouts by payee of the locked live bills whose period ends in a range (`from`, `to`, `basis` in the query). */
  billingPayouts: {
    pattern: '/billing/payouts',
    href: (query: { from?: string; to?: string; basis?: 'billed' | 'collected' } = {}) =>
      `/billing/payouts${queryOf(query)}`,
  },
  /**
   * Receivables (issue 16): commission income by child tab and view (default
   * `tab=totalReceivables&childTab=projected&viewBy=products`), and the receivable whose schedule is open.
   */
  billingReceivables: {
    pattern: '/billing/receivables',
    href: (query: { childTab?: string; viewBy?: string; receivable?: string } = {}) =>
      `/billing/receivables${queryOf(query)}`,
  },
  /** Every payee's compensation of a period (issue 16 §3; `from`, `to`, `basis` in the query). */
  billingCompensation: fixed('/billing/compensation'),
  /** The signed-in user's compensation (spec §7 myCompensation). */
  myCompensation: fixed('/my-compensation'),
  users: fixed('/users'),
  roles: fixed('/roles'),
  teams: fixed('/teams'),
  masterData: {
    pattern: '/master-data/:type',
    href: (type: string) => `/master-data/${segment(type)}`,
  },
  auditLogs: fixed('/audit-logs'),
  /** The firm's system settings (GET/PUT /api/sysconfig): SSN masking, transaction alert thresholds. */
  firmSettings: fixed('/settings'),
  profile: {
    pattern: '/waprofile/:id',
    href: (userId: number | string, tab?: 'personal' | 'security' | 'notifications') =>
      `/waprofile/${segment(userId)}${queryOf({ tab })}`,
  },
  unauthorized: fixed('/unauthorized'),
} as const;

/** A route path relative to its parent (react-router children are written without the leading slash). */
export const relativePattern = (pattern: string): string => pattern.replace(/^\//, '');
