import { FEATURES, ROLE_MESSAGES, type RolePermissionRow } from '@centric/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, rolePermissions, roles } from '../../../db/schema/index.ts';
import { DEMO_ADMIN, DEMO_USERS } from '../../../db/seed/demo.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';

let t: TestContext;
let admin: string;
let advisor: string;

beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
  admin = (await t.signIn()).token;
  advisor = (await t.signIn(DEMO_USERS[1].email)).token;
});
afterAll(() => t.close());

const matrixOf = async (id: number): Promise<RolePermissionRow[]> =>
  (await t.json('GET', `/api/roles/${id}/permissions`, undefined, admin)).body.result.permissions;

const auditRows = (entity: string, entityId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id));

const createRole = (body: unknown, token = admin) => t.json('POST', '/api/roles', body, token);

describe('GET /api/roles', () => {
  it('lists every role with its user count; the system role is marked not editable', async () => {
    const res = await t.json('GET', '/api/roles', undefined, admin);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.result.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(1)).toMatchObject({
      role: 'ADMIN',
      displayName: 'Administrator',
      active: true,
      editable: true,
    });
    expect(byId.get(3)).toMatchObject({ editable: false });
    expect((byId.get(2) as { userCount: number }).userCount).toBe(2);
    expect(res.body.totalResults).toBe(res.body.result.length);
    const bad = await t.json('GET', '/api/roles?active=maybe', undefined, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('active must be true or false.');
  });

  it('needs roles:read (a Wealth Advisor has none)', async () => {
    expect((await t.json('GET', '/api/roles', undefined, advisor)).status).toBe(403);
    expect((await t.json('GET', '/api/roles/1/permissions', undefined, advisor)).status).toBe(403);
  });
});

describe('POST /api/roles', () => {
  it('creates a role that starts with nothing allowed (a complete matrix of false rows)', async () => {
    const res = await createRole({ role_name: ' Compliance Officer ', description: 'Reviews documents.' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(ROLE_MESSAGES.created);
    expect(res.body.result).toMatchObject({
      role: 'COMPLIANCE_OFFICER',
      displayName: 'Compliance Officer',
      description: 'Reviews documents.',
      active: true,
      editable: true,
      userCount: 0,
    });
    const id: number = res.body.result.id;
    expect(id).toBeGreaterThanOrEqual(100);
    const stored = await t.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, id));
    expect(stored).toHaveLength(FEATURES.length);
    expect(stored.every((r) => !r.read && !r.write && !r.delete)).toBe(true);
    const matrix = await matrixOf(id);
    expect(matrix.map((r) => r.feature)).toEqual(FEATURES);
    const audit = await auditRows('rolePermission', id);
    expect(audit[0]).toMatchObject({ action: 'CREATE' });
    expect((await auditRows('role', id))[0]).toMatchObject({ action: 'CREATE' });
  });

  it.each([
    [{}, ROLE_MESSAGES.nameRequired],
    [{ role_name: '' }, ROLE_MESSAGES.nameRequired],
    [{ role_name: '    ' }, ROLE_MESSAGES.nameOnlySpaces],
    [{ role_name: 'x'.repeat(61) }, ROLE_MESSAGES.nameMax],
    [{ role_name: 'Valid', description: 'd'.repeat(301) }, ROLE_MESSAGES.descriptionMax],
    [{ role_name: 42 }, ROLE_MESSAGES.nameRequired],
  ])('refuses %j with 400 and its message', async (body, message) => {
    const res = await createRole(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('accepts the limits exactly (60 and 300) and refuses a duplicate name with 409', async () => {
    const res = await createRole({ role_name: 'R'.repeat(60), description: 'd'.repeat(300) });
    expect(res.status).toBe(201);
    const dup = await createRole({ role_name: 'compliance officer' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(ROLE_MESSAGES.duplicate);
    expect((await createRole({ role_name: 'administrator' })).status).toBe(409);
  });

  it('refuses a Wealth Advisor with 403 and creates nothing', async () => {
    const res = await createRole({ role_name: 'Shadow Admins' }, advisor);
    expect(res.status).toBe(403);
    expect((await t.db.select().from(roles).where(eq(roles.displayName, 'Shadow Admins'))).length).toBe(0);
  });
});

describe('PATCH /api/roles/:id', () => {
  it('renames, describes and deactivates a role, with an audit row of what changed', async () => {
    const { body } = await createRole({ role_name: 'Interns' });
    const id: number = body.result.id;
    const res = await t.json(
      'PATCH',
      `/api/roles/${id}`,
      { role_name: 'Summer Interns', active: false },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ROLE_MESSAGES.updated);
    expect(res.body.result).toMatchObject({ displayName: 'Summer Interns', role: 'INTERNS', active: false });
    const [audit] = await auditRows('role', id);
    expect(audit).toMatchObject({
      action: 'UPDATE',
      before: { displayName: 'Interns', active: true },
      after: { displayName: 'Summer Interns', active: false },
    });
    const active = await t.json('GET', '/api/roles?active=true', undefined, admin);
    expect(active.body.result.some((r: { id: number }) => r.id === id)).toBe(false);
    // An inactive role cannot be given to a user.
    const add = await t.json(
      'POST',
      '/api/users',
      { fullName: 'In Tern', email: 'in.tern@centric.local', roleId: id },
      admin,
    );
    expect(add.status).toBe(400);
  });

  it('refuses to deactivate the administrator role or a role active users hold, and to edit the system role', async () => {
    const adminOff = await t.json('PATCH', '/api/roles/1', { active: false }, admin);
    expect(adminOff.status).toBe(400);
    expect(adminOff.body.message).toBe(ROLE_MESSAGES.administratorInactive);
    const inUse = await t.json('PATCH', '/api/roles/2', { active: false }, admin);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe(ROLE_MESSAGES.inUse);
    const system = await t.json('PATCH', '/api/roles/3', { description: 'x' }, admin);
    expect(system.status).toBe(400);
    expect(system.body.message).toBe(ROLE_MESSAGES.systemRole);
    expect((await t.json('PATCH', '/api/roles/2', {}, admin)).body.message).toBe(
      ROLE_MESSAGES.nothingToUpdate,
    );
    expect((await t.json('PATCH', '/api/roles/99999', { active: true }, admin)).status).toBe(404);
    expect((await t.json('PATCH', '/api/roles/abc', { active: true }, admin)).status).toBe(400);
    expect((await t.json('PATCH', '/api/roles/2', { role_name: 'Operations' }, admin)).status).toBe(409);
  });

  it('refuses a Wealth Advisor with 403 and changes nothing', async () => {
    const res = await t.json('PATCH', '/api/roles/2', { role_name: 'Boss' }, advisor);
    expect(res.status).toBe(403);
    const [row] = await t.db.select().from(roles).where(eq(roles.id, 2));
    expect(row?.displayName).toBe('Wealth Advisor');
  });
});

describe('the permission matrix', () => {
  const withChange = (matrix: RolePermissionRow[], feature: string, change: Partial<RolePermissionRow>) =>
    matrix.map((r) => (r.feature === feature ? { ...r, ...change } : r));

  it('round-trips: what is saved is what is read, and it is audited with both matrices', async () => {
    const { body } = await createRole({ role_name: 'Billing Clerks' });
    const id: number = body.result.id;
    let matrix = await matrixOf(id);
    matrix = withChange(matrix, 'billingUnits', { read: true, write: true });
    matrix = withChange(matrix, 'clients', { read: true });
    matrix = withChange(matrix, 'notes', { read: true, write: true, delete: true });
    const res = await t.json('PUT', `/api/roles/${id}/permissions`, { permissions: matrix }, admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ROLE_MESSAGES.permissionsSaved);
    expect(res.body.result.permissions).toEqual(matrix);
    expect(await matrixOf(id)).toEqual(matrix);
    const [audit] = await auditRows('rolePermission', id);
    expect(audit?.action).toBe('UPDATE');
    expect((audit?.before as Record<string, unknown>).billingUnits).toEqual({
      read: false,
      write: false,
      delete: false,
    });
    expect((audit?.after as Record<string, unknown>).billingUnits).toEqual({
      read: true,
      write: true,
      delete: false,
    });
    expect(Object.keys(audit?.after as object)).toHaveLength(FEATURES.length);
  });

  it.each([
    [
      'an unknown feature',
      (m: RolePermissionRow[]) => [...m.slice(1), { ...m[0]!, feature: 'spaceships' }],
      ROLE_MESSAGES.unknownFeature,
    ],
    ['a missing feature', (m: RolePermissionRow[]) => m.slice(1), ROLE_MESSAGES.incompleteMatrix],
    ['a feature twice', (m: RolePermissionRow[]) => [...m, m[0]!], ROLE_MESSAGES.incompleteMatrix],
    [
      'write without read',
      (m: RolePermissionRow[]) =>
        m.map((r) => (r.feature === 'clients' ? { ...r, read: false, write: true } : r)),
      ROLE_MESSAGES.writeNeedsRead,
    ],
    [
      'delete without read',
      (m: RolePermissionRow[]) =>
        m.map((r) => (r.feature === 'clients' ? { ...r, read: false, delete: true } : r)),
      ROLE_MESSAGES.writeNeedsRead,
    ],
    [
      'a string flag',
      (m: RolePermissionRow[]) => m.map((r) => ({ ...r, read: 'yes' })),
      'Invalid input: expected boolean, received string',
    ],
  ])('refuses %s with 400', async (_label, mutate, message) => {
    const before = await matrixOf(2);
    const res = await t.json('PUT', '/api/roles/2/permissions', { permissions: mutate(before) }, admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await matrixOf(2)).toEqual(before);
  });

  it("protects the administrator's Users and Roles read and write", async () => {
    const matrix = await matrixOf(1);
    for (const [feature, change] of [
      ['users', { write: false }],
      ['users', { read: false, write: false, delete: false }],
      ['roles', { write: false }],
      ['roles', { read: false, write: false, delete: false }],
    ] as const) {
      const res = await t.json(
        'PUT',
        '/api/roles/1/permissions',
        { permissions: withChange(matrix, feature, change) },
        admin,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ROLE_MESSAGES.administratorProtected);
    }
    expect(await matrixOf(1)).toEqual(matrix);
    // Other cells of the administrator role can change.
    const fewer = withChange(matrix, 'masterData', { delete: false });
    expect((await t.json('PUT', '/api/roles/1/permissions', { permissions: fewer }, admin)).status).toBe(200);
    expect((await t.json('PUT', '/api/roles/1/permissions', { permissions: matrix }, admin)).status).toBe(
      200,
    );
  });

  it('the system role is not edited; a Wealth Advisor gets 403 and nothing changes', async () => {
    const system = await matrixOf(3);
    const res = await t.json('PUT', '/api/roles/3/permissions', { permissions: system }, admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ROLE_MESSAGES.systemRole);
    expect((await t.json('GET', '/api/roles/3/permissions', undefined, admin)).body.result.editable).toBe(
      false,
    );
    const mine = await matrixOf(2);
    const grab = mine.map((r) => ({ ...r, read: true, write: true, delete: true }));
    expect((await t.json('PUT', '/api/roles/2/permissions', { permissions: grab }, advisor)).status).toBe(
      403,
    );
    expect(await matrixOf(2)).toEqual(mine);
    expect((await t.json('GET', '/api/roles/99999/permissions', undefined, admin)).status).toBe(404);
  });

  it("a change applies to the role's users at once (the guard reads the matrix per request)", async () => {
    const matrix = await matrixOf(2);
    const granted = withChange(matrix, 'roles', { read: true });
    await t.json('PUT', '/api/roles/2/permissions', { permissions: granted }, admin);
    expect((await t.json('GET', '/api/roles', undefined, advisor)).status).toBe(200);
    await t.json('PUT', '/api/roles/2/permissions', { permissions: matrix }, admin);
    expect((await t.json('GET', '/api/roles', undefined, advisor)).status).toBe(403);
  });
});
