import { addDays, BILL_EXPORT_MESSAGES, billingPeriodOf, signedCents } from '@centric/contracts';
import { eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { createSession } from '../../platform/sessions.ts';
import { hashToken } from '../../platform/tokens.ts';
import type { Db } from '../client.ts';
import { sessions, users } from '../schema/index.ts';
import { DEMO_ADMIN } from './demo.ts';
import { seededRandom } from './seeded-random.ts';

/**
 * The demo's billed past (issue 16 §4): the quarter before last billed live for every unit, as operations
 * would bill it, through the app's own routes signed in as the demo administrator: the run, each pre-export
 * finding let through with a reason, approval, lock, the custodian fee file and the ACH file, and what was
 * collected (most bills in full about two weeks after the quarter, a few not yet). The advisors' compensation
 * then has fee lines from locked bills beside the commissions, the payout blocks count a payment, and Billing
 * Instances opens on a run that went the whole way. The last quarter is left unbilled for the firm to run.
 */

export const DEMO_BILL_RUN_REASON = 'Reviewed with operations before the demo quarter was exported.';

/** The quarter the demo bills: the one before last (on 2026-11-27, 2026-04-01..2026-06-30). */
export const demoBilledQuarter = (today: string) => billingPeriodOf(today, 'QUARTERLY', -2);

/** The demo firm's bank for ACH debits (a real routing number's shape: its check digit holds). */
const DEMO_ACH_ORIGINATOR = {
  achBankRouting: '021000021',
  achBankName: 'First Demo Bank',
  achCompanyName: 'Centric Demo',
  achCompanyId: '1871234567',
};

type Called = { statusCode: number; message: string; result: unknown; totalResults?: number };

export const seedDemoBillRun = async (app: App, db: Db, options: { today: string; now: Date }) => {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN.email));
  if (!admin) return { bills: 0 };
  const token = await createSession(db, {
    userId: admin.id,
    kind: 'FULL',
    method: 'PASSWORD',
    now: options.now,
    userAgent: 'Centric demo seed',
  });
  const send = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    return res.json<Called>();
  };
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> => {
    const answer = await send(method, url, body);
    if (answer.statusCode >= 300) throw new Error(`demo bill run: ${method} ${url}: ${answer.message}`);
    return answer.result as T;
  };
  try {
    // The firm's ACH originator, so the households paying by ACH are collected through a NACHA file.
    const settings = await call<Record<string, unknown>>('GET', '/api/billing/settings');
    await call('PUT', '/api/billing/settings', { ...settings, ...DEMO_ACH_ORIGINATOR });

    const quarter = demoBilledQuarter(options.today);
    const run = await call<{ id: string }>('POST', '/api/bill-runs', {
      kind: 'LIVE_BILL',
      scope: 'ALL_UNITS',
      period: 'QUARTERLY',
      periodStart: quarter.from,
    });
    await app.services.jobs.drain();

    // The demo's cash leaves some fees above what a paying account holds: each finding is let through.
    const findings = await call<{ billId: string; code: string; override: unknown }[]>(
      'GET',
      `/api/bill-runs/${run.id}/checks`,
    );
    for (const f of findings.filter((x) => x.override === null)) {
      await call('POST', `/api/bills/${f.billId}/overrides`, { code: f.code, reason: DEMO_BILL_RUN_REASON });
    }
    await call('POST', `/api/bill-runs/${run.id}/approve`);
    await call('POST', `/api/bill-runs/${run.id}/lock`);
    await call('POST', `/api/bill-runs/${run.id}/exports`, { kind: 'CUSTODIAN' });
    const ach = await send('POST', `/api/bill-runs/${run.id}/exports`, { kind: 'NACHA' });
    if (ach.statusCode >= 300 && ach.message !== BILL_EXPORT_MESSAGES.nothing) {
      throw new Error(`demo bill run: the ACH file: ${ach.message}`);
    }

    // Collected: 19 bills in 20 in full, 8 to 20 days after the quarter; the rest not yet.
    const next = seededRandom(20261127);
    const bills: { id: string; balance: string }[] = [];
    for (let page = 1; ; page += 1) {
      const rows = await call<{ id: string; balance: string }[]>(
        'GET',
        `/api/bill-runs/${run.id}/bills?page=${page}&limit=100`,
      );
      bills.push(...rows);
      if (rows.length < 100) break;
    }
    for (const bill of bills) {
      const collectedOn = addDays(quarter.to, 8 + Math.floor(next() * 13));
      const balance = signedCents(bill.balance) ?? 0n;
      if (next() < 0.05 || balance <= 0n || collectedOn > options.today) continue;
      await call('POST', `/api/bills/${bill.id}/collections`, {
        amount: bill.balance,
        collectedOn,
        reference: 'Custodian confirmation',
      });
    }
    return { bills: bills.length };
  } finally {
    await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  }
};
