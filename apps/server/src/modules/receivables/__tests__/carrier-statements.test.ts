import { STATEMENT_MESSAGES } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import { insertHousehold, insertUserWithGrants, masterDataId } from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

// Carrier statement reconciliation (issue 16 §2, decision 0019): a statement mapped per provider, previewed and
// imported as a job; each flag kind (matched, short-paid, overpaid, unpaid, unknown, chargeback); the same file
// again changes nothing; each resolution; the aged list; a chargeback in compensation; the receivables
// permission on every route.

let t: TestContext;
let admin: string;
let advisor: string;
let advisorId = '';
let provider = 0;
let receivableA = '';

const MAPPING = {
  policyColumn: 'Contract #',
  dateColumn: 'Paid On',
  amountColumn: 'Commission',
  kindColumn: 'Type',
};
const query = (mapping: Record<string, string> = MAPPING, providerId = provider) =>
  new URLSearchParams({ providerId: String(providerId), ...mapping }).toString();

const STATEMENT = [
  'Contract #,Insured,Paid On,Commission,Type',
  'pru-100,Ada Lovelace,2026-01-12,1000.00,New business',
  'PRU-100,Ada Lovelace,02/11/2026,"$1,000.00",Renewal',
  'PRU-100,Ada Lovelace,2026-03-12,950.00,Renewal',
  'PRU-100,Ada Lovelace,2026-04-10,1100.00,Renewal',
  'PRU-100,Ada Lovelace,2026-05-20,-400.00,Chargeback',
  'PRU-999,Someone Else,2026-04-15,300.00,Renewal',
  'PRU-200,Ada Lovelace,2026-01-21,500,Renewal',
  'PRU-200,Ada Lovelace,2026-02-20,500,Renewal',
  ',Nobody,2026-03-01,10,Renewal',
  'PRU-200,Ada Lovelace,2026-13-01,10,Renewal',
  'PRU-200,Ada Lovelace,2026-03-01,abc,Renewal',
  'PRU-200,Ada Lovelace,2026-03-01,10,Bonus',
].join('\n');

const upload = (csv: string, q = query(), token = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/carrier-statements?${q}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    payload: csv,
  });

const job = async (id: string) =>
  (await t.json('GET', `/api/carrier-statements/${id}`, undefined, admin)).body.result;

/** Uploads, previews, confirms and imports a statement; answers the finished job. */
const importStatement = async (csv: string) => {
  const res = await upload(csv);
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json().result.id as string;
  await t.app.services.jobs.drain();
  const preview = await job(id);
  expect(preview.status).toBe('WAITING');
  const apply = await t.json('POST', `/api/carrier-statements/${id}/apply`, {}, admin);
  expect(apply.status, apply.body.message).toBe(202);
  await t.app.services.jobs.drain();
  return { preview, done: await job(id) };
};

const differences = async (params = 'status=open') =>
  (await t.json('GET', `/api/statement-differences?${params}&limit=50`, undefined, admin)).body.result as {
    id: string;
    flag: string;
    policyNumber: string;
    amount: string | null;
    expected: string | null;
    difference: string;
    resolution: string | null;
    note: string | null;
    receivable: { id: string; paymentSequence: number | null } | null;
  }[];

const payments = async (receivableId: string) =>
  rowsOf<{ sequence: number; state: string; received_date: string | null; amount_received: string | null }>(
    await t.db.execute(sql`select sequence, state, received_date::text, amount_received::text
      from receivable_payments where receivable_id = ${receivableId} order by sequence`),
  );

const counts = async () => {
  const [row] = rowsOf<{ lines: number; statements: number; received: number }>(
    await t.db.execute(sql`select (select count(*)::int from carrier_statement_lines) as lines,
      (select count(*)::int from carrier_statements) as statements,
      (select count(*)::int from receivable_payments where state = 'RECEIVED') as received`),
  );
  return row;
};

const masterId = (type: string, name: string) => masterDataId(t.db, type, name);

beforeAll(async () => {
  t = await createTestContext();
  t.clock.startAt(new Date('2026-07-15T16:00:00Z'));
  admin = (await t.signIn()).token;
  await t.db.execute(sql`delete from receivables`);
  advisorId = (await insertUserWithGrants(t.db, 'statement.advisor@centric.test', { receivables: ['read'] }))
    .userId;
  advisor = (await t.signIn('statement.advisor@centric.test')).token;
  const { clientId } = await insertHousehold(t.db, {
    name: 'Statement Household',
    members: [{ firstName: 'Ada', lastName: 'Lovelace' }],
    advisors: { WEALTH_ADVISOR_1: advisorId },
  });
  provider = await masterId('providers', 'Prudential');
  const receivable = async (policyNumber: string, amount: string, startDate: string, splits: unknown[]) => {
    const res = await t.json(
      'POST',
      '/api/receivables',
      {
        productType: 'LIFE_TERM',
        receivableProductId: await masterId('receivable-products', '20-Year Term Life'),
        providerId: provider,
        clientId,
        accountHolder: 'Ada Lovelace',
        amount,
        paymentFrequency: 'MONTHLY',
        numberOfPayments: 6,
        startDate,
        policyNumber,
        splits,
      },
      admin,
    );
    expect(res.status, res.body.message).toBe(201);
    return res.body.result.id as string;
  };
  // $1,000 a month from January 10 (the advisor's split 100 % × 50 %), and $500 a month from January 20.
  receivableA = await receivable('Pru-100', '1000', '2026-01-10', [
    {
      type: 'WEALTH_ADVISOR_1',
      payeeId: advisorId,
      appPercentage: '100',
      commissionPercentage: '50',
      startDate: '2026-01-01',
      numberOfPayments: 6,
      creditTo: '100',
    },
  ]);
  await receivable('PRU-200', '500', '2026-01-20', []);
}, 120_000);
afterAll(() => t.close());

describe('the provider mapping and the upload', () => {
  it('offers the usual column names before the first import', async () => {
    const res = await t.json('GET', `/api/statement-mappings/${provider}`, undefined, admin);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ policyColumn: 'Policy Number', saved: false });
    expect((await t.json('GET', '/api/statement-mappings/999999', undefined, admin)).status).toBe(404);
  });

  it('refuses a file without the mapped columns, an unknown provider, a repeated column', async () => {
    const missing = await upload(STATEMENT, query({ ...MAPPING, amountColumn: 'Net' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(STATEMENT_MESSAGES.columnMissing('"Net"'));
    const unknown = await upload(STATEMENT, query(MAPPING, 999_999));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(STATEMENT_MESSAGES.providerNotFound);
    const repeated = await upload(STATEMENT, query({ ...MAPPING, kindColumn: 'Contract #' }));
    expect(repeated.statusCode).toBe(400);
    const empty = await upload('Contract #,Paid On,Commission,Type\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(STATEMENT_MESSAGES.fileEmpty);
    expect(Number((await counts())?.statements)).toBe(0);
  });

  it('a preview writes nothing; a cancelled import is never imported', async () => {
    const res = await upload(STATEMENT);
    const id = res.json().result.id as string;
    await t.app.services.jobs.drain();
    expect((await job(id)).status).toBe('WAITING');
    expect(await counts()).toMatchObject({ lines: 0, statements: 0, received: 0 });
    const cancel = await t.json('POST', `/api/carrier-statements/${id}/cancel`, {}, admin);
    expect(cancel.body.result.status).toBe('CANCELLED');
    expect((await t.json('POST', `/api/carrier-statements/${id}/apply`, {}, admin)).status).toBe(409);
  });
});

describe('reconciliation', () => {
  let firstJob = '';

  it('previews, then flags each kind: matched, short-paid, overpaid, unpaid, unknown, chargeback', async () => {
    const { preview, done } = await importStatement(STATEMENT);
    firstJob = done.id;
    expect(preview.report).toMatchObject({
      provider: { id: provider, name: 'Prudential' },
      rows: 12,
      accepted: 8,
      refusedCount: 4,
      alreadyImported: 0,
      dateFrom: '2026-01-12',
      dateTo: '2026-04-15',
      // The $500 payment of March 20 is in the statement's period and no line pays it.
      flags: { MATCHED: 4, SHORT_PAID: 1, OVERPAID: 1, UNPAID: 1, UNKNOWN: 1, CHARGEBACK: 1 },
      applied: null,
    });
    expect(preview.report.refused).toEqual([
      { line: 10, policyNumber: null, message: STATEMENT_MESSAGES.policyMissing },
      { line: 11, policyNumber: 'PRU-200', message: STATEMENT_MESSAGES.dateInvalid },
      { line: 12, policyNumber: 'PRU-200', message: STATEMENT_MESSAGES.amountInvalid },
      { line: 13, policyNumber: 'PRU-200', message: STATEMENT_MESSAGES.kindInvalid },
    ]);
    expect(done).toMatchObject({ status: 'SUCCEEDED' });
    expect(done.report.applied).toEqual(preview.report.flags);

    // The mapping is the provider's now.
    const mapping = await t.json('GET', `/api/statement-mappings/${provider}`, undefined, admin);
    expect(mapping.body.result).toEqual({ providerId: provider, ...MAPPING, saved: true });

    // Each paid line marked its nearest payment received on the line's date with what was paid.
    expect((await payments(receivableA)).slice(0, 5)).toEqual([
      { sequence: 1, state: 'RECEIVED', received_date: '2026-01-12', amount_received: '1000.00' },
      { sequence: 2, state: 'RECEIVED', received_date: '2026-02-11', amount_received: '1000.00' },
      { sequence: 3, state: 'RECEIVED', received_date: '2026-03-12', amount_received: '950.00' },
      { sequence: 4, state: 'RECEIVED', received_date: '2026-04-10', amount_received: '1100.00' },
      // The chargeback takes back from the payment it is tied to; it pays nothing.
      { sequence: 5, state: 'EXPECTED', received_date: null, amount_received: null },
    ]);

    const open = await differences();
    const byFlag = Object.fromEntries(open.map((d) => [d.flag, d]));
    expect(open.map((d) => d.flag).sort()).toEqual([
      'CHARGEBACK',
      'OVERPAID',
      'SHORT_PAID',
      'UNKNOWN',
      'UNPAID',
    ]);
    expect(byFlag.SHORT_PAID).toMatchObject({
      policyNumber: 'PRU-100',
      amount: '950.00',
      expected: '1000.00',
      difference: '50.00',
    });
    expect(byFlag.SHORT_PAID!.receivable).toMatchObject({ id: receivableA, paymentSequence: 3 });
    expect(byFlag.OVERPAID).toMatchObject({ amount: '1100.00', expected: '1000.00', difference: '100.00' });
    expect(byFlag.UNPAID).toMatchObject({
      policyNumber: 'PRU-200',
      amount: null,
      expected: '500.00',
      difference: '500.00',
    });
    expect(byFlag.UNKNOWN).toMatchObject({ policyNumber: 'PRU-999', amount: '300.00', receivable: null });
    expect(byFlag.CHARGEBACK).toMatchObject({ amount: '400.00', difference: '400.00' });
    expect(byFlag.CHARGEBACK!.receivable).toMatchObject({ id: receivableA, paymentSequence: 5 });
  });

  it('lists the open differences by provider, aged from their date', async () => {
    const res = await t.json('GET', '/api/statement-differences/aging', undefined, admin);
    expect(res.status).toBe(200);
    // On July 15: the chargeback of May 20 is 56 days old; the others over 90.
    expect(res.body.result.providers).toEqual([
      {
        provider: { id: provider, name: 'Prudential' },
        count: 5,
        total: '1350.00',
        buckets: { d1to30: '0.00', d31to60: '400.00', d61to90: '0.00', over90: '950.00' },
      },
    ]);
    expect(res.body.result.total).toMatchObject({ count: 5, total: '1350.00' });
  });

  it('the same file imported again changes nothing', async () => {
    const before = await counts();
    const paymentsBefore = await payments(receivableA);
    const { preview, done } = await importStatement(STATEMENT);
    expect(done.id).not.toBe(firstJob);
    expect(preview.report).toMatchObject({
      accepted: 8,
      alreadyImported: 8,
      flags: { MATCHED: 0, SHORT_PAID: 0, OVERPAID: 0, UNPAID: 0, UNKNOWN: 0, CHARGEBACK: 0 },
    });
    expect(done.report.applied).toEqual({
      MATCHED: 0,
      SHORT_PAID: 0,
      OVERPAID: 0,
      UNPAID: 0,
      UNKNOWN: 0,
      CHARGEBACK: 0,
    });
    expect(await counts()).toEqual(before);
    expect(await payments(receivableA)).toEqual(paymentsBefore);
    expect(await differences()).toHaveLength(5);
  });

  it('resolves each flag: accept, write off, dispute with a note', async () => {
    const open = Object.fromEntries((await differences()).map((d) => [d.flag, d]));
    const resolve = (id: string, body: unknown, token = admin) =>
      t.json('POST', `/api/statement-differences/${id}/resolve`, body, token);

    const accepted = await resolve(open.SHORT_PAID!.id, { action: 'accept' });
    expect(accepted.status, accepted.body.message).toBe(200);
    expect(accepted.body.message).toBe(STATEMENT_MESSAGES.resolved.accept);
    expect(accepted.body.result).toMatchObject({ resolution: 'ACCEPTED', flag: 'SHORT_PAID' });
    const again = await resolve(open.SHORT_PAID!.id, { action: 'writeOff' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(STATEMENT_MESSAGES.alreadyResolved);

    const noNote = await resolve(open.OVERPAID!.id, { action: 'dispute' });
    expect(noNote.status).toBe(400);
    expect(noNote.body.message).toBe(STATEMENT_MESSAGES.noteRequired);
    const disputed = await resolve(open.OVERPAID!.id, { action: 'dispute', note: 'Asked the carrier why.' });
    expect(disputed.body.result).toMatchObject({ resolution: 'DISPUTED', note: 'Asked the carrier why.' });

    // Writing off an unpaid payment writes the payment off.
    const unpaid = await resolve(open.UNPAID!.id, { action: 'writeOff', note: 'Lapsed.' });
    expect(unpaid.body.result).toMatchObject({ resolution: 'WRITTEN_OFF' });
    const [march] = rowsOf<{ state: string; note: string }>(
      await t.db.execute(sql`select p.state, p.note from receivable_payments p join carrier_statement_lines l
        on l.payment_id = p.id where l.id = ${open.UNPAID!.id}`),
    );
    expect(march).toEqual({ state: 'WRITTEN_OFF', note: 'Lapsed.' });

    expect((await resolve(open.UNKNOWN!.id, { action: 'writeOff' })).status).toBe(200);
    expect((await resolve(open.CHARGEBACK!.id, { action: 'accept' })).status).toBe(200);
    const missing = await resolve('00000000-0000-4000-8000-000000000000', { action: 'accept' });
    expect(missing.status).toBe(404);

    // Open now: the disputed one only; the resolved ones on their own list.
    expect((await differences()).map((d) => d.flag)).toEqual(['OVERPAID']);
    expect(await differences('status=resolved')).toHaveLength(4);
    expect(await differences('status=all&flag=UNKNOWN')).toHaveLength(1);
  });

  it('an accepted chargeback is taken back from the advisor’s compensation, as a line with its origin', async () => {
    const res = await t.json(
      'GET',
      '/api/myCompensation?from=2026-04-01&to=2026-06-30&basis=collected',
      undefined,
      advisor,
    );
    expect(res.status, res.body.message).toBe(200);
    // April's $1,100 received × 100 % × 50 % = $550, less the $400 chargeback × 50 % = $200.
    expect(res.body.result.thisPeriod).toEqual({ fees: '0.00', commissions: '350.00', total: '350.00' });
    expect(
      (res.body.result.lines as { source: string; amount: string; date: string; origin: unknown }[]).map(
        (l) => [l.source, l.date, l.amount, l.origin],
      ),
    ).toEqual([
      [
        'COMMISSIONS',
        '2026-04-10',
        '550.00',
        { kind: 'receivable', id: receivableA, label: '20-Year Term Life, Prudential, payment 4' },
      ],
      [
        'CHARGEBACKS',
        '2026-05-20',
        '-200.00',
        {
          kind: 'chargeback',
          id: receivableA,
          label:
            'Chargeback: 20-Year Term Life, Prudential, policy PRU-100 (statement statement.csv, line 6)',
        },
      ],
    ]);
    const firm = await t.json(
      'GET',
      '/api/compensation?from=2026-04-01&to=2026-06-30&basis=billed',
      undefined,
      admin,
    );
    // Billed: April, May and June due ($500 each, April as received $550) less the chargeback.
    expect(
      (firm.body.result as { payee: { id: string } }[]).find((r) => r.payee.id === advisorId),
    ).toMatchObject({
      commissions: '1350.00',
    });
  });
});

describe('permissions: receivables on every new route', () => {
  it('refuses each route without the permission, and writing with read only', async () => {
    await insertUserWithGrants(t.db, 'no.statements@centric.test', { dashboard: ['read'] });
    const none = (await t.signIn('no.statements@centric.test')).token;
    const reader = advisor;
    const [line] = await differences('status=all');
    const [jobRow] = rowsOf<{ id: string }>(
      await t.db.execute(sql`select id from jobs where kind = 'carrier-statement-import' limit 1`),
    );
    for (const url of [
      `/api/statement-mappings/${provider}`,
      '/api/carrier-statements',
      `/api/carrier-statements/${jobRow!.id}`,
      '/api/statement-differences',
      '/api/statement-differences/aging',
    ]) {
      expect((await t.json('GET', url, undefined, none)).status, url).toBe(403);
      expect((await t.json('GET', url, undefined, reader)).status, url).toBe(200);
    }
    for (const [url, payload] of [
      [`/api/carrier-statements/${jobRow!.id}/apply`, {}],
      [`/api/carrier-statements/${jobRow!.id}/cancel`, {}],
      [`/api/statement-differences/${line!.id}/resolve`, { action: 'accept' }],
    ] as const) {
      expect((await t.json('POST', url, payload, none)).status, url).toBe(403);
      expect((await t.json('POST', url, payload, reader)).status, url).toBe(403);
    }
    for (const token of [none, reader])
      expect((await upload(STATEMENT, query(), token)).statusCode).toBe(403);
  });
});
