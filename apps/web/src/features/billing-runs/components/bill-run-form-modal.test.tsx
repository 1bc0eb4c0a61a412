import { BILL_RUN_MESSAGES, type BillRun } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { envelope, runFixture, stubApi } from '../test-fixtures.ts';
import { BillRunFormModal } from './bill-run-form-modal.tsx';

const USER_ID = '5b1f6c2e-8d4a-4c1b-9f3e-2a7d9c0b1e22';

const renderForm = (answers: Response[] = [envelope(201, BILL_RUN_MESSAGES.created, runFixture())]) => {
  const api = stubApi({
    'POST /api/bill-runs': answers,
    'GET /api/users/search': envelope(200, 'Success', [
      { id: USER_ID, fullName: 'Olivia Bennett', profileImageUrl: null, email: 'olivia@example.com' },
    ]),
  });
  const onCreated = vi.fn<(run: BillRun) => void>();
  const onClose = vi.fn();
  renderWithProviders(<BillRunFormModal opened today="2026-05-10" onClose={onClose} onCreated={onCreated} />);
  const form = screen.getByRole('form', { name: 'New bill run' });
  const posts = () => api.calls.filter((call) => call.method === 'POST');
  return { form, onCreated, onClose, posts };
};

const chooseOption = async (user: ReturnType<typeof userEvent.setup>, field: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: new RegExp(`^${field}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the new bill run form', { timeout: 30_000 }, () => {
  it("asks for the kind and the scope's record with the contract's messages, all at once, sending nothing", async () => {
    const user = userEvent.setup();
    const { form, posts } = renderForm();
    await chooseOption(user, 'What to bill', 'Single unit');
    await user.click(within(form).getByRole('button', { name: 'Start bill run' }));
    expect(await within(form).findByText(BILL_RUN_MESSAGES.kindRequired)).toBeInTheDocument();
    expect(within(form).getByText(BILL_RUN_MESSAGES.unitRequired)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    await chooseOption(user, 'What to bill', 'Single account');
    await user.click(within(form).getByRole('button', { name: 'Start bill run' }));
    expect(await within(form).findByText(BILL_RUN_MESSAGES.accountRequired)).toBeInTheDocument();

    await chooseOption(user, 'What to bill', 'Wealth Advisor 1');
    await user.click(within(form).getByRole('button', { name: 'Start bill run' }));
    expect(await within(form).findByText(BILL_RUN_MESSAGES.advisorRequired)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('checks the dates: a custom period needs an end on or after its start, the valuation date falls in the period', async () => {
    const user = userEvent.setup();
    const { form, posts } = renderForm();
    await user.click(within(form).getByRole('radio', { name: /Forecast bill/ }));
    // A quarter holding the day given: the period is shown.
    expect(within(form).getByText('Bills 04/01/2026 – 06/30/2026')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Valuation date'), '2026-03-31');
    await user.click(within(form).getByRole('button', { name: 'Start bill run' }));
    expect(await within(form).findByText(BILL_RUN_MESSAGES.valuationBeforeStart)).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Valuation date'));
    await chooseOption(user, 'Period', 'Custom');
    expect(within(form).getByLabelText(/Period start/)).toHaveValue('2026-05-10');
    await user.click(within(form).getByRole('button', { name: 'Start bill run' }));
    expect(await within(form).findByText(BILL_RUN_MESSAGES.periodEndRequired)).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/Period end/), '2026-05-01');
    await user.click(within(form).getByRole('button', { name: 'Start bill run' }));
    expect(await within(form).findByText(BILL_RUN_MESSAGES.periodEndBeforeStart)).toBeInTheDocument();

    await user.clear(within(form).getByLabelText(/Period end/));
    await user.type(within(form).getByLabelText(/Period end/), '2027-06-01');
    await user.click(within(form).getByRole('button', { name: 'Start bill run' }));
    expect(await within(form).findByText(BILL_RUN_MESSAGES.periodTooLong)).toBeInTheDocument();

    await user.clear(within(form).getByLabelText(/Period start/));
    await user.click(within(form).getByRole('button', { name: 'Start bill run' }));
    expect(await within(form).findByText(BILL_RUN_MESSAGES.periodStartRequired)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('starts a run with the body the contract reads, and hands the run over', async () => {
    const user = userEvent.setup();
    const { form, posts, onCreated } = renderForm();
    await user.click(within(form).getByRole('radio', { name: /Live bill/ }));
    await chooseOption(user, 'What to bill', 'Wealth Advisor 1');
    await user.click(within(form).getByRole('combobox', { name: 'Wealth Advisor 1' }));
    await user.click(await screen.findByRole('option', { name: /Olivia Bennett/ }));
    await user.click(within(form).getByRole('button', { name: 'Start bill run' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(runFixture()));
    expect(posts()[0]?.body).toEqual({
      kind: 'LIVE_BILL',
      scope: 'WEALTH_ADVISOR',
      clientId: null,
      accountId: null,
      wealthAdvisorId: USER_ID,
      period: 'QUARTERLY',
      periodStart: '2026-05-10',
      periodEnd: null,
      valuationDate: null,
    });
  });

  it("puts the server's refusal on its field", async () => {
    const user = userEvent.setup();
    const { form, onCreated } = renderForm([
      envelope(400, BILL_RUN_MESSAGES.nothingInScope, null, {
        errors: [{ field: 'scope', message: BILL_RUN_MESSAGES.nothingInScope }],
      }),
    ]);
    await user.click(within(form).getByRole('radio', { name: /Forecast bill/ }));
    await user.click(within(form).getByRole('button', { name: 'Start bill run' }));
    expect(await within(form).findByText(BILL_RUN_MESSAGES.nothingInScope)).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });
});
