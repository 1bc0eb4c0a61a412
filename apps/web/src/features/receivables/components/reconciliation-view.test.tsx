import { STATEMENT_MESSAGES, type StatementDifference } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubApi } from '../../../test/stub-api.ts';
import { ReceivablesView } from './receivables-view.tsx';

// The reconciliation tab decides: which differences it asks for (open by default, a flag), what each row says,
// and that a dispute needs a note before anything is sent. The rules themselves are the server's (its tests).

const SHORT: StatementDifference = {
  id: '66666666-6666-4666-8666-666666666666',
  provider: { id: 9, name: 'Prudential' },
  flag: 'SHORT_PAID',
  kind: 'RENEWAL',
  policyNumber: 'PRU-100',
  date: '2026-09-01',
  amount: '950.00',
  expected: '1000.00',
  difference: '50.00',
  ageDays: 87,
  statement: { id: '77777777-7777-4777-8777-777777777777', fileName: 'june.csv', lineNo: 4 },
  receivable: {
    id: '55555555-5555-4555-8555-555555555555',
    product: '20-Year Term Life',
    household: { id: '22222222-2222-4222-8222-222222222222', name: 'Lovelace Household' },
    paymentSequence: 3,
  },
  resolution: null,
  note: null,
  resolvedBy: null,
  resolvedAt: null,
};
const UNKNOWN: StatementDifference = {
  ...SHORT,
  id: '88888888-8888-4888-8888-888888888888',
  flag: 'UNKNOWN',
  policyNumber: 'PRU-999',
  expected: null,
  difference: '300.00',
  amount: '300.00',
  receivable: null,
};

const AGING = { d1to30: '0.00', d31to60: '0.00', d61to90: '350.00', over90: '0.00' };

const renderTab = (path = '/billing/receivables?tab=reconciliation&childTab=differences') => {
  const calls = stubApi(({ method, path: url, query }) => {
    if (url === '/api/health')
      return { result: { status: 'ok', database: 'pglite', firmTimeZone: 'America/New_York' } };
    if (method === 'POST' && url.endsWith('/resolve'))
      return {
        message: STATEMENT_MESSAGES.resolved.dispute,
        result: { ...SHORT, resolution: 'DISPUTED', note: 'Asked the carrier.' },
      };
    if (url === '/api/statement-differences/aging')
      return {
        result: {
          providers: [{ provider: { id: 9, name: 'Prudential' }, count: 2, total: '350.00', buckets: AGING }],
          total: { count: 2, total: '350.00', buckets: AGING },
        },
      };
    if (url === '/api/statement-differences') {
      const rows = query.get('flag') === 'UNKNOWN' ? [UNKNOWN] : [SHORT, UNKNOWN];
      return { result: rows, totalResults: rows.length };
    }
    return undefined;
  });
  renderWithProviders(<ReceivablesView canWrite canDelete={false} />, path);
  const differenceCalls = () =>
    calls
      .filter((c) => c.method === 'GET' && c.path === '/api/statement-differences')
      .map((c) => Object.fromEntries(c.query));
  return { calls, differenceCalls };
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the reconciliation tab', { timeout: 30_000 }, () => {
  it('lists the open differences, each with what was paid, expected and in question; a flag narrows them', async () => {
    const { differenceCalls } = renderTab();
    const table = await screen.findByRole('table', { name: 'Statement differences' });
    expect(differenceCalls().at(-1)).toMatchObject({ status: 'open', page: '1', limit: '10' });
    const short = within(table).getByRole('row', { name: /PRU-100/ });
    expect(short).toHaveTextContent('Short-paid');
    expect(short).toHaveTextContent('$950.00');
    expect(short).toHaveTextContent('$1,000.00');
    expect(short).toHaveTextContent('$50.00');
    expect(short).toHaveTextContent('Lovelace Household, payment 3');
    expect(within(table).getByRole('row', { name: /PRU-999/ })).toHaveTextContent('Not on the book');

    await userEvent.click(screen.getByRole('combobox', { name: 'Flag' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Unknown' }));
    await waitFor(() => expect(differenceCalls().at(-1)).toMatchObject({ flag: 'UNKNOWN' }));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /PRU-100/ })).toBeNull());
  });

  it('a dispute needs a note before it is sent; then it is sent with it', async () => {
    const { calls } = renderTab();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Resolve the short-paid line of PRU-100' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Resolve: Short-paid' });
    expect(dialog).toHaveTextContent('Prudential paid $950.00 of $1,000.00');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Dispute' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dispute' }));
    expect(await within(dialog).findByText(STATEMENT_MESSAGES.noteRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/resolve'))).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Asked the carrier.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dispute' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/resolve'))).toMatchObject({
        method: 'POST',
        path: `/api/statement-differences/${SHORT.id}/resolve`,
        body: { action: 'dispute', note: 'Asked the carrier.' },
      }),
    );
  });

  it('ages the open differences by provider; a provider opens its differences', async () => {
    const { differenceCalls } = renderTab('/billing/receivables?tab=reconciliation&childTab=aging');
    const table = await screen.findByRole('table', { name: 'Open differences by provider' });
    expect(within(table).getByRole('row', { name: /Prudential/ })).toHaveTextContent('$350.00');
    await userEvent.click(within(table).getByRole('button', { name: /Prudential/ }));
    await screen.findByRole('table', { name: 'Statement differences' });
    await waitFor(() => expect(differenceCalls().at(-1)).toMatchObject({ providerId: '9', status: 'open' }));
    expect(screen.getByText('Provider: Prudential')).toBeInTheDocument();
  });
});
