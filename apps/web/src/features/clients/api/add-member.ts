import { type memberBasicStepSchema, memberDetailSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { invalidateMemberViews, keepMember } from './cache.ts';

export type AddMemberVariables = { clientId: string; member: z.input<typeof memberBasicStepSchema> };

/** POST /api/clients/:clientId/members {basic step}: a new member of a household (clients write). */
export const addMember = ({ clientId, member }: AddMemberVariables) =>
  api.post(`/clients/${encodeURIComponent(clientId)}/members`, member, { schema: memberDetailSchema });

/** Adds the member and keeps it in the cache (the next wizard step starts from it); its household shows it. */
export const useAddMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMember,
    onSuccess: ({ result }) => {
      keepMember(queryClient, result);
      return invalidateMemberViews(queryClient, result.clientId);
    },
  });
};
