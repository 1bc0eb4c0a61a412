import { partnershipSchema } from '@centric/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/partnership: each wealth advisor against the firm's criteria (one's own without users read). */
export const getPartnership = async (signal?: AbortSignal) =>
  (await api.get('/partnership', { schema: partnershipSchema, ...(signal ? { signal } : {}) })).result;

export const usePartnership = () =>
  useQuery({ queryKey: queryKeys.growth.partnership(), queryFn: ({ signal }) => getPartnership(signal) });
