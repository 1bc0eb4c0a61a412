import { LIST_PAGE_SIZES } from '../../../../components/list-footer.tsx';
import {
  CLIENT_LIST_DEFAULTS,
  CLIENT_RATINGS,
  CLIENT_SORT_KEYS,
  CLIENT_VIEWS,
  type ClientSortKey,
  type ClientView,
  INFLUENCER_FILTERS,
  type InfluencerFilter,
  type ServiceFilter,
} from '@centric/contracts';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type ClientListRequest, type SortOrder, toQueryString } from '../../api/list-clients.ts';

export const CLIENT_PAGE_SIZES = LIST_PAGE_SIZES;
export const MAX_SORT_KEYS = 3;
export const SERVICE_FILTERS = CLIENT_LIST_DEFAULTS.services;

/** The URL parameters of /clients (spec §2), in the order they are written. */
export const CLIENT_LIST_PARAM_KEYS = [
  'view',
  'sortBy',
  'order',
  'rating',
  'services',
  'influencer',
  'pageNo',
  'numberOfRecords',
  'search',
] as const;
export type ClientListParamKey = (typeof CLIENT_LIST_PARAM_KEYS)[number];

/** Spec §2: the defaults written into the URL on the first visit (CLIENT_LIST_DEFAULTS of contracts). */
export const CLIENT_LIST_URL_DEFAULTS: ReadonlyArray<readonly [ClientListParamKey, string]> = [
  ['view', CLIENT_LIST_DEFAULTS.view],
  ['sortBy', CLIENT_LIST_DEFAULTS.sortBy.join(',')],
  ['order', CLIENT_LIST_DEFAULTS.order.join(',')],
  ['rating', CLIENT_LIST_DEFAULTS.rating.join(',')],
  ['services', CLIENT_LIST_DEFAULTS.services.join(',')],
  ['influencer', CLIENT_LIST_DEFAULTS.influencer.join(',')],
  ['pageNo', String(CLIENT_LIST_DEFAULTS.page)],
  ['numberOfRecords', String(CLIENT_LIST_DEFAULTS.limit)],
];

export type ClientListState = ClientListRequest;

const listOf = <T extends string>(allowed: readonly T[], raw: string | null, fallback: readonly T[]): T[] => {
  if (raw === null) return [...fallback];
  const seen = new Set<T>();
  for (const part of raw.split(',')) {
    const value = part.trim();
    if ((allowed as readonly string[]).includes(value)) seen.add(value as T);
  }
  // Kept in the canonical order, so that the same selection is always the same URL and query key.
  return allowed.filter((value) => seen.has(value));
};

/** Reads the list state from the query string; anything unknown falls back to its default. */
export const parseClientListParams = (params: URLSearchParams): ClientListState => {
  const view = params.get('view');
  const sortParts = (params.get('sortBy') ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p): p is ClientSortKey => (CLIENT_SORT_KEYS as readonly string[]).includes(p));
  const uniqueSort = [...new Set(sortParts)].slice(0, MAX_SORT_KEYS);
  const sortBy = uniqueSort.length > 0 ? uniqueSort : [...CLIENT_LIST_DEFAULTS.sortBy];
  const orderParts = (params.get('order') ?? '').split(',').map((p) => p.trim().toUpperCase());
  const order = sortBy.map((_, i): SortOrder => {
    const given = uniqueSort.length > 0 ? orderParts[i] : undefined;
    if (given === 'ASC' || given === 'DESC') return given;
    return CLIENT_LIST_DEFAULTS.order[i] ?? 'ASC';
  });
  const ratings = CLIENT_RATINGS.map(String);
  const page = Number(params.get('pageNo'));
  const limit = Number(params.get('numberOfRecords'));
  return {
    view: (CLIENT_VIEWS as readonly string[]).includes(view ?? '') ? (view as ClientView) : 'Default',
    sortBy,
    order,
    rating: listOf(ratings, params.get('rating'), ratings).map(Number),
    services: listOf<ServiceFilter>(SERVICE_FILTERS, params.get('services'), SERVICE_FILTERS),
    influencer: listOf<InfluencerFilter>(INFLUENCER_FILTERS, params.get('influencer'), INFLUENCER_FILTERS),
    search: (params.get('search') ?? '').trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 ? page : CLIENT_LIST_DEFAULTS.page,
    limit: (CLIENT_PAGE_SIZES as readonly number[]).includes(limit) ? limit : CLIENT_LIST_DEFAULTS.limit,
  };
};

const sameSet = (a: readonly (string | number)[], b: readonly (string | number)[]) =>
  a.length === b.length && a.every((value) => b.includes(value));

/** Whether the search or any of the three filters narrows the list (the sort and the view do not). */
export const isFiltered = (state: ClientListState) =>
  state.search !== '' ||
  !sameSet(state.rating, CLIENT_LIST_DEFAULTS.rating) ||
  !sameSet(state.services, CLIENT_LIST_DEFAULTS.services) ||
  !sameSet(state.influencer, CLIENT_LIST_DEFAULTS.influencer);

/** A change of URL parameters: a string sets (an empty list stays as `key=`), null removes. */
export type ClientListPatch = Partial<Record<ClientListParamKey, string | null>>;

/** The query string of the given parameters, known keys first in their order, commas left readable. */
const serialize = (params: URLSearchParams) => {
  const known = CLIENT_LIST_PARAM_KEYS.filter((key) => params.has(key)).map(
    (key) => [key, params.get(key) ?? ''] as const,
  );
  const others = [...params.entries()].filter(
    ([key]) => !(CLIENT_LIST_PARAM_KEYS as readonly string[]).includes(key),
  );
  return toQueryString([...known, ...others]);
};

/**
 * All /clients state lives in the URL (shareable, survives a reload). Missing defaults are written in once,
 * and every change replaces the entry (no history entry per keystroke or click). `update` also takes a
 * function of the state as the last change left it (a header clicked twice before the list renders again).
 */
export const useClientListParams = () => {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseClientListParams(params), [params]);
  // The latest query string, so that two changes in the same tick build on each other.
  const latest = useRef(location.search);
  useEffect(() => {
    latest.current = location.search;
  }, [location.search]);

  const apply = useCallback(
    (patch: ClientListPatch | ((current: ClientListState) => ClientListPatch)) => {
      const next = new URLSearchParams(latest.current);
      const changes = typeof patch === 'function' ? patch(parseClientListParams(next)) : patch;
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined) next.delete(key);
        else next.set(key, value);
      }
      const search = `?${serialize(next)}`;
      if (search === latest.current) return;
      latest.current = search;
      void navigate({ search, hash: location.hash }, { replace: true });
    },
    [navigate, location.hash],
  );

  useEffect(() => {
    const missing = CLIENT_LIST_URL_DEFAULTS.filter(([key]) => !params.has(key));
    if (missing.length > 0) apply(Object.fromEntries(missing));
  }, [params, apply]);

  return { state, update: apply };
};
