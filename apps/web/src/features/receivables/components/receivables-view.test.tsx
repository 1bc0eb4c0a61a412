import {
  RECEIVABLE_MESSAGES,
  type Receivable,
  type ReceivableRow,
  type ReceivablesHeader,
} from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ReceivablesView } from './receivables-view.tsx';

const HOUSEHOLD = { id: '22222222-2222-4222-8222-222222222222', name: 'Lovelace Household' };

const row = (id: string, overrides: Partial<ReceivableRow> = {}): ReceivableRow => ({
  id,
  receivableId: '55555555-5555-4555-8555-555555555555',
  paymentId: id,
  group: { id: '7', name: '20-Year Term Life' },
  product: { id: 7, name: '20-Year Term Life', imageUrl: null },
  productType: 'LIFE_TERM',
  provider: { id: 9, name: 'Prudential' },
  household: HOUSEHOLD,
  advisor: 'Olivia Bennett',
  accountHolder: 'Ada Lovelace',
  policyNumber: 'PR-1001',
  paymentFrequency: 'MONTHLY',
  date: '2026-12-15',
  amount: '1200.00',
  state: 'EXPECTED',
  receivedDate: null,
  amountReceived: null,
  daysPastDue: null,
  numberOfPayments: null,
  totalAmount: null,
  ...overrides,
});

const FIRST = row('33333333-3333-4333-8333-333333333333');
const SECOND = row('44444444-4444-4444-8444-444444444444', { date: '2027-01-15' });

const HEADER: ReceivablesHeader = {
  today: '2026-11-25',
  projectedThisMonth: '1200.00',
  projectedThisQuarter: '3600.00',
  projectedThisYear: '14400.00',
  pastDueTotal: '2400.00',
  pastDueCount: 2,
  receivedYearToDate: '2400.00',
};

const RECEIVABLE: Receivable = {
  id: FIRST.receivableId,
  productType: 'LIFE_TERM',
  product: { id: 7, name: '20-Year Term Life', imageUrl: null },
  provider: { id: 9, name: 'Prudential', imageUrl: null },
  household: HOUSEHOLD,
  accountHolder: 'Ada Lovelace',
  description: null,
  amount: '1200.00',
  paymentFrequency: 'MONTHLY',
  numberOfPayments: 2,
  totalAmount: '2400.00',
  startDate: '2026-12-15',
  policyNumber: 'PR-1001',
  splits: [],
  totalAppPercentage: '0',
  totalCommissionPercentage: '0',
  payments: [],
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
};

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Call = { method: string; url: string; body: unknown };

const renderView = (
  path: string,
  { canWrite = true, canDelete = true, rows = [FIRST, SECOND], headerFails = false } = {},
) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      const ok = (result: unknown, extra: object = {}) =>
        json(200, { statusCode: 200, message: 'Success', result, ...extra });
      if (url.startsWith('/api/health'))
        return ok({ status: 'ok', database: 'pglite', firmTimeZone: 'America/New_York' });
      if (url.startsWith('/api/receivables/header'))
        return headerFails
          ? json(500, { statusCode: 500, message: 'Something went wrong (request abc).', result: null })
          : ok(HEADER);
      if (url.startsWith('/api/receivables/charts'))
        return ok({
          stackBy: 'products',
          series: ['20-Year Term Life'],
          months: [{ month: '2026-11', total: '1200.00', parts: { '20-Year Term Life': '1200.00' } }],
          pastDueByAge: [
            { key: 'd1to30', label: '1–30 days', amount: '1200.00', count: 1 },
            { key: 'd31to60', label: '31–60 days', amount: '1200.00', count: 1 },
            { key: 'd61to90', label: '61–90 days', amount: '0.00', count: 0 },
            { key: 'over90', label: 'Over 90 days', amount: '0.00', count: 0 },
          ],
        });
      if (url.startsWith('/api/receivables/options'))
        return ok({
          products: [{ id: 7, name: '20-Year Term Life', productType: 'LIFE_TERM' }],
          providers: [{ id: 9, name: 'Prudential' }],
        });
      if (url.includes('/receive') && method === 'POST')
        return json(200, {
          statusCode: 200,
          message: RECEIVABLE_MESSAGES.markedReceived,
          result: RECEIVABLE,
        });
      if (url.startsWith('/api/receivables?')) return ok(rows, { totalResults: rows.length });
      return json(404, { statusCode: 404, message: 'Not found.', result: null });
    }),
  );
  const { router } = renderWithProviders(<ReceivablesView canWrite={canWrite} canDelete={canDelete} />, path);
  const listCalls = () =>
    calls
      .filter((call) => call.method === 'GET' && call.url.startsWith('/api/receivables?'))
      .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));
  const urlState = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
  return { calls, listCalls, urlState };
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the receivables screen', { timeout: 30_000 }, () => {
  it('opens on Projected by products (the spec defaults), with the header totals and the rows', async () => {
    const { listCalls, urlState } = renderView('/billing/receivables');
    const table = await screen.findByRole('table', { name: 'Receivables' });
    await waitFor(() =>
      expect(urlState()).toMatchObject({
        tab: 'totalReceivables',
        childTab: 'projected',
        viewBy: 'products',
      }),
    );
    expect(listCalls().at(-1)).toMatchObject({
      childTab: 'projected',
      viewBy: 'products',
      page: '1',
      limit: '10',
    });
    expect(screen.getByText('Projected this month').nextElementSibling).toHaveTextContent('$1,200.00');
    expect(screen.getByText('Projected this year').nextElementSibling).toHaveTextContent('$14,400.00');
    expect(screen.getByText('Past due').nextElementSibling).toHaveTextContent('$2,400.00');
    expect(screen.getByText('Past due').nextElementSibling).toHaveTextContent('2 payments');
    expect(screen.getByRole('tab', { name: /Past Due/ })).toHaveTextContent('2');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('20-Year Term Life');
    expect(rows[0]).toHaveTextContent('12/15/2026');
    expect(rows[0]).toHaveTextContent('$1,200.00');
    // The group heads its run: the second row of the same product leaves the group cell empty.
    expect(within(rows[1]!).queryByRole('button', { name: 'Only 20-Year Term Life' })).toBeNull();
  });

  it('changes child tab and view through the URL and narrows to one group', async () => {
    const user = userEvent.setup();
    const { listCalls, urlState } = renderView('/billing/receivables');
    await screen.findByRole('table', { name: 'Receivables' });
    await user.click(screen.getByRole('tab', { name: /Past Due/ }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ childTab: 'pastDue' }));
    await user.click(screen.getByRole('radio', { name: 'Providers' }));
    await waitFor(() =>
      expect(listCalls().at(-1)).toMatchObject({ childTab: 'pastDue', viewBy: 'providers' }),
    );
    expect(urlState()).toMatchObject({ childTab: 'pastDue', viewBy: 'providers' });
    await user.click(await screen.findByRole('button', { name: 'Only 20-Year Term Life' }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ groupId: '7' }));
  });

  it('marks a payment received with the date and amount the contract checks', async () => {
    const user = userEvent.setup();
    const { calls } = renderView('/billing/receivables');
    await screen.findByRole('table', { name: 'Receivables' });
    await user.click(
      screen.getByRole('button', {
        name: 'Mark received 20-Year Term Life of Lovelace Household due 12/15/2026',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mark payment received' });
    const amount = within(dialog).getByRole('textbox', { name: /^Amount received/ });
    await user.clear(amount);
    await user.click(within(dialog).getByRole('button', { name: 'Mark received' }));
    expect(await within(dialog).findByText(RECEIVABLE_MESSAGES.amountReceivedRequired)).toBeInTheDocument();
    await user.type(amount, '1,164');
    const date = within(dialog).getByLabelText(/^Received date/);
    await user.clear(date);
    await user.type(date, '2026-11-20');
    await user.click(within(dialog).getByRole('button', { name: 'Mark received' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mark payment received' })).toBeNull());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe(`/api/receivables/${FIRST.receivableId}/payments/${FIRST.paymentId}/receive`);
    expect(post?.body).toEqual({ receivedDate: '2026-11-20', amountReceived: '1164.00', note: null });
  });

  it('checks the receivable form with the contract’s messages, splits included', async () => {
    const user = userEvent.setup();
    renderView('/billing/receivables');
    await screen.findByRole('table', { name: 'Receivables' });
    await user.click(screen.getAllByRole('button', { name: 'Add receivable' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New receivable' });
    await user.click(within(dialog).getByRole('button', { name: 'Add split' }));
    // A split must be filled before another is added (spec §5 General, dynamic lists).
    expect(within(dialog).getByRole('button', { name: 'Add split' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /^Commission %/ }), '301');
    await user.type(within(dialog).getByRole('textbox', { name: /^Account holder/ }), 'A'.repeat(30));
    await user.click(within(dialog).getByRole('button', { name: 'Add receivable' }));
    expect(await within(dialog).findByText(RECEIVABLE_MESSAGES.householdRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(RECEIVABLE_MESSAGES.productTypeRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(RECEIVABLE_MESSAGES.amountRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(RECEIVABLE_MESSAGES.commissionPercentageRange)).toBeInTheDocument();
    expect(within(dialog).getByText(RECEIVABLE_MESSAGES.appPercentageRange)).toBeInTheDocument();
  });

  it('says when the totals could not be loaded instead of showing zeros', async () => {
    renderView('/billing/receivables', { headerFails: true });
    expect(await screen.findByText('The totals could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('Projected this month')).toBeNull();
    expect(await screen.findByRole('table', { name: 'Receivables' })).toBeInTheDocument();
  });

  it('leaves adding and the payments’ actions out without write; shows the empty state', async () => {
    renderView('/billing/receivables?childTab=pastDue', { canWrite: false, canDelete: false, rows: [] });
    expect(await screen.findByText('Nothing past due')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add receivable' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Mark received/ })).toBeNull();
  });
});
