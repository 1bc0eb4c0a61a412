import type { AccountBilling } from '@centric/contracts';
import { startFullSession } from '../../lib/session.ts';
import { makeUser, permissions } from '../../test/render.tsx';

/** Test data and helpers shared by the billing accounts screens' tests. */

export const HOUSEHOLD = '11111111-1111-4111-8111-111111111111';
export const OTHER_HOUSEHOLD = '22222222-2222-4222-8222-222222222222';
export const SCHEDULE = { id: '33333333-3333-4333-8333-333333333333', name: 'Standard tiered' };
export const OTHER_SCHEDULE = { id: '44444444-4444-4444-8444-444444444444', name: 'Flat 1%' };

/** Account `n` (1–9) of HOUSEHOLD, quarterly in arrears on SCHEDULE by ACH, paying for none. */
export const accountFixture = (n: number, overrides: Partial<AccountBilling> = {}): AccountBilling => ({
  accountId: `00000000-0000-4000-8000-00000000000${n}`,
  clientId: HOUSEHOLD,
  household: 'Adams, Betty',
  unitId: 12,
  registrationName: `Account ${n}`,
  custodian: 'Fidelity',
  custodianNumber: `****000${n}`,
  status: 'OPEN',
  feeSchedule: SCHEDULE,
  payMethod: 'ACH',
  frequency: 'QUARTERLY',
  timing: 'ARREARS',
  valuation: 'PERIOD_END_VALUE',
  startDate: '2026-01-01',
  feePayingAccount: null,
  paysFor: [],
  ...overrides,
});

/** The account as a list row (the list leaves out whom it pays for). */
export const rowOf = ({ paysFor: _paysFor, ...row }: AccountBilling) => row;

/** An answer in the API's envelope. */
export const envelope = (status: number, message: string, result: unknown, extra: object = {}) =>
  new Response(JSON.stringify({ statusCode: status, message, result, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** Signs in a user who may read, write and delete everything, or only read billingAccounts. */
export const signIn = ({ canWrite }: { canWrite: boolean }) =>
  startFullSession({
    token: 'full-token',
    sso: false,
    user: makeUser({
      userPermission: permissions().map((entry) =>
        entry.feature === 'billingAccounts' && !canWrite ? { ...entry, write: false, delete: false } : entry,
      ),
    }),
  });

export type FetchCall = { method: string; url: string; body: unknown };

/** A fetch stub recording each call; `answer` answers by method and path (undefined: 404). */
export const stubApi = (
  answer: (method: string, path: string, url: string) => Response | undefined | Promise<Response | undefined>,
) => {
  const calls: FetchCall[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    return (await answer(method, url.split('?')[0] ?? url, url)) ?? envelope(404, 'Not found.', null);
  };
  return { calls, fetchStub };
};
