import { LIST_PAGE_SIZES } from '../../../components/list-footer.tsx';
import { USER_SORT_KEYS, type UserSortKey, type UserSortOrder, type UserStatus } from '@centric/contracts';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const USER_TABS = ['manageUsers', 'invitations'] as const;
export type UserTab = (typeof USER_TABS)[number];

export const STATUS_FILTERS = ['ACTIVE', 'INACTIVE', 'ALL'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const PAGE_SIZES = LIST_PAGE_SIZES;

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

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : fallback;

/** Reads the list state from the query string; anything unknown falls back to its default. */
export const parseUsersListParams = (params: URLSearchParams): UsersListState => {
  const page = Number(params.get('pageNo'));
  const limit = Number(params.get('numberOfRecords'));
  return {
    tab: oneOf(USER_TABS, params.get('tab'), 'manageUsers'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : 10,
    select: oneOf(STATUS_FILTERS, params.get('select'), 'ACTIVE'),
    sortBy: oneOf(USER_SORT_KEYS, params.get('sortBy'), 'fullName'),
    order: oneOf(['ASC', 'DESC'] as const, params.get('order'), 'DESC'),
    search: (params.get('search') ?? '').slice(0, 255),
  };
};

export const statusOfFilter = (select: StatusFilter): UserStatus | undefined =>
  select === 'ALL' ? undefined : select;

type Patch = Partial<
  Record<'tab' | 'pageNo' | 'numberOfRecords' | 'select' | 'sortBy' | 'order' | 'search', string>
>;

/** All list state lives in the URL (shareable, survives reload); missing defaults are written in once. */
export const useUsersListParams = () => {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseUsersListParams(params), [params]);

  useEffect(() => {
    const missing = Object.entries(USERS_LIST_DEFAULTS).filter(([key]) => !params.has(key));
    if (missing.length === 0) return;
    setParams(
      (current) => {
        for (const [key, value] of missing) current.set(key, value);
        return current;
      },
      { replace: true },
    );
  }, [params, setParams]);

  const update = useCallback(
    (patch: Patch, options: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === '') current.delete(key);
            else current.set(key, value);
          }
          return current;
        },
        { replace: options.replace ?? false },
      ),
    [setParams],
  );

  return { state, update };
};
