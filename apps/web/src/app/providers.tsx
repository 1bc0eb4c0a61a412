import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy, useEffect, useState } from 'react';
import { getSession, subscribeSession } from '../lib/session.ts';
import { createQueryClient } from './query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * The toasts' viewport loads after the first screen (it is not needed to paint it); a toast shown before then
 * waits in the notifications store (lib/notify.ts) and appears as soon as the viewport has loaded.
 */
const Toasts = lazy(() => import('./toasts.tsx').then((m) => ({ default: m.Toasts })));

type ProvidersProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' disables transitions and portals (Testing Library). */
  env?: 'default' | 'test';
};

/** Theme, toasts (bottom centre, closable, 3 s) and server state. Signing out forgets every cached answer. */
export const Providers = ({ children, queryClient: given, env = 'default' }: ProvidersProps) => {
  const [queryClient] = useState(() => given ?? createQueryClient());

  useEffect(
    () =>
      subscribeSession(() => {
        if (!getSession()) queryClient.clear();
      }),
    [queryClient],
  );

  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      env={env}
    >
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
};
