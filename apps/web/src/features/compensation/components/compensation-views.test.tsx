import { COMPENSATION_MESSAGES, type MyCompensation, type PayeeCompensation } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { FirmCompensationView } from './firm-compensation-view.tsx';
import { MyCompensationView } from './my-compensation-view.tsx';

const ADVISOR = { id: '11111111-1111-4111-8111-111111111111', fullName: 'Olivia Bennett' };

const MINE: MyCompensation = {
  payee: ADVISOR,
  from: '2026-10-01',
  to: '2026-12-31',
  basis: 'billed',
  thisPeriod: { fees: '1000.00', commissions: '600.00', total: '1600.00' },
  yearToDate: { fees: '3000.00', commissions: '1800.00', total: '4800.00' },
  projected: { total: '1200.00', months: [{ month: '2026-11', amount: '600.00' }] },
  lines: [
    {
      source: 'FEES',
      date: '2026-12-31',
      amount: '1000.00',
      household: { id: 'h1', name: 'Lovelace Household' },
      origin: { kind: 'bill', id: 'b1', label: 'Bill 1042 (10/01/2026–12/31/2026)' },
    },
    {
      source: 'COMMISSIONS',
      date: '2026-11-10',
      amount: '600.00',
      household: { id: 'h1', name: 'Lovelace Household' },
      origin: { kind: 'receivable', id: 'r1', label: '20-Year Term Life, Prudential, payment 3' },
    },
  ],
};

const FIRM: PayeeCompensation[] = [
  { payee: ADVISOR, fees: '1000.00', commissions: '600.00', total: '1600.00', paid: null },
];

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const stub = (mine: MyCompensation = MINE) => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const ok = (result: unknown, message = 'Success') => json(200, { statusCode: 200, message, result });
      if (url.startsWith('/api/health'))
        return ok({ status: 'ok', database: 'pglite', firmTimeZone: 'America/New_York' });
      if (url.startsWith('/api/myCompensation')) return ok(mine);
      if (url.startsWith('/api/compensation/payments'))
        return ok({ amount: '1600.00', paidOn: '2026-11-20' }, COMPENSATION_MESSAGES.markedPaid);
      if (url.startsWith('/api/compensation?')) return ok(FIRM);
      return json(404, { statusCode: 404, message: 'Not found.', result: null });
    }),
  );
  return calls;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('compensation', { timeout: 30_000 }, () => {
  it('my compensation: the figures and each line with its origin, for this quarter billed by default', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T16:00:00Z') });
    const calls = stub();
    renderWithProviders(<MyCompensationView />, '/my-compensation');
    const table = await screen.findByRole('table', { name: 'Compensation lines' });
    vi.useRealTimers();
    const request = new URL(calls.find((c) => c.url.startsWith('/api/myCompensation'))!.url, 'http://x');
    expect(Object.fromEntries(request.searchParams)).toMatchObject({
      from: '2026-10-01',
      to: '2026-12-31',
      basis: 'billed',
    });
    expect(screen.getByText('Year to date').nextElementSibling).toHaveTextContent('$4,800.00');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Bill 1042 (10/01/2026–12/31/2026)');
    expect(rows[2]).toHaveTextContent('20-Year Term Life, Prudential, payment 3');
    expect(rows[2]).toHaveTextContent('$600.00');
    expect(rows.at(-1)).toHaveTextContent('$1,600.00');
  });

  it('my compensation pages a long period’s lines, 25 at a time, the total still the period’s', async () => {
    const user = userEvent.setup();
    const lines = Array.from({ length: 30 }, (_, i) => ({
      ...MINE.lines[1]!,
      origin: {
        kind: 'receivable' as const,
        id: `r${i}`,
        label: `Universal Life, Prudential, payment ${i + 1}`,
      },
    }));
    stub({ ...MINE, lines });
    renderWithProviders(<MyCompensationView />, '/my-compensation?from=2026-10-01&to=2026-12-31');
    const table = await screen.findByRole('table', { name: 'Compensation lines' });
    // A header, 25 lines and the period's total.
    expect(within(table).getAllByRole('row')).toHaveLength(27);
    expect(screen.getByText('Showing 1–25 of 30')).toBeInTheDocument();
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('Total for the period$1,600.00');
    await user.click(screen.getByRole('button', { name: 'next page' }));
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('payment 26');
  });

  it('the firm view marks a payee’s period paid with the amount and the date', async () => {
    const user = userEvent.setup();
    const calls = stub();
    renderWithProviders(
      <FirmCompensationView canWrite />,
      '/billing/compensation?from=2026-10-01&to=2026-12-31',
    );
    await screen.findByRole('table', { name: 'Compensation by payee' });
    await user.click(screen.getByRole('button', { name: 'Mark paid Olivia Bennett' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark paid' });
    const paidOn = within(dialog).getByLabelText(/^Paid on/);
    await user.clear(paidOn);
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText(COMPENSATION_MESSAGES.paidOnRequired)).toBeInTheDocument();
    await user.type(paidOn, '2026-11-20');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mark paid' })).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      payeeId: ADVISOR.id,
      from: '2026-10-01',
      to: '2026-12-31',
      basis: 'billed',
      amount: '1600.00',
      paidOn: '2026-11-20',
    });
  });

  it('the firm view without write offers no Mark paid', async () => {
    stub();
    renderWithProviders(<FirmCompensationView canWrite={false} />, '/billing/compensation');
    await screen.findByRole('table', { name: 'Compensation by payee' });
    expect(screen.queryByRole('button', { name: /^Mark paid/ })).toBeNull();
  });
});
