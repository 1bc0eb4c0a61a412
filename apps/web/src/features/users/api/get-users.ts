import {
  type UserSortKey,
  type UserSortOrder,
  type UserStatus,
  userListItemSchema,
} from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type UsersQuery = {
  page: number;
  limit: number;
  sortBy: UserSortKey;
  order: UserSortOrder;
  q?: string | undefined;
  status?: UserStatus | undefined;
  invitationAccepted?: boolean | undefined;
};

/** GET /api/users: one page of users (role 3 left out) and the total. */
export const getUsers = async (query: UsersQuery, signal?: AbortSignal) => {
  const response = await api.get('/users', {
    query,
    schema: z.array(userListItemSchema),
    ...(signal ? { signal } : {}),
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

/** Every users query starts with this key, so that one invalidation refreshes every list. */

export const usersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: queryKeys.users.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: UsersQuery) => useQuery(usersQueryOptions(query));
