import { BILLING_SETUP_MESSAGES } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  HOUSEHOLD,
  OTHER_HOUSEHOLD,
  OTHER_SCHEDULE,
  SCHEDULE,
  accountFixture,
  envelope,
  rowOf,
  signIn,
  stubApi,
} from '../../../features/billing-accounts/test-fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { BillingAccountsScreen } from './accounts.tsx';

const ROWS = [
  accountFixture(1, { feeSchedule: null, payMethod: 'UNASSIGNED' }),
  accountFixture(2, {
    payMethod: 'INDIRECT',
    feePayingAccount: {
      id: '00000000-0000-4000-8000-000000000002',
      registrationName: 'Account 2',
      clientId: HOUSEHOLD,
      household: 'Adams, Betty',
    },
  }),
  accountFixture(3, {
    payMethod: 'INDIRECT',
    frequency: 'MONTHLY',
    timing: 'ADVANCE',
    feePayingAccount: {
      id: '00000000-0000-4000-8000-000000000009',
      registrationName: 'Family Trust',
      clientId: OTHER_HOUSEHOLD,
      household: 'Baker, Carl',
    },
  }),
].map(rowOf);

/** /billing/accounts signed in; the list answers ROWS (none for the PAY_METHOD filter). */
const renderList = ({ canWrite = true, assign = () => envelope(500, 'No answer.', null) } = {}) => {
  signIn({ canWrite });
  const { calls, fetchStub } = stubApi((method, path, url) => {
    if (method === 'GET' && path === '/api/billing/accounts') {
      const items = url.includes('missing=PAY_METHOD') ? [] : ROWS;
      return envelope(200, 'Success', items, { totalResults: items.length });
    }
    if (method === 'GET' && path === '/api/fee-schedules')
      return envelope(200, 'Success', [SCHEDULE, OTHER_SCHEDULE], { totalResults: 2 });
    if (method === 'POST' && path === '/api/billing/accounts/assign-schedule') return assign();
    return undefined;
  });
  vi.stubGlobal('fetch', vi.fn(fetchStub));
  const { router } = renderRoutes(
    [{ path: '/billing/accounts', element: <BillingAccountsScreen /> }],
    ['/billing/accounts'],
  );
  const search = () => new URLSearchParams(router.state.location.search);
  const lists = () => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/billing/accounts?'));
  return { calls, search, lists };
};

const pick = async (user: ReturnType<typeof userEvent.setup>, box: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: box }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('the billing accounts list', { timeout: 30_000 }, () => {
  it('shows each account’s fee setting, with the defaults in the URL', async () => {
    const { search, lists } = renderList();
    const table = await screen.findByRole('table', { name: 'Accounts and their fee setting' });
    expect(screen.getByRole('heading', { name: 'Accounts' })).toBeInTheDocument();
    expect(Object.fromEntries(search())).toEqual({
      pageNo: '1',
      numberOfRecords: '10',
      sortBy: 'registrationName',
      order: 'ASC',
    });
    expect(lists()[0]?.url).toContain('sortBy=registrationName&order=ASC');

    expect(within(table).getByRole('link', { name: 'Account 1' })).toHaveAttribute(
      'href',
      `/billing/accounts/${ROWS[0]?.accountId}?clientId=${HOUSEHOLD}`,
    );
    expect(within(table).getAllByRole('link', { name: 'Adams, Betty' })[0]).toHaveAttribute(
      'href',
      `/billing/households/${HOUSEHOLD}`,
    );
    expect(within(table).getAllByText('U-00012')).toHaveLength(3);
    expect(within(table).getByText('****0003')).toBeInTheDocument();
    expect(within(table).getByText('No fee schedule')).toBeInTheDocument();
    expect(within(table).getByText('Unassigned')).toBeInTheDocument();
    expect(within(table).getByText('Monthly · Advance')).toBeInTheDocument();
    // Paid by: itself, or the other account (a link, with its household when it is another one).
    expect(within(table).getByText('Itself')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Family Trust' })).toHaveAttribute(
      'href',
      `/billing/accounts/00000000-0000-4000-8000-000000000009?clientId=${OTHER_HOUSEHOLD}`,
    );
    expect(within(table).getByText('Baker, Carl')).toBeInTheDocument();
  });

  it('keeps the filters and the sort in the URL and the request', async () => {
    const user = userEvent.setup();
    const { search, lists } = renderList();
    await screen.findByRole('table', { name: 'Accounts and their fee setting' });

    await pick(user, 'Status', 'All accounts');
    await pick(user, 'Missing', 'No fee schedule');
    await pick(user, 'Pay method', 'Indirect');
    await pick(user, 'Fee schedule', 'Flat 1%');
    await user.click(screen.getByRole('button', { name: 'Fee schedule' }));

    await waitFor(() => expect(search().get('sortBy')).toBe('feeSchedule'));
    expect(Object.fromEntries(search())).toMatchObject({
      status: 'ALL',
      missing: 'FEE_SCHEDULE',
      payMethod: 'INDIRECT',
      feeScheduleId: OTHER_SCHEDULE.id,
      pageNo: '1',
    });
    await waitFor(() => {
      const query = new URLSearchParams(lists().at(-1)?.url.split('?')[1]);
      expect(Object.fromEntries(query)).toEqual({
        page: '1',
        limit: '10',
        sortBy: 'feeSchedule',
        order: 'ASC',
        status: 'ALL',
        missing: 'FEE_SCHEDULE',
        payMethod: 'INDIRECT',
        feeScheduleId: OTHER_SCHEDULE.id,
      });
    });
  });

  it('searches after the typing stops, and resets the search and filters', async () => {
    const user = userEvent.setup();
    const { search, lists } = renderList();
    await screen.findByRole('table', { name: 'Accounts and their fee setting' });
    await pick(user, 'Status', 'Closed accounts');
    await user.type(screen.getByRole('textbox', { name: 'Search accounts' }), 'adams');
    await waitFor(() => expect(search().get('search')).toBe('adams'));
    await waitFor(() => expect(lists().at(-1)?.url).toContain('search=adams'));
    expect(lists().at(-1)?.url).toContain('status=CLOSED');
    // One request for the whole word, not one per key.
    expect(
      lists()
        .filter((c) => c.url.includes('search='))
        .map((c) => c.url),
    ).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(search().get('search')).toBeNull());
    expect(search().get('status')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Open accounts');
    expect(screen.getByRole('textbox', { name: 'Search accounts' })).toHaveValue('');
  });

  it('says when no account matches the filters', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('table', { name: 'Accounts and their fee setting' });
    await pick(user, 'Missing', 'Pay method unassigned');
    expect(await screen.findByText('No accounts match')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Reset filters' })).toHaveLength(2);
  });

  it('assigns one fee schedule to the chosen accounts and clears the choice', async () => {
    const user = userEvent.setup();
    const { calls, lists } = renderList({
      assign: () => envelope(200, BILLING_SETUP_MESSAGES.scheduleAssigned(2), { changed: 2, unchanged: 0 }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Account 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Account 3' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions on the chosen accounts' });
    expect(within(bar).getByText('2 accounts selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Assign fee schedule…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Assign fee schedule' });
    expect(within(dialog).getByText(/These 2 accounts/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Choose a fee schedule.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Fee schedule' }));
    await user.click(await screen.findByRole('option', { name: 'Standard tiered' }));
    const before = lists().length;
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await screen.findByText('Fee schedule assigned to 2 accounts.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      accountIds: [ROWS[0]?.accountId, ROWS[2]?.accountId],
      feeScheduleId: SCHEDULE.id,
    });
    await waitFor(() => expect(screen.queryByRole('toolbar')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Assign fee schedule' })).not.toBeInTheDocument();
    // The list is asked again (billing invalidated).
    await waitFor(() => expect(lists().length).toBeGreaterThan(before));
  });

  it('chooses the whole page from the header', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('checkbox', { name: 'Select every account of this page' }));
    expect(screen.getByText('3 accounts selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the selection' }));
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it('offers no choice of accounts without billingAccounts write', async () => {
    renderList({ canWrite: false });
    await screen.findByRole('table', { name: 'Accounts and their fee setting' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });
});
