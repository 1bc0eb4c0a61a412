import { FEATURES } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordHistory, rolePermissions, roles, users } from '../../db/schema/index.ts';
import { DEMO_ADMIN } from '../../db/seed/demo.ts';
import { hashPassword } from '../passwords.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../test/harness.ts';
import { fillPath, tableState } from '../../../test/route-table.ts';

/**
 * Routes that need no feature permission, each for a reason. A new route lands here only on purpose:
 * anything else must declare the (feature, action) it needs.
 */
const WITHOUT_FEATURE_PERMISSION: Record<string, 'public' | 'preMfa' | 'signedIn'> = {
  'GET /api/health': 'public',
  'GET /api/sso/config': 'public',
  'GET /api/sso/office365': 'public',
  'GET /api/sso/office365/callback': 'public',
  'POST /api/login': 'public',
  'POST /api/forgotPassword': 'public',
  'POST /api/resetPassword': 'public',
  'POST /api/verifyEmail': 'public',
  'POST /api/setupMfa': 'preMfa',
  'POST /api/verifyMfa': 'preMfa',
  // The signed-in user's own session, password, MFA and profile.
  'POST /api/logout': 'signedIn',
  'POST /api/changePassword': 'signedIn',
  'PUT /api/updateMfa/:userId': 'signedIn',
  'GET /api/waprofile': 'signedIn',
  'PUT /api/waprofile/image': 'signedIn',
  'GET /api/profile-image/:userId': 'signedIn',
  // Master-data values fill the dropdowns of every form; changing them needs masterData write/delete.
  'GET /api/master-data/:type': 'signedIn',
  'GET /api/master-data/:type/:id': 'signedIn',
  'GET /api/master-data/:type/:id/items': 'signedIn',
  'GET /api/master-data-image/:id': 'signedIn',
  'GET /api/receivableProviderList': 'signedIn',
  // Issue 16 §3: every user's own compensation (spec §7 myCompensation).
  'GET /api/myCompensation': 'signedIn',
  'GET /api/sysconfig': 'signedIn',
  // Business days skip the firm's holidays: every date rule (workflow steps' due dates) reads them.
  'GET /api/firm-holidays': 'signedIn',
  'POST /api/getGender': 'signedIn',
  'POST /api/getSexualOrientation': 'signedIn',
  'POST /api/getMarketingSegment': 'signedIn',
  'POST /api/getAgeRange': 'signedIn',
  'POST /api/statesType': 'signedIn',
  'POST /api/getPoliticalParty': 'signedIn',
  'POST /api/getSources': 'signedIn',
  'POST /api/getSpecificInterest': 'signedIn',
  'POST /api/getReligiousAffiliations': 'signedIn',
  'POST /api/getMarriageStatus': 'signedIn',
  'POST /api/getEmploymentStatus': 'signedIn',
  'POST /api/getIndustry': 'signedIn',
  'POST /api/getAccountObjective': 'signedIn',
  // Tagging (@mentions) and team logos shown next to names: any signed-in user.
  'GET /api/users/search': 'signedIn',
  'GET /api/team-logo/:id': 'signedIn',
  // The top bar search: what it finds depends on what the role may read (households need clients read).
  'POST /api/globalSearch': 'signedIn',
  // The notification inbox: every user has one and sees only their own.
  'GET /api/notifications': 'signedIn',
  'GET /api/notifications/count': 'signedIn',
  'PUT /api/notifications/read-all': 'signedIn',
  'PUT /api/notifications/:id/read': 'signedIn',
  'GET /api/notifications/preferences': 'signedIn',
  'PUT /api/notifications/preferences': 'signedIn',
};

let t: TestContext;
let nobodyToken: string;

beforeAll(async () => {
  t = await createTestContext();
  // A role that allows nothing at all, and a user in it.
  const [role] = await t.db
    .insert(roles)
    .values({ role: 'NOTHING', displayName: 'Nothing allowed' })
    .returning({ id: roles.id });
  await t.db
    .insert(rolePermissions)
    .values(
      FEATURES.map((feature) => ({ roleId: role!.id, feature, read: false, write: false, delete: false })),
    );
  const passwordHash = await hashPassword(DEMO_ADMIN.password);
  const [user] = await t.db
    .insert(users)
    .values({ email: 'nobody@centric.local', fullName: 'No Body', roleId: role!.id, passwordHash })
    .returning({ id: users.id });
  await t.db.insert(passwordHistory).values({ userId: user!.id, passwordHash });
  rememberSecret(DEMO_ADMIN.password);
  nobodyToken = (await t.signIn('nobody@centric.local')).token;
});
afterAll(() => t.close());

/** Every table but the trail and the sessions: a refused call must change no row. */
const rowState = () => tableState(t.db, ['audit_log', 'sessions']);

describe('the route table', () => {
  it('every API route declares the permission it needs, or is knowingly listed as needing none', () => {
    const routes = t.app.declaredRoutes;
    expect(routes.length).toBeGreaterThan(10);
    const withoutPermission = routes.filter((r) => !r.access.permission);
    expect(Object.fromEntries(withoutPermission.map((r) => [`${r.method} ${r.url}`, r.access.auth]))).toEqual(
      WITHOUT_FEATURE_PERMISSION,
    );
    for (const route of routes.filter((r) => r.access.permission)) {
      expect(FEATURES, `${route.method} ${route.url}`).toContain(route.access.permission?.feature);
    }
  });

  it('a role without the permission gets 403 from every guarded route, and nothing changes', async () => {
    const guarded = t.app.declaredRoutes.filter((r) => r.access.permission);
    expect(guarded.length).toBeGreaterThan(0);
    const before = await rowState();
    for (const route of guarded) {
      const url = fillPath(route.url);
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: { authorization: `Bearer ${nobodyToken}`, 'content-type': 'application/json' },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: '{}' }),
      });
      expect(`${route.method} ${route.url} → ${res.statusCode}`).toBe(`${route.method} ${route.url} → 403`);
    }
    expect(await rowState()).toEqual(before);
    const denied = (await t.db.execute(
      sql`select count(*)::int as n from audit_log where action = 'ACCESS_DENIED' and actor_email = 'nobody@centric.local'`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(denied.rows[0]?.n)).toBe(guarded.length);
  });
});
