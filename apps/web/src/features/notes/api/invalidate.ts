import type { QueryClient } from '@tanstack/react-query';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** A note write changes every notes list (a note may sit on several households and the dashboard) and the stats. */
export const invalidateNotes = (queryClient: QueryClient) =>
  invalidateKeys(queryClient, [queryKeys.notes.all, queryKeys.dashboard.all]);
