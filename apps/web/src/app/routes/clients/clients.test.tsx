import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startFullSession } from '../../../lib/session.ts';
import { makeUser, permissions, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { ClientsScreen } from './clients.tsx';

const DRAFT = {
  clientId: '0b7f2c8e-3d1a-4c5b-9e6f-7a8b9c0d1e2f',
  name: 'Thistlewood, Evangeline',
  memberId: '1c8e3d9f-4e2b-4d6c-8f7a-8b9c0d1e2f3a',
  completedSteps: 2,
  createdAt: '2026-11-20T15:04:00.000Z',
  createdBy: 'Marcus Reed',
};
const MEMBER_URL = `/api/clients/${DRAFT.clientId}/members/${DRAFT.memberId}`;

const renderScreen = (
  canWrite: boolean,
  path = '/clients',
  extra: Record<string, [number, string, unknown]> = {},
) => {
  const userPermission = permissions().map((p) => (p.feature === 'clients' ? { ...p, write: canWrite } : p));
  startFullSession({ token: 'tok', sso: false, user: makeUser({ userPermission }) });
  const stub = stubFetch({
    'GET /api/clients': [200, 'Success', []],
    'GET /api/clients/drafts': [200, 'Success', [DRAFT]],
    ...extra,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return { ...renderRoutes([{ path: '/clients', element: <ClientsScreen /> }], [path]), calls: stub.calls };
};

describe('ClientsScreen', { timeout: 30_000 }, () => {
  it('adds a household through the member wizard with clients write', async () => {
    const user = userEvent.setup();
    renderScreen(true);
    expect(await screen.findByRole('heading', { name: 'No households yet' })).toBeInTheDocument();
    const [add] = screen.getAllByRole('button', { name: 'Add Household' });
    if (!add) throw new Error('Add Household missing');
    await user.click(add);
    expect(await screen.findByRole('dialog', { name: 'New household' })).toBeInTheDocument();
  });

  it('offers no Add Household without clients write', async () => {
    renderScreen(false);
    expect(await screen.findByRole('heading', { name: 'No households yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Household' })).not.toBeInTheDocument();
  });

  it('lists the drafts under Drafts, deletes one after confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = renderScreen(true, '/clients?tab=drafts', {
      [`DELETE /api/clients/drafts/${DRAFT.clientId}`]: [200, 'Draft household deleted.', null],
    });
    const table = await screen.findByRole('table', { name: 'Draft households' });
    expect(table).toHaveTextContent('Thistlewood, Evangeline');
    expect(table).toHaveTextContent('2 of 5 steps saved');
    expect(table).toHaveTextContent('Marcus Reed');
    expect(screen.getByRole('tab', { name: /Drafts/ })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('button', { name: 'Delete Thistlewood, Evangeline' }));
    expect(screen.getByRole('dialog', { name: 'Please Confirm?' })).toHaveTextContent(
      'Delete the draft household Thistlewood, Evangeline and its members?',
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Draft household deleted.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith(`/drafts/${DRAFT.clientId}`))).toBe(
      true,
    );
  });

  it("resumes a draft in the member wizard on the draft's primary member", async () => {
    const user = userEvent.setup();
    const { calls } = renderScreen(true, '/clients?tab=drafts');
    await user.click(await screen.findByRole('button', { name: 'Resume Thistlewood, Evangeline' }));
    expect(await screen.findByRole('dialog', { name: 'New household' })).toBeInTheDocument();
    // The wizard reads the draft's primary member (not a new household's empty first step).
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.url === MEMBER_URL)).toBe(true));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('offers no Resume without clients write', async () => {
    renderScreen(false, '/clients?tab=drafts');
    expect(await screen.findByRole('table', { name: 'Draft households' })).toHaveTextContent('Thistlewood');
    expect(screen.queryByRole('button', { name: /Resume/ })).not.toBeInTheDocument();
  });
});
