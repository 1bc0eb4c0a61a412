import { USER_SORT_KEYS, type UserSortKey, type UserSortOrder, type UserStatus } from '@centric/contracts';
import { oneOf, pagingOf, useUrlListState } from '../../../lib/use-url-list-state.ts';

export const USER_TABS = ['manageUsers', 'invitations'] as const;
export type UserTab = (typeof USER_TABS)[number];

export const STATUS_FILTERS = ['ACTIVE', 'INACTIVE', 'ALL'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** Spec §2: /users defaults tab=manageUsers, pageNo=1, numberOfRecords=10, select=ACTIVE, sortBy=fullName, order=DESC. */
export const USERS_LIST_DEFAULTS = {
  tab: 'manageUsers',
  pageNo: '1',
  numberOfRecords: '10',
  select: 'ACTIVE',
  sortBy: 'fullName',
  order: 'DESC',
} as const;

export type UsersListState = {
  tab: UserTab;
  page: number;
  limit: number;
  select: StatusFilter;
  sortBy: UserSortKey;
  order: UserSortOrder;
  search: string;
};

/** Reads the list state from the query string; anything unknown falls back to its default. */
export const parseUsersListParams = (params: URLSearchParams): UsersListState => ({
  tab: oneOf(USER_TABS, params.get('tab'), 'manageUsers'),
  ...pagingOf(params),
  select: oneOf(STATUS_FILTERS, params.get('select'), 'ACTIVE'),
  sortBy: oneOf(USER_SORT_KEYS, params.get('sortBy'), 'fullName'),
  order: oneOf(['ASC', 'DESC'] as const, params.get('order'), 'DESC'),
  search: (params.get('search') ?? '').slice(0, 255),
});

export const statusOfFilter = (select: StatusFilter): UserStatus | undefined =>
  select === 'ALL' ? undefined : select;

/** All list state lives in the URL (shareable, survives reload); missing defaults are written in once. */
export const useUsersListParams = () =>
  useUrlListState<
    UsersListState,
    'tab' | 'pageNo' | 'numberOfRecords' | 'select' | 'sortBy' | 'order' | 'search'
  >(USERS_LIST_DEFAULTS, parseUsersListParams, { replace: false });
