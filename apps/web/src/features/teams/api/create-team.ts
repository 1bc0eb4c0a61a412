import { type CreateTeamBody, teamSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/teams {name, location, emailAlias, memberIds}. */
export const createTeam = (body: CreateTeamBody) => api.post('/teams', body, { schema: teamSchema });

export const useCreateTeam = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    // Users show their teams (the list's column, the forms' options).
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.teams.all, queryKeys.users.all]),
  });
};
