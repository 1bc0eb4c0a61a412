import type { AssignScheduleBody } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

const assignResultSchema = z.object({ changed: z.number(), unchanged: z.number() });

/** POST /api/billing/accounts/assign-schedule: how many accounts changed, and the server's sentence. */
export const assignFeeSchedule = async (body: AssignScheduleBody) => {
  const response = await api.post('/billing/accounts/assign-schedule', body, {
    schema: assignResultSchema,
  });
  return { ...response.result, message: response.message };
};

/** Every billing view (the accounts, the units' readiness and its badge) reads the schedules just set. */
export const useAssignFeeSchedule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignFeeSchedule,
    onSettled: () => invalidateKeys(queryClient, [queryKeys.billing.all]),
  });
};
