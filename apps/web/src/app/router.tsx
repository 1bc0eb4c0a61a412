import type { ComponentType } from 'react';
import { type RouteObject, createBrowserRouter } from 'react-router';
import { AuthLayout } from './layout/auth-layout.tsx';
import { RequireMfaStage, SignInGate } from './layout/guards.tsx';
import { RootFallback, RootLayout } from './layout/root-layout.tsx';
import { RouteError } from './layout/route-error.tsx';
import { NAV_ENTRIES, type NavEntry } from './navigation.ts';
import type { RouteHandle } from './route-handle.ts';
import { paths, relativePattern } from '../lib/paths.ts';

/** Lazy route module from a named export of a screen file. */
const screen =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

const registryRoute = (entry: NavEntry): RouteObject => {
  const handle: RouteHandle = { feature: entry.feature };
  return { path: entry.path, handle, lazy: entry.screen };
};

/** Server state for the routes below (layout/query-layout.tsx); the sign-in screen is outside it. */
const queryLayout = screen(
  () => import('./layout/query-layout.tsx'),
  (m) => m.QueryLayout,
);

const authScreens: RouteObject[] = [
  {
    Component: RequireMfaStage,
    children: [
      {
        path: relativePattern(paths.mfa.pattern),
        lazy: screen(
          () => import('./routes/auth/mfa.tsx'),
          (m) => m.MfaScreen,
        ),
      },
      {
        path: relativePattern(paths.mfaSetup.pattern),
        lazy: screen(
          () => import('./routes/auth/mfa-setup.tsx'),
          (m) => m.MfaSetupScreen,
        ),
      },
    ],
  },
  {
    path: relativePattern(paths.forgotPassword.pattern),
    lazy: screen(
      () => import('./routes/auth/forgot-password.tsx'),
      (m) => m.ForgotPasswordScreen,
    ),
  },
  {
    path: relativePattern(paths.resetLinkSent.pattern),
    lazy: screen(
      () => import('./routes/auth/reset-link-sent.tsx'),
      (m) => m.ResetLinkSentScreen,
    ),
  },
  {
    path: relativePattern(paths.resetPassword.pattern),
    lazy: screen(
      () => import('./routes/auth/reset-password.tsx'),
      (m) => m.ResetPasswordScreen,
    ),
  },
  {
    path: relativePattern(paths.passwordResetDone.pattern),
    lazy: screen(
      () => import('./routes/auth/password-reset-done.tsx'),
      (m) => m.PasswordResetDoneScreen,
    ),
  },
  {
    path: relativePattern(paths.verifyEmail.pattern),
    lazy: screen(
      () => import('./routes/auth/verify-email.tsx'),
      (m) => m.VerifyEmailScreen,
    ),
  },
  {
    path: relativePattern(paths.ssoCallback.pattern),
    lazy: screen(
      () => import('./routes/auth/sso-callback.tsx'),
      (m) => m.SsoCallbackScreen,
    ),
  },
];

const signedInScreens: RouteObject[] = [
  {
    lazy: screen(
      () => import('./layout/require-signed-in.tsx'),
      (m) => m.RequireSignedIn,
    ),
    children: [
      {
        lazy: screen(
          () => import('./layout/app-shell.tsx'),
          (m) => m.AppShell,
        ),
        children: [
          {
            // Errors inside a page render in the content area; the shell stays.
            ErrorBoundary: RouteError,
            children: [
              ...NAV_ENTRIES.map(registryRoute),
              {
                path: relativePattern(paths.profile.pattern),
                lazy: screen(
                  () => import('./routes/profile/profile.tsx'),
                  (m) => m.ProfileScreen,
                ),
              },
              {
                path: relativePattern(paths.unauthorized.pattern),
                lazy: screen(
                  () => import('./routes/errors/unauthorized.tsx'),
                  (m) => m.UnauthorizedScreen,
                ),
              },
              {
                path: '*',
                lazy: screen(
                  () => import('./routes/errors/not-found.tsx'),
                  (m) => m.NotFoundScreen,
                ),
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The sign-in screen (`/`) loads only what it shows: the layouts, its guard and its own chunk. Every other
 * route sits under the lazily loaded query layout, and the signed-in ones behind the lazily loaded guard.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: RootFallback,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: AuthLayout,
        children: [
          {
            Component: SignInGate,
            children: [
              {
                index: true,
                lazy: screen(
                  () => import('./routes/auth/sign-in.tsx'),
                  (m) => m.SignInScreen,
                ),
              },
            ],
          },
          { lazy: queryLayout, children: authScreens },
        ],
      },
      { lazy: queryLayout, children: signedInScreens },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
