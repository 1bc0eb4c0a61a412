import type { RouteObject } from 'react-router';
import { RouteError } from './layout/route-error.tsx';
import { queryLayout, screen } from './lazy-route.ts';
import { NAV_ENTRIES, type NavEntry } from './navigation.ts';
import type { RouteHandle } from './route-handle.ts';
import { paths, relativePattern } from '../lib/paths.ts';

const registryRoute = (entry: NavEntry): RouteObject => {
  const handle: RouteHandle = { feature: entry.feature };
  return { path: entry.path, handle, lazy: entry.screen };
};

/**
 * Every route behind the sign-in: the signed-in guard, the app shell, the navigation registry's screens, the
 * profile and the error pages (`*` included). Loaded by the router on the first navigation outside the
 * signed-out routes (router.tsx patchSignedInRoutes), so that the sign-in screen loads none of it.
 */
export const signedInRoutes: RouteObject[] = [
  {
    lazy: queryLayout,
    children: [
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
    ],
  },
];
