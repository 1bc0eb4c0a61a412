import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { TOAST_DURATION_MS } from '../lib/notify.ts';
import { getSession, subscribeSession } from '../lib/session.ts';
import { createQueryClient } from './query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

type ProvidersProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' disables transitions and portals (Testing Library). */
  env?: 'default' | 'test';
};

/** Theme, toasts (bottom right, closable, 3 s) and server state. Signing out forgets every cached answer. */
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
      {/*
        Bottom right: a toast never hides the top bar, a page header's primary buttons (top right) or a
        modal's close button; above modals (z-index 200) so that an error about a modal's save is seen.
      */}
      <Notifications position="bottom-right" autoClose={TOAST_DURATION_MS} zIndex={1000} limit={4} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
};
