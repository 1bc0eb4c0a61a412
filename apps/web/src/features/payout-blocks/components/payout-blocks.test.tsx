import {
  BILLING_SETUP_MESSAGES,
  type PayoutBlock,
  type PayoutBlockList,
  percentTotal,
} from '@centric/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import type { PayoutBlocksLevel } from '../api/payout-blocks-level.ts';
import { PayoutBlocksPanel } from './payout-blocks-panel.tsx';

const CLIENT_ID = '0b6f3a52-3c1e-4d8a-9b7e-5f2a1c9d8e01';
const ACCOUNT_ID = '1c7a4b63-4d2f-4e9b-8c8f-6a3b2d0e9f12';
const UNIT_URL = `/api/billing/households/${CLIENT_ID}/payout-blocks`;
const ACCOUNT_URL = `/api/billing/accounts/${ACCOUNT_ID}/payout-blocks`;
const ADA = { id: '2d8b5c74-5e3a-4fac-9d9a-7b4c3e1f0a23', fullName: 'Ada Lovelace' };
const GRACE = { id: '3e9c6d85-6f4b-4abd-8eab-8c5d4f2a1b34', fullName: 'Grace Hopper' };
const ALAN = { id: '4fad7e96-7a5c-4bce-9fbc-9d6e5a3b2c45', fullName: 'Alan Turing' };
const PERIOD = { start: '2026-04-01', end: '2026-06-30' };

const block = (overrides: Partial<PayoutBlock> & Pick<PayoutBlock, 'id'>): PayoutBlock => ({
  clientId: CLIENT_ID,
  accountId: null,
  type: 'WEALTH_ADVISOR_1',
  payee: ADA,
  payoutPercentage: '40',
  creditTo: '50',
  startDate: '2025-01-01',
  payForever: true,
  payoutBlockPaymentType: 'Forever',
  numberOfPayments: null,
  paymentsMade: 0,
  active: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

const ADVISOR = block({ id: 'b1', paymentsMade: 5 });
const OTHER = block({
  id: 'b2',
  type: 'OTHER',
  payee: GRACE,
  payoutPercentage: '30',
  creditTo: '20',
  startDate: '2025-10-01',
  payForever: false,
  payoutBlockPaymentType: 'Number_Of_Payments',
  numberOfPayments: 8,
  paymentsMade: 3,
});
const FIRM = block({
  id: 'b3',
  type: 'FIRM',
  payee: null,
  payoutPercentage: '10',
  creditTo: '0',
  startDate: '2026-09-01',
  active: false,
});
const PAID_OUT = block({
  id: 'b4',
  type: 'SOLICITOR',
  payee: ALAN,
  payoutPercentage: '25',
  creditTo: '25',
  startDate: '2024-01-01',
  payForever: false,
  payoutBlockPaymentType: 'Number_Of_Payments',
  numberOfPayments: 4,
  paymentsMade: 4,
  active: false,
});

/** A list answer with the server's totals of its active blocks. */
const listOf = (blocks: PayoutBlock[]): PayoutBlockList => {
  const active = blocks.filter((b) => b.active);
  const payout = percentTotal(active.map((b) => b.payoutPercentage));
  const hundredths = 10_000 - Math.round(Number(payout) * 100);
  return {
    blocks,
    payoutPercentageTotal: payout,
    creditToTotal: percentTotal(active.map((b) => b.creditTo)),
    firmResidual: hundredths <= 0 ? '0' : String(hundredths / 100),
    period: PERIOD,
    team: [{ type: 'WEALTH_ADVISOR_1', payee: { id: 'olivia-id', fullName: 'Olivia Bennett' } }],
  };
};

const LIST = listOf([PAID_OUT, ADVISOR, OTHER, FIRM]);

const envelope = (status: number, message: string, result: unknown, extra: object = {}) =>
  new Response(JSON.stringify({ statusCode: status, message, result, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Call = { method: string; url: string; body: unknown };

/**
 * The level's list answers `lists` in turn (the last one again after), the user search answers Grace, and
 * each write answers `writes` in turn.
 */
const stubServer = ({ lists, writes = [] }: { lists: Response[]; writes?: Response[] }) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      if (url.startsWith('/api/users/search'))
        return envelope(200, 'Success', [{ ...GRACE, email: 'grace@example.com', profileImageUrl: null }]);
      if (method === 'GET') return (lists.length > 1 ? lists.shift() : lists[0]?.clone()) ?? null;
      return writes.shift() ?? envelope(500, 'No answer.', null);
    }),
  );
  return calls;
};

const renderPanel = (
  level: PayoutBlocksLevel = { kind: 'unit', clientId: CLIENT_ID },
  rights = { canWrite: true, canDelete: true },
) => renderWithProviders(<PayoutBlocksPanel level={level} {...rights} />);

/** The value a description list gives a name ('Payout percentage total' → '70%'). */
const figure = (container: HTMLElement, name: string) =>
  within(container).getByText(name).nextElementSibling?.textContent;

/** The input of a field (a Select's label also names its dropdown). */
const input = (label: RegExp | string) => {
  const found = screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT');
  if (!found) throw new Error(`no input ${String(label)}`);
  return found;
};

const pick = async (
  user: ReturnType<typeof userEvent.setup>,
  label: RegExp | string,
  option: RegExp | string,
) => {
  await user.click(input(label));
  await user.click(await screen.findByRole('option', { name: option }));
};

const openAdd = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Add payout block' }));
  return screen.findByRole('form', { name: 'New payout block' });
};

const percentField = (form: HTMLElement) => within(form).getByRole('textbox', { name: /^Payout percentage/ });
const creditField = (form: HTMLElement) => within(form).getByRole('textbox', { name: /^Credit to/ });
const liveTotals = () => screen.getByRole('status', { name: 'Live totals' });

describe('the payout blocks panel', { timeout: 30_000 }, () => {
  it("lists the unit's blocks with their payments and state, and the totals of the active ones", async () => {
    const calls = stubServer({ lists: [envelope(200, 'Success', LIST)] });
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Payout blocks' });
    expect(calls[0]).toMatchObject({ method: 'GET', url: UNIT_URL });

    const [, paidOut, advisor, other, firm] = within(table).getAllByRole('row');
    expect(advisor).toHaveTextContent('Wealth Advisor 1Ada Lovelace40%50%01/01/2025Forever5 paidActive');
    expect(other).toHaveTextContent('OtherGrace Hopper30%20%10/01/20253 of 8 paidActive');
    expect(
      within(other!).getByRole('progressbar', { name: 'Payments of Grace Hopper (Other) from 10/01/2025' }),
    ).toHaveAttribute('aria-valuenow', '38');
    expect(firm).toHaveTextContent('The firmThe firm10%0%09/01/2026ForeverNot yet started');
    expect(paidOut).toHaveTextContent('4 of 4 paidPaid out');

    const totals = screen.getByRole('region', { name: 'Payout totals' });
    expect(figure(totals, 'Payout percentage total')).toBe('70%');
    expect(figure(totals, 'Credit to total')).toBe('70%');
    expect(figure(totals, 'Current period')).toBe('04/01/2026 – 06/30/2026');
    expect(totals).toHaveTextContent('30% goes to the firm.');
  });

  it('says the whole fee goes to the firm when no block is active, or there is none', async () => {
    stubServer({ lists: [envelope(200, 'Success', listOf([FIRM, PAID_OUT]))] });
    const { unmount } = renderPanel();
    const totals = await screen.findByRole('region', { name: 'Payout totals' });
    expect(figure(totals, 'Payout percentage total')).toBe('0%');
    expect(totals).toHaveTextContent(
      'No payout block is active in this period: the whole fee goes to the firm.',
    );
    unmount();

    stubServer({ lists: [envelope(200, 'Success', listOf([]))] });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'No payout blocks' })).toBeInTheDocument();
    expect(screen.getByText(/the whole fee goes to the firm/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add payout block' })).toBeInTheDocument();
  });

  it('shows an error with Try again, and the list once it loads', async () => {
    const user = userEvent.setup();
    const calls = stubServer({
      lists: [envelope(500, 'The billing database is unavailable.', null), envelope(200, 'Success', LIST)],
    });
    renderPanel();
    expect(await screen.findByText('The billing database is unavailable.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Payout blocks' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it('adds up the totals live as the block is typed, warns past 100%, and takes the list from the answer', async () => {
    const user = userEvent.setup();
    const added = block({ id: 'b5', type: 'OTHER', payee: GRACE, payoutPercentage: '20', creditTo: '10' });
    const calls = stubServer({
      lists: [envelope(200, 'Success', LIST)],
      writes: [envelope(201, BILLING_SETUP_MESSAGES.payoutCreated, listOf([...LIST.blocks, added]))],
    });
    renderPanel();
    const form = await openAdd(user);
    expect(figure(liveTotals(), 'Payout percentage total')).toBe('70%');

    await user.type(percentField(form), '35');
    expect(figure(liveTotals(), 'Payout percentage total')).toBe('105%');
    expect(liveTotals()).toHaveTextContent(BILLING_SETUP_MESSAGES.payoutTotalAbove100('105'));
    expect(liveTotals()).toHaveTextContent('The server will refuse this save.');

    // Starting after the period, it is not in the period's totals.
    fireEvent.change(within(form).getByLabelText(/^Start date/), { target: { value: '2026-07-01' } });
    expect(figure(liveTotals(), 'Payout percentage total')).toBe('70%');
    expect(liveTotals()).toHaveTextContent('it is not in these totals');

    fireEvent.change(within(form).getByLabelText(/^Start date/), { target: { value: '2026-04-15' } });
    await user.clear(percentField(form));
    await user.type(percentField(form), '20');
    await user.type(creditField(form), '10');
    expect(figure(liveTotals(), 'Payout percentage total')).toBe('90%');
    expect(figure(liveTotals(), 'Credit to total')).toBe('80%');
    expect(liveTotals()).toHaveTextContent('10% goes to the firm.');
    expect(liveTotals()).not.toHaveTextContent('more than 100%');

    await pick(user, /^Type/, 'Other');
    await pick(user, 'Payee', /Grace Hopper/);
    await user.click(within(form).getByRole('button', { name: 'Add payout block' }));

    expect(await screen.findByText(BILLING_SETUP_MESSAGES.payoutCreated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: UNIT_URL,
      body: {
        type: 'OTHER',
        payeeId: GRACE.id,
        payoutPercentage: '20',
        creditTo: '10',
        startDate: '2026-04-15',
        payoutBlockPaymentType: 'Forever',
        numberOfPayments: null,
      },
    });
    // The answer is the list: the new block shows, and the level's list is not asked for again.
    const totals = screen.getByRole('region', { name: 'Payout totals' });
    await waitFor(() => expect(figure(totals, 'Payout percentage total')).toBe('90%'));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(6);
    expect(calls.filter((c) => c.method === 'GET' && c.url === UNIT_URL)).toHaveLength(1);
  });

  it('counts the edited block in place of its saved self and sends the change', async () => {
    const user = userEvent.setup();
    const calls = stubServer({
      lists: [envelope(200, 'Success', LIST)],
      writes: [envelope(200, BILLING_SETUP_MESSAGES.payoutUpdated, LIST)],
    });
    renderPanel();
    await user.click(
      await screen.findByRole('button', { name: 'Edit Ada Lovelace (Wealth Advisor 1) from 01/01/2025' }),
    );
    const form = await screen.findByRole('form', { name: 'Edit payout block' });
    expect(figure(liveTotals(), 'Payout percentage total')).toBe('70%');
    await user.clear(percentField(form));
    await user.type(percentField(form), '50');
    expect(figure(liveTotals(), 'Payout percentage total')).toBe('80%');
    expect(figure(liveTotals(), 'Credit to total')).toBe('70%');
    await user.click(within(form).getByRole('button', { name: 'Save payout block' }));
    expect(await screen.findByText(BILLING_SETUP_MESSAGES.payoutUpdated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: `${UNIT_URL}/${ADVISOR.id}`,
      body: { type: 'WEALTH_ADVISOR_1', payeeId: ADA.id, payoutPercentage: '50', creditTo: '50' },
    });
  });

  it('asks for the number of payments when the block is paid a number of times', async () => {
    const user = userEvent.setup();
    const calls = stubServer({ lists: [envelope(200, 'Success', LIST)] });
    renderPanel();
    const form = await openAdd(user);
    expect(within(form).queryByRole('textbox', { name: /^Number of payments/ })).not.toBeInTheDocument();

    await pick(user, /^Type/, 'Other');
    await pick(user, 'Payee', /Grace Hopper/);
    await user.type(percentField(form), '10');
    await user.type(creditField(form), '10');
    fireEvent.change(within(form).getByLabelText(/^Start date/), { target: { value: '2026-04-01' } });
    await user.click(within(form).getByRole('radio', { name: 'Number of payments' }));
    const count = within(form).getByRole('textbox', { name: /^Number of payments/ });
    await user.click(within(form).getByRole('button', { name: 'Add payout block' }));
    expect(
      await within(form).findByText(BILLING_SETUP_MESSAGES.numberOfPaymentsRequired),
    ).toBeInTheDocument();

    await user.type(count, '61');
    await user.click(within(form).getByRole('button', { name: 'Add payout block' }));
    expect(await within(form).findByText(BILLING_SETUP_MESSAGES.numberOfPaymentsRange)).toBeInTheDocument();

    // Forever has no count: the field goes, and its error with it.
    await user.click(within(form).getByRole('radio', { name: 'Forever' }));
    expect(within(form).queryByRole('textbox', { name: /^Number of payments/ })).not.toBeInTheDocument();
    expect(within(form).queryByText(BILLING_SETUP_MESSAGES.numberOfPaymentsRange)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('leaves out the payee for the firm and sends none', async () => {
    const user = userEvent.setup();
    const calls = stubServer({
      lists: [envelope(200, 'Success', LIST)],
      writes: [envelope(201, BILLING_SETUP_MESSAGES.payoutCreated, LIST)],
    });
    renderPanel();
    const form = await openAdd(user);
    await pick(user, /^Type/, 'Wealth Advisor 2');
    await user.click(within(form).getByRole('button', { name: 'Add payout block' }));
    expect(await within(form).findByText(BILLING_SETUP_MESSAGES.payeeRequired)).toBeInTheDocument();

    await pick(user, /^Type/, 'The firm');
    expect(within(form).queryAllByLabelText('Payee')).toHaveLength(0);
    expect(within(form).getByText('The firm is paid as itself: no payee.')).toBeInTheDocument();
    expect(within(form).queryByText(BILLING_SETUP_MESSAGES.payeeRequired)).not.toBeInTheDocument();
    await user.type(percentField(form), '30');
    await user.type(creditField(form), '0');
    fireEvent.change(within(form).getByLabelText(/^Start date/), { target: { value: '2026-04-01' } });
    await user.click(within(form).getByRole('button', { name: 'Add payout block' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ type: 'FIRM', payeeId: null });
  });

  it("fills a new block's payee from the household's advisor in the chosen role, until one is picked", async () => {
    const user = userEvent.setup();
    stubServer({ lists: [envelope(200, 'Success', LIST)] });
    renderPanel();
    await openAdd(user);
    await pick(user, /^Type/, 'Wealth Advisor 1');
    expect(input(/^Payee/)).toHaveValue('Olivia Bennett');
    // No one holds the role: the prefilled payee goes, and the field asks for one.
    await pick(user, /^Type/, 'Wealth Advisor 2');
    expect(input(/^Payee/)).toHaveValue('');
  });

  it("puts the server's refusal of a total above 100% on the payout percentage", async () => {
    const user = userEvent.setup();
    const refusal = BILLING_SETUP_MESSAGES.payoutTotalAbove100('110');
    stubServer({
      lists: [envelope(200, 'Success', LIST)],
      writes: [envelope(409, refusal, null, { errors: [{ field: 'payoutPercentage', message: refusal }] })],
    });
    renderPanel();
    const form = await openAdd(user);
    await pick(user, /^Type/, 'The firm');
    await user.type(percentField(form), '30');
    await user.type(creditField(form), '0');
    // After the period: not in its totals, but active together with the others later on.
    fireEvent.change(within(form).getByLabelText(/^Start date/), { target: { value: '2026-10-01' } });
    await user.click(within(form).getByRole('button', { name: 'Add payout block' }));
    expect(await within(form).findByText(refusal)).toBeInTheDocument();
    expect(percentField(form)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('form', { name: 'New payout block' })).toBeInTheDocument();
  });

  it('shows why a block that has paid out cannot be deleted', async () => {
    const user = userEvent.setup();
    const calls = stubServer({
      lists: [envelope(200, 'Success', LIST)],
      writes: [envelope(409, BILLING_SETUP_MESSAGES.payoutPaidNotDeletable, null)],
    });
    renderPanel();
    await user.click(
      await screen.findByRole('button', { name: 'Delete Grace Hopper (Other) from 10/01/2025' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    expect(confirm).toHaveTextContent('paying 30% of the fee');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      BILLING_SETUP_MESSAGES.payoutPaidNotDeletable,
    );
    expect(within(confirm).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`${UNIT_URL}/${OTHER.id}`);
  });

  it("uses the account's URLs and says its blocks replace the unit's", async () => {
    const user = userEvent.setup();
    const own = block({ id: 'a1', accountId: ACCOUNT_ID, payoutPercentage: '100', creditTo: '100' });
    const calls = stubServer({
      lists: [envelope(200, 'Success', listOf([]))],
      writes: [envelope(201, BILLING_SETUP_MESSAGES.payoutCreated, listOf([own]))],
    });
    renderPanel({ kind: 'account', accountId: ACCOUNT_ID });
    expect(await screen.findByText(/the unit’s payout blocks apply to it/)).toBeInTheDocument();
    expect(
      screen.getByText(/This account's own payout blocks replace the unit's for it/),
    ).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET', url: ACCOUNT_URL });

    const form = await openAdd(user);
    await pick(user, /^Type/, 'The firm');
    await user.type(percentField(form), '100');
    await user.type(creditField(form), '100');
    fireEvent.change(within(form).getByLabelText(/^Start date/), { target: { value: '2026-04-01' } });
    expect(liveTotals()).toHaveTextContent('The whole fee is paid out (100%).');
    await user.click(within(form).getByRole('button', { name: 'Add payout block' }));
    expect(await screen.findByText(BILLING_SETUP_MESSAGES.payoutCreated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(ACCOUNT_URL);
    const totals = await screen.findByRole('region', { name: 'Payout totals' });
    expect(totals).toHaveTextContent('The active blocks pay out the whole fee (100%).');
  });

  it('is read-only without the write and delete rights', async () => {
    stubServer({ lists: [envelope(200, 'Success', LIST)] });
    renderPanel({ kind: 'unit', clientId: CLIENT_ID }, { canWrite: false, canDelete: false });
    const table = await screen.findByRole('table', { name: 'Payout blocks' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Add payout block' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });
});
