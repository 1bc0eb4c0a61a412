import {
  type ClientListItem,
  type ClientSortKey,
  type ClientView,
  type InfluencerFilter,
  type ServiceFilter,
  clientListItemSchema,
} from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { clientKeys } from './query-keys.ts';

export type SortOrder = 'ASC' | 'DESC';

/** What GET /api/clients is asked for: the /clients URL state, with the paging under the API's names. */
export type ClientListRequest = {
  view: ClientView;
  sortBy: readonly ClientSortKey[];
  order: readonly SortOrder[];
  rating: readonly number[];
  services: readonly ServiceFilter[];
  influencer: readonly InfluencerFilter[];
  search: string;
  page: number;
  limit: number;
};

/** Encodes a value for a query string, keeping the commas of the list parameters readable. */
export const encodeQueryValue = (value: string) => encodeURIComponent(value).replace(/%2C/gi, ',');

/** `a=1&b=x,y`: the pairs in order; an empty list is sent as `key=` (the API reads it as "none selected"). */
export const toQueryString = (pairs: ReadonlyArray<readonly [string, string]>) =>
  pairs.map(([key, value]) => `${key}=${encodeQueryValue(value)}`).join('&');

/**
 * The query of GET /api/clients. The three filters are always sent, even empty: an absent parameter means
 * "the default" (every value) to the API, while an empty one means "none selected".
 */
export const clientListQueryPairs = (
  request: Omit<ClientListRequest, 'page' | 'limit'> & { page?: number; limit?: number },
): Array<[string, string]> => {
  const pairs: Array<[string, string]> = [
    ['view', request.view],
    ['sortBy', request.sortBy.join(',')],
    ['order', request.order.join(',')],
    ['rating', request.rating.join(',')],
    ['services', request.services.join(',')],
    ['influencer', request.influencer.join(',')],
  ];
  if (request.search) pairs.push(['search', request.search]);
  if (request.page !== undefined) pairs.push(['page', String(request.page)]);
  if (request.limit !== undefined) pairs.push(['limit', String(request.limit)]);
  return pairs;
};

export type ClientListPage = { items: ClientListItem[]; total: number };

/** GET /api/clients: one page of households matching the filters, in the three-key order, and the total. */
export const listClients = async (
  request: ClientListRequest,
  signal?: AbortSignal,
): Promise<ClientListPage> => {
  const response = await api.get(`/api/clients?${toQueryString(clientListQueryPairs(request))}`, {
    schema: z.array(clientListItemSchema),
    ...(signal ? { signal } : {}),
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

export const clientListQueryOptions = (request: ClientListRequest) =>
  queryOptions({
    queryKey: clientKeys.list(toQueryString(clientListQueryPairs(request))),
    queryFn: ({ signal }) => listClients(request, signal),
    placeholderData: keepPreviousData,
  });

export const useClientList = (request: ClientListRequest) => useQuery(clientListQueryOptions(request));
