import { userListItemSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/**
 * POST /api/users/:id/deactivate (every session of the user ends at once) or /reactivate.
 */
export const setUserActive = ({ id, active }: { id: string; active: boolean }) =>
  api.post(`/users/${encodeURIComponent(id)}/${active ? 'reactivate' : 'deactivate'}`, undefined, {
    schema: userListItemSchema,
  });

export const useSetUserActive = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    // The pickers offer active users only.
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.users.all, queryKeys.lookups.users()]),
  });
};
