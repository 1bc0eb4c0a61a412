import path from 'node:path';
import { PROSPECT_IMPORT_MESSAGES, PROSPECT_MESSAGES } from '@centric/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import { auditLog, jobs, masterDataItems } from '../../../db/schema/index.ts';
import { createDiskStorage } from '../../../platform/files.ts';
import { firmToday } from '../../../platform/firm-calendar.ts';
import { insertUserWithGrants } from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { putFile } from '../../../../test/uploads.ts';
import { prospectImportHandler } from '../prospect-import.ts';

// Prospects from CSV (issue 17 §1, decision 0026): the mapping checked at upload, the preview's line-by-line
// report with the form's messages, duplicates by email or phone (of prospects there and within the file), the
// duplicates skipped or imported, no line imported twice when a step is run again, and prospects write on
// every route.

let t: TestContext;
let admin: string;
let reader: string;
let advisorId = '';
let sourceId = 0;
let sourceName = '';

const HEADER = 'First Name,Last Name,E-mail,Phone,Lead Status,Advisor,Source,Asset Management,Activity Date';
const MAPPING = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'E-mail',
  phone: 'Phone',
  leadStatus: 'Lead Status',
  wealthAdvisor: 'Advisor',
  source: 'Source',
  assetManagement: 'Asset Management',
  activityDate: 'Activity Date',
};
const DEFAULTS = {
  defaultType: 'PERSON',
  defaultActivityStatus: 'ACTIVE',
  defaultActivityType: 'PHONE_CALL',
  defaultMinutes: '30',
};

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

const upload = (
  csv: string | Buffer,
  params: Record<string, string> = { ...MAPPING, ...DEFAULTS },
  token = admin,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/prospect-imports?${query(params)}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    payload: csv,
  });

const job = async (id: string) => (await t.json('GET', `/api/prospect-imports/${id}`, undefined, admin)).body;
const lines = async (id: string, status = '') =>
  (
    await t.json(
      'GET',
      `/api/prospect-imports/${id}/rows?limit=100${status ? `&status=${status}` : ''}`,
      undefined,
      admin,
    )
  ).body;
const count = async (where = sql`true`) =>
  rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from prospects where ${where}`))[0]!
    .n;

/** Uploads, runs the preview, and answers the waiting job. */
const previewed = async (csv: string, params?: Record<string, string>) => {
  const res = await upload(csv, params);
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json().result.id as string;
  await t.app.services.jobs.drain();
  const answer = await job(id);
  expect(answer.result.status, answer.result.error).toBe('WAITING');
  return { id, report: answer.result.report };
};

const apply = async (id: string, duplicates?: 'skip' | 'import') => {
  const res = await t.json(
    'POST',
    `/api/prospect-imports/${id}/apply`,
    duplicates ? { duplicates } : {},
    admin,
  );
  expect(res.status, res.body.message).toBe(202);
  await t.app.services.jobs.drain();
  return (await job(id)).result;
};

const line = (cells: Record<string, string>) =>
  [
    cells.first ?? 'Ada',
    cells.last ?? 'Lovelace',
    cells.email ?? 'ada@example.com',
    cells.phone ?? '212-555-0100',
    cells.lead ?? 'Hot',
    cells.advisor ?? 'import.advisor@centric.test',
    cells.source ?? sourceName,
    cells.aum ?? '1500000',
    cells.date ?? '04/02/2026',
  ].join(',');

beforeAll(async () => {
  t = await createTestContext();
  t.clock.startAt(new Date('2026-04-20T16:00:00Z'));
  admin = (await t.signIn()).token;
  await t.db.execute(sql`delete from prospects`);
  advisorId = (await insertUserWithGrants(t.db, 'import.advisor@centric.test', { prospects: ['read'] }))
    .userId;
  await insertUserWithGrants(t.db, 'import.reader@centric.test', { prospects: ['read'] });
  reader = (await t.signIn('import.reader@centric.test')).token;
  const [source] = await t.db
    .select({ id: masterDataItems.id, name: masterDataItems.name })
    .from(masterDataItems)
    .where(and(eq(masterDataItems.type, 'sources'), eq(masterDataItems.active, true)))
    .limit(1);
  sourceId = source!.id;
  sourceName = source!.name;
  // A prospect already there: its email and phone make duplicates of the lines that repeat them.
  const res = await t.json(
    'POST',
    '/api/prospects',
    {
      type: 'PERSON',
      firstName: 'Existing',
      lastName: 'Lead',
      activityStatus: 'ACTIVE',
      leadStatus: 'COLD',
      wealthAdvisorId: advisorId,
      assetManagement: '100',
      sourceId,
      phone: '(646) 555-0199',
      email: 'Existing.Lead@Example.com',
      activities: [{ activityType: 'EMAIL', activityDate: '2026-04-01', minutes: '5' }],
    },
    admin,
  );
  expect(res.status, res.body.message).toBe(201);
});
afterAll(() => t.close());

describe('the preview: a report line by line', () => {
  it('reads each line with the form rules, flags duplicates of prospects and of earlier lines', async () => {
    const csv = [
      HEADER,
      line({}), // 2 ready
      line({ first: 'Grace', last: 'Hopper', email: 'EXISTING.lead@example.com', phone: '212-555-0101' }), // 3 dup email
      line({ first: 'Alan', last: 'Turing', email: 'alan@example.com', phone: '+1 (646) 555 0199' }), // 4 dup phone
      line({ first: 'Ada', last: 'Twin', email: 'ADA@example.com', phone: '212-555-0102' }), // 5 dup of line 2
      line({ first: 'Bad', last: 'Email', email: 'not-an-email', phone: '212-555-0103' }), // 6
      line({ first: 'Zero', last: 'Lead', email: 'z@example.com', phone: '212-555-0104', aum: '0123' }), // 7
      line({ first: 'Who', last: 'Knows', email: 'w@example.com', phone: '212-555-0105', advisor: 'Nobody' }), // 8
      line({
        first: 'Late',
        last: 'Call',
        email: 'l@example.com',
        phone: '212-555-0106',
        date: '2026-05-01',
      }), // 9
      line({ first: 'Luke', last: 'Warm', email: 'lw@example.com', phone: '212-555-0107', lead: 'Tepid' }), // 10
      line({ first: '', last: 'Nameless', email: 'n@example.com', phone: '212-555-0108' }), // 11
      line({ first: 'Short', last: 'Phone', email: 's@example.com', phone: '555' }), // 12
    ].join('\r\n');
    const { id, report } = await previewed(csv);
    expect(report).toMatchObject({
      rows: 11,
      counts: { ready: 1, duplicates: 3, invalid: 7 },
      duplicatesOfProspects: 2,
      duplicatesInFile: 1,
      mapping: MAPPING,
      applied: null,
    });
    const all = await lines(id);
    expect(all.totalResults).toBe(11);
    type Line = { line: number; status: string; errors: { field: string; message: string }[]; email: string };
    const byLine: Record<number, Line> = Object.fromEntries((all.result as Line[]).map((r) => [r.line, r]));
    expect(byLine[2]).toMatchObject({ status: 'READY', email: 'ada@example.com', errors: [] });
    expect(byLine[3]).toMatchObject({
      status: 'DUPLICATE',
      duplicateOf: { prospect: { name: 'Existing Lead' }, line: null },
    });
    expect(byLine[4]).toMatchObject({
      status: 'DUPLICATE',
      duplicateOf: { prospect: { name: 'Existing Lead' } },
    });
    expect(byLine[5]).toMatchObject({ status: 'DUPLICATE', duplicateOf: { prospect: null, line: 2 } });
    expect(byLine[6]!.errors).toEqual([{ field: 'Email', message: PROSPECT_MESSAGES.emailInvalid }]);
    expect(byLine[7]!.errors).toEqual([
      { field: 'Asset management', message: PROSPECT_MESSAGES.interestLeadingZero },
    ]);
    expect(byLine[8]!.errors[0]).toEqual({
      field: 'Wealth advisor',
      message: PROSPECT_IMPORT_MESSAGES.advisorUnknown('Nobody'),
    });
    expect(byLine[9]!.errors).toEqual([
      { field: 'Activity date', message: PROSPECT_MESSAGES.activityDateFuture },
    ]);
    expect(byLine[10]!.errors[0]).toEqual({
      field: 'Lead status',
      message: PROSPECT_IMPORT_MESSAGES.valueUnknown('Lead status', 'Tepid'),
    });
    expect(byLine[11]!.errors).toEqual([{ field: 'First name', message: PROSPECT_MESSAGES.required }]);
    expect(byLine[12]!.errors).toEqual([{ field: 'Phone', message: PROSPECT_MESSAGES.phoneInvalid }]);
    // Filtered by status, paged.
    const dups = await lines(id, 'DUPLICATE');
    expect(dups.totalResults).toBe(3);
    expect((dups.result as { line: number }[]).map((r) => r.line)).toEqual([3, 4, 5]);
    // Nothing is written before the preview is confirmed.
    expect(await count()).toBe(1);

    // Confirmed with the duplicates left out: the ready line is a prospect with its activity.
    const done = await apply(id);
    expect(done).toMatchObject({
      status: 'SUCCEEDED',
      report: { applied: { duplicates: 'skip', imported: 1, skipped: 3 } },
    });
    const [ada] = rowsOf<{
      id: string;
      lead_status: string;
      last_activity_date: string;
      wealth_advisor_id: string;
      source_id: number;
      combine_interests: string;
      phone: string;
    }>(
      await t.db.execute(sql`select id, lead_status, last_activity_date::text, wealth_advisor_id, source_id,
        combine_interests::text, phone from prospects where email = 'ada@example.com'`),
    );
    expect(ada).toMatchObject({
      lead_status: 'HOT',
      last_activity_date: '2026-04-02',
      wealth_advisor_id: advisorId,
      source_id: sourceId,
      combine_interests: '1500000.00',
      phone: '+12125550100',
    });
    const prospect = (await t.json('GET', `/api/prospects/${ada!.id}`, undefined, admin)).body.result;
    expect(prospect.activities).toMatchObject([
      { activityType: 'PHONE_CALL', activityDate: '2026-04-02', minutes: 30 },
    ]);
    const after = await lines(id);
    const statuses = Object.fromEntries(
      (after.result as { line: number; status: string }[]).map((r) => [r.line, r.status]),
    );
    expect(statuses).toMatchObject({ 2: 'IMPORTED', 3: 'SKIPPED', 4: 'SKIPPED', 5: 'SKIPPED', 6: 'INVALID' });
    expect(
      (after.result as { line: number; prospectId: string }[]).find((r) => r.line === 2)?.prospectId,
    ).toBe(ada!.id);
    // The audit trail: the upload, the confirmation, the prospects made, the import's outcome.
    const audits = await t.db
      .select({ action: auditLog.action, entity: auditLog.entity })
      .from(auditLog)
      .where(eq(auditLog.entityId, id));
    expect(audits).toEqual(
      expect.arrayContaining([
        { action: 'CREATE', entity: 'prospectImport' },
        { action: 'UPDATE', entity: 'prospectImport' },
        { action: 'IMPORT', entity: 'prospect' },
        { action: 'IMPORT', entity: 'prospectImport' },
      ]),
    );
  });

  it('imports the duplicates too when asked; a business takes its name, labels and values both read', async () => {
    const csv = [
      'Type,Name,Email,Phone,Lead,Source,AUM,Activity,Activity Date,Minutes',
      `Business,Acme Holdings,acme@example.com,212-555-0200,WARM,${sourceName},"$2,500.50",Video meeting,2026-04-03,45`,
      `BUSINESS,Acme Again,acme@example.com,212-555-0201,cold,${sourceName},100,EMAIL,4/3/2026,5`,
    ].join('\n');
    const { id, report } = await previewed(csv, {
      type: 'Type',
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      leadStatus: 'Lead',
      source: 'Source',
      assetManagement: 'AUM',
      activityType: 'Activity',
      activityDate: 'Activity Date',
      minutes: 'Minutes',
      defaultActivityStatus: 'INACTIVE',
      defaultWealthAdvisorId: advisorId,
    });
    expect(report.counts).toEqual({ ready: 1, duplicates: 1, invalid: 0 });
    const done = await apply(id, 'import');
    expect(done.report.applied).toEqual({ duplicates: 'import', imported: 2, skipped: 0 });
    const made = rowsOf<{
      display_name: string;
      type: string;
      activity_status: string;
      combine_interests: string;
    }>(
      await t.db
        .execute(sql`select display_name, type, activity_status, combine_interests::text from prospects
        where email = 'acme@example.com' order by display_name`),
    );
    expect(made).toEqual([
      {
        display_name: 'Acme Again',
        type: 'BUSINESS',
        activity_status: 'INACTIVE',
        combine_interests: '100.00',
      },
      {
        display_name: 'Acme Holdings',
        type: 'BUSINESS',
        activity_status: 'INACTIVE',
        combine_interests: '2500.50',
      },
    ]);
  });
});

describe('what the upload refuses at once', () => {
  it('a mapping to a column the file lacks, fields with neither column nor value, bad defaults', async () => {
    const missing = await upload(`${HEADER}\n${line({})}`, {
      ...MAPPING,
      ...DEFAULTS,
      email: 'Email Address',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(PROSPECT_IMPORT_MESSAGES.columnMissing('Email Address'));

    const { leadStatus: _lead, firstName: _first, ...rest } = MAPPING;
    const unmapped = await upload(`${HEADER}\n${line({})}`, { ...rest, ...DEFAULTS });
    expect(unmapped.statusCode).toBe(400);
    const fields = Object.fromEntries(
      (unmapped.json().errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
    );
    expect(fields).toMatchObject({
      firstName: PROSPECT_IMPORT_MESSAGES.nameColumnRequired,
      leadStatus: PROSPECT_IMPORT_MESSAGES.defaultRequired('lead status'),
    });

    const badAdvisor = await upload(`${HEADER}\n${line({})}`, {
      ...MAPPING,
      ...DEFAULTS,
      defaultWealthAdvisorId: '00000000-0000-4000-8000-000000000000',
    });
    expect(badAdvisor.statusCode).toBe(400);
    expect(badAdvisor.json().message).toBe(PROSPECT_MESSAGES.advisorNotFound);
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, 'prospect-import'))).toHaveLength(2);
  });

  it('an empty file, a header alone, a binary file, a file too large, no file', async () => {
    expect((await upload('')).statusCode).toBe(400);
    const headerOnly = await upload(`${HEADER}\r\n`);
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().message).toBe(PROSPECT_IMPORT_MESSAGES.fileEmpty);
    // A binary file, sent as a file (.csv by name) or as a text body: refused with a reason, never read.
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x01]);
    const binary = await putFile(t, {
      method: 'POST',
      url: `/api/prospect-imports?${query({ ...MAPPING, ...DEFAULTS })}`,
      token: admin,
      filename: 'prospects.csv',
      contentType: 'text/csv',
      data: zip,
    });
    expect(binary.statusCode, binary.body).toBe(415);
    expect(binary.json().message).toBe(PROSPECT_IMPORT_MESSAGES.fileFormat);
    expect((await upload(zip)).statusCode).toBe(415);
    const named = await putFile(t, {
      method: 'POST',
      url: `/api/prospect-imports?${query({ ...MAPPING, ...DEFAULTS })}`,
      token: admin,
      filename: 'prospects.xlsx',
      contentType: 'text/csv',
      data: Buffer.from(`${HEADER}\n${line({})}`),
    });
    expect(named.statusCode).toBe(415);
    const huge = await t.app.inject({
      method: 'POST',
      url: `/api/prospect-imports?${query({ ...MAPPING, ...DEFAULTS })}`,
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(huge.statusCode).toBe(415);
    // Windows-1252 (an older spreadsheet's export) is read, never a crash.
    const latin = Buffer.concat([
      Buffer.from(`${HEADER}\n`),
      Buffer.from([0x4a, 0x6f, 0x73, 0xe9]), // "José"
      Buffer.from(
        `,Alvarez,jose@example.com,212-555-0300,Hot,import.advisor@centric.test,${sourceName},10,2026-04-01\n`,
      ),
    ]);
    const res = await upload(latin);
    expect(res.statusCode).toBe(202);
    await t.app.services.jobs.drain();
    const rows = await lines(res.json().result.id as string);
    expect(rows.result[0]).toMatchObject({ displayName: 'José Alvarez', status: 'READY' });
    await t.json('POST', `/api/prospect-imports/${res.json().result.id}/cancel`, undefined, admin);
  });
});

describe('no line imported twice, none lost', () => {
  const bulk = (prefix: string, n: number) =>
    [
      HEADER,
      ...Array.from({ length: n }, (_, i) =>
        line({
          first: `${prefix}${i}`,
          last: 'Lead',
          email: `${prefix}${i}@example.com`,
          phone: `${prefix === 'bulk' ? '212' : '213'}-6${String(i).padStart(6, '0')}`,
        }),
      ),
    ].join('\n');

  it('a step run again after a crash takes only the lines not yet imported; a second upload is all duplicates', async () => {
    const csv = bulk('bulk', 1_250);
    const { id, report } = await previewed(csv);
    expect(report.counts).toEqual({ ready: 1_250, duplicates: 0, invalid: 0 });
    // Confirmed, but held back from the runner while a worker's crash is played out by hand.
    await t.db
      .update(jobs)
      .set({ phase: 'APPLY', state: {}, payload: sql`${jobs.payload} || '{"duplicates":"skip"}'::jsonb` })
      .where(eq(jobs.id, id));
    // A worker that wrote its first step and died before its checkpoint: the lines it wrote say so.
    const handler = prospectImportHandler({
      clock: t.clock,
      today: firmToday(t.config.FIRM_TIME_ZONE, () => t.clock.now()),
      files: createDiskStorage(path.resolve(t.config.DATA_DIR, 'files')),
    });
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
    // A step whose transaction never commits leaves nothing behind.
    await t.db
      .transaction(async (tx) => {
        await handler.step(tx, row!);
        throw new Error('crash');
      })
      .catch(() => undefined);
    expect(await count(sql`email like 'bulk%'`)).toBe(0);
    await t.db.transaction(async (tx) => {
      await handler.step(tx, row!);
    });
    expect(await count(sql`email like 'bulk%'`)).toBe(1_000);
    // The runner takes the job from its (older) checkpoint.
    await t.db.update(jobs).set({ status: 'QUEUED' }).where(eq(jobs.id, id));
    await t.app.services.jobs.drain();
    const done = (await job(id)).result;
    expect(done.status).toBe('SUCCEEDED');
    expect(done.report.applied).toEqual({ duplicates: 'skip', imported: 1_250, skipped: 0 });
    expect(await count(sql`email like 'bulk%'`)).toBe(1_250);
    expect(
      rowsOf<{ n: number }>(
        await t.db.execute(
          sql`select count(distinct email)::int as n from prospects where email like 'bulk%'`,
        ),
      )[0]!.n,
    ).toBe(1_250);
    expect(
      rowsOf<{ n: number }>(
        await t.db
          .execute(sql`select count(*)::int as n from prospect_activities a join prospects p on p.id = a.prospect_id
          where p.email like 'bulk%'`),
      )[0]!.n,
    ).toBe(1_250);

    // The same file again (a retry): every line is a duplicate, and confirming imports nothing.
    const second = await previewed(csv);
    expect(second.report.counts).toEqual({ ready: 0, duplicates: 1_250, invalid: 0 });
    expect((await apply(second.id)).report.applied).toEqual({
      duplicates: 'skip',
      imported: 0,
      skipped: 1_250,
    });
    expect(await count(sql`email like 'bulk%'`)).toBe(1_250);
  });

  it('two previews of one file confirmed one after the other: the second finds the first one’s prospects', async () => {
    const csv = bulk('again', 20);
    const first = await previewed(csv);
    const second = await previewed(csv);
    expect(second.report.counts.ready).toBe(20);
    expect((await apply(first.id)).report.applied.imported).toBe(20);
    // Confirming twice (a double click) is refused: the job no longer waits.
    const again = await t.json('POST', `/api/prospect-imports/${first.id}/apply`, {}, admin);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PROSPECT_IMPORT_MESSAGES.notWaiting);
    expect((await apply(second.id)).report.applied).toEqual({ duplicates: 'skip', imported: 0, skipped: 20 });
    expect(await count(sql`email like 'again%'`)).toBe(20);
  });
});

describe('permissions: prospects write on every route', () => {
  it('a prospects reader is refused everywhere, nothing stored', async () => {
    const { id } = await previewed(
      `${HEADER}\n${line({ email: 'perm@example.com', phone: '212-555-0900' })}`,
    );
    const before = await t.db.select().from(jobs).where(eq(jobs.kind, 'prospect-import'));
    expect((await upload(`${HEADER}\n${line({})}`, undefined, reader)).statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', '/api/prospect-imports'],
      ['GET', `/api/prospect-imports/${id}`],
      ['GET', `/api/prospect-imports/${id}/rows`],
      ['POST', `/api/prospect-imports/${id}/apply`],
      ['POST', `/api/prospect-imports/${id}/cancel`],
    ] as const) {
      expect((await t.json(method, url, method === 'POST' ? {} : undefined, reader)).status, url).toBe(403);
    }
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, 'prospect-import'))).toHaveLength(
      before.length,
    );
    expect((await job(id)).result.status).toBe('WAITING');
    const list = await t.json('GET', '/api/prospect-imports?limit=5', undefined, admin);
    expect(list.status).toBe(200);
    expect(list.body.result[0].id).toBe(id);
    const cancelled = await t.json('POST', `/api/prospect-imports/${id}/cancel`, undefined, admin);
    expect(cancelled.body).toMatchObject({
      message: PROSPECT_IMPORT_MESSAGES.cancelled,
      result: { status: 'CANCELLED' },
    });
    expect((await t.json('GET', '/api/prospect-imports/not-a-uuid', undefined, admin)).status).toBe(400);
  });
});
