import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client.ts';
import { getSession, subscribeSession } from '../lib/session.ts';

/** No retries for answers the server meant (4xx); one retry for network and server failures. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });

/**
 * Signing out (in this tab, in another, or by the idle timeout) forgets every cached answer, so that the next
 * user of the tab starts empty. Returns the unsubscribe function.
 */
export const clearOnSignOut = (client: QueryClient) =>
  subscribeSession(() => {
    if (!getSession()) client.clear();
  });
