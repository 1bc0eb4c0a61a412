import {
  type OtherProfessionalInput,
  type linkHouseholdsBodySchema,
  otherProfessionalItemSchema,
} from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { invalidateProfessionals } from './invalidate.ts';

export type SaveOtherProfessionalVariables = {
  /** Absent: a new professional. */
  id?: string | undefined;
  body: OtherProfessionalInput;
  /** The households to link, when the list of linked households changed (null: leave them). */
  clientIds: string[] | null;
};

/** The professional was saved but its households could not be linked: the form has nothing left to retry. */
export class HouseholdLinkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HouseholdLinkError';
  }
}

/**
 * POST /api/other-professionals (new) or PUT /api/other-professionals/:id, then, when the linked households
 * changed, PUT /api/other-professionals/:id/households. The message is the save's.
 */
export const saveOtherProfessional = async ({ id, body, clientIds }: SaveOtherProfessionalVariables) => {
  const saved = id
    ? await api.put(`/other-professionals/${id}`, body, { schema: otherProfessionalItemSchema })
    : await api.post('/other-professionals', body, { schema: otherProfessionalItemSchema });
  if (clientIds !== null) {
    const links: z.input<typeof linkHouseholdsBodySchema> = { clientIds };
    try {
      await api.put(`/other-professionals/${saved.result.id}/households`, links);
    } catch (error) {
      throw new HouseholdLinkError(
        `${saved.result.fullName} was saved, but the households could not be linked: ${errorMessage(error)}`,
      );
    }
  }
  return { item: saved.result, message: saved.message };
};

export const useSaveOtherProfessional = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOtherProfessional,
    onSettled: () => invalidateProfessionals(queryClient),
  });
};
