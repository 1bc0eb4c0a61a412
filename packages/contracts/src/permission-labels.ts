import type { Action, Feature, FeatureGroup } from './features.ts';

/**
 * Display names of the permission matrix, for every screen and text that shows them: the role grid, the
 * audit log's permission rows and sentences.
 */
export const PERMISSION_ACTION_LABELS: Readonly<Record<Action, string>> = {
  read: 'Read',
  write: 'Write',
  delete: 'Delete',
};

/** Module headings, as the sidebar names its groups. */
export const FEATURE_GROUP_LABELS: Readonly<Record<FeatureGroup, string>> = {
  main: 'Main',
  workflows: 'Workflows',
  clientServices: 'Client services',
  productsAndBilling: 'Products & Billing',
  identity: 'Identity access management',
  system: 'System Configurations',
};

export const FEATURE_LABELS: Readonly<Record<Feature, string>> = {
  dashboard: 'Dashboard',
  clients: 'Clients',
  otherProfessionals: 'Other Professionals',
  prospects: 'Prospects',
  alerts: 'Alerts',
  notes: 'Notes',
  tasks: 'Tasks',
  openRequests: 'Open Requests',
  manageWorkflows: 'Manage Workflows',
  managedAccounts: 'Managed Accounts',
  suitability: 'Suitability',
  riskManagement: 'Risk Management',
  legacyPlanning: 'Legacy Planning',
  compliance: 'Compliance',
  products: 'Products',
  billingUnits: 'Billing Units',
  feeSchedules: 'Fee Schedules',
  billingAccounts: 'Billing Accounts',
  cashflows: 'Cashflows',
  billingInstances: 'Billing Instances',
  receivables: 'Receivables',
  billingLogs: 'Billing Logs',
  users: 'Users',
  roles: 'Roles',
  teams: 'Teams',
  masterData: 'Master Data',
  auditLogs: 'Audit Logs',
};
