import { PLANNING_FEE_MESSAGES, type PlanningFee } from '@centric/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { PlanningFeesTab } from './planning-fees-tab.tsx';

const CLIENT_ID = '0b6f3a52-3c1e-4d8a-9b7e-5f2a1c9d8e01';
const URL = `/api/billing/households/${CLIENT_ID}/planning-fees`;
const PAYER = {
  id: '1c7a4b63-4d2f-4e9b-8c8f-6a3b2d0e9f12',
  registrationName: 'Smith Joint',
  clientId: CLIENT_ID,
  household: 'Smith, John',
};

const fee = (overrides: Partial<PlanningFee> & Pick<PlanningFee, 'id'>): PlanningFee => ({
  clientId: CLIENT_ID,
  description: 'Quarterly planning',
  feeType: 'PERIODIC',
  amount: '1250.50',
  frequency: 'QUARTERLY',
  startDate: '2026-01-01',
  endDate: null,
  payMethod: 'INDIRECT',
  feePayingAccount: PAYER,
  nextChargeDate: '2027-01-01',
  annualAmount: '5002.00',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const RECURRING = fee({ id: 'f1' });
const ONE_TIME = fee({
  id: 'f2',
  description: 'Estate plan',
  feeType: 'FLAT',
  amount: '3000.00',
  frequency: null,
  startDate: '2026-03-01',
  endDate: '2026-03-01',
  payMethod: 'ACH',
  feePayingAccount: null,
  nextChargeDate: null,
  annualAmount: '3000.00',
});

const envelope = (status: number, message: string, result: unknown) =>
  new Response(JSON.stringify({ statusCode: status, message, result }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Call = { method: string; url: string; body: unknown };

/** GETs answer `lists` in turn (the last one again after); each write answers `writes` in turn. */
const stubServer = ({ lists, writes = [] }: { lists: (() => Response)[]; writes?: Response[] }) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      if (method === 'GET') return (lists.length > 1 ? lists.shift() : lists[0])?.() ?? null;
      return writes.shift() ?? envelope(500, 'No answer.', null);
    }),
  );
  return calls;
};

const renderTab = (rights = { canWrite: true, canDelete: true }) =>
  renderWithProviders(<PlanningFeesTab clientId={CLIENT_ID} {...rights} />);

afterEach(() => vi.unstubAllGlobals());

describe('the planning fees tab', { timeout: 30_000 }, () => {
  it('lists the fees with their amount, frequency, dates, pay method, payer and next charge', async () => {
    const calls = stubServer({ lists: [() => envelope(200, 'Success', [RECURRING, ONE_TIME])] });
    renderTab();
    const table = await screen.findByRole('table', { name: 'Planning fees' });
    expect(calls[0]).toMatchObject({ method: 'GET', url: URL });
    const [, recurring, oneTime] = within(table).getAllByRole('row');
    expect(recurring).toHaveTextContent(
      'Quarterly planningRecurring$1,250.50$5,002.00 a yearQuarterlyFrom 01/01/2026IndirectSmith Joint · Smith, John01/01/2027',
    );
    expect(oneTime).toHaveTextContent('Estate planOne-time$3,000.00—03/01/2026 – 03/01/2026ACH—None');
    expect(within(recurring!).getByRole('button', { name: 'Edit Quarterly planning' })).toBeInTheDocument();
    expect(within(recurring!).getByRole('button', { name: 'Delete Quarterly planning' })).toBeInTheDocument();
  });

  it('shows no controls without write or delete, an empty state, and an error with Try again', async () => {
    stubServer({ lists: [() => envelope(200, 'Success', [RECURRING])] });
    const { unmount } = renderTab({ canWrite: false, canDelete: false });
    await screen.findByRole('table', { name: 'Planning fees' });
    expect(screen.queryByRole('button', { name: 'Add planning fee' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    unmount();

    stubServer({ lists: [() => envelope(200, 'Success', [])] });
    const second = renderTab();
    expect(await screen.findByRole('heading', { name: 'No planning fees' })).toBeInTheDocument();
    second.unmount();

    const user = userEvent.setup();
    stubServer({
      lists: [
        () => envelope(500, 'The billing database is unavailable.', null),
        () => envelope(200, 'Success', []),
      ],
    });
    renderTab();
    expect(await screen.findByText('The billing database is unavailable.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No planning fees' })).toBeInTheDocument();
  });

  it('checks the form as the server does, then adds the fee with a decimal-string amount', async () => {
    const user = userEvent.setup();
    const calls = stubServer({
      lists: [() => envelope(200, 'Success', [])],
      writes: [envelope(201, PLANNING_FEE_MESSAGES.created, ONE_TIME)],
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Add planning fee' }));
    const form = await screen.findByRole('form', { name: 'New planning fee' });

    await user.type(within(form).getByLabelText(/^Description/), '   ');
    await user.click(within(form).getByRole('button', { name: 'Add planning fee' }));
    expect(await within(form).findByText(PLANNING_FEE_MESSAGES.descriptionOnlySpaces)).toBeInTheDocument();
    expect(within(form).getByText(PLANNING_FEE_MESSAGES.amountInvalid)).toBeInTheDocument();
    expect(within(form).getByText(PLANNING_FEE_MESSAGES.startDateRequired)).toBeInTheDocument();

    await user.clear(within(form).getByLabelText(/^Description/));
    await user.type(within(form).getByLabelText(/^Description/), 'Estate plan');
    await user.click(within(form).getByRole('radio', { name: 'One-time' }));
    expect(within(form).queryByLabelText(/^Frequency/)).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Amount/), '3,000');
    fireEvent.change(within(form).getByLabelText(/^Start date/), { target: { value: '2026-03-01' } });
    fireEvent.change(within(form).getByLabelText(/^End date/), { target: { value: '2026-02-01' } });
    await user.click(within(form).getByRole('button', { name: 'Add planning fee' }));
    expect(await within(form).findByText(PLANNING_FEE_MESSAGES.endDateBeforeStart)).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText(/^End date/), { target: { value: '' } });
    await user.click(within(form).getByRole('button', { name: 'Add planning fee' }));
    expect(await screen.findByText(PLANNING_FEE_MESSAGES.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: URL,
      body: {
        description: 'Estate plan',
        feeType: 'FLAT',
        amount: '3000.00',
        frequency: null,
        startDate: '2026-03-01',
        endDate: null,
        payMethod: 'UNASSIGNED',
        feePayingAccountId: null,
      },
    });
  });

  it('puts a refusal of the server on its field', async () => {
    const user = userEvent.setup();
    stubServer({
      lists: [() => envelope(200, 'Success', [ONE_TIME])],
      writes: [
        new Response(
          JSON.stringify({
            statusCode: 400,
            message: PLANNING_FEE_MESSAGES.achWithoutBankAccount,
            result: null,
            errors: [{ field: 'payMethod', message: PLANNING_FEE_MESSAGES.achWithoutBankAccount }],
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
      ],
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Edit Estate plan' }));
    const form = await screen.findByRole('form', { name: 'Edit planning fee' });
    await user.clear(within(form).getByLabelText(/^Description/));
    await user.type(within(form).getByLabelText(/^Description/), 'Estate plan 2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(PLANNING_FEE_MESSAGES.achWithoutBankAccount)).toBeInTheDocument();
  });

  it('deletes a fee after its confirmation', async () => {
    const user = userEvent.setup();
    const calls = stubServer({
      lists: [() => envelope(200, 'Success', [RECURRING]), () => envelope(200, 'Success', [])],
      writes: [envelope(200, PLANNING_FEE_MESSAGES.deleted, null)],
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Delete Quarterly planning' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the planning fee Quarterly planning of $1,250.50?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PLANNING_FEE_MESSAGES.deleted)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`${URL}/f1`);
    expect(await screen.findByRole('heading', { name: 'No planning fees' })).toBeInTheDocument();
  });
});
