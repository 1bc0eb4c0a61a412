import { identityNumberSchema } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type RevealIdentityNumberVariables = { clientId: string; memberId: string };

/**
 * GET /api/clients/:clientId/members/:memberId/identity-number: the SSN or TIN in clear (clients write;
 * the server records the reveal in the audit trail). Never cached: a mutation, asked for on purpose.
 */
export const revealIdentityNumber = async ({ clientId, memberId }: RevealIdentityNumberVariables) =>
  (
    await api.get(
      `/clients/${encodeURIComponent(clientId)}/members/${encodeURIComponent(memberId)}/identity-number`,
      { schema: identityNumberSchema },
    )
  ).result.identityNumber;

export const useRevealIdentityNumber = () => useMutation({ mutationFn: revealIdentityNumber });
