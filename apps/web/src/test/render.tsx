import type { UserDetails } from '@centric/contracts';
import { FEATURES, type Feature, type PermissionEntry } from '@centric/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type RouteObject, RouterProvider, createMemoryRouter } from 'react-router';
import { Providers } from '../app/providers.tsx';

export const createTestQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });

/**
 * Renders routes in a memory router inside the app's providers (Mantine in test mode: no portals), with a
 * fresh query client around them (the app's routes get theirs from layout/query-layout.tsx).
 */
export const renderRoutes = (routes: RouteObject[], initialEntries: string[] = ['/']) => {
  const router = createMemoryRouter(routes, { initialEntries });
  const utils = render(
    <Providers env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Providers>,
  );
  return { ...utils, router };
};

/** Renders one element at a path, for components that use router hooks. */
export const renderWithProviders = (element: ReactElement, path = '/') =>
  renderRoutes([{ path: '*', element }], [path]);

/** A complete permission matrix (as the server stores it) with the given features denied. */
export const permissions = (denied: Partial<Record<Feature, boolean>> = {}): PermissionEntry[] =>
  FEATURES.map((feature) => {
    const allowed = !denied[feature];
    return { feature, module: 'test', read: allowed, write: allowed, delete: allowed };
  });

export const makeUser = (overrides: Partial<UserDetails> = {}): UserDetails => ({
  id: '5b1f6c2e-8d4a-4c1b-9f3e-2a7d9c0b1e11',
  email: 'ada@example.com',
  fullName: 'Ada Lovelace',
  profileImageUrl: null,
  role: { id: 2, role: 'Wealth Advisor' },
  userPermission: permissions(),
  alertCount: 0,
  openWorkflowReqcount: 0,
  ssoSession: false,
  ...overrides,
});

/** A fetch stub answering in the envelope; `routes` maps "METHOD /api/path" to [status, message, result]. */
export const stubFetch = (routes: Record<string, [number, string, unknown]>) => {
  const calls: Array<{ method: string; url: string; body: unknown; headers: Headers }> = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({ method, url, body, headers: new Headers(init?.headers) });
    const answer = routes[`${method} ${url.split('?')[0]}`];
    if (!answer)
      return new Response(JSON.stringify({ statusCode: 404, message: 'Not found.', result: null }), {
        status: 404,
      });
    const [status, message, result] = answer;
    return new Response(JSON.stringify({ statusCode: status, message, result }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetchStub, calls };
};
