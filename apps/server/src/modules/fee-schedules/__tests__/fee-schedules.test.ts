import { FEE_SCHEDULE_API_MESSAGES, FEE_SCHEDULE_MESSAGES } from '@centric/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, feeScheduleTiers } from '../../../db/schema/index.ts';
import { DEMO_USERS } from '../../../db/seed/demo.ts';
import { FEE_CEILING as CEILING, feeScheduleInput } from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { inUseMessage } from '../fee-schedules.service.ts';

let t: TestContext;
let admin: string;
let advisor: string; // Wealth Advisor: feeSchedules read
let developer: string; // Business Developer: no feeSchedules permission
let operations: string; // Operations: feeSchedules read, write, delete

const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestContext();
  admin = (await t.signIn()).token;
  advisor = (await t.signIn(DEMO_USERS[1].email)).token;
  developer = (await t.signIn(DEMO_USERS[3].email)).token;
  operations = (await t.signIn(DEMO_USERS[4].email)).token;
});
afterAll(() => t.close());

const valid = feeScheduleInput;
const threeTiers = () => feeScheduleInput().tiers;

const create = (body: unknown, token = admin) => t.json('POST', '/api/fee-schedules', body, token);

const auditRows = (id: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'feeSchedule'), eq(auditLog.entityId, id)))
    .orderBy(asc(auditLog.id));

/** The 400's first message and the field it names. */
const refused = async (body: unknown, url = '/api/fee-schedules', method: 'POST' | 'PATCH' = 'POST') => {
  const res = await t.json(method, url, body, admin);
  expect(res.status).toBe(400);
  return { message: res.body.message, errors: res.body.errors ?? [] };
};

describe('fee schedule validation (every message)', () => {
  it('name: required, at most 50, not only spaces', async () => {
    expect((await refused(valid({ name: '' }))).message).toBe(FEE_SCHEDULE_API_MESSAGES.nameRequired);
    expect((await refused(valid({ name: undefined }))).message).toBe(FEE_SCHEDULE_API_MESSAGES.nameRequired);
    expect((await refused(valid({ name: 'x'.repeat(51) }))).message).toBe(
      'Name can be at most 50 characters.',
    );
    expect((await refused(valid({ name: '   ' }))).message).toBe('Name cannot contain only spaces.');
  });

  it('description at most 50; type and structure from their lists', async () => {
    expect((await refused(valid({ description: 'd'.repeat(51) }))).message).toBe(
      'Description can be at most 50 characters.',
    );
    expect((await refused(valid({ type: 'HOURLY' }))).errors[0]).toEqual({
      field: 'type',
      message: FEE_SCHEDULE_API_MESSAGES.typeInvalid,
    });
    expect((await refused(valid({ structure: 'FLAT' }))).errors[0]?.field).toBe('structure');
  });

  it('annual minimum: at most $100,000, at most 2 decimals, an amount', async () => {
    expect((await refused(valid({ annualMinimum: '100000.01' }))).message).toBe(
      'Annual minimum can be at most $100,000.',
    );
    expect((await refused(valid({ annualMinimum: '10.555' }))).message).toBe(
      'Annual minimum can have at most 2 decimals.',
    );
    expect((await refused(valid({ annualMinimum: '-5' }))).message).toBe(
      FEE_SCHEDULE_API_MESSAGES.annualMinimumInvalid,
    );
    expect((await refused(valid({ annualMinimum: 4000 }))).message).toBe(
      FEE_SCHEDULE_API_MESSAGES.annualMinimumInvalid,
    );
  });

  it('structure: 1 to 7 rows', async () => {
    expect(await refused(valid({ tiers: [] }))).toMatchObject({
      message: FEE_SCHEDULE_MESSAGES.incomplete,
      errors: [{ field: 'tiers', message: FEE_SCHEDULE_MESSAGES.incomplete }],
    });
    const eight = Array.from({ length: 8 }, (_, i) => ({
      minimum: String(i * 1000),
      maximum: i === 7 ? CEILING : String((i + 1) * 1000),
      rate: '10',
    }));
    const res = await refused(valid({ tiers: eight }));
    expect(res.errors[0]?.field).toBe('tiers');
    expect(res.message).toMatch(/at most 7 tiers/);
    // Deleted rows do not count: seven live ones and a deleted eighth are fine.
    const seven = eight.slice(0, 7).map((tier, i) => (i === 6 ? { ...tier, maximum: CEILING } : tier));
    const ok = await create(valid({ name: 'Seven', tiers: [...seven, { ...eight[7], isDeleted: true }] }));
    expect(ok.status).toBe(201);
    expect(ok.body.result.tiers).toHaveLength(7);
  });

  it("'Maximum ($) Value can never be equal to or less than Min ($) value'", async () => {
    const tiers = threeTiers();
    tiers[1] = { minimum: '500000', maximum: '500000', rate: '75' };
    const res = await refused(valid({ tiers }));
    expect(res.errors).toContainEqual({
      field: 'tiers.1.maximum',
      message: 'Maximum ($) Value can never be equal to or less than Min ($) value',
    });
    expect(res.message).toBe('Maximum ($) Value can never be equal to or less than Min ($) value');
  });

  it("'This value is already added in the structure.' at the overlapping row of the sent list", async () => {
    // Sent out of order: the engine sees them sorted, the error points at the row as sent (index 0).
    const res = await refused(
      valid({
        tiers: [
          { minimum: '400000', maximum: CEILING, rate: '75' },
          { minimum: '0', maximum: '500000', rate: '100' },
        ],
      }),
    );
    expect(res.errors).toEqual([
      { field: 'tiers.0.minimum', message: 'This value is already added in the structure.' },
    ]);
  });

  it("'Please enter the structure fields': last maximum below the ceiling, or a blank field", async () => {
    const short = threeTiers();
    short[2] = { minimum: '2000000', maximum: '9000000', rate: '50' };
    expect((await refused(valid({ tiers: short }))).errors).toContainEqual({
      field: 'tiers.2.maximum',
      message: 'Please enter the structure fields',
    });
    const blank = threeTiers();
    blank[1] = { minimum: '500000', maximum: '', rate: '75' };
    expect((await refused(valid({ tiers: blank }))).errors).toEqual([
      { field: 'tiers.1.maximum', message: 'Please enter the structure fields' },
    ]);
    const gap = threeTiers();
    gap[1] = { minimum: '600000', maximum: '2000000', rate: '75' };
    const res = await refused(valid({ tiers: gap }));
    expect(res.errors[0]?.field).toBe('tiers.1.minimum');
    expect(res.message).toMatch(/must start at \$500,000/);
  });

  it('rate: at least 1, at most 2 decimals, at most 1,000,000', async () => {
    // The spec's kind of message, not the engine's diagnostics (which name the value it got).
    const messages = {
      '0.5': 'Rate must be at least 1.',
      '12.345': 'Rate can have at most 2 decimals.',
      '1000000.01': 'Rate can be at most 1,000,000.',
    };
    for (const [rate, message] of Object.entries(messages)) {
      const tiers = threeTiers();
      tiers[0] = { minimum: '0', maximum: '500000', rate };
      const res = await refused(valid({ tiers }));
      expect(res.errors).toEqual([{ field: 'tiers.0.rate', message }]);
    }
    const fixed = [{ minimum: '0', maximum: CEILING, rate: '1000000' }];
    expect((await create(valid({ name: 'Flat fee', type: 'FIXED', tiers: fixed }))).status).toBe(201);
  });

  it('malformed bodies are 400, never 500', async () => {
    for (const body of [
      'not json',
      '[]',
      'null',
      { ...valid(), tiers: 'x' },
      { ...valid(), tiers: [null] },
      { ...valid(), tiers: [{ minimum: 0, maximum: 1, rate: 1 }] },
      { ...valid(), tiers: Array.from({ length: 60 }, () => threeTiers()[0]) },
      { ...valid(), tiers: [{ ...threeTiers()[0], id: 'nope' }] },
      { ...valid(), tiers: [{ minimum: '1e6', maximum: CEILING, rate: '100' }] },
      { ...valid(), name: 42 },
    ]) {
      const res = await t.json('POST', '/api/fee-schedules', body, admin);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const preview = await t.json('POST', '/api/fee-schedules/preview', { schedule: {}, value: 'x' }, admin);
    expect(preview.status).toBe(400);
    const notUuid = await t.json('GET', '/api/fee-schedules/42', undefined, admin);
    expect([400, 404]).toContain(notUuid.status);
  });
});

describe('fee schedules: create, list, edit, delete', () => {
  let standardId = '';

  it('creates (201) with money and rates as strings, tiers sorted by minimum, audited', async () => {
    const res = await create(
      valid({
        name: '  Standard AUM  ',
        annualMinimum: '2500',
        tiers: [threeTiers()[2], threeTiers()[0], threeTiers()[1]],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(FEE_SCHEDULE_API_MESSAGES.created);
    const item = res.body.result;
    standardId = item.id;
    expect(item).toMatchObject({
      name: 'Standard AUM',
      type: 'PERCENTAGE',
      structure: 'TIERED',
      annualMinimum: '2500.00',
      tiers: [
        { minimum: '0.00', maximum: '500000.00', rate: '100' },
        { minimum: '500000.00', maximum: '2000000.00', rate: '75' },
        { minimum: '2000000.00', maximum: '10000000000.00', rate: '50' },
      ],
    });
    const audits = await auditRows(item.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'CREATE', before: null });
    expect((audits[0]?.after as { tiers: unknown[] }).tiers).toHaveLength(3);
    expect((await t.json('GET', `/api/fee-schedules/${item.id}`, undefined, advisor)).body.result).toEqual(
      item,
    );
    // The change is part of the billing log (/billing/alllogs) too.
    const billingLog = await t.json('GET', '/api/billing-logs?limit=100', undefined, admin);
    expect(billingLog.status).toBe(200);
    expect(
      (billingLog.body.result as { entity: string; entityId: string; action: string }[]).filter(
        (row) => row.entityId === item.id,
      ),
    ).toEqual([expect.objectContaining({ entity: 'feeSchedule', action: 'CREATE' })]);
  });

  it('refuses a duplicate name, whatever its case (409)', async () => {
    const res = await create(valid({ name: 'STANDARD aum' }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(FEE_SCHEDULE_API_MESSAGES.duplicateName);
    expect(res.body.errors).toEqual([{ field: 'name', message: FEE_SCHEDULE_API_MESSAGES.duplicateName }]);
  });

  it('lists with search, filters, sort and paging', async () => {
    await create(valid({ name: 'Zeta linear', structure: 'LINEAR', description: 'for trusts' }));
    await create(valid({ name: 'Alpha fixed', type: 'FIXED', annualMinimum: '100000' }));
    const all = await t.json('GET', '/api/fee-schedules?limit=100', undefined, advisor);
    expect(all.status).toBe(200);
    const names: string[] = all.body.result.map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(all.body.totalResults).toBe(names.length);

    const search = await t.json('GET', '/api/fee-schedules?search=TRUSTS', undefined, admin);
    expect(search.body.result.map((s: { name: string }) => s.name)).toEqual(['Zeta linear']);
    const linear = await t.json('GET', '/api/fee-schedules?structure=LINEAR', undefined, admin);
    expect(linear.body.result.every((s: { structure: string }) => s.structure === 'LINEAR')).toBe(true);
    const fixed = await t.json('GET', '/api/fee-schedules?type=FIXED&sortBy=name', undefined, admin);
    expect(fixed.body.result.map((s: { name: string }) => s.name)).toEqual(['Alpha fixed', 'Flat fee']);

    const byMinimum = await t.json(
      'GET',
      '/api/fee-schedules?sortBy=annualMinimum&order=desc&limit=2',
      undefined,
      admin,
    );
    expect(byMinimum.body.result.map((s: { annualMinimum: string }) => s.annualMinimum)).toEqual([
      '100000.00',
      '2500.00',
    ]);
    const page2 = await t.json('GET', '/api/fee-schedules?limit=2&page=2&sortBy=createdAt', undefined, admin);
    expect(page2.body.result).toHaveLength(2);
    expect(page2.body.totalResults).toBe(names.length);
    expect((await t.json('GET', '/api/fee-schedules?limit=101', undefined, admin)).status).toBe(400);
    expect((await t.json('GET', '/api/fee-schedules?sortBy=rate', undefined, admin)).status).toBe(400);
  });

  it('edits: kept tiers updated, a deleted tier kept with deleted_at and not returned, new ones added', async () => {
    const current = (await t.json('GET', `/api/fee-schedules/${standardId}`, undefined, admin)).body.result;
    const [first, second, third] = current.tiers;
    const res = await t.json(
      'PATCH',
      `/api/fee-schedules/${standardId}`,
      {
        name: 'Standard AUM',
        type: 'PERCENTAGE',
        structure: 'TIERED',
        description: null,
        annualMinimum: null,
        tiers: [
          { id: third.id, minimum: '1000000', maximum: CEILING, rate: '60.5' },
          { id: first.id, minimum: '0', maximum: '250000', rate: '110' },
          { id: second.id, minimum: '500000', maximum: '2000000', rate: '75', isDeleted: true },
          { minimum: '250000', maximum: '1000000', rate: '90' },
        ],
      },
      operations,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(FEE_SCHEDULE_API_MESSAGES.updated);
    expect(res.body.result).toMatchObject({ description: null, annualMinimum: null });
    expect(res.body.result.tiers).toEqual([
      { id: first.id, minimum: '0.00', maximum: '250000.00', rate: '110' },
      { id: expect.any(String), minimum: '250000.00', maximum: '1000000.00', rate: '90' },
      { id: third.id, minimum: '1000000.00', maximum: '10000000000.00', rate: '60.5' },
    ]);
    const stored = await t.db
      .select()
      .from(feeScheduleTiers)
      .where(eq(feeScheduleTiers.scheduleId, standardId));
    expect(stored).toHaveLength(4);
    expect(stored.find((row) => row.id === second.id)?.deletedAt).toBeInstanceOf(Date);

    const audits = await auditRows(standardId);
    expect(audits.at(-1)).toMatchObject({ action: 'UPDATE' });
    expect((audits.at(-1)?.before as { tiers: unknown[] }).tiers).toHaveLength(3);
    expect((audits.at(-1)?.after as { annualMinimum: unknown }).annualMinimum).toBeNull();

    // A tier omitted from the next edit is deleted too; an id that is not a live tier is refused.
    const again = await t.json(
      'PATCH',
      `/api/fee-schedules/${standardId}`,
      { ...valid(), tiers: [{ id: first.id, minimum: '0', maximum: CEILING, rate: '100' }] },
      admin,
    );
    expect(again.body.result.tiers).toEqual([
      { id: first.id, minimum: '0.00', maximum: '10000000000.00', rate: '100' },
    ]);
    const stale = await t.json(
      'PATCH',
      `/api/fee-schedules/${standardId}`,
      { ...valid(), tiers: [{ id: second.id, minimum: '0', maximum: CEILING, rate: '100' }] },
      admin,
    );
    expect(stale.status).toBe(400);
    expect(stale.body.errors?.[0]?.field).toBe('tiers.0.id');

    const validation = await refused(
      valid({ tiers: [{ id: first.id, minimum: '0', maximum: '0', rate: '100' }] }),
      `/api/fee-schedules/${standardId}`,
      'PATCH',
    );
    expect(validation.message).toBe(FEE_SCHEDULE_MESSAGES.maximumNotAboveMinimum);
  });

  it('edit: duplicate name 409, unknown id 404', async () => {
    const dup = await t.json(
      'PATCH',
      `/api/fee-schedules/${standardId}`,
      valid({ name: 'zeta LINEAR' }),
      admin,
    );
    expect(dup.status).toBe(409);
    expect(
      (await t.json('PATCH', `/api/fee-schedules/${MISSING}`, valid({ name: 'New' }), admin)).status,
    ).toBe(404);
  });

  it('deletes (audited with the schedule before), then 404', async () => {
    const res = await t.json('DELETE', `/api/fee-schedules/${standardId}`, undefined, operations);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(FEE_SCHEDULE_API_MESSAGES.deleted);
    expect((await t.json('GET', `/api/fee-schedules/${standardId}`, undefined, admin)).status).toBe(404);
    expect((await t.json('DELETE', `/api/fee-schedules/${standardId}`, undefined, admin)).status).toBe(404);
    const audits = await auditRows(standardId);
    expect(audits.at(-1)).toMatchObject({ action: 'DELETE', after: null });
    expect((audits.at(-1)?.before as { name: string }).name).toBe('Standard AUM');
  });

  it('a schedule in use cannot be deleted: 409 saying where', async () => {
    const made = await create(valid({ name: 'In use' }));
    const id: string = made.body.result.id;
    // No table refers to schedules yet (billing accounts will): a test table stands in for one.
    await t.db.execute(
      sql.raw(
        'create table test_billing_accounts (id serial primary key, fee_schedule_id uuid not null references fee_schedules(id) on delete restrict)',
      ),
    );
    try {
      await t.db.execute(sql`insert into test_billing_accounts (fee_schedule_id) values (${id}), (${id})`);
      const res = await t.json('DELETE', `/api/fee-schedules/${id}`, undefined, admin);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        'This fee schedule is used by 2 test billing accounts and cannot be deleted.',
      );
      expect((await t.json('GET', `/api/fee-schedules/${id}`, undefined, admin)).status).toBe(200);
    } finally {
      await t.db.execute(sql.raw('drop table test_billing_accounts'));
    }
  });

  it('builds the in-use message from the referring table', () => {
    expect(inUseMessage({ table: 'billing_accounts', count: 1 })).toBe(
      'This fee schedule is used by 1 billing account and cannot be deleted.',
    );
    expect(inUseMessage({ table: 'households', count: 3 })).toBe(
      'This fee schedule is used by 3 households and cannot be deleted.',
    );
    expect(inUseMessage(null)).toBe(FEE_SCHEDULE_API_MESSAGES.inUseUnknown);
  });
});

describe('fee preview', () => {
  const preview = (schedule: unknown, value: string, token = advisor) =>
    t.json('POST', '/api/fee-schedules/preview', { schedule, value }, token);

  it('0–500k 100 bps, 500k–2M 75, 2M+ 50 at $1M: 8750.00 a year, 2187.50 a quarter', async () => {
    const res = await preview(valid(), '1000000');
    expect(res.status).toBe(200);
    const result = res.body.result;
    expect(result).toMatchObject({
      value: '1000000.00',
      annual: '8750.00',
      quarterly: '2187.50',
      effectiveRate: '0.8750',
      minimumApplied: false,
    });
    expect(result.lines).toEqual([
      { minimum: '0.00', maximum: '500000.00', base: '500000.00', rate: '100', amount: '5000.00' },
      { minimum: '500000.00', maximum: '2000000.00', base: '500000.00', rate: '75', amount: '3750.00' },
    ]);
    // The curve: from 0 to 1.5 × the last breakpoint (2M), with the breakpoints and the cent above them.
    const values = result.curve.map((p: { value: string }) => p.value);
    expect(values[0]).toBe('0.00');
    expect(values.at(-1)).toBe('3000000.00');
    expect(values).toContain('500000.00');
    expect(values).toContain('2000000.00');
    expect(values).toContain('2000000.01');
    expect(result.curve.length).toBeGreaterThanOrEqual(40);
    expect(result.curve.length).toBeLessThanOrEqual(44);
    expect(result.curve.find((p: { value: string }) => p.value === '2000000.00')).toEqual({
      value: '2000000.00',
      annualFee: '16250.00',
      effectiveRate: '0.8125',
    });
  });

  it('100 bps to $1M, 75 above, $1.5M: TIERED 13750.00, LINEAR 11250.00', async () => {
    const tiers = [
      { minimum: '0', maximum: '1000000', rate: '100' },
      { minimum: '1000000', maximum: CEILING, rate: '75' },
    ];
    expect((await preview(valid({ tiers }), '1500000')).body.result.annual).toBe('13750.00');
    expect((await preview(valid({ tiers, structure: 'LINEAR' }), '1500000')).body.result.annual).toBe(
      '11250.00',
    );
  });

  it('125 bps with a $4,000 minimum at $250,000: 4000.00 a year, 1000.00 a quarter', async () => {
    const res = await preview(
      valid({ annualMinimum: '4000', tiers: [{ minimum: '0', maximum: CEILING, rate: '125' }] }),
      '250000',
    );
    expect(res.body.result).toMatchObject({
      annual: '4000.00',
      quarterly: '1000.00',
      minimumApplied: true,
      effectiveRate: '1.6000',
    });
    // No finite breakpoint: the curve runs to $1,000,000 (or twice the value).
    expect(res.body.result.curve.at(-1).value).toBe('1000000.00');
    const far = await preview(valid(), '8000000');
    // Beyond the last breakpoint's 1.5 ×: the curve reaches 1.25 × the value.
    expect(far.body.result.curve.at(-1).value).toBe('10000000.00');
  });

  it('seven tiers at $3M: 18750.00; a value of 0 has a 0.0000 effective rate', async () => {
    const bounds = ['0', '500000', '1000000', '2000000', '4000000', '6000000', '10000000', CEILING];
    const rates = ['90', '75', '60', '45', '30', '25', '20'];
    const tiers = rates.map((rate, i) => ({ minimum: bounds[i], maximum: bounds[i + 1], rate }));
    expect((await preview(valid({ tiers }), '3000000')).body.result.annual).toBe('18750.00');
    expect((await preview(valid({ tiers }), '0')).body.result).toMatchObject({
      annual: '0.00',
      effectiveRate: '0.0000',
    });
  });

  it('validates the schedule and the value like a save', async () => {
    const tiers = threeTiers();
    tiers[2] = { minimum: '2000000', maximum: '3000000', rate: '50' };
    const res = await preview(valid({ tiers }), '1000000');
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({
      field: 'schedule.tiers.2.maximum',
      message: FEE_SCHEDULE_MESSAGES.incomplete,
    });
    expect((await preview(valid(), '1,000,000')).body.message).toBe(FEE_SCHEDULE_API_MESSAGES.valueInvalid);
    expect((await preview(valid(), '10000000000.01')).body.message).toBe(FEE_SCHEDULE_API_MESSAGES.valueMax);
  });
});

describe('fee schedule permissions', () => {
  it('read for Wealth Advisors; no write or delete', async () => {
    const some = (await t.json('GET', '/api/fee-schedules', undefined, admin)).body.result[0].id;
    expect((await t.json('GET', '/api/fee-schedules', undefined, advisor)).status).toBe(200);
    expect((await create(valid({ name: 'By advisor' }), advisor)).status).toBe(403);
    expect((await t.json('PATCH', `/api/fee-schedules/${some}`, valid({ name: 'x' }), advisor)).status).toBe(
      403,
    );
    expect((await t.json('DELETE', `/api/fee-schedules/${some}`, undefined, advisor)).status).toBe(403);
  });

  it('nothing for Business Developers; 401 without a token', async () => {
    const some = (await t.json('GET', '/api/fee-schedules', undefined, admin)).body.result[0].id;
    expect((await t.json('GET', '/api/fee-schedules', undefined, developer)).status).toBe(403);
    expect((await t.json('GET', `/api/fee-schedules/${some}`, undefined, developer)).status).toBe(403);
    expect(
      (await t.json('POST', '/api/fee-schedules/preview', { schedule: valid(), value: '1' }, developer))
        .status,
    ).toBe(403);
    expect((await create(valid({ name: 'By developer' }), developer)).status).toBe(403);
    expect((await t.json('DELETE', `/api/fee-schedules/${some}`, undefined, developer)).status).toBe(403);
    expect((await t.json('GET', '/api/fee-schedules')).status).toBe(401);
  });

  it('everything for Operations', async () => {
    const made = await create(valid({ name: 'By operations' }), operations);
    expect(made.status).toBe(201);
    expect(
      (await t.json('DELETE', `/api/fee-schedules/${made.body.result.id}`, undefined, operations)).status,
    ).toBe(200);
  });
});
