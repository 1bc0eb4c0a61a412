import type { QueryClient } from '@tanstack/react-query';
import { CLIENT_DETAIL_KEY_PREFIX, otherProfessionalKeys } from './query-keys.ts';

/** After a change: every professionals list, and the household pages that show professionals. */
export const invalidateProfessionals = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: otherProfessionalKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: CLIENT_DETAIL_KEY_PREFIX }),
  ]);
