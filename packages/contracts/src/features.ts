// Plain data and functions, no zod: the web app's sign-in screen checks a stored session's permissions with
// these and must not load the schema library (its JavaScript budget, scripts/check-bundle-size.mjs). The
// schemas built on them live in permissions.ts.

/** Feature keys, grouped as the sidebar groups them (ARCHITECTURE.md, Permissions). */
export const FEATURE_GROUPS = {
  main: ['dashboard', 'clients', 'otherProfessionals', 'prospects', 'alerts', 'notes', 'tasks'],
  workflows: ['openRequests', 'manageWorkflows'],
  clientServices: ['managedAccounts', 'suitability', 'riskManagement', 'legacyPlanning', 'compliance'],
  productsAndBilling: [
    'products',
    'billingUnits',
    'feeSchedules',
    'billingAccounts',
    'cashflows',
    'billingInstances',
    'receivables',
    'billingLogs',
  ],
  identity: ['users', 'roles', 'teams'],
  system: ['masterData', 'auditLogs'],
} as const;

export type FeatureGroup = keyof typeof FEATURE_GROUPS;
export type Feature = (typeof FEATURE_GROUPS)[FeatureGroup][number];

export const FEATURES = Object.values(FEATURE_GROUPS).flat() as Feature[];

export const isFeature = (value: unknown): value is Feature => (FEATURES as unknown[]).includes(value);

export const ACTIONS = ['read', 'write', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export const ROLE_IDS = {
  administrator: 1,
  wealthAdvisor: 2,
  system: 3,
  businessDeveloper: 4,
  operations: 5,
} as const;

export const moduleOfFeature = (feature: Feature): FeatureGroup =>
  (Object.keys(FEATURE_GROUPS) as FeatureGroup[]).find((group) =>
    (FEATURE_GROUPS[group] as readonly Feature[]).includes(feature),
  ) as FeatureGroup;

/**
 * Whether a permission list (PermissionEntry rows) allows an action. A feature with no entry is allowed
 * (spec §6), but the server always stores a complete matrix, so in practice every feature has an entry.
 */
export const isAllowed = (
  permissions: ReadonlyArray<{ feature: Feature } & Record<Action, boolean>>,
  feature: Feature,
  action: Action,
): boolean => {
  const entry = permissions.find((p) => p.feature === feature);
  return entry ? entry[action] : true;
};
