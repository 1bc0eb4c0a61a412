import { MantineProvider } from '@mantine/core';
import { type ReactNode, Suspense, lazy } from 'react';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * The toasts' viewport loads after the first screen (it is not needed to paint it); a toast shown before then
 * waits in the notifications store (lib/notify.ts) and appears as soon as the viewport has loaded.
 */
const Toasts = lazy(() => import('./toasts.tsx').then((m) => ({ default: m.Toasts })));

type ProvidersProps = {
  children: ReactNode;
  /** 'test' disables transitions and portals (Testing Library). */
  env?: 'default' | 'test';
};

/**
 * Theme and toasts (bottom centre, closable, 3 s). Server state (TanStack Query) is not here: the routes that
 * use it get it from layout/query-layout.tsx, so that the sign-in screen loads without it.
 */
export const Providers = ({ children, env = 'default' }: ProvidersProps) => (
  <MantineProvider
    theme={theme}
    cssVariablesResolver={cssVariablesResolver}
    forceColorScheme="light"
    env={env}
  >
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
    {children}
  </MantineProvider>
);
