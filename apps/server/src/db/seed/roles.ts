import { FEATURES, ROLE_IDS, type Action, type Feature } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rolePermissions, roles } from '../schema/index.ts';

type Grant = Partial<Record<Feature, readonly Action[]>>;
const ALL: readonly Action[] = ['read', 'write', 'delete'];
const RW: readonly Action[] = ['read', 'write'];
const R: readonly Action[] = ['read'];

const everything = Object.fromEntries(FEATURES.map((f) => [f, ALL])) as Grant;

/** The built-in roles and their complete matrices (a feature not named is denied). */
export const SYSTEM_ROLES: ReadonlyArray<{
  id: number;
  role: string;
  displayName: string;
  description: string;
  grants: Grant;
}> = [
  {
    id: ROLE_IDS.administrator,
    role: 'ADMIN',
    displayName: 'Administrator',
    description: 'Full access, system configuration and approvals.',
    grants: everything,
  },
  {
    id: ROLE_IDS.wealthAdvisor,
    role: 'WEALTH_ADVISOR',
    displayName: 'Wealth Advisor',
    description: 'Serves client households.',
    grants: {
      dashboard: R,
      clients: ALL,
      otherProfessionals: RW,
      prospects: RW,
      alerts: RW,
      notes: ALL,
      tasks: ALL,
      openRequests: RW,
      manageWorkflows: R,
      managedAccounts: RW,
      suitability: RW,
      riskManagement: RW,
      legacyPlanning: RW,
      compliance: R,
      products: R,
      billingUnits: R,
      feeSchedules: R,
      billingAccounts: R,
      cashflows: R,
      billingInstances: R,
      receivables: R,
      billingLogs: R,
      users: R,
      teams: R,
    },
  },
  {
    id: ROLE_IDS.system,
    role: 'SYSTEM',
    displayName: 'System',
    description: 'Service account for integrations; not listed among users.',
    grants: everything,
  },
  {
    id: ROLE_IDS.businessDeveloper,
    role: 'BUSINESS_DEVELOPER',
    displayName: 'Business Developer',
    description: 'Brings in prospects and introductions.',
    grants: {
      dashboard: R,
      clients: R,
      otherProfessionals: RW,
      prospects: ALL,
      alerts: RW,
      notes: ALL,
      tasks: ALL,
      openRequests: R,
      users: R,
      teams: R,
    },
  },
  {
    id: ROLE_IDS.operations,
    role: 'OPERATIONS',
    displayName: 'Operations',
    description: 'Runs accounts, billing and workflows.',
    grants: {
      dashboard: R,
      clients: RW,
      otherProfessionals: R,
      prospects: R,
      alerts: RW,
      notes: ALL,
      tasks: ALL,
      openRequests: ALL,
      manageWorkflows: ALL,
      managedAccounts: ALL,
      suitability: R,
      riskManagement: R,
      legacyPlanning: R,
      compliance: RW,
      products: ALL,
      billingUnits: ALL,
      feeSchedules: ALL,
      billingAccounts: ALL,
      cashflows: ALL,
      billingInstances: ALL,
      receivables: ALL,
      billingLogs: R,
      users: R,
      teams: R,
    },
  },
];

/** Creates the built-in roles with complete matrices where they are missing; leaves existing ones alone. */
export const ensureSystemRoles = async (db: Db) => {
  for (const r of SYSTEM_ROLES) {
    const inserted = await db
      .insert(roles)
      .values({ id: r.id, role: r.role, displayName: r.displayName, description: r.description })
      .onConflictDoNothing()
      .returning({ id: roles.id });
    if (inserted.length === 0) continue;
    await db.insert(rolePermissions).values(
      FEATURES.map((feature) => {
        const actions = r.grants[feature] ?? [];
        return {
          roleId: r.id,
          feature,
          read: actions.includes('read'),
          write: actions.includes('write'),
          delete: actions.includes('delete'),
        };
      }),
    );
  }
  // The identity continues after the explicit ids, whatever the driver did with them.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('roles', 'id'), greatest((select max(id) from roles), 99))`,
  );
};
