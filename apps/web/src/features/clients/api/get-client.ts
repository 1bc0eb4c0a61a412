import { clientDetailSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { clientKeys } from './query-keys.ts';

/** GET /api/clients/:clientId: the household with everything its highlights show. */
export const getClient = async (clientId: string, signal?: AbortSignal) =>
  (
    await api.get(`/clients/${encodeURIComponent(clientId)}`, {
      schema: clientDetailSchema,
      ...(signal ? { signal } : {}),
    })
  ).result;

export const clientQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: clientKeys.detail(clientId),
    queryFn: ({ signal }) => getClient(clientId, signal),
  });

export const useClient = (clientId: string, enabled = true) =>
  useQuery({ ...clientQueryOptions(clientId), enabled });
