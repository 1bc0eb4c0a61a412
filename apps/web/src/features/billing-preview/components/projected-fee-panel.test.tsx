import type { ProjectedFee } from '@centric/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProjectedFeePanel } from './projected-fee-panel.tsx';

const CLIENT_ID = '0b6f3a52-3c1e-4d8a-9b7e-5f2a1c9d8e01';

const envelope = (status: number, message: string, result: unknown) =>
  new Response(JSON.stringify({ statusCode: status, message, result }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const FEE: ProjectedFee = {
  asOf: '2026-11-25',
  amount: '1165.76',
  groups: [
    {
      schedule: { id: 's1', name: 'Standard AUM', type: 'PERCENTAGE' },
      billableValue: '500000.00',
      annualAmount: '5000.00',
      lines: [{ minimum: '0.00', maximum: '500000.00', base: '500000.00', rate: '100', amount: '5000.00' }],
      periods: [
        {
          frequency: 'QUARTERLY',
          timing: 'ARREARS',
          periodStart: '2026-10-01',
          periodEnd: '2026-12-31',
          valuationDate: '2026-12-31',
          billableValue: '500000.00',
          annualShare: '5000.00',
          amount: '1165.76',
          accounts: [
            {
              id: 'a1',
              registrationName: 'Adams IRA',
              billableValue: '250000.00',
              excluded: '0.00',
              amount: '625.00',
              line: 'INDIRECT',
              paidBy: { id: 'a2', registrationName: 'Adams Joint' },
            },
            {
              id: 'a2',
              registrationName: 'Adams Joint',
              billableValue: '250000.00',
              excluded: '12500.00',
              amount: '540.76',
              line: 'DIRECT',
              paidBy: { id: 'a2', registrationName: 'Adams Joint' },
              split: [
                { id: 'a2', registrationName: 'Adams Joint', payPercent: '60', amount: '324.46' },
                { id: 'a4', registrationName: 'Adams Roth', payPercent: '40', amount: '216.30' },
              ],
            },
          ],
        },
      ],
    },
  ],
  skipped: [{ accountId: 'a3', registrationName: 'Adams Trust', reason: 'NO_FEE_SCHEDULE' }],
};

const stub = (answer: () => Response) => {
  const fetch = vi.fn(async (_input: RequestInfo | URL) => answer());
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

describe('ProjectedFeePanel', () => {
  it('shows the total, the tier lines, each account’s fee and payer, and the accounts left out', async () => {
    const fetch = stub(() => envelope(200, 'Success', FEE));
    renderWithProviders(<ProjectedFeePanel clientId={CLIENT_ID} />);
    expect(await screen.findByText('$1,165.76')).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`/api/billing/households/${CLIENT_ID}/projected-fee`);
    const tiers = screen.getByRole('table', { name: 'Tiers of Standard AUM' });
    expect(within(tiers).getByText('100 bps')).toBeInTheDocument();
    expect(within(tiers).getByText('$0 – $500,000')).toBeInTheDocument();
    const accounts = screen.getByRole('table', { name: 'Accounts billed 12/31/2026' });
    const ira = within(accounts).getByText('Adams IRA').closest('tr') as HTMLElement;
    expect(within(ira).getByText('Indirect')).toBeInTheDocument();
    expect(within(ira).getByText('Adams Joint')).toBeInTheDocument();
    expect(within(ira).getByText('$625.00')).toBeInTheDocument();
    // A fee split across account payees names each payee's exact share.
    const joint = within(accounts).getAllByText('Adams Joint')[1]!.closest('tr') as HTMLElement;
    expect(within(joint).getByText('Split')).toBeInTheDocument();
    expect(within(joint).getByText('after $12,500.00 excluded')).toBeInTheDocument();
    expect(within(ira).queryByText(/excluded/)).not.toBeInTheDocument();
    expect(within(joint).getByText('Adams Roth: 40% · $216.30')).toBeInTheDocument();
    expect(
      screen.getByText(/Quarterly in arrears, 10\/01\/2026 – 12\/31\/2026, valued on 12\/31\/2026/),
    ).toBeInTheDocument();
    expect(screen.getByText('Adams Trust: No fee schedule: not billed')).toBeInTheDocument();
  });

  it('says when nothing is billed yet, and shows an error with a retry', async () => {
    stub(() => envelope(200, 'Success', { ...FEE, amount: '0.00', groups: [], skipped: [] }));
    const { unmount } = renderWithProviders(<ProjectedFeePanel clientId={CLIENT_ID} />);
    expect(await screen.findByText(/No account of this unit is billed yet/)).toBeInTheDocument();
    unmount();
    stub(() => envelope(500, 'The fee engine refused the inputs.', null));
    renderWithProviders(<ProjectedFeePanel clientId={CLIENT_ID} />);
    expect(await screen.findByText('The projected fee could not be computed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
