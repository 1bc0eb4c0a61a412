import { type UpdateClientTeamBody, clientDetailSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { keepHouseholdDetail } from './cache.ts';
import { clientKeys } from './query-keys.ts';

/** PUT /api/clients/:clientId/team: one user (or nobody) per advisor role. Answers the detail. */
export const updateTeam = ({ clientId, body }: { clientId: string; body: UpdateClientTeamBody }) =>
  api.put(`/clients/${encodeURIComponent(clientId)}/team`, body, { schema: clientDetailSchema });

/** Keeps the answer as the household's detail; the list shows its wealth advisor. */
export const useUpdateTeam = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeam,
    onSuccess: ({ result }) => {
      keepHouseholdDetail(queryClient, result);
      return queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
};
