import type { SearchResult } from '@centric/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../../../test/render.tsx';
import { GlobalSearch } from './global-search.tsx';
import { groupResults, resultPath } from './result-path.ts';

const CLIENT_ID = '0c5c0a3e-8a59-4c9e-9f1c-1f6d1a2b3c4d';
const OTHER_CLIENT_ID = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

const result = (overrides: Partial<SearchResult>): SearchResult => ({
  resultType: 'client',
  clientId: CLIENT_ID,
  accountId: null,
  title: 'Bennett Household',
  subtitle: 'ann.bennett@example.com',
  memberId: null,
  ...overrides,
});

const renderSearch = (results: SearchResult[] | 'error' = []) => {
  const stub = stubFetch({
    'POST /api/globalSearch':
      results === 'error' ? [500, 'Something went wrong, please try again', null] : [200, 'Success', results],
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  const utils = renderRoutes(
    [
      { path: '/dashboard', element: <GlobalSearch canSearchClients /> },
      { path: '/client-detail/:clientId', element: <p>Household page</p> },
    ],
    ['/dashboard'],
  );
  const searches = () => stub.calls.filter((c) => c.url === '/api/globalSearch').map((c) => c.body);
  return { ...utils, searches };
};

const setup = () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
};

const waitDebounce = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(500);
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('GlobalSearch', { timeout: 30_000 }, () => {
  it('searches from one character, once the typing has paused for 500 ms', async () => {
    const user = setup();
    const { searches } = renderSearch([result({})]);
    const input = screen.getByRole('combobox', { name: 'Global search' });

    await user.type(input, 'b');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(searches()).toEqual([]);
    await user.type(input, 'en');
    await waitDebounce();

    await waitFor(() => expect(searches()).toEqual([{ searchText: 'ben' }]));
    expect(await screen.findByRole('option', { name: /Bennett Household/ })).toBeInTheDocument();
  });

  it('groups the results by type under their headers, only types that have results', async () => {
    const user = setup();
    renderSearch([
      result({}),
      result({ resultType: 'account', accountId: 'acc-1', title: 'Bennett Joint Brokerage', subtitle: null }),
      result({ clientId: OTHER_CLIENT_ID, title: 'Benson Household', subtitle: '+1 (212) 555-0199' }),
    ]);
    await user.type(screen.getByRole('combobox', { name: 'Global search' }), 'ben');
    await waitDebounce();

    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    const groups = await within(listbox).findAllByRole('group');
    expect(groups.map((g) => within(g).getAllByRole('option').length)).toEqual([2, 1]);
    expect(within(listbox).getByRole('group', { name: 'Clients' })).toBeInTheDocument();
    expect(within(listbox).getByRole('group', { name: 'Accounts' })).toBeInTheDocument();
    expect(within(listbox).queryByRole('group', { name: 'Units' })).not.toBeInTheDocument();
    expect(within(listbox).getByText('+1 (212) 555-0199')).toBeInTheDocument();
  });

  it('moves with the arrow keys, opens the highlighted result with Enter, and closes with Escape', async () => {
    const user = setup();
    const { router } = renderSearch([
      result({}),
      result({ clientId: OTHER_CLIENT_ID, title: 'Benson Household', subtitle: null }),
    ]);
    const input = screen.getByRole('combobox', { name: 'Global search' });
    await user.type(input, 'ben');
    await waitDebounce();
    await screen.findByRole('option', { name: /Benson Household/ });
    expect(input).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    const active = screen.getByRole('option', { name: /Benson Household/ });
    expect(input).toHaveAttribute('aria-activedescendant', active.id);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/client-detail/${OTHER_CLIENT_ID}`));
  });

  it('opens the first result with Enter when none is highlighted', async () => {
    const user = setup();
    const { router } = renderSearch([result({})]);
    await user.type(screen.getByRole('combobox', { name: 'Global search' }), 'ann');
    await waitDebounce();
    await screen.findByRole('option', { name: /Bennett Household/ });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/client-detail/${CLIENT_ID}`));
  });

  it('says exactly so when nothing is found (a single character is searched too)', async () => {
    const user = setup();
    const { searches } = renderSearch([]);
    await user.type(screen.getByRole('combobox', { name: 'Global search' }), 'z');
    await waitDebounce();
    await waitFor(() => expect(searches()).toEqual([{ searchText: 'z' }]));
    expect(
      await screen.findByText('Sorry, we could not find anything for the entered text.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('shows an error inline', async () => {
    const user = setup();
    renderSearch('error');
    await user.type(screen.getByRole('combobox', { name: 'Global search' }), 'ann');
    await waitDebounce();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong, please try again');
  });
});

describe('resultPath', () => {
  it('sends each result type to its page', () => {
    expect(resultPath(result({}))).toBe(`/client-detail/${CLIENT_ID}`);
    expect(resultPath(result({ resultType: 'unit' }))).toBe(`/billing/households/${CLIENT_ID}`);
    expect(resultPath(result({ resultType: 'account', accountId: 'acc-1' }))).toBe(
      `/billing/accounts/acc-1?clientId=${CLIENT_ID}`,
    );
    expect(resultPath(result({ clientId: null }))).toBeNull();
  });

  it('orders the groups client, unit, account', () => {
    const groups = groupResults([
      result({ resultType: 'account', accountId: 'a' }),
      result({ resultType: 'unit' }),
      result({}),
    ]);
    expect(groups.map((g) => g.label)).toEqual(['Clients', 'Units', 'Accounts']);
  });
});
