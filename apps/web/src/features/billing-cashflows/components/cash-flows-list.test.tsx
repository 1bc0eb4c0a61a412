import { CASH_FLOW_MESSAGES, type CashFlowRow } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { CashFlowsList } from './cash-flows-list.tsx';

const ACCOUNT = { id: '11111111-1111-4111-8111-111111111111', registrationName: 'Adams Joint' };
const HOUSEHOLD = { id: '22222222-2222-4222-8222-222222222222', name: 'Adams Household' };

const row = (id: string, overrides: Partial<CashFlowRow> = {}): CashFlowRow => ({
  id,
  source: 'TRANSACTION',
  account: ACCOUNT,
  household: HOUSEHOLD,
  date: '2026-11-01',
  amount: '100000.00',
  direction: 'DEPOSIT',
  reason: null,
  treatment: 'CHARGED',
  createdBy: null,
  ...overrides,
});

const DEPOSIT = row('33333333-3333-4333-8333-333333333333');
const MANUAL = row('44444444-4444-4444-8444-444444444444', {
  source: 'MANUAL',
  date: '2026-10-15',
  amount: '2500.50',
  direction: 'WITHDRAWAL',
  reason: 'Check returned by the custodian',
  treatment: 'NOT_PRORATED',
});

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Call = { method: string; url: string; body: unknown };

const renderList = (
  path: string,
  {
    rows = [DEPOSIT, MANUAL],
    canWrite = true,
    canDelete = true,
    deleteAnswer = [200, CASH_FLOW_MESSAGES.deleted] as [number, string],
  } = {},
) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      if (url.startsWith('/api/health')) {
        return json(200, {
          statusCode: 200,
          message: 'ok',
          result: { status: 'ok', database: 'pglite', firmTimeZone: 'America/New_York' },
        });
      }
      if (url.startsWith('/api/billing/cashflows/threshold')) {
        return json(200, { statusCode: 200, message: 'Success', result: { threshold: '1000.00' } });
      }
      if (url.startsWith('/api/billing/cashflows/') && method === 'DELETE') {
        const [status, message] = deleteAnswer;
        return json(status, { statusCode: status, message, result: null });
      }
      if (url.startsWith('/api/billing/cashflows') && method === 'POST') {
        return json(201, { statusCode: 201, message: CASH_FLOW_MESSAGES.created, result: { id: 'new' } });
      }
      if (url.startsWith('/api/billing/cashflows?')) {
        return json(200, {
          statusCode: 200,
          message: 'Success',
          result: rows,
          totalResults: rows.length,
          summary: { deposits: '100000.00', withdrawals: '2500.50', count: rows.length },
        });
      }
      if (url.startsWith('/api/billing/accounts?')) {
        return json(200, {
          statusCode: 200,
          message: 'Success',
          result: [
            { accountId: ACCOUNT.id, registrationName: ACCOUNT.registrationName, household: HOUSEHOLD.name },
          ],
          totalResults: 1,
        });
      }
      return json(404, { statusCode: 404, message: 'Not found.', result: null });
    }),
  );
  const { router } = renderWithProviders(<CashFlowsList canWrite={canWrite} canDelete={canDelete} />, path);
  const listCalls = () =>
    calls
      .filter((call) => call.method === 'GET' && call.url.startsWith('/api/billing/cashflows?'))
      .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));
  const urlState = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
  return { calls, listCalls, urlState };
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the cash flows list', { timeout: 30_000 }, () => {
  it('shows the current quarter by default with the figures, the rows and their treatment, and the threshold', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T16:00:00Z') });
    const { listCalls, urlState } = renderList('/billing/cashflows');
    const table = await screen.findByRole('table', { name: 'Cash flows' });
    vi.useRealTimers();
    expect(urlState()).toMatchObject({ from: '2026-10-01', to: '2026-12-31', sortBy: 'date', order: 'DESC' });
    expect(listCalls().at(-1)).toMatchObject({
      from: '2026-10-01',
      to: '2026-12-31',
      page: '1',
      limit: '10',
    });

    expect(screen.getByText('Deposits').nextElementSibling).toHaveTextContent('$100,000.00');
    expect(screen.getByText('Withdrawals').nextElementSibling).toHaveTextContent('$2,500.50');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('11/01/2026');
    expect(rows[0]).toHaveTextContent('$100,000.00');
    expect(within(rows[0]!).getByText('Charged')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('-$2,500.50');
    expect(within(rows[1]!).getByText('Not prorated')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Check returned by the custodian');
    // Only the manual flow can be deleted.
    expect(within(rows[0]!).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: /^Delete/ })).toBeInTheDocument();
    expect(await screen.findByText('Flows below $1,000.00 are not prorated.')).toBeInTheDocument();
  });

  it('filters by treatment and direction through the URL', async () => {
    const user = userEvent.setup();
    const { listCalls, urlState } = renderList('/billing/cashflows?from=2026-10-01&to=2026-12-31');
    await screen.findByRole('table', { name: 'Cash flows' });
    await user.click(screen.getByRole('combobox', { name: 'Treatment' }));
    await user.click(await screen.findByRole('option', { name: 'Credited' }));
    await waitFor(() => expect(urlState().treatment).toBe('CREDITED'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ treatment: 'CREDITED' }));
    await user.click(screen.getByRole('combobox', { name: 'Direction' }));
    await user.click(await screen.findByRole('option', { name: 'Withdrawal' }));
    await waitFor(() =>
      expect(listCalls().at(-1)).toMatchObject({ treatment: 'CREDITED', direction: 'WITHDRAWAL' }),
    );
  });

  it('adds a manual withdrawal after checking the form with the contract’s messages', async () => {
    const user = userEvent.setup();
    const { calls } = renderList('/billing/cashflows?from=2026-10-01&to=2026-12-31');
    await screen.findByRole('table', { name: 'Cash flows' });
    await user.click(screen.getAllByRole('button', { name: 'Add cash flow' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add cash flow' });
    await user.click(within(dialog).getByRole('button', { name: 'Add cash flow' }));
    expect(await within(dialog).findByText(CASH_FLOW_MESSAGES.accountRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CASH_FLOW_MESSAGES.amountRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CASH_FLOW_MESSAGES.reasonRequired)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: /^Account/ }));
    await user.click(await screen.findByRole('option', { name: 'Adams Joint (Adams Household)' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Withdrawal' }));
    const date = within(dialog).getByLabelText(/^Date/);
    await user.clear(date);
    await user.type(date, '2026-11-10');
    await user.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '2500.5');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Wire returned');
    await user.click(within(dialog).getByRole('button', { name: 'Add cash flow' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add cash flow' })).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      accountId: ACCOUNT.id,
      date: '2026-11-10',
      amount: '-2500.5',
      reason: 'Wire returned',
    });
  });

  it('deletes a manual flow after confirming, and shows a refusal in the modal', async () => {
    const user = userEvent.setup();
    const { calls } = renderList('/billing/cashflows?from=2026-10-01&to=2026-12-31', {
      deleteAnswer: [409, CASH_FLOW_MESSAGES.fromTransaction],
    });
    await screen.findByRole('table', { name: 'Cash flows' });
    await user.click(screen.getByRole('button', { name: /^Delete the cash flow of 10\/15\/2026/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    expect(dialog).toHaveTextContent('Delete the withdrawal of $2,500.50 on 10/15/2026 from Adams Joint?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(CASH_FLOW_MESSAGES.fromTransaction)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      `/api/billing/cashflows/${MANUAL.id}`,
    ]);
  });

  it('hides adding, deleting and changing the threshold without the rights; shows the empty state', async () => {
    renderList('/billing/cashflows?from=2026-10-01&to=2026-12-31', {
      rows: [],
      canWrite: false,
      canDelete: false,
    });
    expect(await screen.findByText('No cash flows in this period')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add cash flow' })).toBeNull();
    await screen.findByText('Flows below $1,000.00 are not prorated.');
    expect(screen.queryByRole('button', { name: 'Change threshold' })).toBeNull();
  });
});
