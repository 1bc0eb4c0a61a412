import { auditNameKey, auditSentence, ROLE_IDS, todayIn, type AuditLogEntry } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/index.ts';
import { DEMO_ADMIN, DEMO_USERS } from '../../../db/seed/demo.ts';
import { auditCheckpointFileOf, auditKeyOf } from '../../../config.ts';
import { auditWriter, systemAuditContext, type WriteAudit } from '../../../platform/audit.ts';
import { fileCheckpointStore, verifyAuditTrail } from '../../../platform/audit-checkpoints.ts';
import { stateIdByAbbreviation } from '../../../../test/factories.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';
import { fixedClock, nextUtcTimeOfDay } from '../../../../test/test-clock.ts';

let t: TestContext;
let adminToken: string;
/** Rows written as the services write them, on the app's (test) clock. */
let writeAudit: WriteAudit;
beforeAll(async () => {
  t = await createTestContext();
  writeAudit = auditWriter(t.clock);
  rememberSecret(DEMO_ADMIN.password);
  adminToken = (await t.signIn()).token;
});
afterAll(() => t.close());

/** The check the screen runs: the app's audit key and checkpoint file. */
const verifyAuditChain = () =>
  verifyAuditTrail(t.db, {
    key: auditKeyOf(t.config),
    store: fileCheckpointStore(auditCheckpointFileOf(t.config)),
  });

const rowsOf = async (where = sql`true`) =>
  (
    (await t.db.execute(sql`select * from audit_log where ${where} order by id`)) as unknown as {
      rows: Record<string, unknown>[];
    }
  ).rows;

/** Changes the trail behind the app's back, as someone with direct database access could. */
const tamper = async (statement: ReturnType<typeof sql>) => {
  await t.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
  try {
    await t.db.execute(statement);
  } finally {
    await t.db.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
  }
};

describe('what the trail records', () => {
  it('records sign-in failures, sign-ins and sign-outs, with no secret in them', async () => {
    const email = DEMO_USERS[1].email;
    await t.json('POST', '/api/login', { email, password: 'Wrong#Pass1' });
    await t.json('POST', '/api/login', { email: 'ghost@centric.local', password: 'Wrong#Pass1' });
    const { token, user } = await t.signIn(email);
    await t.json('POST', '/api/logout', undefined, token);

    const rows = await rowsOf(sql`actor_email in (${email}, 'ghost@centric.local')`);
    const actions = rows.map((r) => r.action);
    expect(actions).toEqual(['SIGN_IN_FAILED', 'SIGN_IN_FAILED', 'SIGN_IN', 'SIGN_OUT']);
    expect(rows[0]).toMatchObject({ entity: 'user', entity_id: user.id, after: { step: 'password', email } });
    expect(rows[1]).toMatchObject({ entity_id: null, actor_id: null });
    expect(rows[2]?.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[2]?.ip).toBe('127.0.0.1');
    const text = JSON.stringify(rows);
    expect(text).not.toContain('Wrong#Pass1');
    expect(text).not.toContain(token);
  });

  it('records password changes and MFA resets in the same transaction as the change', async () => {
    const email = DEMO_USERS[2].email;
    const { token, user } = await t.signIn(email);
    await t.json(
      'POST',
      '/api/changePassword',
      { oldPassword: DEMO_ADMIN.password, newPassword: rememberSecret('Cedar#Hill55') },
      token,
    );
    const reset = await t.json('PUT', `/api/updateMfa/${user.id}`, undefined, adminToken);
    expect(reset.status).toBe(200);
    const rows = await rowsOf(sql`entity_id = ${user.id} and action in ('PASSWORD_CHANGED', 'MFA_RESET')`);
    expect(rows.map((r) => r.action)).toEqual(['PASSWORD_CHANGED', 'MFA_RESET']);
    expect(rows[1]).toMatchObject({
      actor_email: DEMO_ADMIN.email,
      before: { mfaEnrolled: true },
      after: { mfaEnrolled: false },
    });
    expect(JSON.stringify(rows)).not.toContain('Cedar#Hill55');
  });

  it('records permission refusals', async () => {
    const { token } = await t.signIn(DEMO_USERS[3].email);
    const res = await t.json('GET', '/api/audit-logs', undefined, token);
    expect(res.status).toBe(403);
    const [row] = await rowsOf(sql`action = 'ACCESS_DENIED' and actor_email = ${DEMO_USERS[3].email}`);
    expect(row).toMatchObject({
      entity: 'route',
      entity_id: 'GET /api/audit-logs',
      after: { feature: 'auditLogs', action: 'read' },
    });
  });

  it('leaves secrets out and masks identity numbers', async () => {
    await writeAudit(t.db, systemAuditContext('test'), {
      action: 'CREATE',
      entity: 'member',
      entityId: 'm-1',
      after: {
        firstName: 'Ada',
        identityNumber: '123-45-6789',
        password: 'p',
        nested: { tokenHash: 'x', ssn: '987654321' },
      },
    });
    const [row] = await rowsOf(sql`entity = 'member'`);
    expect(row?.after).toEqual({
      firstName: 'Ada',
      identityNumber: '*******6789',
      nested: { ssn: '*****4321' },
    });
  });
});

describe('append-only and hash-chained', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE on the trail', async () => {
    for (const statement of [
      sql`update audit_log set action = 'NOTHING' where id = (select min(id) from audit_log)`,
      sql`delete from audit_log where id = (select min(id) from audit_log)`,
      sql`truncate audit_log`,
    ]) {
      const error = await t.db.execute(statement).then(
        () => null,
        (e: unknown) => e as { cause?: { message?: string } },
      );
      expect(String(error?.cause?.message)).toMatch(/audit_log is append-only/);
    }
    expect((await rowsOf()).length).toBeGreaterThan(5);
  });

  it('concurrent writers extend one chain without forking it', async () => {
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        writeAudit(t.db, systemAuditContext('test'), {
          action: 'UPDATE',
          entity: 'probe',
          entityId: i,
          after: { i },
        }),
      ),
    );
    const rows = await rowsOf();
    expect(new Set(rows.map((r) => r.prev_hash)).size).toBe(rows.length);
    const verification = await verifyAuditChain();
    expect(verification).toMatchObject({ ok: true, checked: rows.length, findings: [] });
  });

  it('names the first row altered behind the application’s back', async () => {
    const before = await t.json('GET', '/api/audit-logs/verify', undefined, adminToken);
    expect(before.body.result).toMatchObject({ ok: true, firstBadId: null });

    const [victim] = await rowsOf(sql`action = 'SIGN_OUT'`);
    await tamper(
      sql`update audit_log set actor_email = 'someone.else@centric.local' where id = ${victim!.id}`,
    );
    const after = await t.json('GET', '/api/audit-logs/verify', undefined, adminToken);
    expect(after.body.result).toMatchObject({ ok: false, firstBadId: Number(victim!.id) });
    expect(after.body.message).toContain(`Row ${victim!.id} was rewritten`);
    expect(after.body.message).toContain('altered');

    // Putting the value back is not enough to hide a removed row.
    await tamper(
      sql`update audit_log set actor_email = ${victim!.actor_email as string} where id = ${victim!.id}`,
    );
    expect((await verifyAuditChain()).ok).toBe(true);
    const [removed] = await rowsOf(sql`action = 'SIGN_IN'`);
    await tamper(sql`delete from audit_log where id = ${removed!.id}`);
    const gap = await verifyAuditChain();
    expect(gap.ok).toBe(false);
    if (!gap.ok) {
      expect(gap.firstBadId).toBeGreaterThan(Number(removed!.id));
      expect(gap.reason).toContain('Rows missing between');
    }
  });
});

describe('GET /api/audit-logs', () => {
  it('filters by action, user, entity and dates, pages, and exports CSV', async () => {
    const all = await t.json('GET', '/api/audit-logs?limit=5', undefined, adminToken);
    expect(all.status).toBe(200);
    expect(all.body.result).toHaveLength(5);
    expect(all.body.totalResults).toBeGreaterThan(5);
    expect(all.body.result[0].id).toBeGreaterThan(all.body.result[1].id);

    const failed = await t.json(
      'GET',
      '/api/audit-logs?action=SIGN_IN_FAILED&limit=100',
      undefined,
      adminToken,
    );
    expect(failed.body.result.every((r: { action: string }) => r.action === 'SIGN_IN_FAILED')).toBe(true);
    expect(failed.body.totalResults).toBe(failed.body.result.length);

    const byActor = await t.json('GET', `/api/audit-logs?actor=ghost&limit=100`, undefined, adminToken);
    expect(byActor.body.result.map((r: { actorEmail: string }) => r.actorEmail)).toEqual([
      'ghost@centric.local',
    ]);

    const today = todayIn(t.config.FIRM_TIME_ZONE, t.clock.now());
    const inRange = await t.json(
      'GET',
      `/api/audit-logs?from=${today}&to=${today}&entity=probe`,
      undefined,
      adminToken,
    );
    expect(inRange.body.totalResults).toBe(25);
    const none = await t.json('GET', `/api/audit-logs?from=2020-01-01&to=2020-01-31`, undefined, adminToken);
    expect(none.body.totalResults).toBe(0);
    const bad = await t.json('GET', `/api/audit-logs?from=2026-02-01&to=2026-01-01`, undefined, adminToken);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid date range.');

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/audit-logs?format=csv&action=SIGN_IN_FAILED',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Id,Time (America/New_York),User,Action,Entity,Entity id,Before,After,Request id,Address',
    );
    expect(lines.length).toBe(failed.body.result.length + 1);
    const [exported] = await rowsOf(sql`action = 'EXPORT' and entity = 'auditLog'`);
    expect(exported).toMatchObject({ actor_email: DEMO_ADMIN.email });
  });

  it('names the users and roles each row names, for its sentence', async () => {
    const { user: admin } = await t.signIn();
    const found = (await t.db.execute(
      sql`select id from users where email = ${DEMO_USERS[1].email}`,
    )) as unknown as { rows: { id: string }[] };
    const [olivia] = found.rows;
    await writeAudit(
      t.db,
      { actorId: admin.id, actorEmail: DEMO_ADMIN.email, requestId: null, ip: null },
      {
        action: 'UPDATE',
        entity: 'user',
        entityId: olivia?.id ?? null,
        before: { roleId: ROLE_IDS.wealthAdvisor },
        after: { roleId: ROLE_IDS.operations },
      },
    );
    const res = await t.json(
      'GET',
      '/api/audit-logs?action=UPDATE&entity=user&limit=1',
      undefined,
      adminToken,
    );
    expect(res.status).toBe(200);
    const [entry] = res.body.result as AuditLogEntry[];
    expect(entry?.names).toEqual({
      [auditNameKey('user', admin.id)]: DEMO_ADMIN.fullName,
      [auditNameKey('user', olivia?.id ?? '')]: 'Olivia Bennett',
      [auditNameKey('role', ROLE_IDS.wealthAdvisor)]: 'Wealth Advisor',
      [auditNameKey('role', ROLE_IDS.operations)]: 'Operations',
    });
    expect(entry && auditSentence(entry)).toBe(
      'Alex Morgan changed the role of Olivia Bennett from Wealth Advisor to Operations.',
    );
  });

  it("names a household's other professionals, for the sentence and the details", async () => {
    const created = await t.json(
      'POST',
      '/api/other-professionals',
      {
        type: 'Attorney',
        fullName: 'Eleanor Vance',
        phoneNumber: '(212) 555-0123',
        address: '1 Liberty Plaza',
        city: 'New York',
        stateId: await stateIdByAbbreviation(t.db, 'NY'),
        zip: '10006',
        email: 'eleanor.vance@lawfirm.test',
      },
      adminToken,
    );
    expect(created.status).toBe(201);
    const professionalId: string = created.body.result.id;
    const householdId = '33333333-3333-4333-8333-333333333333';
    await writeAudit(t.db, systemAuditContext('test'), {
      action: 'UPDATE',
      entity: 'household_professionals',
      entityId: householdId,
      before: { professionalIds: [] },
      after: { professionalIds: [professionalId] },
    });
    const res = await t.json(
      'GET',
      '/api/audit-logs?entity=household_professionals&limit=1',
      undefined,
      adminToken,
    );
    const [entry] = res.body.result as AuditLogEntry[];
    expect(entry?.names).toEqual({ [auditNameKey('professional', professionalId)]: 'Eleanor Vance' });
    expect(entry && auditSentence(entry)).toBe(
      'test changed the other professionals of a household from none to Eleanor Vance.',
    );
    const own = await t.json(
      'GET',
      `/api/audit-logs?entity=other_professional&entityId=${professionalId}`,
      undefined,
      adminToken,
    );
    const [creation] = own.body.result as AuditLogEntry[];
    expect(creation && auditSentence(creation)).toBe(
      'Alex Morgan created the other professional Eleanor Vance.',
    );
  });

  it('the billing log shows only billing entities', async () => {
    await writeAudit(t.db, systemAuditContext('test'), {
      action: 'CREATE',
      entity: 'feeSchedule',
      entityId: 7,
      after: { name: 'Standard' },
    });
    const res = await t.json('GET', '/api/billing-logs?limit=100', undefined, adminToken);
    expect(res.status).toBe(200);
    expect(res.body.result.map((r: { entity: string }) => r.entity)).toEqual(['feeSchedule']);
  });
});

describe('time on the trail', () => {
  it("stamps each row with the app's clock, not the machine's", async () => {
    t.clock.advance(3 * 86_400_000);
    const movedTo = t.clock.now();
    await t.json('GET', '/api/audit-logs?format=csv&action=NOTHING', undefined, adminToken);
    const row = (await rowsOf(sql`action = 'EXPORT' and entity = 'auditLog'`)).at(-1);
    const stamped = new Date(row?.occurred_at as string).getTime();
    expect(stamped).toBeGreaterThanOrEqual(movedTo.getTime());
    expect(stamped).toBeLessThan(movedTo.getTime() + 60_000);
  });

  it("filters by the firm's days (America/New_York), not UTC days, around midnight and DST", async () => {
    const at = (iso: string) =>
      auditWriter(fixedClock(iso))(t.db, systemAuditContext('test'), {
        action: 'UPDATE',
        entity: 'midnight',
        entityId: iso,
      });
    await at('2026-03-03T04:59:59.000Z'); // 23:59:59 on Mar 2 in New York (EST, UTC-5)
    await at('2026-03-03T05:00:00.000Z'); // 00:00 on Mar 3
    await at('2026-03-04T04:30:00.000Z'); // 23:30 on Mar 3: on the 3rd, though the 4th in UTC
    await at('2026-03-04T05:30:00.000Z'); // 00:30 on Mar 4
    await at('2026-03-09T03:30:00.000Z'); // 23:30 on Mar 8, the day clocks go forward (EDT, UTC-4)
    await at('2026-03-09T04:00:00.000Z'); // 00:00 on Mar 9
    const ids = async (from: string, to: string) => {
      const res = await t.json(
        'GET',
        `/api/audit-logs?entity=midnight&order=ASC&limit=100&from=${from}&to=${to}`,
        undefined,
        adminToken,
      );
      expect(res.status).toBe(200);
      return res.body.result.map((r: { entityId: string }) => r.entityId);
    };
    expect(await ids('2026-03-03', '2026-03-03')).toEqual([
      '2026-03-03T05:00:00.000Z',
      '2026-03-04T04:30:00.000Z',
    ]);
    expect(await ids('2026-03-02', '2026-03-02')).toEqual(['2026-03-03T04:59:59.000Z']);
    expect(await ids('2026-03-04', '2026-03-08')).toEqual([
      '2026-03-04T05:30:00.000Z',
      '2026-03-09T03:30:00.000Z',
    ]);
    expect(await ids('2026-03-09', '2026-03-09')).toEqual(['2026-03-09T04:00:00.000Z']);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/audit-logs?format=csv&entity=midnight&order=ASC&from=2026-03-03&to=2026-03-08',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    // The export reads the times on the firm's clock, as the screen does, with the zone in the header.
    const times = csv.body
      .trim()
      .split('\r\n')
      .map((line) => line.split(',')[1]);
    expect(times).toEqual([
      'Time (America/New_York)',
      '03/03/2026 00:00:00 EST',
      '03/03/2026 23:30:00 EST',
      '03/04/2026 00:30:00 EST',
      '03/08/2026 23:30:00 EDT',
    ]);
  });

  it('refuses a day that is not on the calendar with 400', async () => {
    const res = await t.json('GET', '/api/audit-logs?from=2026-02-30', undefined, adminToken);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'from', message: 'Enter a valid Date' }]);
  });

  it("names an export with the firm's date: at 9 pm in New York it is still today", async () => {
    // 02:30 UTC is 21:30 (EST) or 22:30 (EDT) the evening before in New York.
    t.clock.advanceTo(nextUtcTimeOfDay(t.clock.now(), 2, 30));
    const now = t.clock.now();
    const firmDay = todayIn('America/New_York', now);
    expect(firmDay).not.toBe(now.toISOString().slice(0, 10));
    for (const [url, name] of [
      ['/api/audit-logs?format=csv&action=NOTHING', 'centric-audit-log'],
      ['/api/billing-logs?format=csv', 'centric-billing-log'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}-${firmDay}.csv"`);
    }
  });
});

void auditLog;
