import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse } from '../../../lib/api-client.ts';
import { clientKeys } from './query-keys.ts';

/**
 * A write of a household's special dates, milestones or relationships: they show on its page only, so its
 * detail is read again (the answer is the one entry, not the detail).
 */
export const useEntryMutation = <V extends { clientId: string }, R = unknown>(
  mutationFn: (variables: V) => Promise<ApiResponse<R>>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_answer, { clientId }) =>
      queryClient.invalidateQueries({ queryKey: clientKeys.detail(clientId) }),
  });
};
