import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { clientKeys } from './query-keys.ts';

/**
 * A write of the clients feature: on success every clients query (list, detail, members) is refreshed, since
 * a change in one place (a member's name, a special date) shows in the others, and so are the household
 * pickers' searches (a renamed household).
 */
export const useClientsMutation = <V, R = unknown>(mutationFn: (variables: V) => Promise<ApiResponse<R>>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.lookups.households() }),
      ]),
  });
};
