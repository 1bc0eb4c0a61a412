import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CLIENT_ID, detailFixture } from '../../../features/clients/components/detail/test-fixtures.ts';
import { startFullSession } from '../../../lib/session.ts';
import { makeUser, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { ClientDetailScreen } from './client-detail.tsx';

const valuation = {
  date: '2026-11-24',
  totalValue: '2450310.55',
  accounts: [],
  allocation: [],
};

const renderAt = (url: string) => {
  startFullSession({ token: 'full-token', sso: false, user: makeUser() });
  const { fetchStub } = stubFetch({
    [`GET /api/clients/${CLIENT_ID}`]: [200, 'Success', detailFixture()],
    [`GET /api/clients/${CLIENT_ID}/managed-accounts`]: [200, 'Success', valuation],
  });
  vi.stubGlobal('fetch', fetchStub);
  return renderRoutes([{ path: '/client-detail/:clientId', element: <ClientDetailScreen /> }], [url]);
};

describe('ClientDetailScreen', { timeout: 20_000 }, () => {
  it('writes the defaults tab=highlights&leftPanel=notes into the URL, replacing the entry', async () => {
    const { router } = renderAt(`/client-detail/${CLIENT_ID}`);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=highlights&leftPanel=notes'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('tab', { name: 'Highlights' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps expandedTab and an explicit leftPanel', async () => {
    const { router } = renderAt(`/client-detail/${CLIENT_ID}?leftPanel=tasks&expandedTab=members`);
    await waitFor(() => {
      const params = new URLSearchParams(router.state.location.search);
      expect(params.get('tab')).toBe('highlights');
      expect(params.get('leftPanel')).toBe('tasks');
      expect(params.get('expandedTab')).toBe('members');
    });
  });

  it('falls back to highlights for a tab that does not exist yet', async () => {
    const { router } = renderAt(`/client-detail/${CLIENT_ID}?tab=compliance`);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=highlights&leftPanel=notes'));
    expect(await screen.findByRole('heading', { name: 'Carter Household', level: 1 })).toBeInTheDocument();
  });

  it("shows the household's managed assets in its header, linking to the Managed Accounts tab", async () => {
    renderAt(`/client-detail/${CLIENT_ID}?tab=highlights&leftPanel=notes`);
    const figure = await screen.findByRole('link', { name: /Managed assets: \$2,450,310\.55/ });
    expect(figure).toHaveAttribute('href', `/client-detail/${CLIENT_ID}?tab=managed_accounts`);
  });

  it('keeps the highlights mounted when the notes panel appears beside them', async () => {
    const { router } = renderAt(`/client-detail/${CLIENT_ID}?tab=highlights&leftPanel=none`);
    const members = await screen.findByRole('heading', { name: /Members/ });
    expect(screen.queryByRole('heading', { name: 'Notes' })).not.toBeInTheDocument();
    await router.navigate(`/client-detail/${CLIENT_ID}?tab=highlights&leftPanel=notes`, { replace: true });
    expect(await screen.findByRole('heading', { name: 'Notes' })).toBeInTheDocument();
    // The same element: an open member wizard (state of the highlights) would survive.
    expect(members.isConnected).toBe(true);
  });
});
