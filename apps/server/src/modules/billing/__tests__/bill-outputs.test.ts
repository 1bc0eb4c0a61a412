import { createHash } from 'node:crypto';
import {
  ADJUSTMENT_MESSAGES,
  BILL_CHECK_MESSAGES,
  BILL_EXPORT_MESSAGES,
  BILL_RUN_MESSAGES,
  COLLECTION_MESSAGES,
} from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import { achAccountInput, openAccountThroughApi } from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { billRunFirm } from './bill-run-fixtures.ts';

// What follows a bill run (issue 15 §1–§3): adjustments applied once with the rest carried forward, advance
// part-periods and refunds, planning fees, the pre-export checks with overrides, the custodian and NACHA files,
// collections and the not-collected alert, forecast-vs-live differences, payouts, reports and invoices.
// The firm's today is 2027-01-15: every 2026 quarter is past.

let t: TestContext;
type Firm = Awaited<ReturnType<typeof billRunFirm>>;
let f: Firm;
let admin = '';

const Q = (periodStart: string) => ({ period: 'QUARTERLY', periodStart });
const live = (clientId: string, periodStart = '2026-04-01') =>
  f.startRun({ kind: 'LIVE_BILL', scope: 'SINGLE_UNIT', clientId, ...Q(periodStart) });

const adjust = (accountId: string, amount: string, extra: Record<string, unknown> = {}) =>
  t.json(
    'POST',
    '/api/billing/adjustments',
    { accountId, reasonCode: 'BILLING_ERROR', amount, ...extra },
    admin,
  );

const advance = async (runId: string, ...steps: ('approve' | 'lock')[]) => {
  for (const step of steps) {
    const res = await t.json('POST', `/api/bill-runs/${runId}/${step}`, {}, admin);
    expect(res.status, res.body.message).toBe(200);
  }
};

const secondAccount = async (u: { clientId: string; memberId: string }, name: string, cash: string) => {
  const accountId = await openAccountThroughApi(t, {
    clientId: u.clientId,
    memberId: u.memberId,
    registrationName: name,
    token: admin,
  });
  await f.hold(accountId, cash);
  await f.setBilling(accountId);
  return accountId;
};

beforeAll(async () => {
  t = await createTestContext();
  t.clock.startAt(new Date('2027-01-15T16:00:00Z'));
  f = await billRunFirm(t);
  admin = f.admin;
});
afterAll(() => t.close());

describe('adjustments', () => {
  it('checks the adjustment with its messages and changes nothing', async () => {
    const u = await f.unit('AdjustCheck', '1000000');
    const cases = [
      [{ amount: '0' }, 'amount', ADJUSTMENT_MESSAGES.amountZero],
      [{ amount: '12.345' }, 'amount', ADJUSTMENT_MESSAGES.amountInvalid],
      [{ amount: '-10000000.01' }, 'amount', ADJUSTMENT_MESSAGES.amountMax],
      [{ amount: '-50', reasonCode: 'OTHER' }, 'note', ADJUSTMENT_MESSAGES.noteRequired],
      [{ amount: '-50', reasonCode: 'LUCK' }, 'reasonCode', ADJUSTMENT_MESSAGES.reasonCodeRequired],
    ] as const;
    for (const [body, field, message] of cases) {
      const res = await t.json(
        'POST',
        '/api/billing/adjustments',
        { accountId: u.accountId, reasonCode: 'BILLING_ERROR', ...body },
        admin,
      );
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ field, message });
    }
    const list = await t.json('GET', `/api/billing/adjustments?accountId=${u.accountId}`, undefined, admin);
    expect(list.body.result).toEqual([]);
    // The accounts an adjustment may go to: the unit's open ones, the number masked.
    const accounts = await t.json(
      'GET',
      `/api/billing/adjustments/accounts?clientId=${u.clientId}`,
      undefined,
      admin,
    );
    expect(accounts.body.result).toEqual([
      {
        accountId: u.accountId,
        registrationName: 'AdjustCheck Brokerage',
        custodianNumber: expect.stringMatching(/^….{4}$/),
      },
    ]);
  });

  it('applies a credit larger than the fee as far as it goes, carries the rest to the next live bill, once', async () => {
    const u = await f.unit('Credit', '1000000');
    const block = await f.addBlock(u.clientId, {});
    expect(block).toBeTruthy();
    // A charge and a credit: the charge first, then the credit covers it and the fee, the rest carried.
    expect((await adjust(u.accountId, '100')).status).toBe(201);
    const credit = await adjust(u.accountId, '-3000', { reasonCode: 'OTHER', note: 'Fee waived for Q2' });
    expect(credit.status, credit.body.message).toBe(201);
    expect(credit.body.result).toMatchObject({ state: 'PENDING', remaining: '-3000.00' });

    // A forecast shows the adjustments but applies nothing.
    const forecast = await f.startRun({ kind: 'FORECAST_BILL', scope: 'SINGLE_UNIT', clientId: u.clientId });
    expect((await f.billOf(forecast.id, u.clientId)).amount).toBe('0.00');
    const pending = await t.json(
      'GET',
      `/api/billing/adjustments?accountId=${u.accountId}`,
      undefined,
      admin,
    );
    expect(pending.body.result.map((a: { state: string }) => a.state)).toEqual(['PENDING', 'PENDING']);

    const q2 = await live(u.clientId);
    const bill = await f.billOf(q2.id, u.clientId);
    // 2,500.00 + 100.00 − 2,600.00 of the 3,000.00 credit: nothing to pay, 400.00 carried forward.
    expect(bill.amount).toBe('0.00');
    expect(bill.extraLines).toEqual([
      expect.objectContaining({ kind: 'ADJUSTMENT', amount: '100.00', carriedForward: '0.00' }),
      expect.objectContaining({
        kind: 'ADJUSTMENT',
        amount: '-2600.00',
        carriedForward: '-400.00',
        description: 'Other: Fee waived for Q2',
      }),
    ]);
    // Payouts follow the net fee: nothing to pay out.
    expect(bill.payouts).toEqual([]);
    const after = await t.json('GET', `/api/billing/adjustments?accountId=${u.accountId}`, undefined, admin);
    expect(after.body.result).toEqual([
      expect.objectContaining({ amount: '-3000.00', remaining: '-400.00', state: 'CARRIED' }),
      expect.objectContaining({ amount: '100.00', remaining: '0.00', state: 'APPLIED' }),
    ]);
    // Applied: not cancelled any more.
    const cancel = await t.json(
      'POST',
      `/api/billing/adjustments/${credit.body.result.id}/cancel`,
      {},
      admin,
    );
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(ADJUSTMENT_MESSAGES.used);

    // The next quarter's live bill takes the 400.00 left: 2,500.00 − 400.00, paid out on the net.
    const q3 = await live(u.clientId, '2026-07-01');
    const next = await f.billOf(q3.id, u.clientId);
    expect(next.amount).toBe('2100.00');
    expect(next.payouts).toEqual([expect.objectContaining({ amount: '2100.00' })]);
    const used = await t.json('GET', `/api/billing/adjustments?accountId=${u.accountId}`, undefined, admin);
    expect(used.body.result[0]).toMatchObject({ remaining: '0.00', state: 'APPLIED' });

    // Voiding the Q3 bill gives its 400.00 back; a new live run applies it again, never twice.
    const bills = await f.billsOf(q3.id);
    const voided = await t.json('POST', `/api/bills/${bills[0]!.id}/void`, { reason: 'Wrong value' }, admin);
    expect(voided.status, voided.body.message).toBe(200);
    const back = await t.json('GET', `/api/billing/adjustments?accountId=${u.accountId}`, undefined, admin);
    expect(back.body.result[0]).toMatchObject({ remaining: '-400.00', state: 'CARRIED' });
    const again = await live(u.clientId, '2026-07-01');
    expect((await f.billOf(again.id, u.clientId)).amount).toBe('2100.00');
  });

  it('cancels an adjustment no live bill applied', async () => {
    const u = await f.unit('Cancel', '1000000');
    const created = await adjust(u.accountId, '-10');
    const res = await t.json('POST', `/api/billing/adjustments/${created.body.result.id}/cancel`, {}, admin);
    expect(res.status).toBe(200);
    expect(res.body.result.state).toBe('CANCELLED');
    const run = await live(u.clientId);
    expect((await f.billOf(run.id, u.clientId)).amount).toBe('2500.00');
  });
});

describe('advance accounts and planning fees', () => {
  it('charges the first part-period of an advance account opened inside the previous quarter, once', async () => {
    const u = await f.unit('Opened', '1000000', { timing: 'ADVANCE', startDate: '2026-05-16' });
    const q2 = await live(u.clientId);
    expect(q2.bills).toBe(0);
    const units = await t.json('GET', `/api/bill-runs/${q2.id}/units`, undefined, admin);
    expect(JSON.stringify(units.body.result)).toContain(
      'Opens inside the period: its first part-period is charged with the next advance bill.',
    );
    const q3 = await live(u.clientId, '2026-07-01');
    const bill = await f.billOf(q3.id, u.clientId);
    // Q3 in advance: 10,000.00 × 1/4 = 2,500.00; Q2 from 05-16: 2,500.00 × 46/91 = 1,263.74.
    expect(bill.extraLines).toEqual([expect.objectContaining({ kind: 'PART_PERIOD', amount: '1263.74' })]);
    expect(bill.amount).toBe('3763.74');
  });

  it('refunds the unused days of an advance account closed inside the quarter, in the next bill', async () => {
    const u = await f.unit('Closing', '1000000', { timing: 'ADVANCE' });
    await secondAccount(u, 'Closing Stays', '400000');
    const q3 = await live(u.clientId, '2026-07-01');
    await advance(q3.id, 'approve', 'lock');
    await t.db.execute(
      sql`update accounts set status = 'CLOSED', closed_on = '2026-08-15' where id = ${u.accountId}::uuid`,
    );
    const q4 = await live(u.clientId, '2026-10-01');
    const bill = await f.billOf(q4.id, u.clientId);
    // Billed 2,500.00 for Q3 (92 days); closed 08-15: 46 unused days refunded, 1,250.00. The account that
    // stays is billed 1,000.00 in arrears.
    expect(bill.extraLines).toEqual([expect.objectContaining({ kind: 'REFUND', amount: '-1250.00' })]);
    expect(bill.amount).toBe('-250.00');
  });

  it('bills a planning fee as its own line, once', async () => {
    const u = await f.unit('Planner', '1000000');
    const fee = await t.json(
      'POST',
      `/api/billing/households/${u.clientId}/planning-fees`,
      {
        description: 'Estate plan',
        feeType: 'FLAT',
        amount: '1500',
        startDate: '2026-05-01',
        payMethod: 'INDIRECT',
        feePayingAccountId: u.accountId,
      },
      admin,
    );
    expect(fee.status, fee.body.message).toBe(201);
    const run = await live(u.clientId);
    const bill = await f.billOf(run.id, u.clientId);
    expect(bill.planningLines).toEqual([
      expect.objectContaining({ description: 'Estate plan', amount: '1500.00', feeType: 'FLAT' }),
    ]);
    expect(bill.amount).toBe('4000.00');
    const again = await f.startRun({ kind: 'LIVE_BILL', scope: 'SINGLE_UNIT', clientId: u.clientId });
    expect(again.bills).toBe(0);
  });
});

describe('pre-export checks, files and collections', () => {
  it('blocks approval on a fee above the paying account’s cash until overridden, then exports the custodian file', async () => {
    const u = await f.unit('Payer', '1000000');
    const payer = await secondAccount(u, 'Payer Cash', '100');
    await f.setBilling(u.accountId, { feePayingAccountId: payer });
    const run = await live(u.clientId);
    // 2,500.00 from the big account and 0.25 from the small one, both taken from the small one's 100.00.
    const approve = await t.json('POST', `/api/bill-runs/${run.id}/approve`, {}, admin);
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe(BILL_CHECK_MESSAGES.blocked);
    const checks = await t.json('GET', `/api/bill-runs/${run.id}/checks`, undefined, admin);
    expect(checks.body.result).toEqual([
      expect.objectContaining({
        code: 'FEE_ABOVE_CASH',
        message:
          'The fee $2,500.25 is more than the $100.00 cash of Payer Cash (…' +
          checks.body.result[0].message.split('(…')[1],
        override: null,
      }),
    ]);
    const billId = checks.body.result[0].billId as string;
    const wrong = await t.json(
      'POST',
      `/api/bills/${billId}/overrides`,
      { code: 'PAYER_CLOSED', reason: 'x' },
      admin,
    );
    expect(wrong.status).toBe(400);
    const noReason = await t.json(
      'POST',
      `/api/bills/${billId}/overrides`,
      { code: 'FEE_ABOVE_CASH' },
      admin,
    );
    expect(noReason.status).toBe(400);
    const ok = await t.json(
      'POST',
      `/api/bills/${billId}/overrides`,
      { code: 'FEE_ABOVE_CASH', reason: 'Client wires cash on the 3rd' },
      admin,
    );
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.result[0].override).toMatchObject({ reason: 'Client wires cash on the 3rd' });

    const early = await t.json('POST', `/api/bill-runs/${run.id}/exports`, { kind: 'CUSTODIAN' }, admin);
    expect(early.status).toBe(409);
    await advance(run.id, 'approve', 'lock');
    const exported = await t.json('POST', `/api/bill-runs/${run.id}/exports`, { kind: 'CUSTODIAN' }, admin);
    expect(exported.status, exported.body.message).toBe(201);
    expect(exported.body.result).toEqual([
      expect.objectContaining({ kind: 'CUSTODIAN', batch: 1, exportNo: 1, rowCount: 1, total: '2500.25' }),
    ]);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/bill-exports/${exported.body.result[0].id}/file`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toMatch(/^FAC-[\d-]+,2500\.25\n$/);
    expect(createHash('sha256').update(file.body).digest('hex')).toBe(exported.body.result[0].checksum);
    expect((await f.runOf(run.id)).stage).toBe('EXPORTED');

    // Again only when confirmed, and logged.
    const twice = await t.json('POST', `/api/bill-runs/${run.id}/exports`, { kind: 'CUSTODIAN' }, admin);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(BILL_EXPORT_MESSAGES.confirmAgain);
    const confirmed = await t.json(
      'POST',
      `/api/bill-runs/${run.id}/exports`,
      { kind: 'CUSTODIAN', confirmAgain: true },
      admin,
    );
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.result[0]).toMatchObject({
      exportNo: 2,
      checksum: exported.body.result[0].checksum,
    });
    const [logged] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from audit_log where action = 'EXPORT'
        and entity = 'billingInstance' and entity_id = ${run.id}`),
    );
    // Two exports and the download of the first file.
    expect(logged!.n).toBe(3);
    const [stored] = rowsOf<{ content: string }>(
      await t.db.execute(sql`select content from bill_exports where run_id = ${run.id}::uuid limit 1`),
    );
    expect(stored!.content).not.toContain(file.body.split(',')[0]!);
    // Exported: nothing voids it, the unlock is refused.
    const voided = await t.json('POST', `/api/bills/${billId}/void`, { reason: 'late' }, admin);
    expect(voided.status).toBe(409);
    expect(voided.body.message).toBe(BILL_RUN_MESSAGES.exported);

    // Collected by the custodian's confirmation file.
    const number = file.body.split(',')[0];
    const imported = await t.json(
      'POST',
      `/api/bill-runs/${run.id}/collections/import`,
      {
        source: 'CUSTODIAN',
        content: `account,amount,date\n${number},2500.25,2027-01-20\nNOPE,1.00,2027-01-20\n`,
      },
      admin,
    );
    expect(imported.status, imported.body.message).toBe(200);
    expect(imported.body.result).toMatchObject({ matched: 1, total: '2500.25' });
    expect(imported.body.result.unmatched).toEqual([expect.objectContaining({ line: 3 })]);
    expect((await f.billsOf(run.id))[0]).toMatchObject({ balance: '0.00' });
  });
});

describe('differences, payouts, reports and invoices', () => {
  it('shows what changed between the forecast and the live run, largest change first', async () => {
    // The first quarter (2026-01-01..03-31), values at its end.
    const same = await f.unit('Steady', '1000000');
    await f.hold(same.accountId, '1000000', '2026-03-31');
    const grew = await f.unit('Grew', '1000000');
    await f.hold(grew.accountId, '1000000', '2026-03-31');
    const scope = { scope: 'WEALTH_ADVISOR', wealthAdvisorId: f.advisor1, ...Q('2026-01-01') };
    await t.db.execute(sql`insert into household_advisors (household_id, user_id, role)
      values (${same.clientId}::uuid, ${f.advisor1}::uuid, 'WEALTH_ADVISOR_1'),
             (${grew.clientId}::uuid, ${f.advisor1}::uuid, 'WEALTH_ADVISOR_1')`);
    const forecast = await f.startRun({ kind: 'FORECAST_BILL', ...scope });
    expect(forecast.status).toBe('completed');
    await f.hold(grew.accountId, '1200000', '2026-03-31');
    const run = await f.startRun({ kind: 'LIVE_BILL', ...scope });
    const res = await t.json('GET', `/api/bill-runs/${run.id}/differences`, undefined, admin);
    expect(res.status, res.body.message).toBe(200);
    expect((res.body as unknown as { summary: unknown }).summary).toMatchObject({
      forecastRun: { id: forecast.id },
      changed: 1,
    });
    expect(res.body.result).toEqual([
      expect.objectContaining({
        household: 'Grew',
        change: '500.00',
        causes: ['VALUE'],
        details: ['Value $1,000,000.00 → $1,200,000.00'],
      }),
    ]);
    const all = await t.json(
      'GET',
      `/api/bill-runs/${run.id}/differences?changedOnly=false`,
      undefined,
      admin,
    );
    expect(all.body.result.map((r: { household: string }) => r.household)).toEqual(['Grew', 'Steady']);
  });

  it('gives each payee their part of the locked bills, billed and collected, and the run’s reports', async () => {
    const u = await f.unit('Paid', '1000000');
    await f.addBlock(u.clientId, { payoutPercentage: '80' });
    await f.addBlock(u.clientId, { type: 'WEALTH_ADVISOR_2', payeeId: f.advisor2, payoutPercentage: '20' });
    const run = await f.startRun({
      kind: 'LIVE_BILL',
      scope: 'SINGLE_UNIT',
      clientId: u.clientId,
      ...Q('2026-10-01'),
    });
    await advance(run.id, 'approve', 'lock');
    const payouts = await t.json(
      'GET',
      '/api/billing/payouts?from=2026-12-31&to=2026-12-31',
      undefined,
      admin,
    );
    expect(payouts.body.result).toEqual([
      expect.objectContaining({ billed: '2000.00', collected: '0.00', bills: 1 }),
      expect.objectContaining({ billed: '500.00', collected: '0.00', bills: 1 }),
    ]);
    await t.json('POST', `/api/bill-runs/${run.id}/exports`, { kind: 'CUSTODIAN' }, admin);
    const bill = (await f.billsOf(run.id))[0]!;
    await t.json(
      'POST',
      `/api/bills/${bill.id}/collections`,
      { amount: '1250', collectedOn: '2027-01-16' },
      admin,
    );
    const half = await t.json('GET', '/api/billing/payouts?from=2026-12-31&to=2026-12-31', undefined, admin);
    expect(half.body.result.map((p: { collected: string }) => p.collected)).toEqual(['1000.00', '250.00']);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/bill-runs/${run.id}/reports/payable-summary?format=csv`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Paid');
    expect(csv.body).toContain('2500.00');
    for (const report of ['bill-data', 'exceptions', 'settings']) {
      const xlsx = await t.app.inject({
        method: 'GET',
        url: `/api/bill-runs/${run.id}/reports/${report}?format=xlsx`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(xlsx.statusCode, report).toBe(200);
      expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    }
    const unknown = await t.json('GET', `/api/bill-runs/${run.id}/reports/nope?format=csv`, undefined, admin);
    expect(unknown.status).toBe(400);
  });

  it('prints the invoice with the screen’s figures, and zips a run’s invoices', async () => {
    const u = await f.unit('Invoiced', '2000000');
    const run = await live(u.clientId, '2026-10-01');
    const bill = await f.billOf(run.id, u.clientId);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/bills/${bill.id}/invoice`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await getDocument({ data: new Uint8Array(pdf.rawPayload) }).promise;
    let text = '';
    for (let page = 1; page <= doc.numPages; page += 1) {
      const content = await (await doc.getPage(page)).getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    }
    expect(text).toContain('$5,000.00');
    expect(text).toContain('$2,000,000.00');
    expect(text).toContain('Invoiced');
    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/bill-runs/${run.id}/invoices`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(zip.rawPayload.includes(Buffer.from(`invoice-${bill.billNo}-invoiced.pdf`))).toBe(true);
  });
});

// Last: it moves the clock a month on, past every session.
describe('ACH and collections', () => {
  it('writes the NACHA file of ACH fees, collects by hand, and alerts on a bill not collected in time', async () => {
    const u = await f.unit('Achy', '1000000', { payMethod: 'ACH', feePayingAccountId: null });
    const ach = await t.json(
      'POST',
      `/api/billing/households/${u.clientId}/ach-accounts`,
      achAccountInput({ achAccountType: 'SAVINGS', lastName: 'Achy' }),
      admin,
    );
    expect(ach.status, ach.body.message).toBe(201);
    const run = await live(u.clientId);
    await advance(run.id, 'approve', 'lock');
    const unset = await t.json('POST', `/api/bill-runs/${run.id}/exports`, { kind: 'NACHA' }, admin);
    expect(unset.status).toBe(400);
    expect(unset.body.message).toBe(BILL_EXPORT_MESSAGES.achNotSet);
    const settings = await t.json(
      'PUT',
      '/api/billing/settings',
      {
        proration: 'FREQUENCY',
        firmName: 'Centric Test Advisors',
        collectionWindowDays: 30,
        achBankRouting: '011000015',
        achBankName: 'First Test Bank',
        achCompanyName: 'CENTRIC TEST',
        achCompanyId: '1234567890',
      },
      admin,
    );
    expect(settings.status, settings.body.message).toBe(200);
    const saved = await t.json('GET', '/api/billing/settings', undefined, admin);
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.result).toMatchObject({
      firmName: 'Centric Test Advisors',
      achBankRouting: '011000015',
    });
    const exported = await t.json('POST', `/api/bill-runs/${run.id}/exports`, { kind: 'NACHA' }, admin);
    expect(exported.status, exported.body.message).toBe(201);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/bill-exports/${exported.body.result[0].id}/file`,
      headers: { authorization: `Bearer ${admin}` },
    });
    const lines = file.body.trimEnd().split('\n');
    expect(lines.length % 10).toBe(0);
    expect(lines.every((line) => line.length === 94)).toBe(true);
    const entry = lines.find((line) => line.startsWith('6'))!;
    // Savings debit (37), the household's bank, account and 2,500.00 in cents.
    expect(entry.slice(1, 3)).toBe('37');
    expect(entry.slice(3, 12)).toBe('021000021');
    expect(entry.slice(12, 29).trim()).toBe('000123456789');
    expect(entry.slice(29, 39)).toBe('0000250000');

    const bill = (await f.billsOf(run.id))[0]!;
    const above = await t.json(
      'POST',
      `/api/bills/${bill.id}/collections`,
      { amount: '2500.01', collectedOn: '2027-01-18' },
      admin,
    );
    expect(above.status).toBe(400);
    expect(above.body.errors).toContainEqual({
      field: 'amount',
      message: COLLECTION_MESSAGES.amountAboveBalance,
    });
    const part = await t.json(
      'POST',
      `/api/bills/${bill.id}/collections`,
      { amount: '1000', collectedOn: '2027-01-18', reference: 'Bank confirmation 77' },
      admin,
    );
    expect(part.status, part.body.message).toBe(201);
    expect((await f.billsOf(run.id))[0]).toMatchObject({ balance: '1500.00' });

    // 31 days after export, 1,500.00 still owed: the household's team is alerted, once.
    t.clock.advance(31 * 24 * 3600 * 1000);
    const report = await t.app.services.activitySweep.runOnce();
    expect(report.daily.billsNotCollected).toBeGreaterThanOrEqual(1);
    const [alert] = rowsOf<{ message: string; open: boolean }>(
      await t.db.execute(sql`select message, resolved_at is null as open from alerts
        where cause_key = ${`bill-not-collected:${bill.id}`}`),
    );
    expect(alert).toMatchObject({ open: true });
    expect(alert!.message).toContain('$1,500.00 outstanding after 30 days');
    // (A month later the session has expired: sign in again.)
    const rest = await t.json(
      'POST',
      `/api/bills/${bill.id}/collections`,
      { amount: '1500', collectedOn: '2027-02-16' },
      (await t.signIn()).token,
    );
    expect(rest.status).toBe(201);
    const [resolved] = rowsOf<{ open: boolean }>(
      await t.db.execute(sql`select resolved_at is null as open from alerts
        where cause_key = ${`bill-not-collected:${bill.id}`}`),
    );
    expect(resolved!.open).toBe(false);
  });
});
