import { type UpdateTeamBody, teamSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** PATCH /api/teams/:id; memberIds replaces the member list. */
export const updateTeam = ({ id, body }: { id: number; body: UpdateTeamBody }) =>
  api.patch(`/teams/${id}`, body, { schema: teamSchema });

export const useUpdateTeam = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeam,
    // Users show their teams (the list's column, the forms' options).
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.teams.all, queryKeys.users.all]),
  });
};
