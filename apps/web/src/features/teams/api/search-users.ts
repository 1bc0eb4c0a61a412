import { userSearchItemSchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** GET /api/users/search?fullName=…&exceptUsersId=[…]: at most 10 active users for picking members. */
export const searchUsers = async (fullName: string, exceptUsersId: readonly string[], signal?: AbortSignal) =>
  (
    await api.get('/users/search', {
      query: { fullName, exceptUsersId: exceptUsersId.length ? JSON.stringify(exceptUsersId) : undefined },
      schema: z.array(userSearchItemSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

export const searchUsersQueryOptions = (fullName: string, exceptUsersId: readonly string[]) =>
  queryOptions({
    queryKey: ['teams', 'member-search', fullName, [...exceptUsersId].sort()],
    queryFn: ({ signal }) => searchUsers(fullName, exceptUsersId, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useSearchUsers = (fullName: string, exceptUsersId: readonly string[], enabled: boolean) =>
  useQuery({ ...searchUsersQueryOptions(fullName, exceptUsersId), enabled });
