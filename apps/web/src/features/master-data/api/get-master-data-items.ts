import { type MasterDataSortKey, type SortOrder, masterDataItemResultSchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { collectionPath, type MasterDataListRef } from './master-data-paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type MasterDataListParams = {
  q: string;
  page: number;
  limit: number;
  sortBy?: MasterDataSortKey | undefined;
  order?: SortOrder | undefined;
};

const listSchema = z.array(masterDataItemResultSchema);

/** GET /api/master-data/:type (or a value's sub-items): one page with totalResults. */
export const getMasterDataItems = async (ref: MasterDataListRef, params: MasterDataListParams) => {
  const response = await api.get(collectionPath(ref), {
    schema: listSchema,
    query: {
      q: params.q.trim(),
      page: params.page,
      limit: params.limit,
      sortBy: params.sortBy,
      order: params.order,
    },
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

export const masterDataItemsQueryOptions = (ref: MasterDataListRef, params: MasterDataListParams) =>
  queryOptions({
    queryKey: queryKeys.masterData.list(ref.type, ref.parentId ?? null, params),
    queryFn: () => getMasterDataItems(ref, params),
  });

export const useMasterDataItems = (ref: MasterDataListRef, params: MasterDataListParams) =>
  useQuery({ ...masterDataItemsQueryOptions(ref, params), placeholderData: keepPreviousData });
