import { ROLE_IDS } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { passwordHistory, users } from '../schema/index.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { seedDemoClients, type SeedDemoClientsOptions } from './demo-clients.ts';
import { seedDemoFeeSchedules } from './demo-fee-schedules.ts';
import { seedDemoProducts } from './demo-products.ts';
import { ensureMasterData } from './master-data.ts';
import { ensureSystemRoles } from './roles.ts';

export const DEMO_ADMIN = {
  email: 'admin@centric.local',
  password: 'Centric#2026',
  fullName: 'Alex Morgan',
} as const;

/** Demo users: one administrator and a few of the other roles, all with the demo password. */
export const DEMO_USERS = [
  { ...DEMO_ADMIN, roleId: ROLE_IDS.administrator },
  { email: 'olivia.bennett@centric.local', fullName: 'Olivia Bennett', roleId: ROLE_IDS.wealthAdvisor },
  { email: 'marcus.reed@centric.local', fullName: 'Marcus Reed', roleId: ROLE_IDS.wealthAdvisor },
  { email: 'priya.shah@centric.local', fullName: 'Priya Shah', roleId: ROLE_IDS.businessDeveloper },
  { email: 'daniel.kim@centric.local', fullName: 'Daniel Kim', roleId: ROLE_IDS.operations },
  { email: 'grace.lee@centric.local', fullName: 'Grace Lee', roleId: ROLE_IDS.operations },
  { email: 'samuel.ortiz@centric.local', fullName: 'Samuel Ortiz', roleId: ROLE_IDS.businessDeveloper },
  { email: 'integrations@centric.local', fullName: 'Integration Service', roleId: ROLE_IDS.system },
  { email: 'jordan.hayes@centric.local', fullName: 'Jordan Hayes', roleId: ROLE_IDS.administrator },
] as const;

export const isEmpty = async (db: Db) => {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) === 0;
};

export type SeedDemoOptions = {
  /**
   * The demo households too (start-up passes the app's secret box, which seals their identity numbers);
   * left out by the test harness and the sign-in benchmark, which want an empty clients list.
   */
  clients?: SeedDemoClientsOptions;
  /** The demo fee schedules too (start-up); left out by the test harness, which wants an empty list. */
  feeSchedules?: boolean;
  /** The demo products and their month-end prices up to `today` (start-up); left out by the test harness. */
  products?: { today: string };
};

export const seedDemo = async (db: Db, options: SeedDemoOptions = {}) => {
  await ensureSystemRoles(db);
  await ensureMasterData(db);
  const passwordHash = await hashPassword(DEMO_ADMIN.password);
  const now = new Date();
  for (const u of DEMO_USERS) {
    const [row] = await db
      .insert(users)
      .values({
        email: u.email,
        fullName: u.fullName,
        roleId: u.roleId,
        passwordHash,
        passwordChangedAt: now,
        emailVerifiedAt: now,
        invitationAccepted: true,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (row) await db.insert(passwordHistory).values({ userId: row.id, passwordHash });
  }
  if (options.clients) await seedDemoClients(db, options.clients);
  if (options.feeSchedules) await seedDemoFeeSchedules(db);
  if (options.products) await seedDemoProducts(db, options.products);
};
