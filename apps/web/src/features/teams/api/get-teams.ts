import { teamSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/teams: every team with its members. */
export const getTeams = async () => (await api.get('/teams', { schema: z.array(teamSchema) })).result;

export const teamsQueryOptions = () => queryOptions({ queryKey: queryKeys.teams.list(), queryFn: getTeams });

export const useTeams = () => useQuery(teamsQueryOptions());
