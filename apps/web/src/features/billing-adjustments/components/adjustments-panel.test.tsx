import { ADJUSTMENT_MESSAGES, type Adjustment } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { AdjustmentsPanel } from './adjustments-panel.tsx';

const CLIENT_ID = '0b6f3a52-3c1e-4d8a-9b7e-5f2a1c9d8e01';
const IRA = '1c7a4b63-4d2f-4e9b-8c8f-6a3b2d0e9f12';
const JOINT = '2d8b5c74-5e3a-4fac-9d9a-7b4c3e1fa023';

const adjustment = (overrides: Partial<Adjustment> & Pick<Adjustment, 'id'>): Adjustment => ({
  clientId: CLIENT_ID,
  account: { id: IRA, registrationName: 'Betty Adams IRA' },
  reasonCode: 'FEE_WAIVER',
  amount: '-250.00',
  remaining: '-250.00',
  note: null,
  state: 'PENDING',
  appliedBy: [],
  createdBy: { id: 'u1', fullName: 'Grace Lee' },
  createdAt: '2026-07-02T15:00:00.000Z',
  ...overrides,
});

const PENDING_CREDIT = adjustment({ id: 'a1', note: 'Onboarding waiver' });
const APPLIED_CHARGE = adjustment({
  id: 'a2',
  account: { id: JOINT, registrationName: 'Adams Joint' },
  reasonCode: 'BILLING_ERROR',
  amount: '120.50',
  remaining: '0.00',
  state: 'APPLIED',
  appliedBy: [{ billId: 'b1', billNo: 101, amount: '120.50' }],
});

const envelope = (status: number, message: string, result: unknown, extra: object = {}) =>
  new Response(JSON.stringify({ statusCode: status, message, result, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Call = { method: string; url: string; body: unknown };
type Answer = () => Response;

/**
 * GET /api/billing/adjustments answers `lists` in turn (the last one again after), GET /api/billing/adjustments/accounts
 * the unit's accounts; each write answers `writes` in turn.
 */
const stubServer = ({ lists, writes = [] }: { lists: Answer[]; writes?: Response[] }) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      if (method === 'GET' && url.startsWith('/api/billing/adjustments/accounts?')) {
        return envelope(200, 'Success', [
          { accountId: JOINT, registrationName: 'Adams Joint', custodianNumber: '…1111' },
          { accountId: IRA, registrationName: 'Betty Adams IRA', custodianNumber: '…2222' },
        ]);
      }
      if (method === 'GET') return (lists.length > 1 ? lists.shift() : lists[0])!();
      return writes.shift() ?? envelope(500, 'No answer.', null);
    }),
  );
  return calls;
};

afterEach(() => vi.unstubAllGlobals());

describe('the adjustments panel', { timeout: 30_000 }, () => {
  it("lists a unit's adjustments with their account, reason, note, signed amount, state and bills", async () => {
    const calls = stubServer({ lists: [() => envelope(200, 'Success', [PENDING_CREDIT, APPLIED_CHARGE])] });
    renderWithProviders(<AdjustmentsPanel clientId={CLIENT_ID} canWrite />);
    expect(screen.getByRole('heading', { name: 'Adjustments' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Adjustments' });
    expect(calls[0]).toMatchObject({ method: 'GET', url: `/api/billing/adjustments?clientId=${CLIENT_ID}` });
    const [header, credit, charge] = within(table).getAllByRole('row');
    expect(header).toHaveTextContent('DateAccountReasonNoteAmountRemainingStateApplied by');
    expect(credit).toHaveTextContent(
      '07/02/2026Grace LeeBetty Adams IRAFee waiverOnboarding waiver-$250.00Credit-$250.00Pending—',
    );
    expect(charge).toHaveTextContent('Adams JointBilling error—$120.50Charge$0.00AppliedBill 101 $120.50');
    // Only a pending one can be cancelled.
    expect(
      within(credit!).getByRole('button', { name: 'Cancel fee waiver credit of $250.00 on Betty Adams IRA' }),
    ).toBeInTheDocument();
    expect(within(charge!).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add adjustment' })).toBeInTheDocument();
  });

  it("shows an account's own without the account column, and no controls without write", async () => {
    const calls = stubServer({ lists: [() => envelope(200, 'Success', [PENDING_CREDIT])] });
    renderWithProviders(<AdjustmentsPanel accountId={IRA} canWrite={false} />);
    const table = await screen.findByRole('table', { name: 'Adjustments' });
    expect(calls[0]?.url).toBe(`/api/billing/adjustments?accountId=${IRA}`);
    expect(within(table).queryByRole('columnheader', { name: 'Account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add adjustment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Cancel / })).toBeNull();
  });

  it('says when there are none, with the way to add one', async () => {
    stubServer({ lists: [() => envelope(200, 'Success', [])] });
    renderWithProviders(<AdjustmentsPanel accountId={IRA} canWrite />);
    expect(await screen.findByRole('heading', { name: 'No adjustments' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add adjustment' })).toBeInTheDocument();
  });

  it("checks the form with the contract's messages, then sends a credit negative", async () => {
    const user = userEvent.setup();
    const calls = stubServer({
      lists: [() => envelope(200, 'Success', []), () => envelope(200, 'Success', [PENDING_CREDIT])],
      writes: [envelope(201, ADJUSTMENT_MESSAGES.created, PENDING_CREDIT)],
    });
    renderWithProviders(<AdjustmentsPanel clientId={CLIENT_ID} canWrite />);
    await user.click(await screen.findByRole('button', { name: 'Add adjustment' }));
    const form = await screen.findByRole('form', { name: 'Add adjustment' });

    await user.click(within(form).getByRole('button', { name: 'Add adjustment' }));
    expect(await within(form).findByText(ADJUSTMENT_MESSAGES.accountRequired)).toBeInTheDocument();
    expect(within(form).getByText(ADJUSTMENT_MESSAGES.reasonCodeRequired)).toBeInTheDocument();
    expect(within(form).getByText(ADJUSTMENT_MESSAGES.amountRequired)).toBeInTheDocument();

    await user.click(within(form).getByRole('combobox', { name: /^Account/ }));
    await user.click(await screen.findByRole('option', { name: 'Betty Adams IRA (…2222)' }));
    await user.click(within(form).getByRole('combobox', { name: /^Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.type(within(form).getByRole('textbox', { name: /^Amount/ }), '1,250.5');
    await user.click(within(form).getByRole('button', { name: 'Add adjustment' }));
    // Other needs a note.
    expect(await within(form).findByText(ADJUSTMENT_MESSAGES.noteRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(form).getByRole('textbox', { name: /^Note/ }), 'Goodwill after a late transfer');
    await user.click(within(form).getByRole('button', { name: 'Add adjustment' }));
    expect(await screen.findByText(ADJUSTMENT_MESSAGES.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/billing/adjustments',
      body: {
        accountId: IRA,
        reasonCode: 'OTHER',
        amount: '-1250.50',
        note: 'Goodwill after a late transfer',
      },
    });
    expect(await screen.findByRole('table', { name: 'Adjustments' })).toBeInTheDocument();
  });

  it('sends a charge positive on a fixed account', async () => {
    const user = userEvent.setup();
    const calls = stubServer({
      lists: [() => envelope(200, 'Success', [])],
      writes: [envelope(201, ADJUSTMENT_MESSAGES.created, APPLIED_CHARGE)],
    });
    renderWithProviders(<AdjustmentsPanel accountId={IRA} canWrite />);
    await user.click(await screen.findByRole('button', { name: 'Add adjustment' }));
    const form = await screen.findByRole('form', { name: 'Add adjustment' });
    expect(within(form).queryByRole('combobox', { name: /^Account/ })).toBeNull();
    await user.click(within(form).getByRole('combobox', { name: /^Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Billing error' }));
    await user.click(within(form).getByRole('radio', { name: 'Charge' }));
    await user.type(within(form).getByRole('textbox', { name: /^Amount/ }), '75');
    await user.click(within(form).getByRole('button', { name: 'Add adjustment' }));
    expect(await screen.findByText(ADJUSTMENT_MESSAGES.created)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      accountId: IRA,
      reasonCode: 'BILLING_ERROR',
      amount: '75.00',
      note: null,
    });
    // The account view never asks for the unit's accounts.
    expect(calls.some((call) => call.url.startsWith('/api/billing/adjustments/accounts'))).toBe(false);
  });

  it('cancels a pending adjustment after its confirmation, and says why the server refuses one', async () => {
    const user = userEvent.setup();
    const calls = stubServer({
      lists: [
        () => envelope(200, 'Success', [PENDING_CREDIT]),
        () => envelope(200, 'Success', [{ ...PENDING_CREDIT, state: 'CANCELLED' }]),
      ],
      writes: [
        envelope(409, ADJUSTMENT_MESSAGES.used, null),
        envelope(200, ADJUSTMENT_MESSAGES.cancelled, { ...PENDING_CREDIT, state: 'CANCELLED' }),
      ],
    });
    renderWithProviders(<AdjustmentsPanel clientId={CLIENT_ID} canWrite />);
    const name = 'Cancel fee waiver credit of $250.00 on Betty Adams IRA';
    await user.click(await screen.findByRole('button', { name }));
    let dialog = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    expect(dialog).toHaveTextContent('Cancel the fee waiver credit of $250.00 on Betty Adams IRA?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel adjustment' }));
    // Refused: the reason shows in place of the confirm button.
    expect(await within(dialog).findByText(ADJUSTMENT_MESSAGES.used)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel adjustment' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name }));
    dialog = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel adjustment' }));
    expect(await screen.findByText(ADJUSTMENT_MESSAGES.cancelled)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/billing/adjustments/a1/cancel',
      '/api/billing/adjustments/a1/cancel',
    ]);
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
  });
});
