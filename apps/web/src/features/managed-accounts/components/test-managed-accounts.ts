import type { AccountValue, ClientDetail, Feature, ManagedAccounts } from '@centric/contracts';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { startFullSession } from '../../../lib/session.ts';
import { masterDataItemFixture } from '../../../test/fixtures.ts';
import { makeUser, permissions, renderWithProviders } from '../../../test/render.tsx';
import { type Call, stubApi } from '../../../test/stub-api.ts';
import { ManagedAccountsTab } from './managed-accounts-tab.tsx';

/** Test data only. */
export const CLIENT_ID = '0b5c6f1e-3c1d-4f3a-9a52-7f1f1d2b9c01';
export const ANN_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
export const BO_ID = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';

const member = (id: string, fullName: string, subType: 'PRIMARY' | 'SECONDARY', displaySequence: number) => ({
  id,
  fullName,
  subType,
  type: 'PERSON',
  displaySequence,
});

/** The household the tab gets from the page (only what the tab reads). */
export const detail = {
  clientId: CLIENT_ID,
  name: 'Carter Household',
  members: [member(BO_ID, 'Bo Carter', 'SECONDARY', 2), member(ANN_ID, 'Ann Carter', 'PRIMARY', 1)],
} as unknown as ClientDetail;

export const accountFixture = (
  overrides: Partial<AccountValue> & Pick<AccountValue, 'id'>,
): AccountValue => ({
  clientId: CLIENT_ID,
  registrationName: 'Carter Joint Brokerage',
  registrationType: { id: 2, name: 'Individual' },
  custodian: 'Charles Schwab',
  custodianNumber: '****4821',
  accountObjective: { id: 4, name: 'Growth' },
  startDate: '2024-01-15',
  status: 'OPEN',
  closedOn: null,
  owners: [
    { memberId: ANN_ID, fullName: 'Ann Carter', role: 'OWNER' },
    { memberId: BO_ID, fullName: 'Bo Carter', role: 'JOINT_OWNER' },
  ],
  reviewStatus: 'READY',
  reviewReasons: [],
  reviewSnoozedUntil: null,
  payMethod: 'DIRECT',
  billingFrequency: 'QUARTERLY',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  asOf: '2026-03-31',
  marketValue: '1234567.89',
  unpricedCount: 0,
  ...overrides,
});

export const valuationFixture = (accounts: AccountValue[], date = '2026-04-15'): ManagedAccounts => ({
  date,
  totalValue: accounts.length > 0 ? '1334567.89' : '0.00',
  accounts,
  allocation:
    accounts.length > 0
      ? [
          { assetClass: 'US Equity', marketValue: '1000000.00', weight: '74.93' },
          { assetClass: 'Fixed Income', marketValue: '334567.89', weight: '25.07' },
        ]
      : [],
});

export type { Call };
export { stubApi };

/** Signs in a user who may do everything, or with some actions of managed accounts taken away. */
export const signIn = (denied: { write?: boolean; delete?: boolean } = {}) =>
  startFullSession({
    token: 'full-token',
    sso: false,
    user: makeUser({
      userPermission: permissions().map((entry) =>
        entry.feature === ('managedAccounts' satisfies Feature)
          ? { ...entry, write: !denied.write, delete: !denied.delete }
          : entry,
      ),
    }),
  });

export const VALUATION = `/api/clients/${CLIENT_ID}/managed-accounts`;
export const VALUES = `/api/clients/${CLIENT_ID}/managed-accounts/values`;
export const TRANSACTIONS = `/api/clients/${CLIENT_ID}/transactions`;
export const ASSIGNMENTS = `/api/clients/${CLIENT_ID}/strategy-assignments`;
export const DRIFT = `/api/clients/${CLIENT_ID}/drift`;

type Answerer = Parameters<typeof stubApi>[0];

/**
 * The calls every render of the tab makes: the valuation of the accounts, the values, the transactions, the
 * assignments (none unless `extra` answers) and the account form's lists; `extra` answers first.
 */
export const householdAnswers =
  (accounts: AccountValue[], extra?: Answerer): Answerer =>
  (call) => {
    const own = extra?.(call);
    if (own) return own;
    if (call.method === 'GET' && call.path === VALUATION)
      return { result: valuationFixture(accounts, call.query.get('date') ?? '2026-04-15') };
    if (call.method === 'GET' && call.path === VALUES)
      return {
        result: [
          { date: '2026-01-31', value: '1200000.00' },
          { date: '2026-02-28', value: '1300000.00' },
        ],
      };
    if (call.method === 'GET' && call.path === TRANSACTIONS) return { result: [], totalResults: 0 };
    if (call.method === 'GET' && call.path === ASSIGNMENTS) return { result: [] };
    if (call.method === 'GET' && call.path === DRIFT) return { result: [] };
    if (call.method === 'GET' && call.path === '/api/master-data/registration-type')
      return {
        result: [
          masterDataItemFixture({ id: 2, type: 'registration-type', name: 'Individual' }),
          masterDataItemFixture({ id: 3, type: 'registration-type', name: 'Retirement' }),
        ],
      };
    if (call.method === 'POST' && call.path === '/api/getAccountObjective')
      return { result: [masterDataItemFixture({ id: 4, type: 'account-objective', name: 'Growth' })] };
    return undefined;
  };

/** Signs in (with some actions of managed accounts taken away), stubs the API and renders the tab. */
export const renderTab = (answer: Answerer, denied?: Parameters<typeof signIn>[0]) => {
  signIn(denied);
  const calls = stubApi(answer);
  const user = userEvent.setup();
  renderWithProviders(createElement(ManagedAccountsTab, { detail }));
  return { calls, user };
};

/** The autosizing textareas listen to document.fonts, which jsdom lacks. */
export const stubDocumentFonts = () => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
};
