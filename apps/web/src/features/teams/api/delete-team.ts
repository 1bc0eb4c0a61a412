import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { teamsQueryKey } from './get-teams.ts';

/** DELETE /api/teams/:id. */
export const deleteTeam = (id: number) => api.delete(`/teams/${id}`);

export const useDeleteTeam = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
  });
};
