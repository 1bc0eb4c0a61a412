import { addDays, type Assignment, type AccountDrift, STRATEGY_MESSAGES } from '@centric/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { allowedReviewActions } from './review-actions.tsx';
import {
  accountFixture,
  ASSIGNMENTS,
  type Call,
  CLIENT_ID,
  DRIFT,
  householdAnswers,
  renderTab,
  stubDocumentFonts,
  VALUATION,
} from './test-managed-accounts.ts';

beforeAll(stubDocumentFonts);

const BROKERAGE_ID = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const IRA_ID = '7b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const GROWTH_ID = '8c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f';
const INCOME_ID = '9d4e5f6a-7b8c-4d9e-9f0a-2b3c4d5e6f7a';

const brokerage = accountFixture({ id: BROKERAGE_ID, reviewStatus: 'NEEDS_REVIEW' });
const ira = accountFixture({
  id: IRA_ID,
  registrationName: 'Ann Carter IRA',
  custodianNumber: '****0099',
  reviewStatus: 'REVIEW_DONE',
});

const strategies = [
  { id: GROWTH_ID, name: 'Balanced Growth', riskNumber: 55 },
  { id: INCOME_ID, name: 'Conservative Income', riskNumber: 25 },
];

const blend: Assignment = {
  id: 'as-1',
  clientId: CLIENT_ID,
  assignmentType: 'MODEL_BLEND',
  category: 'Retirement',
  applyToAllAccounts: true,
  accounts: [],
  transactionList: [
    { strategyId: GROWTH_ID, name: 'Balanced Growth', percent: '60.00' },
    { strategyId: INCOME_ID, name: 'Conservative Income', percent: '40.00' },
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const drift: AccountDrift = {
  accountId: BROKERAGE_ID,
  registrationName: 'Carter Joint Brokerage',
  assignmentId: 'as-1',
  strategies: [
    { id: GROWTH_ID, name: 'Balanced Growth', percent: '60.00' },
    { id: INCOME_ID, name: 'Conservative Income', percent: '40.00' },
  ],
  marketValue: '1234567.89',
  rows: [
    { label: 'Equity', target: '50.00', lower: '5.00', upper: '5.00', actual: '52.40', state: 'WITHIN' },
    { label: 'Fixed Income', target: '40.00', lower: '5.00', upper: '5.00', actual: '31.25', state: 'BELOW' },
    { label: 'Cash', target: '10.00', lower: '2.00', upper: '3.00', actual: '16.35', state: 'ABOVE' },
  ],
  outOfBand: 2,
};

/** The strategy picker's search answers the two strategies. */
const strategyAnswers = (call: Call) =>
  call.method === 'GET' && call.path === '/api/strategies' ? { result: strategies } : undefined;

const pick = async (
  user: ReturnType<typeof renderTab>['user'],
  dialog: HTMLElement,
  label: string,
  option: string,
) => {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('Strategy assignments', () => {
  it('shows the empty state with Assign strategy and asks for the strategy', async () => {
    const { calls, user } = renderTab(householdAnswers([brokerage, ira], strategyAnswers));
    expect(await screen.findByText('No strategy assigned')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Assign strategy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign strategy' });

    // A single strategy by default, to all accounts: no percent to type, no account to choose.
    expect(within(dialog).queryByLabelText(/Percent 1/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: /^Apply to all accounts/ })).toBeChecked();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Assign strategy' }));
    expect(await within(dialog).findByText(STRATEGY_MESSAGES.keyNotFound)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('totals a blend as its percents are typed and refuses a total other than 100', async () => {
    const { calls, user } = renderTab(householdAnswers([brokerage, ira], strategyAnswers));
    await user.click(await screen.findByRole('button', { name: 'Assign strategy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign strategy' });
    await user.click(within(dialog).getByRole('radio', { name: 'Blend of strategies' }));
    await pick(user, dialog, 'Strategy 1', 'Balanced Growth');
    await user.click(within(dialog).getByRole('button', { name: 'Add strategy' }));
    await pick(user, dialog, 'Strategy 2', 'Conservative Income');
    fireEvent.change(within(dialog).getByLabelText(/Percent 1/), { target: { value: '60' } });
    fireEvent.change(within(dialog).getByLabelText(/Percent 2/), { target: { value: '10.5' } });
    expect(within(dialog).getByText('Total 70.5% of 100%')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Assign strategy' }));
    expect(await within(dialog).findByText(STRATEGY_MESSAGES.percentTotal)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Percent 2/), { target: { value: '40' } });
    expect(within(dialog).getByText('Total 100%')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('asks for at least one account when the assignment is not for all of them, and posts the form', async () => {
    let posted: unknown;
    const { user } = renderTab(
      householdAnswers([brokerage, ira], (call) => {
        if (call.method === 'POST' && call.path === ASSIGNMENTS) {
          posted = call.body;
          return { status: 201, message: STRATEGY_MESSAGES.assigned, result: blend };
        }
        return strategyAnswers(call);
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Assign strategy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign strategy' });
    await pick(user, dialog, 'Strategy', 'Balanced Growth');
    await user.click(within(dialog).getByRole('switch', { name: /^Apply to all accounts/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign strategy' }));
    expect(await within(dialog).findByText(STRATEGY_MESSAGES.accountsRequired)).toBeInTheDocument();
    expect(posted).toBeUndefined();

    await user.click(within(dialog).getByRole('checkbox', { name: /Ann Carter IRA/ }));
    fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: 'Retirement' } });
    await user.click(within(dialog).getByRole('button', { name: 'Assign strategy' }));
    await waitFor(() => expect(posted).toBeDefined());
    expect(posted).toEqual({
      assignmentType: 'STRATEGY',
      category: 'Retirement',
      applyToAllAccounts: false,
      accounts: [IRA_ID],
      transactionList: [{ strategyId: GROWTH_ID, percent: '100' }],
    });
    expect(await screen.findByText(STRATEGY_MESSAGES.assigned)).toBeInTheDocument();
  });

  it("puts the server's refusal of an account (409 on accounts.0) under the accounts", async () => {
    const taken = { ...blend, id: 'as-2', applyToAllAccounts: false, accounts: [] };
    const { user } = renderTab(
      householdAnswers([brokerage, ira], (call) => {
        if (call.method === 'GET' && call.path === ASSIGNMENTS) return { result: [taken] };
        if (call.method === 'PUT' && call.path === `${ASSIGNMENTS}/as-2`)
          return {
            status: 409,
            message: STRATEGY_MESSAGES.accountAssigned,
            result: null,
            errors: [{ field: 'accounts.0', message: STRATEGY_MESSAGES.accountAssigned }],
          };
        return strategyAnswers(call);
      }),
    );
    const table = await screen.findByRole('table', { name: 'Strategy and drift' });
    expect(within(table).getByRole('row', { name: /Balanced Growth/ })).toHaveTextContent(
      'Balanced Growth60%Conservative Income40%Blend of strategies',
    );
    await user.click(
      within(table).getByRole('button', {
        name: 'Edit assignment Balanced Growth 60% · Conservative Income 40%',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit assignment' });
    expect(within(dialog).getByLabelText(/Percent 1/)).toHaveValue('60');
    expect(within(dialog).getByText('Total 100%')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /Carter Joint Brokerage/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // On the accounts in the form, and as the toast.
    expect(await within(dialog).findByText(STRATEGY_MESSAGES.accountAssigned)).toBeInTheDocument();
    expect(screen.getAllByText(STRATEGY_MESSAGES.accountAssigned)).toHaveLength(2);
  });
});

describe('Drift', () => {
  it('charts each account against its bands on the tab date, the rows out of band marked', async () => {
    const { calls } = renderTab(
      householdAnswers([brokerage], (call) => {
        if (call.method === 'GET' && call.path === ASSIGNMENTS) return { result: [blend] };
        if (call.method === 'GET' && call.path === DRIFT) return { result: [drift] };
        return undefined;
      }),
    );
    const card = await screen.findByRole('region', { name: 'Carter Joint Brokerage' });
    expect(card).toHaveTextContent('Balanced Growth 60% · Conservative Income 40% · $1,234,567.89');
    expect(within(card).getByText('2 out of band')).toBeInTheDocument();
    // The out-of-band rows' badges; a row within its band says so to screen readers only.
    expect(within(card).getByText('Below band')).toBeInTheDocument();
    expect(within(card).getByText('Above band')).toBeInTheDocument();

    // The figures in a table (the drawing in it hidden from screen readers).
    const table = within(card).getByRole('table', { name: /Drift of Carter Joint Brokerage on/ });
    expect(
      within(table).getByRole('row', { name: 'Equity 50% 45–55% 52.4% Within band' }),
    ).toBeInTheDocument();
    expect(
      within(table).getByRole('row', { name: 'Fixed Income 40% 35–45% 31.25% Below band' }),
    ).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Cash 10% 8–13% 16.35% Above band' })).toBeInTheDocument();

    // Another "Value on" date weighs the drift on it.
    fireEvent.change(screen.getByLabelText('Value on'), { target: { value: '2025-12-31' } });
    await waitFor(() =>
      expect(calls.some((c) => c.path === DRIFT && c.query.get('date') === '2025-12-31')).toBe(true),
    );
    expect(await screen.findByRole('heading', { name: 'Drift on 12/31/2025' })).toBeInTheDocument();
  });

  it('says so when no account follows the assignment yet', async () => {
    renderTab(
      householdAnswers([], (call) =>
        call.method === 'GET' && call.path === ASSIGNMENTS ? { result: [blend] } : undefined,
      ),
    );
    expect(await screen.findByText(/No account follows a strategy/)).toBeInTheDocument();
  });
});

describe('Bookkeeping review', () => {
  it('allows the actions REVIEW_TRANSITIONS starts from each status', () => {
    expect(allowedReviewActions('NEEDS_REVIEW')).toEqual(['REVIEW_DONE', 'SNOOZE', 'ESCALATE']);
    expect(allowedReviewActions('ADVANCE_REVIEW')).toEqual(['REVIEW_DONE']);
    expect(allowedReviewActions('REVIEW_DONE')).toEqual(['READY']);
    expect(allowedReviewActions('READY')).toEqual([]);
  });

  it('offers each account the actions of its status, marks a review done and refreshes the tab', async () => {
    const ready = accountFixture({ id: 'a-3', registrationName: 'Bo Carter Roth', reviewStatus: 'READY' });
    let posted: unknown;
    const { calls, user } = renderTab(
      householdAnswers([brokerage, ira, ready], (call) => {
        if (call.method === 'POST' && call.path === '/api/bookkeeping-review/actions') {
          posted = call.body;
          return { message: STRATEGY_MESSAGES.reviewDone, result: { changed: 1, unchanged: 0 } };
        }
        return undefined;
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Review Ann Carter IRA' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Mark ready']);
    await user.keyboard('{Escape}');
    // Ready: nothing left to do.
    expect(screen.queryByRole('button', { name: 'Review Bo Carter Roth' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Review Carter Joint Brokerage' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Mark review done',
      'Snooze…',
      'Send to advance review',
    ]);
    const before = calls.filter((c) => c.path === VALUATION).length;
    await user.click(screen.getByRole('menuitem', { name: 'Mark review done' }));
    await waitFor(() => expect(posted).toEqual({ action: 'REVIEW_DONE', accountIds: [BROKERAGE_ID] }));
    expect(await screen.findByText(STRATEGY_MESSAGES.reviewDone)).toBeInTheDocument();
    // The accounts are asked again (their review changed).
    await waitFor(() => expect(calls.filter((c) => c.path === VALUATION).length).toBeGreaterThan(before));
  });

  it('checks the snooze form (date required, after today, note of 200 at most) and sends it', async () => {
    let posted: unknown;
    const { user } = renderTab(
      householdAnswers([brokerage], (call) => {
        if (call.method === 'POST' && call.path === '/api/bookkeeping-review/actions') {
          posted = call.body;
          return { message: STRATEGY_MESSAGES.reviewSnoozed, result: { changed: 1, unchanged: 0 } };
        }
        return undefined;
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Open Carter Joint Brokerage' }));
    const drawer = await screen.findByRole('dialog', { name: /Carter Joint Brokerage/ });
    const review = within(drawer).getByRole('region', { name: 'Bookkeeping review' });
    expect(within(review).queryByRole('button', { name: 'Mark ready' })).not.toBeInTheDocument();
    await user.click(within(review).getByRole('button', { name: 'Snooze…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snooze review' });

    const date = within(dialog).getByLabelText(/Snooze until/);
    fireEvent.change(date, { target: { value: '' } });
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(await within(dialog).findByText(STRATEGY_MESSAGES.snoozeDateRequired)).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2000-01-03' } });
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(await within(dialog).findByText(STRATEGY_MESSAGES.snoozeDateFuture)).toBeInTheDocument();
    expect(posted).toBeUndefined();

    // The note stops at 200 characters, counted as typed.
    const note = within(dialog).getByLabelText('Note');
    fireEvent.change(note, { target: { value: 'x'.repeat(200) } });
    expect(within(dialog).getByText('200 / 200')).toBeInTheDocument();
    expect(within(dialog).getByText(STRATEGY_MESSAGES.noteMax)).toBeInTheDocument();
    expect(note).toHaveAttribute('maxlength', '200');
    fireEvent.change(note, { target: { value: 'Waiting for the custodian statement' } });

    const until = addDays(new Date().toISOString().slice(0, 10), 30);
    fireEvent.change(date, { target: { value: until } });
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    await waitFor(() =>
      expect(posted).toEqual({
        action: 'SNOOZE',
        accountIds: [BROKERAGE_ID],
        snoozeUntil: until,
        note: 'Waiting for the custodian statement',
      }),
    );
    expect(await screen.findByText(STRATEGY_MESSAGES.reviewSnoozed)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Snooze review' })).not.toBeInTheDocument(),
    );
  });
});
