import {
  BILLING_HOUSEHOLD_SORT_KEYS,
  BILLING_HOUSEHOLD_STATUSES,
  type BillingHouseholdsQuery,
  READINESS_REASONS,
  type ReadinessReason,
} from '@centric/contracts';
import { oneOf, pagingOf, useUrlListState } from '../../../lib/use-url-list-state.ts';

/**
 * The figure tiles that are also the list's tabs (`selectedTab`), each a filter of the list: every unit,
 * those ready to bill, those requiring attention, those missing a fee schedule or payout blocks.
 */
export const BILLING_UNITS_TABS = [
  'totalAccounts',
  'readyToBill',
  'requiresAttention',
  'missingFeeSchedule',
  'missingPayoutBlocks',
] as const;
export type BillingUnitsTab = (typeof BILLING_UNITS_TABS)[number];

export type BillingHouseholdStatus = (typeof BILLING_HOUSEHOLD_STATUSES)[number];
export type BillingUnitsSortKey = (typeof BILLING_HOUSEHOLD_SORT_KEYS)[number];

/** What each tab asks of the list (spec §7: billingStatus, missingFeeSchedule, missingPayoutBlocks). */
export const TAB_FILTERS: Readonly<
  Record<
    BillingUnitsTab,
    Partial<Pick<BillingHouseholdsQuery, 'billingStatus' | 'missingFeeSchedule' | 'missingPayoutBlocks'>>
  >
> = {
  totalAccounts: {},
  readyToBill: { billingStatus: 'READY' },
  requiresAttention: { billingStatus: 'REQUIRES_ATTENTION' },
  missingFeeSchedule: { missingFeeSchedule: true },
  missingPayoutBlocks: { missingPayoutBlocks: true },
};

/**
 * Spec §2: `/billing/households` becomes
 * `?householdStatus=ACTIVE&selectedTab=totalAccounts&pageNo=1&numberOfRecords=10&sortBy=unitId&order=ASC`.
 */
export const BILLING_UNITS_DEFAULTS = {
  householdStatus: 'ACTIVE',
  selectedTab: 'totalAccounts',
  pageNo: '1',
  numberOfRecords: '10',
  sortBy: 'unitId',
  order: 'ASC',
} as const;

export type BillingUnitsListState = {
  householdStatus: BillingHouseholdStatus;
  selectedTab: BillingUnitsTab;
  page: number;
  limit: number;
  sortBy: BillingUnitsSortKey;
  order: 'ASC' | 'DESC';
  search: string;
  /** The Reason filter: one readiness reason, or '' for any. */
  subType: ReadinessReason | '';
};

/** Reads the list state from the query string; anything unknown falls back to its default. */
export const parseBillingUnitsParams = (params: URLSearchParams): BillingUnitsListState => ({
  ...pagingOf(params),
  householdStatus: oneOf(BILLING_HOUSEHOLD_STATUSES, params.get('householdStatus'), 'ACTIVE'),
  selectedTab: oneOf(BILLING_UNITS_TABS, params.get('selectedTab'), 'totalAccounts'),
  sortBy: oneOf(BILLING_HOUSEHOLD_SORT_KEYS, params.get('sortBy'), 'unitId'),
  order: oneOf(['ASC', 'DESC'] as const, params.get('order'), 'ASC'),
  search: (params.get('search') ?? '').trim().slice(0, 100),
  subType: oneOf(['', ...READINESS_REASONS] as const, params.get('subType'), ''),
});

/** The Units list's state in the URL (shareable, survives a reload); each change replaces the entry. */
export const useBillingUnitsParams = () =>
  useUrlListState<
    BillingUnitsListState,
    | 'householdStatus'
    | 'selectedTab'
    | 'pageNo'
    | 'numberOfRecords'
    | 'sortBy'
    | 'order'
    | 'search'
    | 'subType'
  >(BILLING_UNITS_DEFAULTS, parseBillingUnitsParams);
