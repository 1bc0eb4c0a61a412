import { ACCOUNT_PAYEE_MESSAGES, type AccountPayeeList } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { AccountPayeesPanel } from './account-payees-panel.tsx';

const ACCOUNT_ID = '1c7a4b63-4d2f-4e9b-8c8f-6a3b2d0e9f12';
const URL = `/api/billing/accounts/${ACCOUNT_ID}/payees`;
const JOINT = {
  accountId: '2d8b5c74-5e3a-4fac-9d9a-7b4c3e1f0a23',
  registrationName: 'Smith Joint',
  clientId: '0b6f3a52-3c1e-4d8a-9b7e-5f2a1c9d8e01',
  household: 'Smith, John',
  custodianNumber: '1234',
};
const IRA = {
  accountId: '3e9c6d85-6f4b-4abd-8eab-8c5d4f2a1b34',
  registrationName: 'Jones IRA',
  clientId: '4fad7e96-7a5c-4bce-9fbc-9d6e5a3b2c45',
  household: 'Jones, Mary',
  custodianNumber: '5678',
};

const listOf = (payees: { account: typeof JOINT; payPercent: string }[]): AccountPayeeList => ({
  accountId: ACCOUNT_ID,
  payees: payees.map(({ account, payPercent }) => ({
    accountId: account.accountId,
    registrationName: account.registrationName,
    clientId: account.clientId,
    household: account.household,
    status: 'OPEN',
    payPercent,
  })),
});

const envelope = (status: number, message: string, result: unknown) =>
  new Response(JSON.stringify({ statusCode: status, message, result }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Call = { method: string; url: string; body: unknown };

const stubServer = ({ lists, writes = [] }: { lists: AccountPayeeList[]; writes?: Response[] }) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      if (url.startsWith('/api/billing/accounts?')) return envelope(200, 'Success', [JOINT, IRA]);
      if (method === 'GET') return envelope(200, 'Success', lists.length > 1 ? lists.shift() : lists[0]);
      return writes.shift() ?? envelope(500, 'No answer.', null);
    }),
  );
  return calls;
};

afterEach(() => vi.unstubAllGlobals());

const pickAccount = async (user: ReturnType<typeof userEvent.setup>, label: RegExp, name: RegExp) => {
  const input = screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT');
  if (!input) throw new Error(`no input ${String(label)}`);
  await user.click(input);
  await user.click(await screen.findByRole('option', { name }));
};

describe('the account payees panel', { timeout: 30_000 }, () => {
  it('lists the payees with their household and percent, and shows no edit without write', async () => {
    stubServer({
      lists: [
        listOf([
          { account: JOINT, payPercent: '66.67' },
          { account: IRA, payPercent: '33.33' },
        ]),
      ],
    });
    renderWithProviders(<AccountPayeesPanel accountId={ACCOUNT_ID} canWrite={false} />);
    const table = await screen.findByRole('table', { name: 'Account payees' });
    const [, joint, ira] = within(table).getAllByRole('row');
    expect(joint).toHaveTextContent('Smith JointSmith, John66.67%');
    expect(ira).toHaveTextContent('Jones IRAJones, Mary33.33%');
    expect(screen.queryByRole('button', { name: 'Edit payees' })).not.toBeInTheDocument();
  });

  it('adds rows one at a time, totals them live, refuses a total other than 100 and saves the list', async () => {
    const user = userEvent.setup();
    const saved = listOf([
      { account: JOINT, payPercent: '60' },
      { account: IRA, payPercent: '40' },
    ]);
    const calls = stubServer({
      lists: [listOf([]), saved],
      writes: [envelope(200, ACCOUNT_PAYEE_MESSAGES.updated, saved)],
    });
    renderWithProviders(<AccountPayeesPanel accountId={ACCOUNT_ID} canWrite />);
    expect(await screen.findByRole('heading', { name: 'No split' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add payees' }));
    const form = await screen.findByRole('form', { name: 'Account payees' });
    const addRow = within(form).getByRole('button', { name: 'Add payee' });

    await user.click(addRow);
    // The last row is empty: no new one until it is filled.
    expect(addRow).toBeDisabled();
    expect(within(form).getByText('Fill in the last payee before adding another.')).toBeInTheDocument();
    await pickAccount(user, /^Paying account 1/, /Smith Joint/);
    await user.type(within(form).getByLabelText(/^Pay percent 1/), '60');
    expect(addRow).toBeEnabled();
    expect(within(form).getByRole('status', { name: 'Live total' })).toHaveTextContent('Total 60 %');

    await user.click(addRow);
    await pickAccount(user, /^Paying account 2/, /Jones IRA/);
    await user.type(within(form).getByLabelText(/^Pay percent 2/), '39.99');
    expect(within(form).getByRole('status', { name: 'Live total' })).toHaveTextContent('Total 99.99 %');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(ACCOUNT_PAYEE_MESSAGES.total('99.99'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(within(form).getByLabelText(/^Pay percent 2/));
    await user.type(within(form).getByLabelText(/^Pay percent 2/), '40');
    expect(within(form).getByRole('status', { name: 'Live total' })).toHaveTextContent('Total 100 %');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ACCOUNT_PAYEE_MESSAGES.updated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: URL,
      body: {
        payees: [
          { accountId: JOINT.accountId, payPercent: '60' },
          { accountId: IRA.accountId, payPercent: '40' },
        ],
      },
    });
    expect(await screen.findByRole('table', { name: 'Account payees' })).toBeInTheDocument();
  });

  it('puts a percent out of range on its row and lets the list be emptied', async () => {
    const user = userEvent.setup();
    const calls = stubServer({
      lists: [listOf([{ account: JOINT, payPercent: '100' }]), listOf([])],
      writes: [envelope(200, ACCOUNT_PAYEE_MESSAGES.updated, listOf([]))],
    });
    renderWithProviders(<AccountPayeesPanel accountId={ACCOUNT_ID} canWrite />);
    await user.click(await screen.findByRole('button', { name: 'Edit payees' }));
    const form = await screen.findByRole('form', { name: 'Account payees' });
    await user.clear(within(form).getByLabelText(/^Pay percent 1/));
    await user.type(within(form).getByLabelText(/^Pay percent 1/), '0.5');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(ACCOUNT_PAYEE_MESSAGES.percentRange)).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Remove payee 1' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ACCOUNT_PAYEE_MESSAGES.updated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ payees: [] });
  });
});
