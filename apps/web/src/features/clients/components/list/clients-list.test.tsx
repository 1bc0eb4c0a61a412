import type { ClientListItem, MemberAvatar } from '@centric/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, renderWithProviders, stubFetch } from '../../../../test/render.tsx';
import { FollowUpDate } from './clients-table.tsx';
import { ClientsList } from './clients-list.tsx';

const DEFAULT_SEARCH =
  '?view=Default&sortBy=nextFollowUp,name,createdAt&order=ASC,ASC,DESC&rating=0,1,2,3,4,5' +
  '&services=financialLifeManagement,riskManagement,assetManagement,legacyPlanning,privateFund,noService' +
  '&influencer=gold,silver,bronze,noStatus&pageNo=1&numberOfRecords=10';

const member = (id: string, fullName: string, subType: MemberAvatar['subType']): MemberAvatar => {
  const [firstName = '', lastName = ''] = fullName.split(' ');
  return { id, fullName, firstName, lastName, type: 'PERSON', subType, profileImageUrl: null };
};

const household = (overrides: Partial<ClientListItem> = {}): ClientListItem => ({
  clientId: '0c5c0a3e-8a59-4c9e-9f1c-1f6d1a2b3c4d',
  name: 'Bennett Household',
  status: 'ACTIVE',
  reviewStatus: null,
  rating: 4,
  influencerTier: 'GOLD',
  services: {
    financialLifeManagement: true,
    riskManagement: false,
    assetManagement: true,
    legacyPlanning: false,
    privateFund: false,
  },
  nextFollowUp: '2026-03-09',
  tagIndex: 0,
  primaryEmail: 'ann.bennett@example.com',
  primaryPhone: '+12125550123',
  city: 'Austin',
  state: 'TX',
  wealthAdvisor: { id: 'u1', fullName: 'Olivia Bennett', profileImageUrl: null },
  members: [
    member('m3', 'Tom Bennett', 'CHILD_OF_BOTH'),
    member('m2', 'Ray Bennett', 'SECONDARY'),
    member('m1', 'Ann Bennett', 'PRIMARY'),
    member('m4', 'Sue Bennett', 'CHILD_OF_BOTH'),
    member('m5', 'Max Bennett', 'CHILD_OF_BOTH'),
    member('m6', 'Liz Bennett', 'CHILD_OF_BOTH'),
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** The list answers with totalResults (stubFetch leaves it out), as the API does. */
const withTotal =
  (fetchStub: typeof fetch, total: number): typeof fetch =>
  async (input, init) => {
    const response = await fetchStub(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!response.ok || url.includes('format=')) return response;
    const body = (await response.json()) as Record<string, unknown>;
    return new Response(JSON.stringify({ ...body, totalResults: total }), {
      status: response.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };

const renderList = (path = '/clients', items: ClientListItem[] = [household()], total = items.length) => {
  const stub = stubFetch({ 'GET /api/clients': [200, 'Success', items] });
  vi.stubGlobal('fetch', withTotal(stub.fetchStub, total));
  const utils = renderRoutes(
    [
      { path: '/clients', element: <ClientsList /> },
      { path: '/client-detail/:clientId', element: <p>Household page</p> },
    ],
    [path],
  );
  const listCalls = () =>
    stub.calls
      .filter((c) => c.method === 'GET' && c.url.startsWith('/api/clients?'))
      .map((c) => new URLSearchParams(c.url.slice(c.url.indexOf('?') + 1)));
  return { ...utils, calls: stub.calls, listCalls };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('ClientsList', { timeout: 30_000 }, () => {
  it('writes the spec defaults into the URL on the first visit, replacing the entry', async () => {
    const { router, listCalls } = renderList('/clients');
    await waitFor(() => expect(router.state.location.search).toBe(DEFAULT_SEARCH));
    expect(router.state.historyAction).toBe('REPLACE');

    await screen.findByRole('link', { name: /Bennett Household/ });
    const query = listCalls().at(-1);
    expect(query?.get('view')).toBe('Default');
    expect(query?.get('sortBy')).toBe('nextFollowUp,name,createdAt');
    expect(query?.get('order')).toBe('ASC,ASC,DESC');
    expect(query?.get('rating')).toBe('0,1,2,3,4,5');
    expect(query?.get('services')).toBe(
      'financialLifeManagement,riskManagement,assetManagement,legacyPlanning,privateFund,noService',
    );
    expect(query?.get('influencer')).toBe('gold,silver,bronze,noStatus');
    expect(query?.get('page')).toBe('1');
    expect(query?.get('limit')).toBe('10');
    expect(query?.has('search')).toBe(false);
  });

  it('reads every setting back from the URL, leaving it as it is', async () => {
    const search =
      '?view=Mine&sortBy=rating,name&order=DESC,ASC&rating=4,5&services=privateFund&influencer=gold' +
      '&pageNo=2&numberOfRecords=25&search=bennett';
    const { router, listCalls } = renderList(`/clients${search}`, [household()], 40);
    await screen.findByRole('link', { name: /Bennett Household/ });
    expect(screen.getByText('40 households')).toBeInTheDocument();
    expect(screen.getByText('Showing 26–40 of 40')).toBeInTheDocument();

    const query = listCalls().at(-1);
    expect(Object.fromEntries(query ?? [])).toEqual({
      view: 'Mine',
      sortBy: 'rating,name',
      order: 'DESC,ASC',
      rating: '4,5',
      services: 'privateFund',
      influencer: 'gold',
      search: 'bennett',
      page: '2',
      limit: '25',
    });
    expect(router.state.location.search).toBe(search);
    expect(screen.getByRole('radio', { name: 'My households' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Search households' })).toHaveValue('bennett');
    expect(screen.getByRole('button', { name: 'Rating: 4 stars, 5 stars' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Services: Private Fund' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Influencer: Gold' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Sort: Rating descending, then Household ascending' }),
    ).toBeInTheDocument();
  });

  it('puts a filter change into the URL and the request, back on page 1', async () => {
    const user = userEvent.setup();
    const { router, listCalls } = renderList(`/clients${DEFAULT_SEARCH.replace('pageNo=1', 'pageNo=3')}`);
    await screen.findByRole('link', { name: /Bennett Household/ });

    await user.click(screen.getByRole('button', { name: 'Influencer: All' }));
    await user.click(screen.getByRole('checkbox', { name: 'Gold' }));

    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('influencer')).toBe(
        'silver,bronze,noStatus',
      ),
    );
    expect(router.state.location.search).toContain('influencer=silver,bronze,noStatus');
    expect(new URLSearchParams(router.state.location.search).get('pageNo')).toBe('1');
    await waitFor(() => expect(listCalls().at(-1)?.get('influencer')).toBe('silver,bronze,noStatus'));
    expect(listCalls().at(-1)?.get('page')).toBe('1');

    // Nothing selected is sent as an empty list ("none"), not left out (which would mean "all").
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(listCalls().at(-1)?.get('influencer')).toBe(''));
    expect(new URLSearchParams(router.state.location.search).get('influencer')).toBe('');
  });

  it('debounces the search 500 ms and sends one request for the whole word', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router, listCalls } = renderList(`/clients${DEFAULT_SEARCH}`);
    await screen.findByRole('link', { name: /Bennett Household/ });

    await user.type(screen.getByRole('textbox', { name: 'Search households' }), 'ann');
    expect(listCalls().some((q) => q.has('search'))).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });

    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('search')).toBe('ann'));
    await waitFor(() => expect(listCalls().at(-1)?.get('search')).toBe('ann'));
    expect(
      listCalls()
        .filter((q) => q.has('search'))
        .map((q) => q.get('search')),
    ).toEqual(['ann']);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sorts by a column header: the column becomes the first of the three keys', async () => {
    const user = userEvent.setup();
    const { router } = renderList(`/clients${DEFAULT_SEARCH}`);
    await screen.findByRole('link', { name: /Bennett Household/ });

    await user.click(screen.getByRole('button', { name: 'Household' }));
    await waitFor(() => {
      const params = new URLSearchParams(router.state.location.search);
      expect(params.get('sortBy')).toBe('name,nextFollowUp,createdAt');
      expect(params.get('order')).toBe('ASC,ASC,DESC');
    });
  });

  it('reverses a header sort clicked twice before the list renders again', async () => {
    const { router } = renderList(`/clients${DEFAULT_SEARCH}`);
    await screen.findByRole('link', { name: /Bennett Household/ });
    const header = screen.getByRole('button', { name: 'Household' });

    // Both clicks in one act: nothing renders between them, so the second must see the first.
    act(() => {
      header.click();
      header.click();
    });
    await waitFor(() => {
      const params = new URLSearchParams(router.state.location.search);
      expect(params.get('sortBy')).toBe('name,nextFollowUp,createdAt');
      expect(params.get('order')).toBe('DESC,ASC,DESC');
    });
  });

  it('edits up to three sort keys with their order', async () => {
    const user = userEvent.setup();
    const { router } = renderList(`/clients${DEFAULT_SEARCH}`);
    await screen.findByRole('link', { name: /Bennett Household/ });

    await user.click(screen.getByRole('button', { name: /^Sort:/ }));
    expect(screen.getByRole('button', { name: 'Add sort key' })).toBeDisabled();
    const [firstDesc] = screen.getAllByRole('radio', { name: 'Desc' });
    if (!firstDesc) throw new Error('order control missing');
    await user.click(firstDesc);
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('order')).toBe('DESC,ASC,DESC'),
    );
    await user.click(screen.getByRole('button', { name: 'Remove sort key 3' }));
    await waitFor(() => {
      const params = new URLSearchParams(router.state.location.search);
      expect(params.get('sortBy')).toBe('nextFollowUp,name');
      expect(params.get('order')).toBe('DESC,ASC');
    });
  });

  it('shows each household as a link to its page with its members, primary first, and +N past three', async () => {
    const user = userEvent.setup();
    const { router, container } = renderList(`/clients${DEFAULT_SEARCH}`);
    const link = await screen.findByRole('link', { name: /Bennett Household/ });
    expect(link).toHaveAttribute('href', '/client-detail/0c5c0a3e-8a59-4c9e-9f1c-1f6d1a2b3c4d');

    const row = link.closest('tr');
    if (!row) throw new Error('row missing');
    const avatars = [...container.querySelectorAll('.mantine-Avatar-root')].map((a) => a.textContent);
    expect(avatars.slice(0, 4)).toEqual(['AB', 'RB', 'TB', '+3']);
    // The avatars are decorative; the link describes the household's members for screen readers.
    expect(link).toHaveAccessibleDescription(
      'Members: Ann Bennett, Ray Bennett, Tom Bennett, Sue Bennett, Max Bennett, Liz Bennett',
    );
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('ann.bennett@example.com')).toHaveAttribute(
      'title',
      'ann.bennett@example.com',
    );
    expect(within(row).getByText('+1 (212) 555-0123')).toBeInTheDocument();
    expect(within(row).getByText('03/09/2026')).toBeInTheDocument();
    expect(within(row).getByText('Austin, TX')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: '4 of 5 stars' })).toBeInTheDocument();
    expect(within(row).getByText('Financial Life Management')).toBeInTheDocument();
    expect(screen.getByText('1 household')).toBeInTheDocument();

    await user.click(within(row).getByText('Austin, TX'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/client-detail/0c5c0a3e-8a59-4c9e-9f1c-1f6d1a2b3c4d'),
    );
  });

  it('shows the status in full and marks an overdue follow-up', async () => {
    renderList(`/clients${DEFAULT_SEARCH}`, [household({ status: 'INACTIVE', nextFollowUp: '2000-01-31' })]);
    const link = await screen.findByRole('link', { name: /Bennett Household/ });
    const row = link.closest('tr');
    if (!row) throw new Error('row missing');
    expect(within(row).getByText('Inactive')).toBeInTheDocument();
    expect(within(row).getByText('01/31/2000')).toBeInTheDocument();
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
  });

  it('exports CSV and XLSX of what the filters select, without paging', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:households');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = renderList(
      `/clients${DEFAULT_SEARCH.replace('rating=0,1,2,3,4,5', 'rating=5').replace('view=Default', 'view=Mine')}&search=ann`,
    );
    await screen.findByRole('link', { name: /Bennett Household/ });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));

    const exports = calls.filter((c) => c.url.includes('format='));
    expect(exports.map((c) => c.url)).toEqual([
      '/api/clients?view=Mine&sortBy=nextFollowUp,name,createdAt&order=ASC,ASC,DESC&rating=5' +
        '&services=financialLifeManagement,riskManagement,assetManagement,legacyPlanning,privateFund,noService' +
        '&influencer=gold,silver,bronze,noStatus&search=ann&format=csv',
      '/api/clients?view=Mine&sortBy=nextFollowUp,name,createdAt&order=ASC,ASC,DESC&rating=5' +
        '&services=financialLifeManagement,riskManagement,assetManagement,legacyPlanning,privateFund,noService' +
        '&influencer=gold,silver,bronze,noStatus&search=ann&format=xlsx',
    ]);
    expect(createObjectURL).toHaveBeenCalledTimes(2);
  });

  it('offers to reset the filters when nothing matches them', async () => {
    const user = userEvent.setup();
    const { router } = renderList(
      `/clients${DEFAULT_SEARCH.replace('rating=0,1,2,3,4,5', 'rating=5')}&search=zzz`,
      [],
    );
    expect(
      await screen.findByRole('heading', { name: 'No households match these filters' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

    const [resetButton] = screen.getAllByRole('button', { name: 'Reset filters' });
    if (!resetButton) throw new Error('reset missing');
    await user.click(resetButton);
    await waitFor(() => expect(router.state.location.search).toBe(DEFAULT_SEARCH));
    expect(screen.getByRole('textbox', { name: 'Search households' })).toHaveValue('');
  });

  it('says so when the firm has no households yet', async () => {
    renderList(`/clients${DEFAULT_SEARCH}`, []);
    expect(await screen.findByRole('heading', { name: 'No households yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset filters' })).not.toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    const user = userEvent.setup();
    const stub = stubFetch({ 'GET /api/clients': [500, 'Something went wrong, please try again', null] });
    vi.stubGlobal('fetch', stub.fetchStub);
    renderRoutes([{ path: '/clients', element: <ClientsList /> }], [`/clients${DEFAULT_SEARCH}`]);
    expect(await screen.findByText('Something went wrong, please try again')).toBeInTheDocument();

    vi.stubGlobal('fetch', stubFetch({ 'GET /api/clients': [200, 'Success', [household()]] }).fetchStub);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Bennett Household/ })).toBeInTheDocument();
  });
});

describe('FollowUpDate', () => {
  it('marks a date before today as overdue, today in bold, and a later date plainly', () => {
    const { unmount } = renderWithProviders(<FollowUpDate value="2026-03-08" today="2026-03-09" />);
    expect(screen.getByText('03/08/2026')).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    unmount();

    const today = renderWithProviders(<FollowUpDate value="2026-03-09" today="2026-03-09" />);
    expect(screen.getByText('03/09/2026')).toHaveStyle({ fontWeight: '700' });
    expect(screen.getByText('Today')).toBeInTheDocument();
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
    today.unmount();

    renderWithProviders(<FollowUpDate value="2026-03-10" today="2026-03-09" />);
    expect(screen.getByText('03/10/2026')).toBeInTheDocument();
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
    expect(screen.queryByText('Today')).not.toBeInTheDocument();
  });
});
