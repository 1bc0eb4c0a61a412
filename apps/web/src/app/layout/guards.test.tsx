import { screen } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { UserDetails } from '@centric/contracts';
import { getSession, startFullSession, startMfaSession } from '../../lib/session.ts';
import { makeUser, permissions, renderRoutes, stubFetch } from '../../test/render.tsx';
import { UnauthorizedScreen } from '../routes/errors/unauthorized.tsx';
import { RequireMfaStage } from './guards.tsx';
import { RequireSignedIn } from './require-signed-in.tsx';

const routes: RouteObject[] = [
  { path: '/', element: <p>Sign in screen</p> },
  { element: <RequireMfaStage />, children: [{ path: '/mfa', element: <p>MFA code screen</p> }] },
  {
    element: <RequireSignedIn />,
    children: [
      {
        element: <Outlet />,
        children: [
          { path: '/dashboard', handle: { feature: 'dashboard' }, element: <p>Dashboard screen</p> },
          { path: '/products', handle: { feature: 'products' }, element: <p>Products screen</p> },
          { path: '/unauthorized', element: <UnauthorizedScreen /> },
        ],
      },
    ],
  },
];

const signIn = (user: UserDetails) => {
  startFullSession({ token: 'full-token', sso: false, user });
  const { fetchStub, calls } = stubFetch({ 'GET /api/waprofile': [200, 'OK', user] });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
};

describe('route guards', () => {
  it('sends a signed-out visitor to the sign-in screen', async () => {
    renderRoutes(routes, ['/dashboard']);
    expect(await screen.findByText('Sign in screen')).toBeInTheDocument();
  });

  it('sends a pre-MFA session to the MFA step instead of the app', async () => {
    startMfaSession({ token: 'pre-mfa', email: 'ada@example.com', mfaEnrolled: true });
    renderRoutes(routes, ['/dashboard']);
    expect(await screen.findByText('MFA code screen')).toBeInTheDocument();
  });

  it('shows a route whose feature the user may read', async () => {
    signIn(makeUser());
    renderRoutes(routes, ['/dashboard']);
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
  });

  it('redirects to /unauthorized when the route feature has no read permission', async () => {
    signIn(makeUser({ userPermission: permissions({ products: true }) }));
    const { router } = renderRoutes(routes, ['/products']);

    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to view this page.')).toBeInTheDocument();
    expect(screen.queryByText('Products screen')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('sends the bearer token with the profile refresh', async () => {
    const calls = signIn(makeUser());
    renderRoutes(routes, ['/dashboard']);
    await screen.findByText('Dashboard screen');
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/waprofile')).toBe(true));
    expect(calls.find((c) => c.url === '/api/waprofile')?.headers.get('Authorization')).toBe(
      'Bearer full-token',
    );
  });

  it("signs out when the profile refresh answers 'Unauthorized'", async () => {
    startFullSession({ token: 'revoked-token', sso: false, user: makeUser() });
    const { fetchStub } = stubFetch({ 'GET /api/waprofile': [401, 'Unauthorized', null] });
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(routes, ['/dashboard']);

    expect(await screen.findByText('Sign in screen')).toBeInTheDocument();
    expect(getSession()).toBeNull();
    expect(window.sessionStorage.getItem('centric.accessToken')).toBeNull();
  });
});
