import { type ExclusionBody, exclusionSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { exclusionsPath } from './get-exclusions.ts';

export type SaveExclusionVariables = {
  /** Absent: a new exclusion. */
  id?: string | undefined;
  body: ExclusionBody;
};

/** POST (new) or PATCH (change) an excluded asset of the unit. */
export const saveExclusion = async (clientId: string, { id, body }: SaveExclusionVariables) => {
  const path = exclusionsPath(clientId);
  const response = id
    ? await api.patch(`${path}/${id}`, body, { schema: exclusionSchema })
    : await api.post(path, body, { schema: exclusionSchema });
  return { exclusion: response.result, message: response.message };
};

/** After a write the unit is read again: its exclusions, projected fee and readiness all may change. */
export const useSaveExclusion = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: SaveExclusionVariables) => saveExclusion(clientId, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.billing.all }),
  });
};
