import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startFullSession } from '../../../lib/session.ts';
import { makeUser, permissions, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { ClientsScreen } from './clients.tsx';

const renderScreen = (canWrite: boolean) => {
  const userPermission = permissions().map((p) => (p.feature === 'clients' ? { ...p, write: canWrite } : p));
  startFullSession({ token: 'tok', sso: false, user: makeUser({ userPermission }) });
  vi.stubGlobal('fetch', stubFetch({ 'GET /api/clients': [200, 'Success', []] }).fetchStub);
  return renderRoutes([{ path: '/clients', element: <ClientsScreen /> }], ['/clients']);
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
});
