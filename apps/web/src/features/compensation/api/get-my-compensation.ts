import { type CompensationQuery, myCompensationSchema } from '@centric/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/myCompensation?from&to&basis: the signed-in user's compensation. */
export const getMyCompensation = async (query: CompensationQuery, signal?: AbortSignal) =>
  (await api.get('/myCompensation', { query, schema: myCompensationSchema, ...(signal ? { signal } : {}) }))
    .result;

export const useMyCompensation = (query: CompensationQuery, enabled = true) =>
  useQuery({
    queryKey: queryKeys.compensation.mine(query),
    queryFn: ({ signal }) => getMyCompensation(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
