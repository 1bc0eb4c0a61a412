import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { startFullSession } from '../lib/session.ts';
import { makeUser, stubFetch } from '../test/render.tsx';
import { Providers } from './providers.tsx';
import { patchSignedInRoutes, routes } from './router.tsx';

/** The app's routes in a memory router, with a spy on the loading of the signed-in routes. */
const renderApp = (path: string) => {
  const patchSignedIn = vi.fn(patchSignedInRoutes());
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    patchRoutesOnNavigation: patchSignedIn,
  });
  render(
    <Providers env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, patchSignedIn };
};

describe('router', () => {
  it('shows the sign-in screen without loading the signed-in routes', async () => {
    const { fetchStub } = stubFetch({ 'GET /api/sso/config': [200, 'OK', { office365: false }] });
    vi.stubGlobal('fetch', fetchStub);
    const { patchSignedIn } = renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(patchSignedIn).not.toHaveBeenCalled();
  });

  it('loads the signed-in routes on the first visit to one, and their guard sends a visitor to sign in', async () => {
    const { fetchStub } = stubFetch({ 'GET /api/sso/config': [200, 'OK', { office365: false }] });
    vi.stubGlobal('fetch', fetchStub);
    const { router, patchSignedIn } = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(patchSignedIn).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a signed-in screen inside the shell once the routes are loaded', async () => {
    const user = makeUser();
    startFullSession({ token: 'tok', sso: false, user });
    const { fetchStub } = stubFetch({ 'GET /api/waprofile': [200, 'OK', user] });
    vi.stubGlobal('fetch', fetchStub);
    renderApp('/unauthorized');

    expect(
      await screen.findByRole('heading', { name: 'Unauthorized' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
  });
});
