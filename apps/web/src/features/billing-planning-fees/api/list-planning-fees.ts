import { planningFeeSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/billing/households/:clientId/planning-fees: the unit's fees with their next charge. */
export const listPlanningFees = async (clientId: string, signal?: AbortSignal) =>
  (
    await api.get(`/billing/households/${encodeURIComponent(clientId)}/planning-fees`, {
      schema: z.array(planningFeeSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

export const planningFeesQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: queryKeys.billing.planningFees(clientId),
    queryFn: ({ signal }) => listPlanningFees(clientId, signal),
  });

export const usePlanningFees = (clientId: string) => useQuery(planningFeesQueryOptions(clientId));
