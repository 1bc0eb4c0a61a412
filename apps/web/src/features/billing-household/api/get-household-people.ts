import { clientDetailSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/clients/:clientId (clients read): the household the client page shows, read here for its members
 * (the billing contact) and its advisor team. Same call, same key and same schema as the household page, so
 * either page finds the other's answer in the cache and a change to the household refreshes both.
 */
export const getHouseholdPeople = async (clientId: string, signal?: AbortSignal) =>
  (
    await api.get(`/clients/${encodeURIComponent(clientId)}`, {
      schema: clientDetailSchema,
      ...(signal ? { signal } : {}),
    })
  ).result;

export const householdPeopleQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: queryKeys.clients.detail(clientId),
    queryFn: ({ signal }) => getHouseholdPeople(clientId, signal),
  });

/** Only asked when the user may read households (`enabled`). */
export const useHouseholdPeople = (clientId: string, enabled: boolean) =>
  useQuery({ ...householdPeopleQueryOptions(clientId), enabled });
