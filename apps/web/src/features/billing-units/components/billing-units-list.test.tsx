import type { BillingHouseholdRow, BillingSummary } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { BillingUnitsList } from './billing-units-list.tsx';

const DEFAULT_SEARCH =
  '?householdStatus=ACTIVE&selectedTab=totalAccounts&pageNo=1&numberOfRecords=10&sortBy=unitId&order=ASC';

const row = (unitId: number, overrides: Partial<BillingHouseholdRow> = {}): BillingHouseholdRow => ({
  clientId: `00000000-0000-4000-8000-0000000000${String(unitId).padStart(2, '0')}`,
  unitId,
  name: `Household ${unitId}`,
  householdStatus: 'ACTIVE',
  wealthAdvisor: { id: '22222222-2222-4222-8222-222222222222', fullName: 'Marcus Reed' },
  accounts: 3,
  openAccounts: 2,
  billingStatus: 'READY',
  blocked: false,
  billed: false,
  missingFeeSchedule: false,
  missingPayoutBlocks: false,
  reasons: [],
  checkedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

const ADAMS = row(12, { name: 'Adams Household', billed: true });
const BENNETT = row(7, {
  name: 'Bennett Household',
  billingStatus: 'REQUIRES_ATTENTION',
  blocked: true,
  missingFeeSchedule: true,
  missingPayoutBlocks: true,
  reasons: [
    {
      code: 'NO_PAYOUT_BLOCKS',
      kind: 'ATTENTION',
      message: 'No payout blocks: the firm keeps 100%.',
      accountId: null,
    },
    {
      code: 'NO_FEE_SCHEDULE',
      kind: 'BLOCKS',
      message: 'Bennett Joint has no fee schedule.',
      accountId: '33333333-3333-4333-8333-333333333333',
    },
    {
      code: 'PAY_METHOD_UNASSIGNED',
      kind: 'BLOCKS',
      message: 'Bennett IRA has no pay method.',
      accountId: '44444444-4444-4444-8444-444444444444',
    },
  ],
});
const CARTER = row(3, {
  name: 'Carter Household',
  wealthAdvisor: null,
  billingStatus: 'REQUIRES_ATTENTION',
  reasons: [
    {
      code: 'PAYOUT_BELOW_100',
      kind: 'ATTENTION',
      message: 'Payout blocks total 80%: the firm keeps 20%.',
      accountId: null,
    },
  ],
});

const SUMMARY: BillingSummary = {
  totalHouseholds: 42,
  readyToBill: 30,
  requiresAttention: 12,
  missingFeeSchedule: 5,
  missingPayoutBlocks: 4,
};
const NO_UNITS: BillingSummary = {
  totalHouseholds: 0,
  readyToBill: 0,
  requiresAttention: 0,
  missingFeeSchedule: 0,
  missingPayoutBlocks: 0,
};

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The list at `path`, its calls answered with `rows` and `summary` (the summary beside the result). */
const renderList = (
  path: string,
  { rows = [ADAMS, BENNETT, CARTER], summary = SUMMARY, status = 200 } = {},
) => {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      if (url.startsWith('/api/billing/households/export')) {
        return new Response('Unit,Household\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
      }
      if (url.startsWith('/api/billing/households')) {
        return status === 200
          ? json(200, {
              statusCode: 200,
              message: 'Success',
              result: rows,
              totalResults: rows.length,
              summary,
            })
          : json(status, { statusCode: status, message: 'The billing list is unavailable.', result: null });
      }
      return json(404, { statusCode: 404, message: 'Not found.', result: null });
    }),
  );
  const { router } = renderWithProviders(<BillingUnitsList />, path);
  const listCalls = () =>
    calls
      .filter((url) => url.startsWith('/api/billing/households?'))
      .map((url) => Object.fromEntries(new URL(url, 'http://localhost').searchParams));
  const urlState = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
  return { calls, listCalls, urlState, router };
};

const tab = (name: RegExp) => screen.getByRole('tab', { name });

describe('the billing Units list', { timeout: 30_000 }, () => {
  it("writes the spec's defaults into the URL and shows the header figures as tabs", async () => {
    const { router, listCalls } = renderList('/billing/households');
    await screen.findByRole('table', { name: 'Billing units' });
    expect(router.state.location.search).toBe(DEFAULT_SEARCH);
    expect(listCalls().at(-1)).toEqual({
      householdStatus: 'ACTIVE',
      page: '1',
      limit: '10',
      sortBy: 'unitId',
      order: 'ASC',
    });

    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('aria-selected'))).toEqual([
      'true',
      'false',
      'false',
      'false',
      'false',
    ]);
    expect(tab(/^Total households/)).toHaveTextContent('42');
    expect(tab(/^Total households/)).toHaveTextContent('Active households with accounts');
    expect(tab(/^Requires attention/)).toHaveTextContent('12');
    expect(tab(/^Requires attention/)).toHaveTextContent('29% of units');
    expect(tab(/^Missing fee schedule/)).toHaveTextContent('5');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(/^Total households/);
  });

  it('filters the list by the chosen figure, by click and by the arrow keys', async () => {
    const user = userEvent.setup();
    const { urlState, listCalls } = renderList(
      `/billing/households${DEFAULT_SEARCH.replace('pageNo=1', 'pageNo=3')}`,
    );
    await screen.findByRole('table', { name: 'Billing units' });

    await user.click(tab(/^Requires attention/));
    await waitFor(() => expect(urlState()).toMatchObject({ selectedTab: 'requiresAttention', pageNo: '1' }));
    await waitFor(() =>
      expect(listCalls().at(-1)).toMatchObject({ billingStatus: 'REQUIRES_ATTENTION', page: '1' }),
    );
    expect(tab(/^Requires attention/)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(/^Requires attention/);

    await user.click(tab(/^Missing fee schedule/));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ missingFeeSchedule: 'true' }));
    expect(listCalls().at(-1)).not.toHaveProperty('billingStatus');

    await user.keyboard('{ArrowRight}');
    expect(tab(/^Missing payout blocks/)).toHaveFocus();
    await waitFor(() => expect(urlState().selectedTab).toBe('missingPayoutBlocks'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ missingPayoutBlocks: 'true' }));
    await user.keyboard('{Home}');
    expect(tab(/^Total households/)).toHaveFocus();
    await waitFor(() => expect(urlState().selectedTab).toBe('totalAccounts'));
    // The chosen figure is the only tab stop.
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toEqual([tab(/^Total households/)]);
  });

  it('filters by a readiness reason and household status, and resets the reason', async () => {
    const user = userEvent.setup();
    const { urlState, listCalls } = renderList(`/billing/households${DEFAULT_SEARCH}`);
    await screen.findByRole('table', { name: 'Billing units' });

    await user.click(screen.getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'Account without a fee schedule' }));
    await waitFor(() => expect(urlState().subType).toBe('NO_FEE_SCHEDULE'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ subType: 'NO_FEE_SCHEDULE' }));

    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() =>
      expect(listCalls().at(-1)).toMatchObject({ householdStatus: 'ALL', subType: 'NO_FEE_SCHEDULE' }),
    );
    expect(tab(/^Total households/)).toHaveTextContent('Households with accounts');

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(urlState()).not.toHaveProperty('subType'));
    await waitFor(() => expect(listCalls().at(-1)).not.toHaveProperty('subType'));
  });

  it('shows each unit with its number, status and reasons, and opens it from its row', async () => {
    const user = userEvent.setup();
    const { router } = renderList(`/billing/households${DEFAULT_SEARCH}`);
    const table = await screen.findByRole('table', { name: 'Billing units' });
    const rowOf = (name: string) => {
      const found = within(table).getByRole('link', { name }).closest('tr');
      if (!found) throw new Error(`no row for ${name}`);
      return found;
    };

    const adams = rowOf('Adams Household');
    expect(within(adams).getByText('U-00012')).toBeInTheDocument();
    expect(within(adams).getByText('2 open of 3')).toBeInTheDocument();
    expect(within(adams).getByText('Ready to bill')).toBeInTheDocument();
    // Billed live for the period already: said beside its status, not as a problem.
    expect(within(adams).getByText('Billed')).toBeInTheDocument();
    expect(within(adams).getByText('None')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Adams Household' })).toHaveAttribute(
      'href',
      `/billing/households/${ADAMS.clientId}`,
    );

    // Blocked: red, with how many reasons block it; the blocking reason first, the rest behind "+2 more".
    const bennett = rowOf('Bennett Household');
    expect(within(bennett).getByText('Blocked (2)')).toBeInTheDocument();
    expect(within(bennett).queryByText('Billed')).not.toBeInTheDocument();
    expect(within(bennett).queryByText('Requires attention')).not.toBeInTheDocument();
    expect(within(bennett).getByText('Bennett Joint has no fee schedule.')).toBeInTheDocument();
    expect(within(bennett).queryByText('No payout blocks: the firm keeps 100%.')).not.toBeInTheDocument();
    await user.click(within(bennett).getByRole('button', { name: '+2 more reasons for Bennett Household' }));
    const all = await screen.findByRole('list');
    expect(
      within(all)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Blocks billing: Bennett Joint has no fee schedule.',
      'Blocks billing: Bennett IRA has no pay method.',
      'Needs attention: No payout blocks: the firm keeps 100%.',
    ]);
    await user.click(within(all).getByText('Bennett IRA has no pay method.'));
    expect(router.state.location.pathname).toBe('/billing/households');

    const carter = rowOf('Carter Household');
    expect(within(carter).getByText('U-00003')).toBeInTheDocument();
    expect(within(carter).getByText('Requires attention')).toBeInTheDocument();
    expect(within(carter).queryByRole('button', { name: /more reasons/ })).not.toBeInTheDocument();

    await user.click(within(carter).getByText('U-00003'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/billing/households/${CARTER.clientId}`),
    );
  });

  it('sorts by a column header, back to page 1', async () => {
    const user = userEvent.setup();
    const { urlState, listCalls } = renderList(
      `/billing/households${DEFAULT_SEARCH.replace('pageNo=1', 'pageNo=2')}`,
    );
    await screen.findByRole('table', { name: 'Billing units' });
    await user.click(screen.getByRole('button', { name: /^Wealth Advisor 1/ }));
    await waitFor(() =>
      expect(urlState()).toMatchObject({ sortBy: 'wealthAdvisor', order: 'ASC', pageNo: '1' }),
    );
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ sortBy: 'wealthAdvisor', order: 'ASC' }));
    await user.click(screen.getByRole('button', { name: /^Wealth Advisor 1/ }));
    await waitFor(() => expect(urlState()).toMatchObject({ sortBy: 'wealthAdvisor', order: 'DESC' }));
  });

  it('explains where units come from when there are none, with a way to Clients', async () => {
    renderList(`/billing/households${DEFAULT_SEARCH}`, { rows: [], summary: NO_UNITS });
    expect(await screen.findByRole('heading', { name: 'No billing units yet' })).toBeInTheDocument();
    expect(screen.getByText(/becomes a billing unit once it has at least one account/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Clients' })).toHaveAttribute('href', '/clients');
    expect(tab(/^Ready to bill/)).toHaveTextContent('No units yet');
  });

  it('says when an empty tab is good news, and when the search finds nothing', async () => {
    const user = userEvent.setup();
    renderList(`/billing/households${DEFAULT_SEARCH.replace('totalAccounts', 'requiresAttention')}`, {
      rows: [],
      summary: { ...SUMMARY, requiresAttention: 0 },
    });
    expect(await screen.findByRole('heading', { name: 'Nothing requires attention' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all units' }));
    await waitFor(() => expect(tab(/^Total households/)).toHaveAttribute('aria-selected', 'true'));

    await user.type(screen.getByRole('textbox', { name: 'Search units' }), 'zzz');
    expect(
      await screen.findByRole('heading', { name: 'No units match' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Reset filters' })).toHaveLength(2);
  });

  it('shows the error with Try again when the list cannot load', async () => {
    renderList(`/billing/households${DEFAULT_SEARCH}`, { status: 500 });
    expect(await screen.findByText('The billing list is unavailable.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(tab(/^Total households/)).toHaveTextContent('Not known');
  });

  it('exports CSV and XLSX of what the tab, reason, search and sort select, without paging', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:units');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = renderList(
      `/billing/households${DEFAULT_SEARCH.replace('totalAccounts', 'requiresAttention').replace('sortBy=unitId', 'sortBy=name')}&subType=NO_FEE_SCHEDULE&search=bennett`,
    );
    await screen.findByRole('table', { name: 'Billing units' });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));

    const exports = calls
      .filter((url) => url.startsWith('/api/billing/households/export?'))
      .map((url) => Object.fromEntries(new URL(url, 'http://localhost').searchParams));
    const filters = {
      householdStatus: 'ACTIVE',
      billingStatus: 'REQUIRES_ATTENTION',
      subType: 'NO_FEE_SCHEDULE',
      search: 'bennett',
      sortBy: 'name',
      order: 'ASC',
    };
    expect(exports).toEqual([
      { ...filters, format: 'csv' },
      { ...filters, format: 'xlsx' },
    ]);
    expect(createObjectURL).toHaveBeenCalledTimes(2);
  });
});
