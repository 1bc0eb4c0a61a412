import type { BillingSummary } from '@centric/contracts';
import type { BillingHouseholdStatus, BillingUnitsTab } from '../hooks/use-billing-units-params.ts';

/** The figure each tab shows, from the list's summary. */
export const TAB_FIGURES: Readonly<Record<BillingUnitsTab, keyof BillingSummary>> = {
  totalAccounts: 'totalHouseholds',
  readyToBill: 'readyToBill',
  requiresAttention: 'requiresAttention',
  missingFeeSchedule: 'missingFeeSchedule',
  missingPayoutBlocks: 'missingPayoutBlocks',
};

export const TAB_LABELS: Readonly<Record<BillingUnitsTab, string>> = {
  totalAccounts: 'Total households',
  readyToBill: 'Ready to bill',
  requiresAttention: 'Requires attention',
  missingFeeSchedule: 'Missing fee schedule',
  missingPayoutBlocks: 'Missing payout blocks',
};

export const HOUSEHOLD_STATUS_LABELS: Readonly<Record<BillingHouseholdStatus, string>> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  ALL: 'All',
};

/** The line under a figure: what the total counts, or the figure's share of it. */
export const figureCaption = (
  tab: BillingUnitsTab,
  summary: BillingSummary,
  householdStatus: BillingHouseholdStatus,
) => {
  if (tab === 'totalAccounts') {
    return householdStatus === 'ALL'
      ? 'Households with accounts'
      : `${HOUSEHOLD_STATUS_LABELS[householdStatus]} households with accounts`;
  }
  const total = summary.totalHouseholds;
  if (total === 0) return 'No units yet';
  const share = Math.round((summary[TAB_FIGURES[tab]] / total) * 100);
  return `${share}% of units`;
};

/** What an empty tab says when no search or reason narrows it (the whole-list case has its own state). */
export const TAB_EMPTY: Readonly<
  Record<Exclude<BillingUnitsTab, 'totalAccounts'>, { title: string; description: string }>
> = {
  readyToBill: {
    title: 'No unit is ready to bill',
    description: 'Every unit has something to fix first: see Requires attention for the reasons.',
  },
  requiresAttention: {
    title: 'Nothing requires attention',
    description: 'Every unit has what a bill run needs: fee schedules, pay methods and payout blocks.',
  },
  missingFeeSchedule: {
    title: 'No unit is missing a fee schedule',
    description: 'Every account of these units has a fee schedule.',
  },
  missingPayoutBlocks: {
    title: 'No unit is missing payout blocks',
    description: 'Every unit splits its fees among its payees.',
  },
};
