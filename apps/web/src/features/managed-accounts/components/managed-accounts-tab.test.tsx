import { ACCOUNT_MESSAGES } from '@centric/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountFixture,
  ANN_ID,
  type Call,
  CLIENT_ID,
  detail,
  householdAnswers,
  renderTab,
  stubDocumentFonts,
  VALUATION,
} from './test-managed-accounts.ts';

const brokerage = accountFixture({ id: 'a-1' });
const PRODUCT_ID = '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';
const ira = accountFixture({
  id: 'a-2',
  registrationName: 'Ann Carter IRA',
  registrationType: { id: 3, name: 'Retirement' },
  custodian: 'Fidelity',
  custodianNumber: '****0099',
  owners: [{ memberId: ANN_ID, fullName: 'Ann Carter', role: 'OWNER' }],
  status: 'CLOSED',
  closedOn: '2026-02-28',
  reviewStatus: 'NEEDS_REVIEW',
  reviewReasons: ['UNPRICED_HOLDINGS'],
  asOf: '2026-02-27',
  marketValue: '100000',
  unpricedCount: 2,
});

const householdApi = (accounts = [brokerage, ira], extra?: Parameters<typeof householdAnswers>[1]) =>
  householdAnswers(accounts, extra);

beforeAll(stubDocumentFonts);

const accountsTable = () => screen.getByRole('table', { name: 'Accounts' });

describe('ManagedAccountsTab', () => {
  it('shows the empty state with Add account when the household has no account yet', async () => {
    renderTab(householdApi([]));
    expect(await screen.findByText('No managed accounts yet')).toBeInTheDocument();
    expect(screen.getByText(/Add the household's first account/)).toBeInTheDocument();
    expect(screen.getByText('$0.00')).toBeInTheDocument();
    expect(screen.getByText('0 accounts')).toBeInTheDocument();
    // The header's button and the empty state's.
    expect(screen.getAllByRole('button', { name: 'Add account' })).toHaveLength(2);
    // Nothing to chart, no transactions section without an account.
    expect(screen.queryByText('Allocation by asset class')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Transactions' })).not.toBeInTheDocument();
  });

  it('offers no Add account to a user who may only read', async () => {
    renderTab(householdApi([]), { write: true, delete: true });
    expect(await screen.findByText('This household has no managed accounts.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add account' })).not.toBeInTheDocument();
  });

  it('lists the accounts with their values, snapshot dates, owners and badges; the total and the allocation', async () => {
    const { calls } = renderTab(householdApi());
    await waitFor(() => expect(accountsTable()).toBeInTheDocument());
    expect(screen.getByText('$1,334,567.89')).toBeInTheDocument();
    expect(screen.getByText('2 accounts')).toBeInTheDocument();

    const rows = within(accountsTable()).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const [, first, second] = rows;
    expect(first).toHaveTextContent('Carter Joint Brokerage');
    expect(first).toHaveTextContent('Individual');
    expect(first).toHaveTextContent('Charles Schwab');
    expect(first).toHaveTextContent('****4821');
    expect(first).toHaveTextContent('Ann Carter Owner');
    expect(first).toHaveTextContent('Bo Carter Joint owner');
    expect(first).toHaveTextContent('Open');
    expect(first).toHaveTextContent('Ready');
    expect(first).toHaveTextContent('$1,234,567.89');
    expect(first).toHaveTextContent('Holdings of 03/31/2026');
    expect(within(first!).queryByRole('img')).not.toBeInTheDocument();

    expect(second).toHaveTextContent('Closed');
    expect(second).toHaveTextContent('02/28/2026');
    expect(second).toHaveTextContent('Needs review');
    // The reasons the data checks found, by their labels.
    expect(second).toHaveTextContent('Holdings not priced for the period');
    expect(second).toHaveTextContent('$100,000.00');
    expect(second).toHaveTextContent('Holdings of 02/27/2026');
    expect(
      within(second!).getByRole('img', {
        name: '2 positions have no price on or before this date and are valued at $0.',
      }),
    ).toBeInTheDocument();

    // The allocation's legend and its table for screen readers: value and weight of each class.
    const allocation = screen.getByRole('table', { name: /Allocation by asset class on/ });
    expect(
      within(allocation).getByRole('row', { name: 'US Equity $1,000,000.00 74.93%' }),
    ).toBeInTheDocument();
    expect(
      within(allocation).getByRole('row', { name: 'Fixed Income $334,567.89 25.07%' }),
    ).toBeInTheDocument();
    // The value chart's figures as a table.
    const values = await screen.findByRole('table', { name: 'Household value at each month end' });
    expect(within(values).getByRole('row', { name: '02/28/2026 $1,300,000.00' })).toBeInTheDocument();

    // Another date values everything again.
    fireEvent.change(screen.getByLabelText('Value on'), { target: { value: '2025-12-31' } });
    await waitFor(() =>
      expect(calls.some((c) => c.path === VALUATION && c.query.get('date') === '2025-12-31')).toBe(true),
    );
    expect(await screen.findByText('Managed assets on 12/31/2025')).toBeInTheDocument();
  });

  it("checks the account form with the contract's messages, shows the closing date only when closed, and posts the form", async () => {
    let posted: unknown;
    const { user } = renderTab(
      householdApi([], (call) => {
        if (call.method === 'POST' && call.path === `/api/clients/${CLIENT_ID}/accounts`) {
          posted = call.body;
          return {
            status: 201,
            message: ACCOUNT_MESSAGES.created,
            result: { ...brokerage, asOf: undefined },
          };
        }
        return undefined;
      }),
    );
    await user.click((await screen.findAllByRole('button', { name: 'Add account' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New account' });
    // The primary member owns a new account by default.
    expect(within(dialog).getByRole('combobox', { name: 'Owner 1' })).toHaveValue('Ann Carter');
    expect(within(dialog).queryByLabelText(/Closing date/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.registrationNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(ACCOUNT_MESSAGES.registrationTypeRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(ACCOUNT_MESSAGES.custodianRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(ACCOUNT_MESSAGES.custodianNumberRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(ACCOUNT_MESSAGES.startDateRequired)).toBeInTheDocument();
    expect(posted).toBeUndefined();

    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Closed' }));
    const closing = await within(dialog).findByLabelText(/Closing date/);
    await user.type(within(dialog).getByLabelText(/Custodian account number/), 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.closedOnRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(ACCOUNT_MESSAGES.custodianNumberInvalid)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Open' }));
    await waitFor(() => expect(closing).not.toBeInTheDocument());

    await user.type(within(dialog).getByLabelText(/Registration name/), 'Carter Joint Brokerage');
    await user.click(within(dialog).getByRole('combobox', { name: 'Registration type' }));
    await user.click(await screen.findByRole('option', { name: 'Individual' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Custodian' }), 'Charles Schwab');
    const number = within(dialog).getByLabelText(/Custodian account number/);
    await user.clear(number);
    await user.type(number, 'SCH-88114821');
    fireEvent.change(within(dialog).getByLabelText(/Start date/), { target: { value: '2024-01-15' } });
    await user.click(within(dialog).getByRole('button', { name: 'Add owner' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Owner 2' }));
    // The member already an owner cannot be chosen twice.
    expect(await screen.findByRole('option', { name: 'Ann Carter' })).toHaveAttribute(
      'data-combobox-disabled',
    );
    await user.click(screen.getByRole('option', { name: 'Bo Carter' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));

    await waitFor(() => expect(posted).toBeDefined());
    expect(posted).toEqual({
      registrationName: 'Carter Joint Brokerage',
      registrationTypeId: 2,
      custodian: 'Charles Schwab',
      custodianNumber: 'SCH-88114821',
      accountObjectiveId: null,
      startDate: '2024-01-15',
      status: 'OPEN',
      closedOn: null,
      owners: [
        { memberId: ANN_ID, role: 'OWNER' },
        { memberId: detail.members[0]!.id, role: 'JOINT_OWNER' },
      ],
    });
    expect(await screen.findByText(ACCOUNT_MESSAGES.created)).toBeInTheDocument();
  });

  it("shows a refused delete's message (409) as a toast", async () => {
    const { user } = renderTab(
      householdApi([brokerage], (call) =>
        call.method === 'DELETE' && call.path === `/api/accounts/${brokerage.id}`
          ? { status: 409, message: ACCOUNT_MESSAGES.inUse, result: null }
          : undefined,
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Carter Joint Brokerage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete the account "Carter Joint Brokerage"?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.inUse)).toBeInTheDocument();
  });

  it('asks for a product and a quantity only for a buy or a sell', async () => {
    let posted: unknown;
    const { user } = renderTab(
      householdApi([brokerage], (call) => {
        if (call.method === 'POST' && call.path === `/api/accounts/${brokerage.id}/transactions`) {
          posted = call.body;
          return {
            status: 201,
            message: ACCOUNT_MESSAGES.transactionAdded,
            result: {
              id: 't-1',
              accountId: brokerage.id,
              registrationName: brokerage.registrationName,
              type: 'DEPOSIT',
              tradeDate: '2026-04-01',
              amount: '12500.50',
              product: null,
              quantity: null,
              description: 'Annual contribution',
              createdAt: '2026-04-01T12:00:00.000Z',
            },
          };
        }
        return undefined;
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Add transaction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add transaction' });
    // The household's one account is chosen; a deposit names no product.
    expect(within(dialog).getByRole('combobox', { name: 'Account' })).toHaveValue('Carter Joint Brokerage');
    expect(within(dialog).queryByRole('combobox', { name: 'Product' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Quantity/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Buy' }));
    expect(await within(dialog).findByRole('combobox', { name: 'Product' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Quantity/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add transaction' }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.productNeeded)).toBeInTheDocument();
    expect(within(dialog).getByText(ACCOUNT_MESSAGES.quantityNeeded)).toBeInTheDocument();
    expect(within(dialog).getByText(ACCOUNT_MESSAGES.amountRequired)).toBeInTheDocument();

    // Back to a deposit: the product fields go, and the deposit is sent without them.
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Deposit' }));
    await waitFor(() =>
      expect(within(dialog).queryByRole('combobox', { name: 'Product' })).not.toBeInTheDocument(),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '12500.5');
    expect(within(dialog).getByRole('textbox', { name: 'Amount' })).toHaveValue('12,500.5');
    await user.type(within(dialog).getByLabelText('Description'), 'Annual contribution');
    await user.click(within(dialog).getByRole('button', { name: 'Add transaction' }));
    await waitFor(() => expect(posted).toBeDefined());
    expect(posted).toMatchObject({
      type: 'DEPOSIT',
      amount: '12500.50',
      productId: null,
      quantity: null,
      description: 'Annual contribution',
    });
    expect(await screen.findByText(ACCOUNT_MESSAGES.transactionAdded)).toBeInTheDocument();
  });

  it("opens an account's holdings on the date and saves edited holdings as that date's snapshot", async () => {
    let put: Call | undefined;
    const { user } = renderTab(
      householdApi([brokerage], (call) => {
        if (call.method === 'GET' && call.path === `/api/accounts/${brokerage.id}/holdings`)
          return {
            result: {
              date: call.query.get('date'),
              asOf: '2026-03-31',
              marketValue: '25000.00',
              snapshots: ['2026-03-31', '2025-12-31'],
              positions: [
                {
                  product: {
                    id: PRODUCT_ID,
                    name: 'Total Market ETF',
                    symbol: 'VTI',
                    cusip: null,
                    productType: 'ETF',
                    assetClass: 'US Equity',
                  },
                  quantity: '1000.5',
                  price: '24.987',
                  priceDate: '2026-04-14',
                  marketValue: '25000.00',
                  weight: '100.00',
                },
              ],
            },
          };
        if (call.method === 'GET' && call.path === `/api/accounts/${brokerage.id}/values`)
          return { result: [] };
        if (call.method === 'PUT') {
          put = call;
          return { message: ACCOUNT_MESSAGES.holdingsSaved, result: null };
        }
        return undefined;
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Open Carter Joint Brokerage' }));
    const drawer = await screen.findByRole('dialog', { name: /Carter Joint Brokerage/ });
    const holdings = await within(drawer).findByRole('table', { name: /Holdings of Carter Joint Brokerage/ });
    expect(within(holdings).getByRole('row', { name: /Total Market ETF/ })).toHaveTextContent(
      'Total Market ETFVTIUS Equity1,000.5$24.98704/14/2026$25,000.00100.00%',
    );
    expect(within(drawer).getByText(/Held on 03\/31\/2026/)).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Edit holdings' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit holdings of Carter Joint Brokerage' });
    expect(within(editor).getByLabelText(/As of/)).toHaveValue('2026-03-31');
    const quantity = within(editor).getByLabelText('Quantity 1');
    await user.clear(quantity);
    await user.type(quantity, '12.5');
    await user.click(within(editor).getByRole('button', { name: 'Save holdings' }));
    await waitFor(() => expect(put).toBeDefined());
    expect(put?.path).toBe(`/api/accounts/${brokerage.id}/holdings/2026-03-31`);
    expect(put?.body).toEqual({ positions: [{ productId: PRODUCT_ID, quantity: '12.5' }] });
    expect(await screen.findByText(ACCOUNT_MESSAGES.holdingsSaved)).toBeInTheDocument();
  });
});
