import { type GoalValues, goalProgressSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type GoalKey = { userId: string; year: number };

/** PUT /api/goals/:userId/:year (administrators): the user's targets for the year; the server's sentence. */
export const saveGoal = async ({ key, body }: { key: GoalKey; body: GoalValues }) => {
  const { result, message } = await api.put(`/goals/${encodeURIComponent(key.userId)}/${key.year}`, body, {
    schema: goalProgressSchema,
  });
  return { progress: result, message };
};

/** DELETE /api/goals/:userId/:year (administrators). */
export const deleteGoal = async (key: GoalKey) => {
  const { message } = await api.delete(`/goals/${encodeURIComponent(key.userId)}/${key.year}`, {
    schema: z.null(),
  });
  return { message };
};

/** Goals feed the goals list and the dashboard's Goals tile: both are refreshed. */
const useRefreshGoals = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.growth.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
    ]);
};

export const useSaveGoal = () => {
  const refresh = useRefreshGoals();
  return useMutation({ mutationFn: saveGoal, onSuccess: refresh });
};

export const useDeleteGoal = () => {
  const refresh = useRefreshGoals();
  return useMutation({ mutationFn: deleteGoal, onSuccess: refresh });
};
