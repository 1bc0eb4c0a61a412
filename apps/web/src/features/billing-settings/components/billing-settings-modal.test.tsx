import { BILLING_SETTINGS_MESSAGES } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { BillingSettingsButton } from './billing-settings-button.tsx';

const SAVED = {
  proration: 'FREQUENCY',
  firmName: 'Centric Wealth Advisors',
  collectionWindowDays: 30,
  achBankRouting: null,
  achBankName: null,
  achCompanyName: null,
  achCompanyId: null,
};

const envelope = (status: number, message: string, result: unknown, extra: object = {}) =>
  new Response(JSON.stringify({ statusCode: status, message, result, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Call = { method: string; url: string; body: unknown };

/** GET /api/billing/settings answers `reads` in turn (the last one again after); each PUT `writes` in turn. */
const stubServer = ({ reads, writes = [] }: { reads: (() => Response)[]; writes?: Response[] }) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      if (url !== '/api/billing/settings') return envelope(404, 'Not found.', null);
      if (method === 'GET') return (reads.length > 1 ? reads.shift() : reads[0])!();
      return writes.shift() ?? envelope(500, 'No answer.', null);
    }),
  );
  return calls;
};

const openModal = async () => {
  const user = userEvent.setup();
  renderWithProviders(<BillingSettingsButton />);
  await user.click(screen.getByRole('button', { name: 'Billing settings' }));
  const form = await screen.findByRole('form', { name: 'Billing settings' });
  return { user, form };
};

afterEach(() => vi.unstubAllGlobals());

describe('the billing settings modal', { timeout: 30_000 }, () => {
  it('loads the saved settings into the form', async () => {
    stubServer({
      reads: [
        () =>
          envelope(200, 'Success', {
            ...SAVED,
            proration: 'ACTUAL_DAYS',
            achBankRouting: '021000021',
            achBankName: 'Chase',
          }),
      ],
    });
    const { form } = await openModal();
    expect(within(form).getByRole('radio', { name: /^Actual days/ })).toBeChecked();
    expect(within(form).getByRole('radio', { name: /^Frequency/ })).not.toBeChecked();
    expect(within(form).getByLabelText(/^Firm name/)).toHaveValue('Centric Wealth Advisors');
    expect(within(form).getByLabelText(/^Collection window/)).toHaveValue('30');
    expect(within(form).getByRole('group', { name: 'ACH originator (NACHA file)' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Bank routing number')).toHaveValue('021000021');
    expect(within(form).getByLabelText('Bank name')).toHaveValue('Chase');
    expect(within(form).getByLabelText('Company id')).toHaveValue('');
    // Nothing changed yet: nothing to save.
    expect(within(form).getByRole('button', { name: 'Save settings' })).toBeDisabled();
  });

  it("checks the routing number and the window with the contract's messages", async () => {
    const calls = stubServer({ reads: [() => envelope(200, 'Success', SAVED)] });
    const { user, form } = await openModal();
    await user.type(within(form).getByLabelText('Bank routing number'), '123456789');
    await user.clear(within(form).getByLabelText(/^Collection window/));
    await user.type(within(form).getByLabelText('Company id'), '12345');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText(BILLING_SETTINGS_MESSAGES.routingInvalid)).toBeInTheDocument();
    expect(within(form).getByText(BILLING_SETTINGS_MESSAGES.windowRange)).toBeInTheDocument();
    expect(within(form).getByText(BILLING_SETTINGS_MESSAGES.companyIdInvalid)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('saves every setting, says so and closes', async () => {
    const saved = {
      ...SAVED,
      proration: 'ACTUAL_DAYS',
      collectionWindowDays: 45,
      achBankRouting: '021000021',
      achBankName: 'Chase',
      achCompanyName: 'Centric WA',
      achCompanyId: '1234567890',
    };
    const calls = stubServer({
      reads: [() => envelope(200, 'Success', SAVED)],
      writes: [envelope(200, BILLING_SETTINGS_MESSAGES.updated, saved)],
    });
    const { user, form } = await openModal();
    await user.click(within(form).getByRole('radio', { name: /^Actual days/ }));
    await user.clear(within(form).getByLabelText(/^Collection window/));
    await user.type(within(form).getByLabelText(/^Collection window/), '45');
    await user.type(within(form).getByLabelText('Bank routing number'), '021000021');
    await user.type(within(form).getByLabelText('Bank name'), 'Chase');
    await user.type(within(form).getByLabelText('Company name'), 'Centric WA');
    await user.type(within(form).getByLabelText('Company id'), '1234567890');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(BILLING_SETTINGS_MESSAGES.updated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/billing/settings',
      body: saved,
    });
  });

  it('puts a refusal of the server on its field', async () => {
    stubServer({
      reads: [() => envelope(200, 'Success', SAVED)],
      writes: [
        envelope(400, BILLING_SETTINGS_MESSAGES.firmNameMax, null, {
          errors: [{ field: 'firmName', message: BILLING_SETTINGS_MESSAGES.firmNameMax }],
        }),
      ],
    });
    const { user, form } = await openModal();
    await user.type(within(form).getByLabelText(/^Firm name/), ' LLC');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText(BILLING_SETTINGS_MESSAGES.firmNameMax)).toBeInTheDocument();
  });

  it('says why the settings could not be loaded, with Try again', async () => {
    stubServer({
      reads: [
        () => envelope(500, 'The billing database is unavailable.', null),
        () => envelope(200, 'Success', SAVED),
      ],
    });
    const user = userEvent.setup();
    renderWithProviders(<BillingSettingsButton />);
    await user.click(screen.getByRole('button', { name: 'Billing settings' }));
    expect(await screen.findByText('The billing database is unavailable.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Billing settings' })).toBeInTheDocument();
  });
});
