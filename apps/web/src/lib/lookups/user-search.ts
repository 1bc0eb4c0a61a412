import { userSearchItemSchema } from '@centric/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

/**
 * GET /api/users/search?fullName=…[&exceptUsersId=[…]]: at most 10 active users by name, open to every
 * signed-in user; the users in `exceptUserIds` (already picked) are left out by the server.
 */
export const searchUsers = async (
  fullName: string,
  exceptUserIds: readonly string[] = [],
  signal?: AbortSignal,
) =>
  (
    await api.get('/users/search', {
      query: {
        fullName,
        exceptUsersId: exceptUserIds.length > 0 ? JSON.stringify(exceptUserIds) : undefined,
      },
      schema: z.array(userSearchItemSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

/** For any user picker; the caller debounces the name. */
export const useUserSearch = (
  fullName: string,
  { exceptUserIds = [], enabled = true }: { exceptUserIds?: readonly string[]; enabled?: boolean } = {},
) =>
  useQuery({
    queryKey: queryKeys.lookups.userSearch(fullName, exceptUserIds),
    queryFn: ({ signal }) => searchUsers(fullName, exceptUserIds, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
