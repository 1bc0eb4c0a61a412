import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';

/** After a change: every professionals query (lists, pickers), and the household pages that show professionals. */
export const invalidateProfessionals = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.otherProfessionals.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.clients.details() }),
  ]);
