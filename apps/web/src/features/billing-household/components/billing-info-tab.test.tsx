import { BILLING_SETUP_MESSAGES } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startFullSession } from '../../../lib/session.ts';
import { makeUser, permissions, renderWithProviders } from '../../../test/render.tsx';
import { BillingInfoTab } from './billing-info-tab.tsx';
import {
  achFixture,
  ACH_ID,
  billingFixture,
  CLIENT_ID,
  envelope,
  GOOD_ROUTING,
  householdFixture,
  PRIMARY_ID,
  SECONDARY_ID,
  stubApi,
  unitFixture,
} from './test-fixtures.ts';

const INFO = `/api/billing/households/${CLIENT_ID}/billing-info`;
const ACH = `/api/billing/households/${CLIENT_ID}/ach-accounts`;

type Rights = { write?: boolean; remove?: boolean };

/** The tab signed in with billingUnits read and the given rights; `routes` add to the reads. */
const renderTab = (rights: Rights = {}, routes: Parameters<typeof stubApi>[0] = {}) => {
  const { write = true, remove = true } = rights;
  startFullSession({
    token: 'full-token',
    sso: false,
    user: makeUser({
      userPermission: permissions().map((entry) =>
        entry.feature === 'billingUnits' ? { ...entry, write, delete: remove } : entry,
      ),
    }),
  });
  const api = stubApi({
    [`GET ${INFO}`]: envelope(200, 'Success', billingFixture()),
    [`GET /api/clients/${CLIENT_ID}`]: envelope(200, 'Success', householdFixture()),
    [`GET ${ACH}`]: envelope(200, 'Success', [achFixture()]),
    ...routes,
  });
  renderWithProviders(<BillingInfoTab unit={unitFixture()} tabHref={() => null} />);
  return api;
};

const form = () => screen.findByRole('form', { name: 'Billing information' });
const saveButton = () => screen.getByRole('button', { name: 'Save billing information' });

/** A Select's input (its label also names its listbox). */
const input = (label: RegExp) => {
  const found = screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT');
  if (!found) throw new Error(`no input ${String(label)}`);
  return found;
};

const pick = async (user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) => {
  await user.click(input(label));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('the billing information form', { timeout: 30_000 }, () => {
  it("saves what changed and shows the server's message", async () => {
    const user = userEvent.setup();
    const { writes, calls } = renderTab(
      {},
      {
        [`PUT ${INFO}`]: [
          envelope(200, BILLING_SETUP_MESSAGES.billingInfoUpdated, {
            billing: billingFixture({
              payMethod: 'ACH',
              billingContact: { id: SECONDARY_ID, fullName: 'Mary Carter' },
            }),
            applied: 0,
          }),
        ],
      },
    );
    await form();
    expect(input(/^Pay method/)).toHaveValue('Indirect');
    await waitFor(() => expect(input(/^Billing contact/)).toHaveValue('John Carter (Primary)'));
    expect(saveButton()).toBeDisabled();

    await pick(user, /^Pay method/, 'ACH');
    await pick(user, /^Billing contact/, 'Mary Carter (Secondary)');
    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());

    expect(await screen.findByText(BILLING_SETUP_MESSAGES.billingInfoUpdated)).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        method: 'PUT',
        url: INFO,
        body: {
          billingContactMemberId: SECONDARY_ID,
          payMethod: 'ACH',
          frequency: 'QUARTERLY',
          timing: 'ARREARS',
          startDate: '2026-01-01',
          applyToAccounts: false,
        },
      },
    ]);
    await waitFor(() => expect(saveButton()).toBeDisabled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Every billing query is refreshed: the billing information is read again.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url === INFO)).toHaveLength(2));
  });

  it("puts a refused save's field error on its field", async () => {
    const user = userEvent.setup();
    renderTab(
      {},
      {
        [`PUT ${INFO}`]: [
          envelope(400, 'Validation failed.', null, {
            errors: [
              { field: 'billingContactMemberId', message: BILLING_SETUP_MESSAGES.billingContactNotFound },
            ],
          }),
        ],
      },
    );
    await form();
    await pick(user, /^Frequency/, 'Monthly');
    await user.click(saveButton());

    expect(await screen.findByText(BILLING_SETUP_MESSAGES.billingContactNotFound)).toBeInTheDocument();
    expect(input(/^Billing contact/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before applying the defaults to every open account, saying how many', async () => {
    const user = userEvent.setup();
    const { writes } = renderTab(
      {},
      {
        [`PUT ${INFO}`]: [
          envelope(200, BILLING_SETUP_MESSAGES.billingInfoUpdated, { billing: billingFixture(), applied: 3 }),
        ],
      },
    );
    await form();
    await user.click(screen.getByRole('checkbox', { name: /Also apply to every open account/ }));
    await user.click(saveButton());

    const dialog = await screen.findByRole('dialog', { name: 'Apply to every open account?' });
    expect(dialog).toHaveTextContent('3 open accounts');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes()).toEqual([]);

    await user.click(saveButton());
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Apply to 3 open accounts' }),
    );
    expect(await screen.findByText(BILLING_SETUP_MESSAGES.billingInfoUpdated)).toBeInTheDocument();
    expect(writes()).toHaveLength(1);
    expect(writes()[0]?.body).toMatchObject({ applyToAccounts: true, billingContactMemberId: PRIMARY_ID });
  });
});

describe('the ACH bank accounts', { timeout: 30_000 }, () => {
  it("refuses a routing number that fails the ABA check with the contract's message", async () => {
    const user = userEvent.setup();
    const { writes } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Add ACH account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New ACH account' });
    const field = (name: RegExp) => within(dialog).getByRole('textbox', { name });
    await user.type(field(/^Account number/), '123456789');
    await user.type(field(/^Routing number/), '123456789');
    await user.type(field(/^First name/), 'Mary');
    await user.type(field(/^Last name/), 'Carter');
    await user.type(field(/^Email address/), 'mary@carter.example');
    await user.type(field(/^Phone number/), '(212) 555-0199');
    await user.type(field(/^Address line 1/), '12 Main Street');
    await user.type(field(/^City/), 'Springfield');
    await user.type(field(/^State/), 'IL');
    await user.type(field(/^Zip/), '62704');
    await user.click(within(dialog).getByRole('button', { name: 'Add ACH account' }));

    expect(await within(dialog).findByText(BILLING_SETUP_MESSAGES.routingNumberChecksum)).toBeInTheDocument();
    expect(field(/^Routing number/)).toHaveAttribute('aria-invalid', 'true');
    expect(writes()).toEqual([]);

    await user.clear(field(/^Routing number/));
    await user.type(field(/^Routing number/), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Add ACH account' }));
    expect(await within(dialog).findByText(BILLING_SETUP_MESSAGES.routingNumberInvalid)).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('shows the stored numbers masked on edit and keeps them (null) when they are not retyped', async () => {
    const user = userEvent.setup();
    const { writes } = renderTab(
      {},
      {
        [`PATCH /api/billing/ach-accounts/${ACH_ID}`]: [
          envelope(200, BILLING_SETUP_MESSAGES.achUpdated, achFixture({ firstName: 'Johnny' })),
        ],
      },
    );
    const card = await screen.findByRole('listitem', { name: 'Checking ****6789' });
    expect(within(card).getByText('****0021')).toBeInTheDocument();
    expect(within(card).getByText('john@carter.example')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Edit Checking ****6789' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit ACH account' });
    const field = (name: RegExp) => within(dialog).getByRole('textbox', { name });
    expect(field(/^Account number/)).toHaveValue('****6789');
    expect(field(/^Routing number/)).toHaveValue('****0021');
    await user.clear(field(/^First name/));
    await user.type(field(/^First name/), 'Johnny');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(BILLING_SETUP_MESSAGES.achUpdated)).toBeInTheDocument();
    expect(writes()).toHaveLength(1);
    expect(writes()[0]).toMatchObject({
      method: 'PATCH',
      url: `/api/billing/ach-accounts/${ACH_ID}`,
      body: { accountNumber: null, routingNumber: null, firstName: 'Johnny', phoneNumber: '2125550123' },
    });
  });

  it('sends a retyped routing number on edit', async () => {
    const user = userEvent.setup();
    const { writes } = renderTab(
      {},
      {
        [`PATCH /api/billing/ach-accounts/${ACH_ID}`]: [
          envelope(200, BILLING_SETUP_MESSAGES.achUpdated, achFixture()),
        ],
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Checking ****6789' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit ACH account' });
    const routing = within(dialog).getByRole('textbox', { name: /^Routing number/ });
    await user.clear(routing);
    await user.type(routing, GOOD_ROUTING);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toMatchObject({ accountNumber: null, routingNumber: GOOD_ROUTING });
  });

  it('deletes an account after a confirmation', async () => {
    const user = userEvent.setup();
    const { writes } = renderTab(
      {},
      {
        [`DELETE /api/billing/ach-accounts/${ACH_ID}`]: [
          envelope(200, BILLING_SETUP_MESSAGES.achDeleted, null),
        ],
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Checking ****6789' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    expect(dialog).toHaveTextContent('checking account ****6789 of John Carter');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(BILLING_SETUP_MESSAGES.achDeleted)).toBeInTheDocument();
    expect(writes()).toEqual([{ method: 'DELETE', url: `/api/billing/ach-accounts/${ACH_ID}`, body: null }]);
  });
});

describe('without billingUnits write', { timeout: 30_000 }, () => {
  it('shows the billing information and the ACH accounts read-only', async () => {
    renderTab({ write: false, remove: false });
    await form();
    expect(screen.getByText(/changing it needs permission to write billing units/)).toBeInTheDocument();
    expect(input(/^Pay method/)).toHaveAttribute('readonly');
    expect(input(/^Billing contact/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Start date/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save billing information' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Also apply/ })).not.toBeInTheDocument();

    expect(await screen.findByRole('listitem', { name: 'Checking ****6789' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add ACH account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });
});
