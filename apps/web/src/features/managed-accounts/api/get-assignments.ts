import { type Assignment, assignmentSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/clients/:clientId/strategy-assignments: the household's assignments (strategies, percents, accounts). */
export const getAssignments = async (clientId: string, signal?: AbortSignal): Promise<Assignment[]> =>
  (
    await api.get(`/clients/${clientId}/strategy-assignments`, {
      schema: z.array(assignmentSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

export const assignmentsQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: queryKeys.managedAccounts.assignments(clientId),
    queryFn: ({ signal }) => getAssignments(clientId, signal),
  });

export const useAssignments = (clientId: string) => useQuery(assignmentsQueryOptions(clientId));
