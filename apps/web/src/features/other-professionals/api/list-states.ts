import { masterDataLegacyItemSchema } from '@centric/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { otherProfessionalKeys } from './query-keys.ts';

/** POST /api/statesType (signed in): every state, by name, for the state picker. */
export const listStates = async (signal?: AbortSignal) => {
  const response = await api.post(
    '/statesType',
    { sortBy: 'name', order: 'ASC' },
    { schema: z.array(masterDataLegacyItemSchema), ...(signal ? { signal } : {}) },
  );
  return response.result.map((state) => ({
    value: String(state.id),
    label: state.abbreviation ? `${state.name} (${state.abbreviation})` : state.name,
  }));
};

export const useStates = (enabled = true) =>
  useQuery({
    queryKey: otherProfessionalKeys.states(),
    queryFn: ({ signal }) => listStates(signal),
    enabled,
    staleTime: 10 * 60 * 1000,
  });
