import { AUTH_MESSAGES, type Feature } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ID,
  accountFixture,
  CLIENT_ID,
  envelope,
  householdFixture,
  stubApi,
  unitFixture,
} from '../../../features/billing-household/components/test-fixtures.ts';
import { BILL_ID, billDetailFixture, billRowFixture } from '../../../features/billing-runs/test-fixtures.ts';
import { startFullSession } from '../../../lib/session.ts';
import { makeUser, permissions, renderRoutes } from '../../../test/render.tsx';
import { BillingHouseholdScreen, billingHouseholdTabOf } from './household.tsx';

const OTHER_ACCOUNT_ID = '2b0c7a4e-2222-4b4a-8f00-000000000002';
const PAYER_ID = '2b0c7a4e-3333-4b4a-8f00-000000000003';
const OTHER_CLIENT_ID = '0b5c6f1e-3c1d-4f3a-9a52-7f1f1d2b9c02';

const ACCOUNTS = [
  accountFixture(),
  accountFixture({
    accountId: OTHER_ACCOUNT_ID,
    registrationName: 'Mary Carter Roth',
    custodianNumber: '****8765',
    feeSchedule: null,
    payMethod: 'INDIRECT',
    timing: 'ADVANCE',
    feePayingAccount: {
      id: PAYER_ID,
      registrationName: 'Hughes Family Trust',
      clientId: OTHER_CLIENT_ID,
      household: 'Hughes Household',
    },
  }),
];

const valuation = {
  date: '2026-05-10',
  totalValue: '1250000.00',
  accounts: [{ id: ACCOUNT_ID, marketValue: '1250000.00' }],
  allocation: [],
};

/** The page at `url`, signed in with `denied` features unreadable; the unit answers `unit` (404 when null). */
const renderAt = (url: string, { denied = [], unit = true }: { denied?: Feature[]; unit?: boolean } = {}) => {
  startFullSession({
    token: 'full-token',
    sso: false,
    user: makeUser({ userPermission: permissions(Object.fromEntries(denied.map((f) => [f, true]))) }),
  });
  const api = stubApi({
    [`GET /api/billing/households/${CLIENT_ID}`]: unit
      ? envelope(200, 'Success', unitFixture())
      : envelope(404, 'Household not found.', null),
    [`GET /api/clients/${CLIENT_ID}`]: envelope(200, 'Success', householdFixture()),
    'GET /api/billing/accounts': envelope(200, 'Success', ACCOUNTS, { totalResults: ACCOUNTS.length }),
    'GET /api/billing-logs': envelope(200, 'Success', [], { totalResults: 0 }),
    [`GET /api/billing/households/${CLIENT_ID}/live-bills`]: envelope(200, 'Success', [
      billRowFixture({ clientId: CLIENT_ID }),
    ]),
    [`GET /api/bills/${BILL_ID}`]: envelope(200, 'Success', billDetailFixture({ clientId: CLIENT_ID })),
    [`GET /api/accounts/${ACCOUNT_ID}/holdings`]: envelope(200, 'Success', {
      date: '2026-05-10',
      asOf: null,
      marketValue: '0.00',
      positions: [],
      snapshots: [],
    }),
    [`GET /api/clients/${CLIENT_ID}/managed-accounts`]: (): Response =>
      envelope(200, 'Success', {
        ...valuation,
        accounts: valuation.accounts.map((a) => ({ ...managedAccount(), ...a })),
      }),
  });
  const rendered = renderRoutes(
    [{ path: '/billing/households/:clientId', element: <BillingHouseholdScreen /> }],
    [url],
  );
  return { ...rendered, ...api };
};

/** An account as the managed-accounts valuation answers it. */
const managedAccount = () => ({
  id: ACCOUNT_ID,
  clientId: CLIENT_ID,
  registrationName: 'John Carter IRA',
  registrationType: null,
  custodian: 'Schwab',
  custodianNumber: '****4321',
  accountObjective: null,
  startDate: '2026-01-01',
  status: 'OPEN',
  closedOn: null,
  owners: [],
  reviewStatus: 'READY',
  reviewReasons: [],
  reviewSnoozedUntil: null,
  payMethod: 'ACH',
  billingFrequency: 'QUARTERLY',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  asOf: '2026-05-09',
  marketValue: '0',
  unpricedCount: 0,
});

const search = (router: { state: { location: { search: string } } }) => router.state.location.search;

describe('the billing unit page', { timeout: 30_000 }, () => {
  it('writes the default tab=0 into the URL and shows the unit in its header', async () => {
    const { router } = renderAt(`/billing/households/${CLIENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Carter Household', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(search(router)).toBe('?tab=0'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('U-00012')).toBeInTheDocument();
    expect(screen.getByText('Active')).toHaveTextContent('Household status: Active');
    // The header's badge (the General tab says it too).
    expect(screen.getAllByText('Ready to bill').map((el) => el.textContent)).toContain(
      'Billing status: Ready to bill',
    );
    expect(screen.getByRole('link', { name: 'Open household' })).toHaveAttribute(
      'href',
      `/client-detail/${CLIENT_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Units' })).toHaveAttribute('href', '/billing/households');
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'General',
      'Team',
      'Financial Planning Fees',
      'Payout Blocks',
      'Billing Information',
      'Investment Accounts',
      'Exclude Assets',
      'Unit Live Bill',
      'Logs',
      'Account Holdings',
    ]);
  });

  it('falls back to General for a tab index the page does not have', async () => {
    const { router } = renderAt(`/billing/households/${CLIENT_ID}?tab=10`);
    await waitFor(() => expect(search(router)).toBe('?tab=0'));
    expect(await screen.findByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    expect(billingHouseholdTabOf('99').index).toBe(0);
    expect(billingHouseholdTabOf('5').label).toBe('Investment Accounts');
    expect(billingHouseholdTabOf('7').label).toBe('Unit Live Bill');
  });

  it('moves between tabs with the keyboard, keeping the index in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderAt(`/billing/households/${CLIENT_ID}?tab=0`);
    await user.click(await screen.findByRole('tab', { name: 'General' }));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(search(router)).toBe('?tab=1'));
    expect(screen.getByRole('tab', { name: 'Team' })).toHaveFocus();
    expect(await screen.findByText('Olivia Bennett')).toBeInTheDocument();
    expect(screen.getByText('Wealth Advisor 1')).toBeInTheDocument();
    expect(screen.getAllByText('Not assigned')).toHaveLength(5);
  });

  it("lists the household's accounts with their fee settings, who pays and their value today", async () => {
    renderAt(`/billing/households/${CLIENT_ID}?tab=5`);
    const table = await screen.findByRole('table', { name: 'Investment accounts' });
    const [, first, second] = within(table).getAllByRole('row');
    if (!first || !second) throw new Error('two rows expected');
    expect(within(first).getByRole('link', { name: 'John Carter IRA' })).toHaveAttribute(
      'href',
      `/billing/accounts/${ACCOUNT_ID}?clientId=${CLIENT_ID}`,
    );
    expect(first).toHaveTextContent('Schwab · ****4321');
    expect(first).toHaveTextContent('Standard AUM');
    expect(await within(first).findByText('$1,250,000.00')).toBeInTheDocument();

    expect(within(second).getByText('No fee schedule')).toBeInTheDocument();
    expect(second).toHaveTextContent('Indirect');
    expect(second).toHaveTextContent('Advance');
    expect(within(second).getByRole('link', { name: 'Hughes Family Trust' })).toHaveAttribute(
      'href',
      `/billing/accounts/${PAYER_ID}?clientId=${OTHER_CLIENT_ID}`,
    );
    expect(second).toHaveTextContent('Hughes Household');
  });

  it('says a tab is not accessible without read on what it shows, and leaves out the values', async () => {
    const { router, calls } = renderAt(`/billing/households/${CLIENT_ID}?tab=1`, {
      denied: ['clients', 'managedAccounts'],
    });
    expect(await screen.findByText(AUTH_MESSAGES.noSectionPermission)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open household' })).not.toBeInTheDocument();

    await router.navigate(`/billing/households/${CLIENT_ID}?tab=5`);
    const table = await screen.findByRole('table', { name: 'Investment accounts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).not.toContain('Value today');
    expect(
      calls.some((call) => call.url.includes('managed-accounts') || call.url.startsWith('/api/clients')),
    ).toBe(false);
  });

  it('shows "Billing unit not found" for a household that does not exist', async () => {
    renderAt(`/billing/households/${CLIENT_ID}`, { unit: false });
    expect(await screen.findByRole('heading', { name: 'Billing unit not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to units' })).toHaveAttribute(
      'href',
      '/billing/households',
    );
  });

  it("lists the unit's live bills on the Unit Live Bill tab, each opening its explanation", async () => {
    const user = userEvent.setup();
    renderAt(`/billing/households/${CLIENT_ID}?tab=7`);
    const table = await screen.findByRole('table', { name: 'Live bills' });
    expect(screen.getByRole('tab', { name: 'Unit Live Bill' })).toHaveAttribute('aria-selected', 'true');
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('3');
    expect(row).toHaveTextContent('04/01/2026');
    expect(row).toHaveTextContent('06/30/2026');
    expect(row).toHaveTextContent('$2,500.00');
    expect(row).toHaveTextContent('Grace Lee');
    await user.click(within(row!).getByRole('button', { name: '101' }));
    const drawer = await screen.findByRole('dialog', { name: 'Bill 101: Adams, Betty' });
    expect(await within(drawer).findByText('$1,000,000.00 at 1.00% = $10,000.00')).toBeInTheDocument();
  });

  it('says the Unit Live Bill tab needs Billing Instances', async () => {
    renderAt(`/billing/households/${CLIENT_ID}?tab=7`, { denied: ['billingInstances'] });
    expect(await screen.findByText(/You do not have permission/)).toBeInTheDocument();
  });

  it("asks for this unit's billing log on the Logs tab", async () => {
    const { calls } = renderAt(`/billing/households/${CLIENT_ID}?tab=8`);
    expect(await screen.findByText('No billing changes are recorded for this unit yet.')).toBeInTheDocument();
    const asked = calls.find((call) => call.url.startsWith('/api/billing-logs'));
    expect(new URL(asked!.url, 'http://x').searchParams.get('clientId')).toBe(CLIENT_ID);
  });

  it('shows the holdings of the first account on the Account Holdings tab, with the accounts to choose from', async () => {
    renderAt(`/billing/households/${CLIENT_ID}?tab=9`);
    expect(await screen.findByDisplayValue('John Carter IRA · $1,250,000.00')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'No holdings are recorded on or before this day: the account is billed at zero.',
      ),
    ).toBeInTheDocument();
  });
});
