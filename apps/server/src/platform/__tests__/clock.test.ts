import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  feeSchedules,
  householdAdvisors,
  households,
  mailOutbox,
  masterDataItems,
  otherProfessionals,
  roles,
  systemSettings,
  teams,
  users,
} from '../../db/schema/index.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import {
  feeScheduleInput,
  insertHousehold,
  stateIdByAbbreviation,
  userIdByEmail,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = (await t.signIn()).token;
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;

describe("time comes from the app's clock", () => {
  it('stamps changes, advisor assignments, sent mail and the trail with the clock, days ahead of the machine', async () => {
    const ok = async (res: Promise<{ status: number; body: { message: string; result: any } }>) => {
      const answer = await res;
      expect(answer.status, answer.body.message).toBeLessThan(300);
      return answer.body.result;
    };
    const team = await ok(t.json('POST', '/api/teams', { name: 'Clockwork' }, admin));
    const role = await ok(t.json('POST', '/api/roles', { role_name: 'Timekeeper' }, admin));
    const schedule = await ok(
      t.json('POST', '/api/fee-schedules', feeScheduleInput({ name: 'Hourly' }), admin),
    );
    const professional = {
      type: 'Attorney',
      fullName: 'Tempus Fugit',
      phoneNumber: '(212) 555-0199',
      address: '1 Clock Tower',
      city: 'New York',
      stateId: await stateIdByAbbreviation(t.db, 'NY'),
      zip: '10006',
      email: 'tempus.fugit@lawfirm.test',
    };
    const created = await ok(t.json('POST', '/api/other-professionals', professional, admin));
    const household = await insertHousehold(t.db, { members: [{ firstName: 'Ada', lastName: 'Clock' }] });
    const [gender] = await t.db
      .select({ id: masterDataItems.id })
      .from(masterDataItems)
      .where(eq(masterDataItems.type, 'gender'))
      .limit(1);
    const olivia = await userIdByEmail(t.db, DEMO_USERS[1].email);

    // Four days: sessions stay (they idle out after five), far enough that the machine's time would show.
    t.clock.advance(4 * DAY_MS);
    const moved = t.clock.now().getTime();

    await ok(t.json('PATCH', `/api/teams/${team.id}`, { location: 'Greenwich' }, admin));
    await ok(t.json('PATCH', `/api/roles/${role.id}`, { description: 'Keeps time' }, admin));
    await ok(
      t.json('PATCH', `/api/fee-schedules/${schedule.id}`, feeScheduleInput({ name: 'Daily' }), admin),
    );
    await ok(
      t.json('PUT', `/api/other-professionals/${created.id}`, { ...professional, city: 'Albany' }, admin),
    );
    await ok(t.json('PATCH', `/api/clients/${household.clientId}`, { rating: 4 }, admin));
    await ok(t.json('PUT', `/api/clients/${household.clientId}/team`, { WEALTH_ADVISOR_1: olivia }, admin));
    await ok(t.json('PATCH', `/api/users/${olivia}`, { fullName: 'Olivia Bennett-Hale' }, admin));
    await ok(t.json('PATCH', `/api/master-data/gender/${gender?.id}`, { name: 'Renamed gender' }, admin));
    await ok(t.json('PUT', '/api/sysconfig', { ssnMasking: false }, admin));
    await ok(
      t.json(
        'POST',
        '/api/users',
        { fullName: 'Nell Hour', email: 'nell.hour@centric.local', roleId: 5 },
        admin,
      ),
    );

    const stamps: Record<string, Date | null | undefined> = {
      team: (await t.db.select().from(teams).where(eq(teams.id, team.id)))[0]?.updatedAt,
      role: (await t.db.select().from(roles).where(eq(roles.id, role.id)))[0]?.updatedAt,
      feeSchedule: (await t.db.select().from(feeSchedules).where(eq(feeSchedules.id, schedule.id)))[0]
        ?.updatedAt,
      otherProfessional: (
        await t.db.select().from(otherProfessionals).where(eq(otherProfessionals.id, created.id))
      )[0]?.updatedAt,
      household: (await t.db.select().from(households).where(eq(households.id, household.clientId)))[0]
        ?.updatedAt,
      advisor: (
        await t.db
          .select()
          .from(householdAdvisors)
          .where(
            and(eq(householdAdvisors.householdId, household.clientId), eq(householdAdvisors.userId, olivia)),
          )
      )[0]?.createdAt,
      user: (await t.db.select().from(users).where(eq(users.id, olivia)))[0]?.updatedAt,
      masterData: (
        await t.db
          .select()
          .from(masterDataItems)
          .where(eq(masterDataItems.id, gender?.id ?? 0))
      )[0]?.updatedAt,
      setting: (await t.db.select().from(systemSettings).where(eq(systemSettings.key, 'ssnMasking')))[0]
        ?.updatedAt,
      mailSent: (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nell.hour@centric.local')))[0]
        ?.sentAt,
      audit: (await t.db.select().from(auditLog).where(eq(auditLog.action, 'INVITE'))).at(-1)?.occurredAt,
    };
    for (const [what, stamp] of Object.entries(stamps)) {
      expect(stamp, what).toBeInstanceOf(Date);
      expect(stamp!.getTime(), what).toBeGreaterThanOrEqual(moved);
      expect(stamp!.getTime(), what).toBeLessThan(moved + 60_000);
    }
  });
});
