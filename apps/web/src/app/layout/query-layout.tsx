import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { clearOnSignOut, createQueryClient } from '../query-client.ts';

/**
 * The app's one query client, made when the first route that reads server state loads. It subscribes for good
 * (not per mount): a sign-out while no such route is shown (an SSO session ended on `/`) still empties it.
 */
const queryClient = createQueryClient();
clearOnSignOut(queryClient);

/**
 * Server state (TanStack Query) for the routes below it: every route but the sign-in screen, which does without
 * it so that it loads within its JavaScript budget (scripts/check-bundle-size.mjs). Loaded lazily by the router.
 */
export const QueryLayout = () => (
  <QueryClientProvider client={queryClient}>
    <Outlet />
  </QueryClientProvider>
);
