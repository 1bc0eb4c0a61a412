import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * THE registry of TanStack Query keys: one factory per area. Every key of an area starts with the area's
 * `all`, so a write can refresh an area, one list, or one record without knowing how the others are built;
 * an area that shows another's records (a household's professionals) invalidates through this registry
 * instead of importing the other feature. A new area adds one factory here.
 */
export const queryKeys = {
  auth: {
    all: ['auth'] as const,
    setupMfa: (email: string) => ['auth', 'setupMfa', email] as const,
    verifyEmail: (token: string) => ['auth', 'verifyEmail', token] as const,
  },
  /** The signed-in user's own details (permissions included). */
  profile: {
    all: ['profile'] as const,
    me: () => ['profile', 'me'] as const,
  },
  /** The dashboard's own summaries (its lists belong to their areas' keys). */
  dashboard: {
    all: ['dashboard'] as const,
    stats: (duration: string) => ['dashboard', 'stats', duration] as const,
  },
  /** Goals, growth settings and the pathway to partnership (a write refreshes the dashboard's tiles too). */
  growth: {
    all: ['growth'] as const,
    goals: (year: number) => ['growth', 'goals', year] as const,
    settings: () => ['growth', 'settings'] as const,
    partnership: () => ['growth', 'partnership'] as const,
    feeScheduleOptions: () => ['growth', 'fee-schedule-options'] as const,
  },
  clients: {
    all: ['clients'] as const,
    lists: () => ['clients', 'list'] as const,
    list: (query: string) => ['clients', 'list', query] as const,
    details: () => ['clients', 'detail'] as const,
    detail: (clientId: string) => ['clients', 'detail', clientId] as const,
    /** Households whose member wizard was not finished (the Drafts view). */
    drafts: () => ['clients', 'drafts'] as const,
    /** Every member query of one household. */
    members: (clientId: string) => ['clients', 'member', clientId] as const,
    member: (clientId: string, memberId: string) => ['clients', 'member', clientId, memberId] as const,
  },
  otherProfessionals: {
    all: ['other-professionals'] as const,
    lists: () => ['other-professionals', 'list'] as const,
    list: (query: object) => ['other-professionals', 'list', query] as const,
    /** A picker's search (GET /api/other-professionals?search=…). */
    options: (search: string) => ['other-professionals', 'options', search] as const,
  },
  /** Receivables (issue 16): the lists, the header, the charts, one receivable, the form's choices. */
  /** Prospects (issue 17 §1): pages of the list (and the board), the figures, one prospect. */
  prospects: {
    all: ['prospects'] as const,
    lists: () => ['prospects', 'list'] as const,
    list: (query: object) => ['prospects', 'list', query] as const,
    statistics: () => ['prospects', 'statistics'] as const,
    detail: (id: string) => ['prospects', 'detail', id] as const,
    /** What converting would do (issue 17 §2), into a new household or the one given. */
    conversion: (id: string, clientId: string | null) =>
      ['prospects', 'conversion', id, clientId ?? 'new'] as const,
    /** The activities that came into a household with its converted prospects. */
    householdActivities: (clientId: string) => ['prospects', 'household-activities', clientId] as const,
    /** Imports from CSV (issue 17 §1): one import followed, and a page of its lines. */
    imports: () => ['prospects', 'imports'] as const,
    importJob: (id: string) => ['prospects', 'imports', id] as const,
    importRows: (id: string, query: object) => ['prospects', 'imports', id, 'rows', query] as const,
  },
  receivables: {
    all: ['receivables'] as const,
    list: (query: object) => ['receivables', 'list', query] as const,
    header: () => ['receivables', 'header'] as const,
    charts: (viewBy: string) => ['receivables', 'charts', viewBy] as const,
    detail: (id: string) => ['receivables', 'detail', id] as const,
    options: () => ['receivables-options'] as const,
    /** Carrier statements (issue 16 §2): the imports, one import, a provider's mapping, the differences. */
    statements: () => ['receivables', 'statements'] as const,
    statementList: (query: object) => ['receivables', 'statements', 'list', query] as const,
    statementJob: (id: string) => ['receivables', 'statements', 'job', id] as const,
    statementMapping: (providerId: number) => ['receivables', 'statement-mapping', providerId] as const,
    differences: (query: object) => ['receivables', 'differences', query] as const,
    aging: () => ['receivables', 'differences-aging'] as const,
  },
  /** Compensation (issue 16 §3): the signed-in user's, and every payee's (the firm view). */
  compensation: {
    all: ['compensation'] as const,
    mine: (query: object) => ['compensation', 'mine', query] as const,
    firm: (query: object) => ['compensation', 'firm', query] as const,
  },
  /** Workflow requests (issue 18 §2): the lists, one request, its notes, the startable templates, a preview. */
  workflowRequests: {
    all: ['workflow-requests'] as const,
    lists: () => ['workflow-requests', 'list'] as const,
    list: (query: object) => ['workflow-requests', 'list', query] as const,
    detail: (id: string) => ['workflow-requests', 'detail', id] as const,
    templates: () => ['workflow-requests', 'templates'] as const,
    household: (clientId: string) => ['workflow-requests', 'household', clientId] as const,
    preview: (clientId: string, templateId: string) =>
      ['workflow-requests', 'preview', clientId, templateId] as const,
  },
  /** Workflow templates (issue 18 §1): the list and one template with its draft and current version. */
  workflowTemplates: {
    all: ['workflow-templates'] as const,
    lists: () => ['workflow-templates', 'list'] as const,
    list: (query: object) => ['workflow-templates', 'list', query] as const,
    detail: (id: string) => ['workflow-templates', 'detail', id] as const,
  },
  /** The firm's holidays, which business days skip. */
  firmHolidays: ['firm-holidays'] as const,
  feeSchedules: {
    all: ['fee-schedules'] as const,
    lists: () => ['fee-schedules', 'list'] as const,
    list: (query: object) => ['fee-schedules', 'list', query] as const,
  },
  /**
   * Billing setup (issue 14): units with their readiness (the sidebar badge reads the same list), one unit's
   * pages, payout blocks of a level, ACH accounts, and the accounts' fee settings. A change invalidates `all`.
   */
  billing: {
    all: ['billing'] as const,
    units: () => ['billing', 'units'] as const,
    unitList: (query: object) => ['billing', 'units', 'list', query] as const,
    /** The Units badge: ACTIVE units requiring attention (the list's default call). */
    attention: () => ['billing', 'units', 'attention'] as const,
    unit: (clientId: string) => ['billing', 'unit', clientId] as const,
    billingInfo: (clientId: string) => ['billing', 'unit', clientId, 'billing-info'] as const,
    /** The unit's projected fee for its next bills (the engine, through the unit's billing inputs). */
    projectedFee: (clientId: string) => ['billing', 'unit', clientId, 'projected-fee'] as const,
    achAccounts: (clientId: string) => ['billing', 'unit', clientId, 'ach-accounts'] as const,
    /** The unit's excluded assets (issue 14 §5), under the unit: a write reads the unit's fee again. */
    exclusions: (clientId: string) => ['billing', 'unit', clientId, 'exclusions'] as const,
    /** The unit's financial planning fees. */
    planningFees: (clientId: string) => ['billing', 'unit', clientId, 'planning-fees'] as const,
    /** The accounts that pay an account's fee, by percent. */
    accountPayees: (accountId: string) => ['billing', 'account', accountId, 'payees'] as const,
    /** The open-account pickers' search (GET /api/billing/accounts?status=OPEN&search=). */
    openAccountSearch: (search: string) => ['billing', 'accounts', 'open-search', search] as const,
    payoutBlocks: (level: { clientId?: string; accountId?: string }) =>
      [
        'billing',
        'payout-blocks',
        level.accountId ? `account:${level.accountId}` : `unit:${level.clientId}`,
      ] as const,
    accounts: () => ['billing', 'accounts'] as const,
    accountList: (query: object) => ['billing', 'accounts', 'list', query] as const,
    account: (accountId: string) => ['billing', 'account', accountId] as const,
    /**
     * Adjustments (issue 15 §1): every list, or a unit's or an account's. Under `billing`, so a live bill's
     * write (which applies them) refreshes them too.
     */
    adjustmentLists: () => ['billing', 'adjustments'] as const,
    /** The unit's open accounts an adjustment may go to. */
    adjustmentAccounts: (clientId: string) => ['billing', 'unit', clientId, 'adjustment-accounts'] as const,
    adjustments: (owner: { clientId?: string; accountId?: string }) =>
      [
        'billing',
        'adjustments',
        owner.accountId ? `account:${owner.accountId}` : `unit:${owner.clientId}`,
      ] as const,
    /** Payouts by payee of the locked live bills ending in a range (issue 15 §3). */
    payouts: (query: object) => ['billing', 'payouts', query] as const,
    /** The firm's billing settings (proration, firm name, collection window, ACH originator). */
    settings: () => ['billing', 'settings'] as const,
  },
  /**
   * Bill runs (issue 15): the runs list, one run (polled while in progress), its bills and units, one bill's
   * explanation, and a unit's or account's live bills. A run's write keeps the run and refreshes the rest.
   */
  billRuns: {
    all: ['bill-runs'] as const,
    lists: () => ['bill-runs', 'list'] as const,
    list: (query: object) => ['bill-runs', 'list', query] as const,
    detail: (runId: string) => ['bill-runs', 'run', runId] as const,
    /** Every page of one run's bills (`runBills(runId)`) or one page. */
    runBills: (runId: string, query?: object) =>
      query
        ? (['bill-runs', 'run-bills', runId, query] as const)
        : (['bill-runs', 'run-bills', runId] as const),
    runUnits: (runId: string, query?: object) =>
      query
        ? (['bill-runs', 'run-units', runId, query] as const)
        : (['bill-runs', 'run-units', runId] as const),
    bills: () => ['bill-runs', 'bill'] as const,
    bill: (billId: string) => ['bill-runs', 'bill', billId] as const,
    liveBills: () => ['bill-runs', 'live-bills'] as const,
    unitLiveBills: (clientId: string) => ['bill-runs', 'live-bills', 'unit', clientId] as const,
    accountLiveBills: (accountId: string) => ['bill-runs', 'live-bills', 'account', accountId] as const,
    /** What follows a live run (its checks, exports, refunds and differences), refreshed together. */
    runOutputs: (runId: string) => ['bill-runs', 'run-outputs', runId] as const,
    checks: (runId: string) => ['bill-runs', 'run-outputs', runId, 'checks'] as const,
    exports: (runId: string) => ['bill-runs', 'run-outputs', runId, 'exports'] as const,
    refunds: (runId: string) => ['bill-runs', 'run-outputs', runId, 'refunds'] as const,
    differences: (runId: string, query: object) =>
      ['bill-runs', 'run-outputs', runId, 'differences', query] as const,
    /** A bill's collections: under the bill, so refreshing the bills refreshes them too. */
    collections: (billId: string) => ['bill-runs', 'bill', billId, 'collections'] as const,
  },
  /** Cash flows (issue 14 §5): the list with its figures, and the firm's threshold. A change invalidates `all`. */
  cashFlows: {
    all: ['cash-flows'] as const,
    list: (query: object) => ['cash-flows', 'list', query] as const,
    threshold: () => ['cash-flows', 'threshold'] as const,
    /** The accounts a manual flow is entered on (the billing accounts list, searched). */
    accountOptions: (search: string) => ['cash-flows', 'account-options', search] as const,
  },
  /** Products (issue 13 §1): their lists, one product's prices, and the asset classes and security types they pick. */
  products: {
    all: ['products'] as const,
    lists: () => ['products', 'list'] as const,
    list: (query: object) => ['products', 'list', query] as const,
    prices: (productId: string) => ['products', 'prices', productId] as const,
    pricePage: (productId: string, query: object) => ['products', 'prices', productId, query] as const,
    assetClasses: () => ['products', 'asset-classes'] as const,
    securityTypes: () => ['products', 'security-types'] as const,
  },
  masterData: {
    all: ['master-data'] as const,
    /** Every query of one list (its pages, sub-lists and options). */
    type: (type: string) => ['master-data', type] as const,
    list: (type: string, parentId: number | null, params: object) =>
      ['master-data', type, parentId, 'list', params] as const,
    options: (type: string) => ['master-data', type, 'options'] as const,
  },
  /** The firm's system settings (GET /api/sysconfig). */
  firmSettings: {
    all: ['firm-settings'] as const,
    sysconfig: () => ['firm-settings', 'sysconfig'] as const,
  },
  users: {
    all: ['users'] as const,
    list: (query: object) => ['users', 'list', query] as const,
    options: () => ['users', 'options'] as const,
  },
  roles: {
    all: ['roles'] as const,
    list: () => ['roles', 'list'] as const,
    permissions: (roleId: number) => ['roles', 'permissions', roleId] as const,
  },
  teams: {
    all: ['teams'] as const,
    list: () => ['teams', 'list'] as const,
  },
  audit: {
    all: ['audit-logs'] as const,
    list: (scope: string, filters: object) => ['audit-logs', scope, filters] as const,
  },
  globalSearch: {
    all: ['global-search'] as const,
    text: (searchText: string) => ['global-search', searchText] as const,
  },
  /** Tasks (issue 12 §3): the firm's lists and a household's, by their filters. */
  tasks: {
    all: ['tasks'] as const,
    lists: () => ['tasks', 'list'] as const,
    list: (scope: string, query: object) => ['tasks', 'list', scope, query] as const,
  },
  /** Meetings (issue 12 §3): the firm's lists and a household's. */
  meetings: {
    all: ['meetings'] as const,
    lists: () => ['meetings', 'list'] as const,
    list: (scope: string, query: object) => ['meetings', 'list', scope, query] as const,
  },
  /** Birthdays, anniversaries and special dates of a period (the dashboard's Special Days). */
  specialDays: {
    all: ['special-days'] as const,
    list: (query: object) => ['special-days', 'list', query] as const,
  },
  /** Notes (issue 12 §1): a household's pages, the dashboard's, and one note (a deep link). */
  notes: {
    all: ['notes'] as const,
    lists: () => ['notes', 'list'] as const,
    /** A household's lists (its client id) or the dashboard's ('dashboard'). */
    scope: (scope: string) => ['notes', 'list', scope] as const,
    list: (scope: string, query: object) => ['notes', 'list', scope, query] as const,
    detail: (noteId: string) => ['notes', 'detail', noteId] as const,
  },
  /** Alerts (issue 12 §4): the lists by view, tab and page (the sidebar badge is the user details' alertCount). */
  alerts: {
    all: ['alerts'] as const,
    lists: () => ['alerts', 'list'] as const,
    list: (query: object) => ['alerts', 'list', query] as const,
  },
  /** The notification inbox (issue 12 §2): the bell's unread count, its lists, the email preferences. */
  notifications: {
    all: ['notifications'] as const,
    count: () => ['notifications', 'count'] as const,
    lists: () => ['notifications', 'list'] as const,
    list: (filter: string) => ['notifications', 'list', filter] as const,
    preferences: () => ['notifications', 'preferences'] as const,
  },
  /**
   * Managed accounts (issue 13 §5): everything the household's tab shows hangs under its household, so an
   * account's write refreshes the household at once; holdings and values of one account under its id.
   */
  managedAccounts: {
    all: ['managed-accounts'] as const,
    household: (clientId: string) => ['managed-accounts', clientId] as const,
    /** The accounts valued on a date, the total and the allocation. */
    valuations: (clientId: string) => ['managed-accounts', clientId, 'valuation'] as const,
    valuation: (clientId: string, date: string) => ['managed-accounts', clientId, 'valuation', date] as const,
    /** Month-end values: the household's ('household') or one account's. */
    values: (clientId: string) => ['managed-accounts', clientId, 'values'] as const,
    valueSeries: (clientId: string, accountId: string | null) =>
      ['managed-accounts', clientId, 'values', accountId ?? 'household'] as const,
    holdings: (clientId: string, accountId: string) =>
      ['managed-accounts', clientId, 'holdings', accountId] as const,
    holdingsOn: (clientId: string, accountId: string, date: string) =>
      ['managed-accounts', clientId, 'holdings', accountId, date] as const,
    transactions: (clientId: string) => ['managed-accounts', clientId, 'transactions'] as const,
    transactionList: (clientId: string, query: object) =>
      ['managed-accounts', clientId, 'transactions', query] as const,
    /** The household's strategy assignments. */
    assignments: (clientId: string) => ['managed-accounts', clientId, 'assignments'] as const,
    /** Drift of the accounts that follow a strategy, on a date. */
    drift: (clientId: string, date: string) => ['managed-accounts', clientId, 'drift', date] as const,
    /** The strategy picker's search (GET /api/strategies?search=). */
    strategyOptions: (search: string) => ['managed-accounts', 'strategy-options', search] as const,
  },
  /** Operations' bookkeeping (issue 13 §2–§4): the review queue, positions imports and strategies. */
  bookkeeping: {
    all: ['bookkeeping'] as const,
    reviews: () => ['bookkeeping', 'review'] as const,
    review: (query: object) => ['bookkeeping', 'review', query] as const,
    imports: () => ['bookkeeping', 'imports'] as const,
    importList: (query: object) => ['bookkeeping', 'imports', 'list', query] as const,
    importJob: (id: string) => ['bookkeeping', 'imports', 'job', id] as const,
    strategies: () => ['bookkeeping', 'strategies'] as const,
    strategyList: (query: object) => ['bookkeeping', 'strategies', query] as const,
  },
  /** The lookups several features share (lib/lookups). */
  lookups: {
    all: ['lookups'] as const,
    /** Every master-data dropdown list. */
    masterOptionLists: () => ['lookups', 'master-options'] as const,
    masterOptions: (list: string) => ['lookups', 'master-options', list] as const,
    /** The product pickers' search (GET /api/products/options?search=). */
    productOptionLists: () => ['lookups', 'product-options'] as const,
    productOptions: (search: string) => ['lookups', 'product-options', search] as const,
    /** Every asset class and category (GET /api/asset-classes/options). */
    assetCategories: () => ['lookups', 'asset-categories'] as const,
    households: () => ['lookups', 'households'] as const,
    householdSearch: (search: string) => ['lookups', 'households', search] as const,
    /** Every user picker's search. */
    users: () => ['lookups', 'users'] as const,
    userSearch: (fullName: string, exceptUserIds: readonly string[]) =>
      ['lookups', 'users', fullName, [...exceptUserIds].sort()] as const,
  },
  /** Images behind /api fetched as blobs (components/use-authenticated-image). */
  images: {
    authenticated: (path: string | null | undefined) => ['authenticated-image', path] as const,
  },
} as const;

/** Marks each key's queries (and those under it) stale: the ones on screen refetch, the others on next use. */
export const invalidateKeys = (queryClient: QueryClient, keys: readonly QueryKey[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/**
 * Where other areas show a user (name, picture, role, teams): the users list and its form options, the teams'
 * members, the user pickers, and the households' advisor teams (the list's wealth advisor, the detail's team).
 */
export const userViewKeys = (): readonly QueryKey[] => [
  queryKeys.users.all,
  queryKeys.teams.all,
  queryKeys.lookups.users(),
  queryKeys.clients.lists(),
  queryKeys.clients.details(),
];
