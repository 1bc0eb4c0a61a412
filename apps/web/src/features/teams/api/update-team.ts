import { type UpdateTeamBody, teamSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PATCH /api/teams/:id; memberIds replaces the member list. */
export const updateTeam = ({ id, body }: { id: number; body: UpdateTeamBody }) =>
  api.patch(`/teams/${id}`, body, { schema: teamSchema });

export const useUpdateTeam = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.teams.all }),
  });
};
