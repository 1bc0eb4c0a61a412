import { LIST_PAGE_SIZES } from '../../../components/list-footer.tsx';
import { OTHER_PROFESSIONAL_SORT_KEYS } from '@centric/contracts';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { OtherProfessionalSortKey } from '../api/list-other-professionals.ts';

export const PROFESSIONAL_PAGE_SIZES = LIST_PAGE_SIZES;

/** Written into the URL on the first visit, like /users: pageNo, numberOfRecords, sortBy, order. */
export const OTHER_PROFESSIONALS_DEFAULTS = {
  pageNo: '1',
  numberOfRecords: '10',
  sortBy: 'fullName',
  order: 'ASC',
} as const;

export type OtherProfessionalsListState = {
  page: number;
  limit: number;
  sortBy: OtherProfessionalSortKey;
  order: 'ASC' | 'DESC';
  search: string;
  type: string;
};

/** Reads the list state from the query string; anything unknown falls back to its default. */
export const parseOtherProfessionalsParams = (params: URLSearchParams): OtherProfessionalsListState => {
  const page = Number(params.get('pageNo'));
  const limit = Number(params.get('numberOfRecords'));
  const sortBy = params.get('sortBy');
  const order = params.get('order');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: (PROFESSIONAL_PAGE_SIZES as readonly number[]).includes(limit) ? limit : 10,
    sortBy: (OTHER_PROFESSIONAL_SORT_KEYS as readonly string[]).includes(sortBy ?? '')
      ? (sortBy as OtherProfessionalSortKey)
      : 'fullName',
    order: order === 'DESC' ? 'DESC' : 'ASC',
    search: (params.get('search') ?? '').trim().slice(0, 100),
    type: (params.get('type') ?? '').trim().slice(0, 50),
  };
};

type Patch = Partial<Record<'pageNo' | 'numberOfRecords' | 'sortBy' | 'order' | 'search' | 'type', string>>;

/** All list state lives in the URL (shareable, survives a reload); each change replaces the entry. */
export const useOtherProfessionalsParams = () => {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseOtherProfessionalsParams(params), [params]);

  useEffect(() => {
    const missing = Object.entries(OTHER_PROFESSIONALS_DEFAULTS).filter(([key]) => !params.has(key));
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
    (patch: Patch) =>
      setParams(
        (current) => {
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === '') current.delete(key);
            else current.set(key, value);
          }
          return current;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { state, update };
};
