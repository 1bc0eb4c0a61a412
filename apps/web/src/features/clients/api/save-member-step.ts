import { type MEMBER_STEP_SCHEMAS, type MemberWizardStep, memberDetailSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { invalidateMemberViews, keepMember } from './cache.ts';

/** The body of each step: that step's schema (its output, which the server parses again). */
export type MemberStepBody<S extends MemberWizardStep = MemberWizardStep> = z.input<
  (typeof MEMBER_STEP_SCHEMAS)[S]
>;

export type SaveMemberStepVariables = {
  clientId: string;
  memberId: string;
  step: MemberWizardStep;
  body: MemberStepBody;
};

/**
 * PUT /api/clients/:clientId/members/:memberId/steps/:step (clients write): saves one wizard step and
 * answers the member with its new progress (completedSteps).
 */
export const saveMemberStep = ({ clientId, memberId, step, body }: SaveMemberStepVariables) =>
  api.put(
    `/clients/${encodeURIComponent(clientId)}/members/${encodeURIComponent(memberId)}/steps/${step}`,
    body,
    { schema: memberDetailSchema },
  );

/**
 * Saves a step and keeps the answer as the member; its household is read again and refreshed wherever it
 * shows (the primary's name names the household, the last step publishes a draft).
 */
export const useSaveMemberStep = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMemberStep,
    onSuccess: ({ result }) => {
      keepMember(queryClient, result);
      return invalidateMemberViews(queryClient, result.clientId);
    },
  });
};
