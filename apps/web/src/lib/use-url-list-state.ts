import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Rows per page that every paged list offers (spec §9: tables default to 10). */
export const LIST_PAGE_SIZES = [10, 25, 50, 100] as const;

/** `value` when it is one of `list`, else `fallback`. */
export const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : fallback;

/** pageNo and numberOfRecords of a list URL; anything unknown falls back to page 1 of 10. */
export const pagingOf = (params: URLSearchParams) => {
  const page = Number(params.get('pageNo'));
  const limit = Number(params.get('numberOfRecords'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: (LIST_PAGE_SIZES as readonly number[]).includes(limit) ? limit : 10,
  };
};

export type ListPatch<K extends string> = Partial<Record<K, string>>;

/**
 * A list whose state lives in the URL (shareable, survives a reload): the defaults missing from the query
 * string are written in once, replacing the entry; `update` sets or (for '') removes keys. `update` also takes
 * a function of the list's state, read from the URL as the last change left it: two clicks before the list
 * renders again (a header clicked twice) build on each other instead of both reading the rendered state.
 */
export const useUrlListState = <S, K extends string>(
  defaults: Readonly<Partial<Record<K, string>>>,
  parse: (params: URLSearchParams) => S,
  { replace: replaceByDefault = true }: { replace?: boolean } = {},
) => {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parse(params), [parse, params]);
  // The query string as the last change left it; react-router's own updater reads the rendered one.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  const update = useCallback(
    (patch: ListPatch<K> | ((current: S) => ListPatch<K>), options: { replace?: boolean } = {}) => {
      const next = new URLSearchParams(latest.current);
      const changes = typeof patch === 'function' ? patch(parse(next)) : patch;
      for (const [key, value] of Object.entries<string | undefined>(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      latest.current = next;
      setParams(next, { replace: options.replace ?? replaceByDefault });
    },
    [setParams, parse, replaceByDefault],
  );

  useEffect(() => {
    const missing = Object.entries(defaults).filter(([key]) => !params.has(key));
    if (missing.length > 0) update(Object.fromEntries(missing) as ListPatch<K>, { replace: true });
  }, [defaults, params, update]);

  return { state, update };
};

/** The paging and sorting part of a list's request, as the list's URL state holds it. */
export const pagingQueryOf = <S extends { page: number; limit: number; sortBy: string; order: string }>(
  state: S,
) => ({
  page: state.page,
  limit: state.limit,
  sortBy: state.sortBy as S['sortBy'],
  order: state.order as S['order'],
});
