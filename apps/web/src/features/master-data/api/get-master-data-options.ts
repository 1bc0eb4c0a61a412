import { type MasterDataType, masterDataItemResultSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const PAGE = 100;
const listSchema = z.array(masterDataItemResultSchema);

/** Every value of a list, by name, for a picker (e.g. the country of a state): pages of 100 until done. */
export const getMasterDataOptions = async (type: MasterDataType) => {
  const fetchPage = (page: number) =>
    api.get(`/master-data/${type}`, {
      schema: listSchema,
      query: { page, limit: PAGE, sortBy: 'name', order: 'ASC' },
    });
  const first = await fetchPage(1);
  const pages = Math.ceil((first.totalResults ?? 0) / PAGE);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => fetchPage(i + 2)));
  return [first, ...rest]
    .flatMap((r) => r.result)
    .map((item) => ({ value: String(item.id), label: item.name }));
};

export const masterDataOptionsQueryOptions = (type: MasterDataType) =>
  queryOptions({
    queryKey: queryKeys.masterData.options(type),
    queryFn: () => getMasterDataOptions(type),
    staleTime: 60_000,
  });

export const useMasterDataOptions = (type: MasterDataType | undefined) =>
  useQuery({ ...masterDataOptionsQueryOptions(type ?? 'country'), enabled: type !== undefined });
