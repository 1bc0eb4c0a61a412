import type { PayeePayout } from '@centric/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { PayoutsView } from './payouts-view.tsx';

const OLIVIA: PayeePayout = {
  payee: { id: 'u2', fullName: 'Olivia Bennett' },
  type: 'WEALTH_ADVISOR_1',
  bills: 3,
  billed: '1500.00',
  collected: '750.00',
};
const FIRM: PayeePayout = {
  payee: { id: null, fullName: 'The firm' },
  type: 'FIRM',
  bills: 4,
  billed: '6000.50',
  collected: '6000.50',
};
const JORDAN: PayeePayout = {
  payee: { id: 'u4', fullName: 'Jordan Hayes' },
  type: 'BUSINESS_DEVELOPER',
  bills: 2,
  billed: '1000.00',
  collected: '1000.00',
};
const SAM: PayeePayout = {
  payee: { id: 'u3', fullName: 'Sam Ortiz' },
  type: 'SOLICITOR',
  bills: 1,
  billed: '0.00',
  collected: '0.00',
};

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** GET /api/billing/payouts answers `answers` in turn (the last one again after); the firm's zone is New York. */
const renderView = (path: string, answers: (() => Response)[]) => {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      if (url.startsWith('/api/health')) {
        return json(200, {
          statusCode: 200,
          message: 'ok',
          result: { status: 'ok', database: 'pglite', firmTimeZone: 'America/New_York' },
        });
      }
      if (url.startsWith('/api/billing/payouts?'))
        return (answers.length > 1 ? answers.shift() : answers[0])!();
      return json(404, { statusCode: 404, message: 'Not found.', result: null });
    }),
  );
  const { router } = renderWithProviders(<PayoutsView />, path);
  const payoutCalls = () =>
    calls
      .filter((url) => url.startsWith('/api/billing/payouts?'))
      .map((url) => Object.fromEntries(new URL(url, 'http://localhost').searchParams));
  const urlState = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
  return { payoutCalls, urlState };
};

const ok = (rows: PayeePayout[]) => () => json(200, { statusCode: 200, message: 'Success', result: rows });

// jsdom lays nothing out: the chart's container is given a size, as a browser would, so the chart draws.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('recharts-responsive-container')
      ? DOMRect.fromRect({ width: 800, height: 300 })
      : DOMRect.fromRect({ width: 0, height: 0 });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the payouts screen', { timeout: 30_000 }, () => {
  it('shows the last completed quarter by default: a row a payee, largest first, and the totals', async () => {
    // 2026-01-01 01:00 UTC is still 2025-12-31 in New York: the last completed quarter is Q3 2025.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-01T01:00:00Z') });
    const { payoutCalls, urlState } = renderView('/billing/payouts', [ok([OLIVIA, FIRM, SAM])]);
    const table = await screen.findByRole('table', { name: 'Payouts by payee' });
    vi.useRealTimers();
    expect(urlState()).toEqual({ from: '2025-07-01', to: '2025-09-30', basis: 'billed' });
    expect(payoutCalls().at(-1)).toEqual({ from: '2025-07-01', to: '2025-09-30', basis: 'billed' });
    expect(screen.getByText(/whose period ends 07\/01\/2025 – 09\/30\/2025/)).toBeInTheDocument();

    const [header, first, second, third, totals] = within(table).getAllByRole('row');
    expect(header).toHaveTextContent('PayeeTypeBillsBilledCollected% collected');
    expect(first).toHaveTextContent('The firmThe firm4$6,000.50$6,000.50100.0%');
    expect(second).toHaveTextContent('Olivia BennettWealth Advisor 13$1,500.00$750.0050.0%');
    expect(third).toHaveTextContent('Sam OrtizSolicitor1$0.00$0.00—');
    expect(totals).toHaveTextContent('Total$7,500.50$6,750.5090.0%');
    expect(screen.getByRole('status')).toHaveTextContent('3 payees');
    // The chart draws a bar pair a payee, named on its axis, with its legend.
    const chart = screen.getByRole('region', { name: 'Billed and collected by payee' });
    expect(within(chart).getByText('Olivia Bennett')).toBeInTheDocument();
    expect(within(chart).getByText('The firm')).toBeInTheDocument();
    expect(within(chart).getByText('Billed')).toBeInTheDocument();
    expect(within(chart).getByText('Collected')).toBeInTheDocument();
  });

  it('asks for the collected basis when toggled, keeps it in the URL and orders by it', async () => {
    const user = userEvent.setup();
    const { payoutCalls, urlState } = renderView('/billing/payouts?from=2026-04-01&to=2026-06-30', [
      ok([OLIVIA, JORDAN]),
    ]);
    const table = await screen.findByRole('table', { name: 'Payouts by payee' });
    expect(payoutCalls().at(-1)).toEqual({ from: '2026-04-01', to: '2026-06-30', basis: 'billed' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Olivia Bennett');

    await user.click(screen.getByRole('radio', { name: 'Collected' }));
    await waitFor(() => expect(urlState().basis).toBe('collected'));
    await waitFor(() =>
      expect(payoutCalls().at(-1)).toEqual({ from: '2026-04-01', to: '2026-06-30', basis: 'collected' }),
    );
    expect(screen.getByText(/Collected: the same, in proportion/)).toBeInTheDocument();
    // Largest collected first.
    const rows = within(screen.getByRole('table', { name: 'Payouts by payee' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Jordan Hayes');

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-09-30' } });
    await waitFor(() =>
      expect(payoutCalls().at(-1)).toEqual({ from: '2026-04-01', to: '2026-09-30', basis: 'collected' }),
    );
  });

  it('says when no locked bill ends in the period, and refuses a range that ends before it starts', async () => {
    const { payoutCalls } = renderView('/billing/payouts?from=2026-04-01&to=2026-06-30&basis=collected', [
      ok([]),
    ]);
    expect(await screen.findByRole('heading', { name: 'No locked bills end in this period.' })).toBeVisible();
    const asked = payoutCalls().length;

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    expect(await screen.findByText('Please enter a valid date range.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Choose a valid period' })).toBeInTheDocument();
    expect(payoutCalls()).toHaveLength(asked);
  });

  it('shows the server’s reason with Try again when the payouts cannot be loaded', async () => {
    const user = userEvent.setup();
    renderView('/billing/payouts?from=2026-04-01&to=2026-06-30', [
      () => json(500, { statusCode: 500, message: 'The billing database is unavailable.', result: null }),
      ok([OLIVIA]),
    ]);
    expect(await screen.findByText('The billing database is unavailable.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Payouts by payee' })).toBeInTheDocument();
  });
});
