import { userSearchItemSchema } from '@centric/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { clientKeys } from './query-keys.ts';

/** GET /api/users/search?fullName=…: active users by name (at most 10), open to every signed-in user. */
export const searchUsers = async (fullName: string, signal?: AbortSignal) =>
  (
    await api.get('/users/search', {
      query: { fullName },
      schema: z.array(userSearchItemSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

export const useSearchUsers = (fullName: string, enabled = true) =>
  useQuery({
    queryKey: [...clientKeys.all, 'user-search', fullName],
    queryFn: ({ signal }) => searchUsers(fullName, signal),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
