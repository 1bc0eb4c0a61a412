import type { BillingUnit } from '../api/get-billing-unit.ts';

/** What every tab of the unit page gets from the route: the loaded unit and links to its other tabs. */
export type BillingUnitTabProps = {
  unit: BillingUnit;
  /** The link to another tab of this page by its spec index, or null when the page has no such tab (yet). */
  tabHref: (index: number) => string | null;
};

/** The spec's indexes of the unit page's tabs (§2 Household tabs, `?tab=`) that other tabs link to. */
export const UNIT_TAB_INDEX = {
  general: 0,
  team: 1,
  payoutBlocks: 3,
  billingInformation: 4,
  investmentAccounts: 5,
} as const;

/** The spec's indexes of the account page's tabs (§2 Account tabs) that this page links to. */
export const ACCOUNT_TAB_INDEX = { billing: '1', payoutBlocks: '3' } as const;
