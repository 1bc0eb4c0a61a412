import { ROLE_IDS } from '@centric/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { feeSchedules, systemSettings, userGoals, users } from '../schema/index.ts';

/**
 * The demo's goals (issue 17 §4): this year's annual goals and prospect targets for every demo wealth advisor
 * and business developer, a little different each, and the firm's growth settings with the demo's standard
 * fee schedule as the default that prices the pipeline. Seeded once (nothing when goals exist).
 */

const TARGETS = {
  [ROLE_IDS.wealthAdvisor]: {
    newHouseholds: 24,
    newAum: 20_000_000,
    meetings: 260,
    newProspects: 140,
    conversions: 8,
  },
  [ROLE_IDS.businessDeveloper]: {
    newHouseholds: 16,
    newAum: 16_000_000,
    meetings: 220,
    newProspects: 120,
    conversions: 8,
  },
} as const;

export const seedDemoGoals = async (db: Db, options: { today: string }) => {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(userGoals);
  if (Number(existing?.n ?? 0) > 0) return { goals: 0 };
  const year = Number(options.today.slice(0, 4));
  const staff = await db
    .select({ id: users.id, roleId: users.roleId })
    .from(users)
    .where(
      and(
        eq(users.status, 'ACTIVE'),
        inArray(users.roleId, [ROLE_IDS.wealthAdvisor, ROLE_IDS.businessDeveloper]),
      ),
    )
    .orderBy(asc(users.email));
  const rows = staff.map((user, index) => {
    const base = TARGETS[user.roleId as keyof typeof TARGETS];
    // Each person's targets a step apart (one in four above the base), whole numbers and whole dollars.
    const step = 1 + (index % 4) / 4;
    return {
      userId: user.id,
      year,
      newHouseholds: Math.round(base.newHouseholds * step),
      newAum: `${Math.round((base.newAum * step) / 500_000) * 500_000}.00`,
      meetings: Math.round(base.meetings * step),
      newProspects: Math.round(base.newProspects * step),
      conversions: Math.round(base.conversions * step),
    };
  });
  if (rows.length > 0) await db.insert(userGoals).values(rows);
  const [standard] = await db
    .select({ id: feeSchedules.id })
    .from(feeSchedules)
    .where(eq(feeSchedules.name, 'Standard AUM'))
    .limit(1);
  if (standard) {
    const value = sql`${JSON.stringify({
      probabilities: { HOT: 60, WARM: 30, COLD: 10 },
      defaultFeeScheduleId: standard.id,
      partnership: { households: 40, aum: '100000000.00', conversions: 6 },
    })}::jsonb`;
    await db.insert(systemSettings).values({ key: 'growth', value }).onConflictDoNothing();
  }
  return { goals: rows.length };
};
