import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { POSITIONS_IMPORT_MESSAGES } from '@centric/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assetClasses,
  auditLog,
  jobs,
  masterDataItems,
  productPrices,
  products,
} from '../../../db/schema/index.ts';
import { DEMO_ADMIN } from '../../../db/seed/demo.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';
import { insertHousehold, insertUserWithGrants } from '../../../../test/factories.ts';
import { tableState } from '../../../../test/route-table.ts';

let t: TestContext;
let admin: string;
let reader: string;
let clientId: string;
let ira: string;
let trust: string;

const NUMBERS = { ira: 'PX-1001-77', trust: 'PX-2002-88' };

const upload = (csv: string, token = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/positions-imports',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    payload: csv,
  });

const storedFile = async (id: string) => {
  const [row] = await t.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.id, id));
  return path.join(t.config.DATA_DIR, 'files', (row?.payload as { fileKey: string }).fileKey);
};

const report = async (id: string) =>
  (await t.json('GET', `/api/positions-imports/${id}`, undefined, admin)).body.result;

beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
  Object.values(NUMBERS).forEach(rememberSecret);
  t.clock.startAt(new Date('2026-12-15T16:00:00Z'));
  admin = (await t.signIn()).token;
  await insertUserWithGrants(t.db, 'imports.reader@centric.local', { managedAccounts: ['read'] });
  reader = (await t.signIn('imports.reader@centric.local')).token;
  let memberIds: string[];
  ({ clientId, memberIds } = await insertHousehold(t.db, {
    members: [{ firstName: 'Ivy', lastName: 'Park' }],
  }));
  const [reg] = await t.db
    .select()
    .from(masterDataItems)
    .where(eq(masterDataItems.type, 'registration-type'))
    .limit(1);
  const create = async (name: string, custodianNumber: string) =>
    (
      await t.json(
        'POST',
        `/api/clients/${clientId}/accounts`,
        {
          registrationName: name,
          registrationTypeId: reg?.id,
          custodian: 'Pershing',
          custodianNumber,
          startDate: '2026-01-01',
          owners: [{ memberId: memberIds[0], role: 'OWNER' }],
        },
        admin,
      )
    ).body.result.id as string;
  ira = await create('Ivy IRA', NUMBERS.ira);
  trust = await create('Park Trust', NUMBERS.trust);
  const [cls] = await t.db
    .insert(assetClasses)
    .values({ assetClass: 'PX Equity', assetCategory: 'All', productType: 'ETF' })
    .returning({ id: assetClasses.id });
  await t.db.insert(products).values([
    {
      name: 'PX Total Market',
      symbol: 'PXTM',
      cusip: '922908769',
      productType: 'ETF',
      assetClassId: cls?.id,
    },
    { name: 'PX Bond', symbol: 'PXBD', productType: 'ETF', assetClassId: cls?.id },
    { name: 'PX Cash', symbol: 'PXCASH', productType: 'CASH' },
  ]);
});
afterAll(() => t.close());

const FILE = [
  'Account Number,Symbol,Quantity,Price,Date',
  `${NUMBERS.ira},PXTM,100,250.50,2026-11-30`,
  `${NUMBERS.ira},PXBD,50,,2026-11-30`,
  `${NUMBERS.ira},PXCASH,1000.25,1,11/30/2026`,
  `${NUMBERS.trust.toLowerCase()},922908769,10,250.50,2026-11-30`,
  'UNKNOWN-9999,PXTM,5,,2026-11-30',
  `${NUMBERS.trust},NOSUCH,5,,2026-11-30`,
  `${NUMBERS.trust},PXBD,-5,,2026-11-30`,
  `${NUMBERS.trust},PXBD,5,,2026-12-31`,
  `${NUMBERS.trust},PXBD,5,,2025-12-31`,
  `${NUMBERS.ira},PXTM,1,,2026-11-30`,
  `${NUMBERS.trust},PXBD,5,abc,2026-11-30`,
].join('\n');

describe('positions import', () => {
  let jobId: string;

  it('previews a file as a job: what would change, every refused line, unknown accounts and products', async () => {
    const res = await upload(FILE);
    expect(res.statusCode).toBe(202);
    jobId = res.json().result.id;
    expect(res.json().result).toMatchObject({ phase: 'PREVIEW', fileName: 'positions.csv' });
    // A worker on PostgreSQL may have finished the preview before the response was read.
    expect(['QUEUED', 'RUNNING', 'WAITING']).toContain(res.json().result.status);
    await t.app.services.jobs.drain();
    const job = await report(jobId);
    expect(job).toMatchObject({ status: 'WAITING', phase: 'PREVIEW', progressDone: 2, progressTotal: 2 });
    expect(job.report).toMatchObject({
      rows: 11,
      accepted: 4,
      refusedCount: 7,
      accounts: 2,
      dates: ['2026-11-30'],
      snapshots: { new: 2, changed: 0, unchanged: 0 },
      prices: 1,
      applied: null,
      unknownAccounts: [{ account: '****9999', lines: 1 }],
      unknownProducts: [{ identifier: 'NOSUCH', lines: 1 }],
    });
    expect(job.report.refused).toEqual([
      { line: 6, account: '****9999', identifier: 'PXTM', message: POSITIONS_IMPORT_MESSAGES.accountUnknown },
      {
        line: 7,
        account: '****2-88',
        identifier: 'NOSUCH',
        message: POSITIONS_IMPORT_MESSAGES.productUnknown,
      },
      {
        line: 8,
        account: '****2-88',
        identifier: 'PXBD',
        message: POSITIONS_IMPORT_MESSAGES.quantityInvalid,
      },
      { line: 9, account: '****2-88', identifier: 'PXBD', message: POSITIONS_IMPORT_MESSAGES.dateFuture },
      {
        line: 10,
        account: '****2-88',
        identifier: 'PXBD',
        message: POSITIONS_IMPORT_MESSAGES.dateBeforeStart,
      },
      { line: 11, account: '****1-77', identifier: 'PXTM', message: POSITIONS_IMPORT_MESSAGES.duplicate },
      { line: 12, account: '****2-88', identifier: 'PXBD', message: POSITIONS_IMPORT_MESSAGES.priceInvalid },
    ]);
    // The stored file is sealed: the custodian numbers are not in it in clear.
    const stored = readFileSync(await storedFile(jobId), 'utf8');
    expect(stored).not.toContain(NUMBERS.ira);
    expect(stored).not.toContain('PXTM');
    // Nothing is written by a preview.
    const held = await t.json('GET', `/api/accounts/${ira}/holdings?date=2026-12-01`, undefined, admin);
    expect(held.body.result.positions).toEqual([]);
  });

  it('imports once confirmed, and the values follow', async () => {
    expect((await t.json('POST', `/api/positions-imports/${jobId}/apply`, undefined, reader)).status).toBe(
      403,
    );
    const res = await t.json('POST', `/api/positions-imports/${jobId}/apply`, undefined, admin);
    expect(res.status).toBe(202);
    await t.app.services.jobs.drain();
    const job = await report(jobId);
    expect(job).toMatchObject({ status: 'SUCCEEDED', phase: 'APPLY' });
    expect(job.report.applied).toEqual({ new: 2, changed: 0, unchanged: 0 });
    // Once imported, the file is let go.
    expect(existsSync(await storedFile(jobId))).toBe(false);
    const held = await t.json('GET', `/api/accounts/${ira}/holdings?date=2026-12-01`, undefined, admin);
    // 100 × 250.50 (the file's price, stored for a day with none) + 50 PXBD unpriced (0) + 1000.25 cash.
    expect(held.body.result).toMatchObject({ asOf: '2026-11-30', marketValue: '26050.25' });
    const [price] = await t.db.select().from(productPrices).where(eq(productPrices.priceDate, '2026-11-30'));
    expect(price?.price).toBe('250.500000');
    const trustHeld = await t.json(
      'GET',
      `/api/accounts/${trust}/holdings?date=2026-12-01`,
      undefined,
      admin,
    );
    expect(trustHeld.body.result.marketValue).toBe('2505.00');
    // Applying again is refused: it is no longer waiting.
    expect((await t.json('POST', `/api/positions-imports/${jobId}/apply`, undefined, admin)).status).toBe(
      409,
    );
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, jobId))
      .orderBy(auditLog.id);
    expect(audit?.entity).toBe('positionsImport');
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await tableState(t.db, ['audit_log', 'sessions', 'jobs']);
    const res = await upload(FILE);
    const id = res.json().result.id as string;
    await t.app.services.jobs.drain();
    expect((await report(id)).report.snapshots).toEqual({ new: 0, changed: 0, unchanged: 2 });
    await t.json('POST', `/api/positions-imports/${id}/apply`, undefined, admin);
    await t.app.services.jobs.drain();
    expect((await report(id)).report.applied).toEqual({ new: 0, changed: 0, unchanged: 2 });
    expect(await tableState(t.db, ['audit_log', 'sessions', 'jobs'])).toEqual(before);
  });

  it('says which snapshots a changed file changes', async () => {
    const res = await upload(
      ['account,symbol,quantity,date', `${NUMBERS.ira},PXTM,120,2026-11-30`].join('\n'),
    );
    const id = res.json().result.id as string;
    await t.app.services.jobs.drain();
    expect((await report(id)).report.snapshots).toEqual({ new: 0, changed: 1, unchanged: 0 });
    const cancel = await t.json('POST', `/api/positions-imports/${id}/cancel`, undefined, admin);
    expect(cancel.body.result.status).toBe('CANCELLED');
    expect((await t.json('POST', `/api/positions-imports/${id}/apply`, undefined, admin)).status).toBe(409);
    const list = await t.json('GET', '/api/positions-imports?limit=2', undefined, reader);
    expect(list.body.result[0]).toMatchObject({ id, status: 'CANCELLED' });
  });

  it('refuses a file without the needed columns or lines at once', async () => {
    const noColumns = await upload('account,quantity\nX,1');
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().message).toBe(POSITIONS_IMPORT_MESSAGES.missingColumns('symbol or CUSIP, date'));
    const empty = await upload('account,symbol,quantity,date\n');
    expect(empty.json().message).toBe(POSITIONS_IMPORT_MESSAGES.fileEmpty);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/positions-imports',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(none.statusCode).toBe(415);
    expect((await upload(FILE, reader)).statusCode).toBe(403);
  });
});
