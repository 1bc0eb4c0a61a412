import type { QueryClient } from '@tanstack/react-query';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';

/** A meeting write changes the meeting lists and the dashboard's figures (meetings held). */
export const invalidateMeetings = (queryClient: QueryClient) =>
  invalidateKeys(queryClient, [queryKeys.meetings.all, queryKeys.dashboard.all]);
