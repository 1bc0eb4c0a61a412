import {
  BILLING_ACCOUNT_MISSING,
  BILLING_ACCOUNT_SORT_KEYS,
  PAY_METHODS,
  type BillingAccountMissing,
  type BillingAccountsQuery,
  type PayMethod,
} from '@centric/contracts';
import { oneOf, pagingOf, useUrlListState } from '../../../lib/use-url-list-state.ts';

/** Spec §2 /billing/accounts: sortBy=registrationName&order=ASC, with the page and its size (like every list). */
export const BILLING_ACCOUNTS_DEFAULTS = {
  pageNo: '1',
  numberOfRecords: '10',
  sortBy: 'registrationName',
  order: 'ASC',
} as const;

/** The status filter's other choices; open accounts (the server's default) leave `status` out of the URL. */
export const ACCOUNT_STATUS_CHOICES = ['CLOSED', 'ALL'] as const;

export type BillingAccountsListState = {
  page: number;
  limit: number;
  sortBy: BillingAccountsQuery['sortBy'];
  order: 'ASC' | 'DESC';
  search: string;
  /** '' is OPEN. */
  status: (typeof ACCOUNT_STATUS_CHOICES)[number] | '';
  missing: BillingAccountMissing | '';
  payMethod: PayMethod | '';
  feeScheduleId: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the list state from the query string; anything unknown falls back to its default. */
export const parseBillingAccountsParams = (params: URLSearchParams): BillingAccountsListState => {
  const feeScheduleId = (params.get('feeScheduleId') ?? '').trim();
  return {
    ...pagingOf(params),
    sortBy: oneOf(BILLING_ACCOUNT_SORT_KEYS, params.get('sortBy'), 'registrationName'),
    order: oneOf(['ASC', 'DESC'] as const, params.get('order'), 'ASC'),
    search: (params.get('search') ?? '').trim().slice(0, 100),
    status: oneOf(['', ...ACCOUNT_STATUS_CHOICES] as const, params.get('status'), ''),
    missing: oneOf(['', ...BILLING_ACCOUNT_MISSING] as const, params.get('missing'), ''),
    payMethod: oneOf(['', ...PAY_METHODS] as const, params.get('payMethod'), ''),
    feeScheduleId: UUID.test(feeScheduleId) ? feeScheduleId : '',
  };
};

/** The list's state in the URL (shareable, survives a reload); each change replaces the entry. */
export const useBillingAccountsParams = () =>
  useUrlListState<
    BillingAccountsListState,
    | 'pageNo'
    | 'numberOfRecords'
    | 'sortBy'
    | 'order'
    | 'search'
    | 'status'
    | 'missing'
    | 'payMethod'
    | 'feeScheduleId'
  >(BILLING_ACCOUNTS_DEFAULTS, parseBillingAccountsParams);
