import { type PatchRoutesOnNavigationFunction, type RouteObject, createBrowserRouter } from 'react-router';
import { AuthLayout } from './layout/auth-layout.tsx';
import { RequireMfaStage, SignInGate } from './layout/guards.tsx';
import { RootFallback, RootLayout } from './layout/root-layout.tsx';
import { RouteError } from './layout/route-error.tsx';
import { queryLayout, screen } from './lazy-route.ts';
import { SignInScreen } from './routes/auth/sign-in.tsx';
import { paths, relativePattern } from '../lib/paths.ts';

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

/** The id of the root route, under which the signed-in routes are patched in. */
const ROOT_ROUTE_ID = 'root';

/**
 * The signed-out routes. The sign-in screen (`/`) loads only what it shows: these layouts, its guard and its
 * own chunk. The other auth screens sit under the lazily loaded query layout; the signed-in routes are not
 * here at all (see patchSignedInRoutes).
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
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
              // The first screen of every signed-out visit loads with the entry, not after it: one round trip
              // less before the form paints on a slow phone (docs/performance.md, "Lighthouse"). What it
              // shares (Mantine's inputs, Alert, Title) almost every signed-in screen uses too.
              { index: true, Component: SignInScreen },
            ],
          },
          { lazy: queryLayout, children: authScreens },
        ],
      },
    ],
  },
];

/**
 * The router's `patchRoutesOnNavigation`: the signed-in routes (signed-in-routes.tsx: the guard, the shell,
 * the navigation registry with its icons and the master-data lists) load on the first navigation to a path the
 * signed-out routes do not match, and are added under the root route once. React Router calls it again for
 * paths with parameters (it may have more routes to find); once added, there is nothing more.
 */
export const patchSignedInRoutes = (): PatchRoutesOnNavigationFunction => {
  let patched = false;
  return async ({ patch, signal }) => {
    if (patched) return;
    const { signedInRoutes } = await import('./signed-in-routes.tsx');
    // An abandoned navigation's patch is ignored by the router: the next navigation adds the routes.
    if (patched || signal.aborted) return;
    patch(ROOT_ROUTE_ID, signedInRoutes);
    patched = true;
  };
};

export const createAppRouter = () =>
  createBrowserRouter(routes, { patchRoutesOnNavigation: patchSignedInRoutes() });
