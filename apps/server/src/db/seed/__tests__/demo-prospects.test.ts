import { DEFAULT_FIRM_TIME_ZONE, todayIn } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../client.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { seedDemoProspects } from '../demo-prospects.ts';

let t: TestContext;
let today = '';

beforeAll(async () => {
  t = await createTestContext();
  today = todayIn(DEFAULT_FIRM_TIME_ZONE, t.clock.now());
  // Demo households for the converted prospects to have become.
  await t.db.execute(sql`insert into households (name) values ('Demo, One'), ('Demo, Two'), ('Demo, Three')`);
});
afterAll(() => t.close());

it('seeds a few hundred prospects in every lead status with activities and notes, once', async () => {
  const first = await seedDemoProspects(t.db, { today });
  expect(first.prospects).toBe(300);
  expect((await seedDemoProspects(t.db, { today })).prospects).toBe(0);
  const [row] = rowsOf<{
    leads: number;
    statuses: number;
    without: number;
    lapsed: number;
    future: number;
    notes: number;
    mismatched: number;
  }>(
    await t.db.execute(sql`select
      (select count(distinct lead_status)::int from prospects) as leads,
      (select count(distinct activity_status)::int from prospects) as statuses,
      (select count(*)::int from prospects p where not exists
        (select 1 from prospect_activities a where a.prospect_id = p.id)) as without,
      (select count(*)::int from prospects where activity_status = 'ACTIVE'
        and last_activity_date < ${today}::date - 30) as lapsed,
      (select count(*)::int from prospect_activities where activity_date > ${today}::date) as future,
      (select count(*)::int from record_links where record_kind = 'prospect') as notes,
      (select count(*)::int from prospects p where last_activity_date is distinct from
        (select max(activity_date) from prospect_activities a where a.prospect_id = p.id)) as mismatched`),
  );
  expect(row).toMatchObject({ leads: 3, without: 0, future: 0, mismatched: 0 });
  expect(row!.statuses).toBeGreaterThanOrEqual(2);
  expect(row!.lapsed).toBeGreaterThan(5);
  expect(row!.notes).toBeGreaterThan(50);
  // The next day's sweep alerts each lapsed one's business developer (or advisor), once.
  t.clock.startAt(new Date(Date.parse(`${today}T16:00:00Z`) + 86_400_000));
  const sweep = await t.app.services.activitySweep.runOnce();
  expect(sweep.daily.prospectsInactive).toBeGreaterThanOrEqual(row!.lapsed);
  const [alerts] = rowsOf<{ n: number }>(
    await t.db.execute(sql`select count(*)::int as n from alerts where category = 'prospectInactive'`),
  );
  expect(alerts!.n).toBe(sweep.daily.prospectsInactive);
});

it("converted prospects became demo households: their activities and notes are the households'", async () => {
  const [row] = rowsOf<{ converted: number; left: number; moved: number; onProspect: number; notes: number }>(
    await t.db.execute(sql`select
      (select count(*)::int from prospects where activity_status = 'CONVERTED'
        and converted_household_id is not null and converted_at is not null) as converted,
      (select count(*)::int from prospect_activities a join prospects p on p.id = a.prospect_id
        where p.activity_status = 'CONVERTED'
          and a.household_id is distinct from p.converted_household_id) as left,
      (select count(*)::int from prospect_activities where household_id is not null) as moved,
      (select count(*)::int from record_links l join prospects p on p.id = l.record_id
        where l.record_kind = 'prospect' and p.activity_status = 'CONVERTED') as "onProspect",
      (select count(*)::int from record_links l join notes n on n.id = l.subject_id
        where l.record_kind = 'household' and n.type = 'PROSPECTS' and n.on_household) as notes`),
  );
  expect(row!.converted).toBeGreaterThanOrEqual(10);
  expect(row).toMatchObject({ left: 0, onProspect: 0 });
  expect(row!.moved).toBeGreaterThanOrEqual(row!.converted);
  expect(row!.notes).toBe(row!.converted);
});
