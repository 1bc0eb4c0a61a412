import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { GeneralTab } from './general-tab.tsx';
import { ACCOUNT_ID, CLIENT_ID, unitFixture } from './test-fixtures.ts';

/** The tabs the page has: General, Team, Billing Information, Investment Accounts (no Payout Blocks yet). */
const tabHrefWithout =
  (...missing: number[]) =>
  (index: number) =>
    missing.includes(index) ? null : `/billing/households/${CLIENT_ID}?tab=${index}`;

const REQUIRING_ATTENTION = unitFixture({
  readiness: {
    billingStatus: 'REQUIRES_ATTENTION',
    blocked: true,
    billed: false,
    reasons: [
      {
        code: 'NO_FEE_SCHEDULE',
        kind: 'BLOCKS',
        message: 'John Carter IRA has no fee schedule.',
        accountId: ACCOUNT_ID,
      },
      {
        code: 'ACH_NO_BANK_ACCOUNT',
        kind: 'BLOCKS',
        message: 'John Carter IRA pays by ACH but the household has no ACH bank account.',
        accountId: null,
      },
      {
        code: 'PAYOUT_BELOW_100',
        kind: 'ATTENTION',
        message: 'The unit’s payout blocks total 80%: the remaining 20% goes to the firm.',
        accountId: null,
      },
    ],
    period: { start: '2026-04-01', end: '2026-06-30' },
    checkedAt: '2026-05-10T08:00:00.000Z',
  },
});

describe('the General tab', { timeout: 20_000 }, () => {
  it('groups the reasons by kind, each linking to where it is fixed', async () => {
    renderWithProviders(<GeneralTab unit={REQUIRING_ATTENTION} tabHref={tabHrefWithout()} />);

    expect(await screen.findByText('Period 04/01/2026 – 06/30/2026')).toBeInTheDocument();
    const blocks = screen.getByRole('region', { name: 'Blocks billing' });
    expect(within(blocks).getByText('Bill runs skip this unit until these are fixed.')).toBeInTheDocument();
    expect(
      within(blocks).getByRole('link', { name: 'John Carter IRA has no fee schedule.' }),
    ).toHaveAttribute('href', `/billing/accounts/${ACCOUNT_ID}?clientId=${CLIENT_ID}&tab=1`);
    expect(within(blocks).getByRole('link', { name: /has no ACH bank account/ })).toHaveAttribute(
      'href',
      `/billing/households/${CLIENT_ID}?tab=4`,
    );

    const attention = screen.getByRole('region', { name: 'Needs attention' });
    expect(within(attention).getByText(/still billed/)).toBeInTheDocument();
    expect(within(attention).getByRole('link', { name: /payout blocks total 80%/ })).toHaveAttribute(
      'href',
      `/billing/households/${CLIENT_ID}?tab=3`,
    );
    expect(within(attention).queryByText(/has no fee schedule/)).not.toBeInTheDocument();
    expect(screen.queryByText('Ready to bill')).not.toBeInTheDocument();
    expect(screen.getByText(/^Checked /)).toBeInTheDocument();
  });

  it('leaves a reason unlinked when the tab that fixes it is not on the page', async () => {
    renderWithProviders(<GeneralTab unit={REQUIRING_ATTENTION} tabHref={tabHrefWithout(3)} />);
    const attention = await screen.findByRole('region', { name: 'Needs attention' });
    expect(within(attention).getByText(/payout blocks total 80%/)).toBeInTheDocument();
    expect(within(attention).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says the unit is ready to bill when nothing stands in the way, beside its billing information', async () => {
    renderWithProviders(<GeneralTab unit={unitFixture()} tabHref={tabHrefWithout()} />);
    expect(await screen.findByText('Ready to bill')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Blocks billing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Needs attention' })).not.toBeInTheDocument();

    const billing = screen.getByRole('region', { name: 'Billing information' });
    expect(within(billing).getByText('John Carter')).toBeInTheDocument();
    expect(within(billing).getByText('Indirect')).toBeInTheDocument();
    expect(within(billing).getByText('Quarterly')).toBeInTheDocument();
    expect(within(billing).getByText('Arrears')).toBeInTheDocument();
    expect(within(billing).getByText('01/01/2026')).toBeInTheDocument();
    expect(within(billing).getByText('4 (3 open)')).toBeInTheDocument();
  });
});
