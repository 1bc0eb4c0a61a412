import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/teams/:id. */
export const deleteTeam = (id: number) => api.delete(`/teams/${id}`);

export const useDeleteTeam = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    // Users show their teams (the list's column, the forms' options).
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.teams.all, queryKeys.users.all]),
  });
};
