import { projectedFeeSchema } from '@centric/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/billing/households/:clientId/projected-fee: the unit's next bills, from the fee engine. */
export const getProjectedFee = async (clientId: string, signal?: AbortSignal) =>
  (
    await api.get(`/billing/households/${encodeURIComponent(clientId)}/projected-fee`, {
      schema: projectedFeeSchema,
      ...(signal ? { signal } : {}),
    })
  ).result;

export const useProjectedFee = (clientId: string) =>
  useQuery({
    queryKey: queryKeys.billing.projectedFee(clientId),
    queryFn: ({ signal }) => getProjectedFee(clientId, signal),
  });
