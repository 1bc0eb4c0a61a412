import { type AccountBilling, BILLING_SETUP_MESSAGES } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  HOUSEHOLD,
  OTHER_HOUSEHOLD,
  SCHEDULE,
  accountFixture,
  envelope,
  rowOf,
  signIn,
  stubApi,
} from '../../../features/billing-accounts/test-fixtures.ts';
import { BILL_ID, billDetailFixture, billRowFixture } from '../../../features/billing-runs/test-fixtures.ts';
import { makeUser, renderRoutes } from '../../../test/render.tsx';
import { startFullSession } from '../../../lib/session.ts';
import { ACCOUNT_TABS, BillingAccountScreen, accountTabOf } from './account.tsx';

const ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';
const TRUST_ID = '00000000-0000-4000-8000-000000000009';

const ACCOUNT = accountFixture(1, { registrationName: 'Betty Adams IRA', custodianNumber: '****1234' });

/** An open account of another household, as the payer search answers it. */
const TRUST_ROW = rowOf(
  accountFixture(9, {
    clientId: OTHER_HOUSEHOLD,
    household: 'Baker, Carl',
    registrationName: 'Family Trust',
    custodianNumber: '****9999',
  }),
);

const HOLDINGS = {
  date: '2026-11-25',
  asOf: '2026-09-30',
  marketValue: '250000.00',
  positions: [
    {
      product: {
        id: 'p1',
        name: 'Vanguard Total Stock Market ETF',
        symbol: 'VTI',
        cusip: null,
        productType: 'ETF',
        assetClass: 'Equity',
      },
      quantity: '1000',
      price: '250.00',
      priceDate: '2026-11-24',
      marketValue: '250000.00',
      weight: '100.00',
    },
  ],
  snapshots: ['2026-09-30', '2026-06-30'],
};

/** The account page signed in; each PUT answers the next of `saves`, and the account reads back what it saved. */
const renderAccount = ({
  account = ACCOUNT,
  path = `/billing/accounts/${ACCOUNT_ID}`,
  canWrite = true,
  saves = [],
}: { account?: AccountBilling; path?: string; canWrite?: boolean; saves?: Response[] } = {}) => {
  signIn({ canWrite });
  let current = account;
  const { calls, fetchStub } = stubApi(async (method, path) => {
    if (method === 'GET' && path === `/api/billing/accounts/${ACCOUNT_ID}`)
      return envelope(200, 'Success', current);
    if (method === 'GET' && path === '/api/billing/accounts')
      return envelope(200, 'Success', [rowOf(account), TRUST_ROW], { totalResults: 2 });
    if (method === 'GET' && path === `/api/accounts/${ACCOUNT_ID}/holdings`)
      return envelope(200, 'Success', HOLDINGS);
    if (method === 'GET' && path === '/api/billing-logs')
      return envelope(200, 'Success', LOG_ROWS, { totalResults: LOG_ROWS.length });
    if (method === 'GET' && path === `/api/billing/accounts/${ACCOUNT_ID}/live-bills`)
      return envelope(200, 'Success', [billRowFixture({ liveBillSeq: null })]);
    if (method === 'GET' && path === `/api/bills/${BILL_ID}`)
      return envelope(200, 'Success', billDetailFixture());
    if (method === 'GET' && path === '/api/fee-schedules')
      return envelope(200, 'Success', [SCHEDULE], { totalResults: 1 });
    if (method === 'PUT' && path === `/api/billing/accounts/${ACCOUNT_ID}/billing`) {
      const answer = saves.shift() ?? envelope(500, 'No answer.', null);
      if (answer.ok) current = ((await answer.clone().json()) as { result: AccountBilling }).result;
      return answer;
    }
    return undefined;
  });
  vi.stubGlobal('fetch', vi.fn(fetchStub));
  const { router } = renderRoutes(
    [
      { path: '/billing/accounts/:accountId', element: <BillingAccountScreen /> },
      { path: '*', element: null },
    ],
    [path],
  );
  const search = () => new URLSearchParams(router.state.location.search);
  return { calls, search, puts: () => calls.filter((c) => c.method === 'PUT') };
};

const billingTab = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('tab', { name: 'Billing' }));
  return screen.findByRole('form', { name: 'Account billing' });
};

describe('accountTabOf', () => {
  it('reads the spec’s index, and falls back to General for anything not built or unknown', () => {
    expect(accountTabOf('1')).toBe(1);
    expect(accountTabOf('2')).toBe(2);
    expect(accountTabOf(null)).toBe(0);
    expect(accountTabOf('3')).toBe(3);
    expect(accountTabOf('4')).toBe(4);
    expect(accountTabOf('7')).toBe(0);
    expect(accountTabOf('6')).toBe(6);
    expect(accountTabOf('general')).toBe(0);
    expect(accountTabOf('1.5')).toBe(0);
    expect(ACCOUNT_TABS.map((tab) => [tab.index, tab.label])).toEqual([
      [0, 'General'],
      [1, 'Billing'],
      [2, 'This Account Pays For'],
      [3, 'Payout Blocks'],
      [4, 'Account Live Bill'],
      [5, 'Logs'],
      [6, 'Account Holdings'],
    ]);
  });
});

describe('the account billing page', { timeout: 30_000 }, () => {
  it('opens on General with its header, writing the tab and household into the URL', async () => {
    const { search } = renderAccount({ path: `/billing/accounts/${ACCOUNT_ID}?tab=7` });
    expect(await screen.findByRole('heading', { name: 'Betty Adams IRA' })).toBeInTheDocument();
    await waitFor(() => expect(search().get('tab')).toBe('0'));
    expect(search().get('clientId')).toBe(HOUSEHOLD);
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'General',
      'Billing',
      'This Account Pays For',
      'Payout Blocks',
      'Account Live Bill',
      'Logs',
      'Account Holdings',
    ]);
    expect(screen.getByRole('link', { name: 'Accounts' })).toHaveAttribute('href', '/billing/accounts');
    expect(screen.getByRole('link', { name: 'Adams, Betty' })).toHaveAttribute(
      'href',
      `/billing/households/${HOUSEHOLD}`,
    );
    expect(screen.getAllByText('U-00012').length).toBeGreaterThan(0);
    expect(screen.getByText('****1234')).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
    // The fee setting at a glance.
    expect(screen.getByText('Standard tiered')).toBeInTheDocument();
    expect(screen.getByText('Period end value')).toBeInTheDocument();
    expect(screen.getByText('01/01/2026')).toBeInTheDocument();
    expect(screen.getByText('The household, from its ACH bank account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'U-00012 · Adams, Betty' })).toHaveAttribute(
      'href',
      `/billing/households/${HOUSEHOLD}`,
    );
  });

  it('INDIRECT needs the paying account, and switching away hides it', async () => {
    const user = userEvent.setup();
    const { puts } = renderAccount();
    const form = await billingTab(user);
    const save = within(form).getByRole('button', { name: 'Save billing' });
    expect(save).toBeDisabled();
    expect(within(form).queryByRole('combobox', { name: /Fee-paying account/ })).not.toBeInTheDocument();

    await user.click(within(form).getByRole('radio', { name: 'Indirect' }));
    expect(within(form).getByRole('combobox', { name: /Fee-paying account/ })).toBeInTheDocument();
    expect(save).toBeEnabled();
    await user.click(save);
    expect(
      await within(form).findByText(BILLING_SETUP_MESSAGES.feePayingAccountRequired),
    ).toBeInTheDocument();
    expect(puts()).toHaveLength(0);

    await user.click(within(form).getByRole('radio', { name: 'ACH' }));
    expect(within(form).queryByRole('combobox', { name: /Fee-paying account/ })).not.toBeInTheDocument();
    expect(within(form).queryByText(BILLING_SETUP_MESSAGES.feePayingAccountRequired)).not.toBeInTheDocument();
    expect(save).toBeDisabled();
  });

  it('puts the server’s refusal on the paying account, then saves the setting', async () => {
    const user = userEvent.setup();
    const saved: AccountBilling = {
      ...ACCOUNT,
      payMethod: 'INDIRECT',
      frequency: 'MONTHLY',
      startDate: '2026-04-01',
      feePayingAccount: {
        id: TRUST_ID,
        registrationName: 'Family Trust',
        clientId: OTHER_HOUSEHOLD,
        household: 'Baker, Carl',
      },
    };
    const { puts } = renderAccount({
      saves: [
        envelope(400, BILLING_SETUP_MESSAGES.feePayingAccountPaysOthers, null, {
          errors: [
            { field: 'feePayingAccountId', message: BILLING_SETUP_MESSAGES.feePayingAccountPaysOthers },
          ],
        }),
        envelope(200, BILLING_SETUP_MESSAGES.billingUpdated, saved),
      ],
    });
    const form = await billingTab(user);
    await user.click(within(form).getByRole('radio', { name: 'Indirect' }));
    const picker = within(form).getByRole('combobox', { name: /Fee-paying account/ });
    await user.click(picker);
    // The account itself first, then the open accounts the search found (itself left out of them).
    const options = await screen.findAllByRole('option');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Betty Adams IRA (this account)',
        'Family Trust · Baker, Carl (****9999)',
      ]),
    );
    expect(options[0]).toHaveTextContent('Betty Adams IRA (this account)');
    await user.click(screen.getByRole('option', { name: 'Family Trust · Baker, Carl (****9999)' }));

    await user.click(within(form).getByRole('combobox', { name: 'Frequency' }));
    await user.click(await screen.findByRole('option', { name: 'Monthly' }));
    const start = within(form).getByLabelText(/Start date/);
    await user.clear(start);
    await user.type(start, '2026-04-01');

    await user.click(within(form).getByRole('button', { name: 'Save billing' }));
    const errors = await within(form).findAllByText(BILLING_SETUP_MESSAGES.feePayingAccountPaysOthers);
    expect(errors.length).toBeGreaterThan(0);
    expect(picker).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(form).getByRole('button', { name: 'Save billing' }));
    expect(await screen.findByText(BILLING_SETUP_MESSAGES.billingUpdated)).toBeInTheDocument();
    expect(puts().map((c) => c.body)).toEqual([
      {
        feeScheduleId: SCHEDULE.id,
        payMethod: 'INDIRECT',
        frequency: 'MONTHLY',
        timing: 'ARREARS',
        startDate: '2026-04-01',
        feePayingAccountId: TRUST_ID,
      },
      {
        feeScheduleId: SCHEDULE.id,
        payMethod: 'INDIRECT',
        frequency: 'MONTHLY',
        timing: 'ARREARS',
        startDate: '2026-04-01',
        feePayingAccountId: TRUST_ID,
      },
    ]);
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save billing' })).toBeDisabled());
    expect(within(form).getByRole('radio', { name: 'Indirect' })).toBeChecked();
    expect(picker).toHaveValue('Family Trust · Baker, Carl (****9999)');
  });

  it('pays through itself: the account is its own first option', async () => {
    const user = userEvent.setup();
    const { puts } = renderAccount({
      saves: [envelope(200, BILLING_SETUP_MESSAGES.billingUpdated, { ...ACCOUNT, payMethod: 'INDIRECT' })],
    });
    const form = await billingTab(user);
    await user.click(within(form).getByRole('radio', { name: 'Indirect' }));
    await user.click(within(form).getByRole('combobox', { name: /Fee-paying account/ }));
    await user.click(await screen.findByRole('option', { name: 'Betty Adams IRA (this account)' }));
    await user.click(within(form).getByRole('button', { name: 'Save billing' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toMatchObject({ payMethod: 'INDIRECT', feePayingAccountId: ACCOUNT_ID });
  });

  it('checks the start date with the contract’s message', async () => {
    const user = userEvent.setup();
    const { puts } = renderAccount();
    const form = await billingTab(user);
    await user.clear(within(form).getByLabelText(/Start date/));
    await user.click(within(form).getByRole('button', { name: 'Save billing' }));
    expect(await within(form).findByText(BILLING_SETUP_MESSAGES.startDateRequired)).toBeInTheDocument();
    expect(puts()).toHaveLength(0);
  });

  it('lists the accounts it pays for, with links', async () => {
    renderAccount({
      path: `/billing/accounts/${ACCOUNT_ID}?clientId=${HOUSEHOLD}&tab=2`,
      account: {
        ...ACCOUNT,
        payMethod: 'INDIRECT',
        feePayingAccount: {
          id: ACCOUNT_ID,
          registrationName: 'Betty Adams IRA',
          clientId: HOUSEHOLD,
          household: 'Adams, Betty',
        },
        paysFor: [
          {
            id: TRUST_ID,
            registrationName: 'Family Trust',
            clientId: OTHER_HOUSEHOLD,
            household: 'Baker, Carl',
          },
        ],
      },
    });
    const table = await screen.findByRole('table', { name: 'Accounts this account pays for' });
    expect(within(table).getByRole('link', { name: 'Family Trust' })).toHaveAttribute(
      'href',
      `/billing/accounts/${TRUST_ID}?clientId=${OTHER_HOUSEHOLD}`,
    );
    expect(within(table).getByRole('link', { name: 'Baker, Carl' })).toHaveAttribute(
      'href',
      `/billing/households/${OTHER_HOUSEHOLD}`,
    );
  });

  it('says so when it pays for no other account', async () => {
    renderAccount({ path: `/billing/accounts/${ACCOUNT_ID}?tab=2` });
    expect(await screen.findByText('This account pays for no other account')).toBeInTheDocument();
    expect(
      screen.getByText('It pays no fee through the custodian: no account has it as its fee-paying account.'),
    ).toBeInTheDocument();
  });

  it('shows the fee setting read-only without billingAccounts write', async () => {
    const user = userEvent.setup();
    renderAccount({ canWrite: false });
    const form = await billingTab(user);
    expect(
      within(form).getByText(/changing it needs permission to write Billing Accounts/),
    ).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Save billing' })).not.toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'ACH' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'Indirect' })).toBeDisabled();
    expect(within(form).getByLabelText(/Start date/)).toHaveAttribute('readonly');
  });

  it('says when the account does not exist', async () => {
    startFullSession({ token: 'full-token', sso: false, user: makeUser() });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(404, BILLING_SETUP_MESSAGES.accountNotFound, null)),
    );
    renderRoutes(
      [{ path: '/billing/accounts/:accountId', element: <BillingAccountScreen /> }],
      [`/billing/accounts/${ACCOUNT_ID}`],
    );
    expect(await screen.findByRole('heading', { name: 'Account not found' })).toBeInTheDocument();
  });
});

describe('the account holdings tab', () => {
  it('shows what the account holds today, from its latest snapshot, with the snapshots to choose from', async () => {
    renderAccount({ path: `/billing/accounts/${ACCOUNT_ID}?tab=6` });
    expect(await screen.findByText('Vanguard Total Stock Market ETF')).toBeInTheDocument();
    expect(
      screen.getByText(/\$250,000\.00 on 11\/25\/2026, from the snapshot of 09\/30\/2026/),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Account Holdings' })).toHaveAttribute('aria-selected', 'true');
  });
});

const LOG_ROWS = [
  {
    id: 41,
    occurredAt: '2026-11-20T15:00:00.000Z',
    actorId: null,
    actorEmail: 'grace.lee@centric.local',
    action: 'UPDATE',
    entity: 'billingAccount',
    entityId: ACCOUNT_ID,
    before: { payMethod: 'UNASSIGNED' },
    after: { payMethod: 'ACH' },
    requestId: null,
    ip: null,
  },
];

describe('the account logs tab', () => {
  it("asks for this account's billing log and shows its entries", async () => {
    const { calls } = renderAccount({ path: `/billing/accounts/${ACCOUNT_ID}?tab=5` });
    expect(await screen.findByText('grace.lee@centric.local')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Logs' })).toHaveAttribute('aria-selected', 'true');
    const asked = calls.find((call) => call.url.startsWith('/api/billing-logs'));
    expect(new URL(asked!.url, 'http://x').searchParams.get('accountId')).toBe(ACCOUNT_ID);
    expect(screen.getByText('1 entry')).toBeInTheDocument();
  });
});

describe('the account live bill tab', () => {
  it("lists the account's live bills, each opening its explanation", async () => {
    const user = userEvent.setup();
    renderAccount({ path: `/billing/accounts/${ACCOUNT_ID}?tab=4` });
    const table = await screen.findByRole('table', { name: 'Live bills' });
    expect(screen.getByRole('tab', { name: 'Account Live Bill' })).toHaveAttribute('aria-selected', 'true');
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByRole('link', { name: 'Run 12' })).toHaveAttribute(
      'href',
      '/billing/billingInstances/7a1c2e3f-1111-4a4a-8b8b-000000000001',
    );
    await user.click(within(row!).getByRole('button', { name: '101' }));
    const drawer = await screen.findByRole('dialog', { name: 'Bill 101: Adams, Betty' });
    expect(await within(drawer).findByText('$1,000,000.00 at 1.00% = $10,000.00')).toBeInTheDocument();
  });
});
