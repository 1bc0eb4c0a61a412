import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateMemberViews } from './cache.ts';
import { clientKeys } from './query-keys.ts';

export type DeleteMemberVariables = { clientId: string; memberId: string };

/** DELETE /api/clients/:clientId/members/:memberId (clients delete; never the primary member). */
export const deleteMember = ({ clientId, memberId }: DeleteMemberVariables) =>
  api.delete(`/clients/${encodeURIComponent(clientId)}/members/${encodeURIComponent(memberId)}`);

export const useDeleteMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMember,
    onSuccess: (_answer, { clientId, memberId }) => {
      queryClient.removeQueries({ queryKey: clientKeys.member(clientId, memberId) });
      return invalidateMemberViews(queryClient, clientId);
    },
  });
};
