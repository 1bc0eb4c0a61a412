import { CLIENT_API_MESSAGES as A, CLIENT_MESSAGES as M } from '@centric/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, households, members, users } from '../../../db/schema/index.ts';
import type { TestContext } from '../../../../test/harness.ts';
import {
  loadMemberAvatars,
  loadMemberDetails,
  maskIdentityNumber,
  memberFullName,
  profileImageUrlOf,
} from '../member-read.ts';
import { firstError, openKit, type OpenKit } from './members-kit.ts';

let t: TestContext;
let k: OpenKit<'businessDeveloper' | 'operations'>;

beforeAll(async () => {
  k = await openKit('businessDeveloper', 'operations');
  t = k.t;
});
afterAll(() => t.close());

const getMember = (clientId: string, memberId: string, token = k.token) =>
  t.json('GET', `/api/clients/${clientId}/members/${memberId}`, undefined, token);

const sequences = async (clientId: string) =>
  (
    await t.db
      .select({ firstName: members.firstName, subType: members.subType, seq: members.displaySequence })
      .from(members)
      .where(eq(members.householdId, clientId))
      .orderBy(members.displaySequence)
  ).map((m) => `${m.seq}:${m.firstName}:${m.subType ?? '-'}`);

describe('POST /api/clients', () => {
  it('creates an ACTIVE household named "Last, First" with its PRIMARY member, audited', async () => {
    const res = await t.json('POST', '/api/clients', k.basic({ subType: undefined }), k.token);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(A.householdCreated);
    const { clientId, memberId } = res.body.result;
    const [household] = await t.db.select().from(households).where(eq(households.id, clientId));
    expect(household).toMatchObject({ name: 'Lovelace, Ada', status: 'ACTIVE' });
    const [admin] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@centric.local'));
    expect(household?.createdBy).toBe(admin?.id);
    const detail = await getMember(clientId, memberId);
    expect(detail.status).toBe(200);
    expect(detail.body.result).toMatchObject({
      subType: 'PRIMARY',
      completedSteps: 1,
      displaySequence: 1,
      fullName: 'Ada Lovelace',
      clientId,
      date: '1980-12-10',
      hasIdentityNumber: false,
      identityNumberMasked: null,
    });
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'CREATE'), eq(auditLog.entityId, clientId)));
    expect(trail.map((r) => r.entity)).toEqual(['household']);
    const memberTrail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, memberId));
    expect(memberTrail.map((r) => `${r.action} ${r.entity}`)).toEqual(['CREATE member']);
  });

  it('refuses a first member that is not the primary', async () => {
    const res = await t.json('POST', '/api/clients', k.basic({ subType: 'SPOUSE' }), k.token);
    expect(res.status).toBe(400);
    expect(firstError(res)).toEqual({ message: A.primaryRequired, field: 'subType' });
  });

  it('needs the date of birth of the primary even when no subType is sent', async () => {
    const res = await t.json('POST', '/api/clients', k.basic({ subType: undefined, date: null }), k.token);
    expect(res.status).toBe(400);
    expect(firstError(res)).toEqual({ message: M.dobRequired, field: 'date' });
  });

  it('validates the basic step of the primary', async () => {
    const res = await t.json('POST', '/api/clients', k.basic({ firstName: '   ' }), k.token);
    expect(res.status).toBe(400);
    expect(firstError(res)).toEqual({ message: M.nameOnlySpaces, field: 'firstName' });
  });

  it('refuses a master-data id of the wrong list', async () => {
    const res = await t.json('POST', '/api/clients', k.basic({ gender: k.ids.marriageStatus }), k.token);
    expect(res.status).toBe(400);
    expect(firstError(res)).toEqual({ message: M.invalidOption, field: 'gender' });
    const missing = await t.json('POST', '/api/clients', k.basic({ gender: 99999999 }), k.token);
    expect(firstError(missing)).toEqual({ message: M.invalidOption, field: 'gender' });
  });

  it('answers malformed bodies with 400, never 500', async () => {
    for (const body of [
      '{not json',
      '[]',
      '"text"',
      '{}',
      { ...k.basic(), type: null },
      { ...k.basic(), firstName: [] },
      { type: 7 },
    ]) {
      const res = await t.json('POST', '/api/clients', body, k.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('needs clients write', async () => {
    const res = await t.json('POST', '/api/clients', k.basic(), k.tokens.businessDeveloper);
    expect(res.status).toBe(403);
  });
});

describe('members of a household', () => {
  it('adds members in display order: primary first, secondary second, the rest after', async () => {
    const { clientId } = await k.createHousehold({ firstName: 'Pat', lastName: 'Prime' });
    const child = await k.addMember(clientId, { firstName: 'Cam' });
    const res = await t.json(
      'POST',
      `/api/clients/${clientId}/members`,
      k.basic({ subType: 'SECONDARY', firstName: 'Sam', lastName: 'Prime' }),
      k.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(A.memberAdded);
    expect(res.body.result).toMatchObject({ subType: 'SECONDARY', displaySequence: 2, completedSteps: 1 });
    expect(await sequences(clientId)).toEqual(['1:Pat:PRIMARY', '2:Sam:SECONDARY', '3:Cam:CHILD_OF_BOTH']);
    const pet = await k.addMember(clientId, {
      type: 'PET',
      subType: null,
      firstName: 'Rex',
      date: null,
      gender: null,
      marriageStatus: null,
    });
    expect(await sequences(clientId)).toEqual([
      '1:Pat:PRIMARY',
      '2:Sam:SECONDARY',
      '3:Cam:CHILD_OF_BOTH',
      '4:Rex:-',
    ]);
    expect(child.id).not.toBe(pet.id);
  });

  it('refuses a second primary and a second secondary (409)', async () => {
    const { clientId } = await k.createHousehold();
    const second = await t.json('POST', `/api/clients/${clientId}/members`, k.basic(), k.token);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(A.primaryExists);
    await k.addMember(clientId, { subType: 'SECONDARY' });
    const third = await t.json(
      'POST',
      `/api/clients/${clientId}/members`,
      k.basic({ subType: 'SECONDARY' }),
      k.token,
    );
    expect(third.status).toBe(409);
    expect(third.body.message).toBe(A.secondaryExists);
  });

  it('renumbers displaySequence after a subtype change, and keeps one secondary', async () => {
    const { clientId } = await k.createHousehold({ firstName: 'Pat' });
    const a = await k.addMember(clientId, { firstName: 'Al' });
    const b = await k.addMember(clientId, { firstName: 'Bo' });
    expect(await sequences(clientId)).toEqual(['1:Pat:PRIMARY', '2:Al:CHILD_OF_BOTH', '3:Bo:CHILD_OF_BOTH']);

    const promoted = await k.step(
      clientId,
      b.id,
      'basic',
      k.basic({ subType: 'SECONDARY', firstName: 'Bo' }),
    );
    expect(promoted.status).toBe(200);
    expect(promoted.body.result.displaySequence).toBe(2);
    expect(await sequences(clientId)).toEqual(['1:Pat:PRIMARY', '2:Bo:SECONDARY', '3:Al:CHILD_OF_BOTH']);

    const clash = await k.step(clientId, a.id, 'basic', k.basic({ subType: 'SECONDARY', firstName: 'Al' }));
    expect(clash.status).toBe(409);
    expect(firstError(clash)).toEqual({ message: A.secondaryExists, field: 'subType' });
    const primaryClash = await k.step(clientId, a.id, 'preferences', { type: 'PERSON', subType: 'PRIMARY' });
    expect(primaryClash.status).toBe(409);
    expect(primaryClash.body.message).toBe(A.primaryExists);

    const demoted = await k.step(clientId, b.id, 'basic', k.basic({ subType: 'SPOUSE', firstName: 'Bo' }));
    expect(demoted.status).toBe(200);
    expect(await sequences(clientId)).toEqual(['1:Pat:PRIMARY', '2:Bo:SPOUSE', '3:Al:CHILD_OF_BOTH']);
  });

  it('keeps the primary primary', async () => {
    const { clientId, memberId } = await k.createHousehold();
    const res = await k.step(clientId, memberId, 'basic', k.basic({ subType: 'SPOUSE' }));
    expect(res.status).toBe(400);
    expect(firstError(res)).toEqual({ message: A.primarySubTypeLocked, field: 'subType' });
  });

  it('renames the household with its primary unless it was renamed by hand', async () => {
    const { clientId, memberId } = await k.createHousehold({ firstName: 'Ann', lastName: 'Old' });
    await k.step(clientId, memberId, 'basic', k.basic({ firstName: 'Ann', lastName: 'New' }));
    const [renamed] = await t.db.select().from(households).where(eq(households.id, clientId));
    expect(renamed?.name).toBe('New, Ann');
    await t.db.update(households).set({ name: 'The Ann Family' }).where(eq(households.id, clientId));
    await k.step(clientId, memberId, 'basic', k.basic({ firstName: 'Anne', lastName: 'New' }));
    const [kept] = await t.db.select().from(households).where(eq(households.id, clientId));
    expect(kept?.name).toBe('The Ann Family');
  });

  it('GET answers 404 for a member of another household', async () => {
    const one = await k.createHousehold();
    const two = await k.createHousehold();
    const res = await getMember(one.clientId, two.memberId);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(A.memberNotFound);
    expect((await getMember(one.clientId, one.memberId, k.tokens.businessDeveloper)).status).toBe(200);
    const foreignStep = await k.step(one.clientId, two.memberId, 'basic', k.basic());
    expect(foreignStep.status).toBe(404);
    expect(foreignStep.body.message).toBe(A.memberNotFound);
    const bad = await getMember('not-a-uuid', one.memberId);
    expect(bad.status).toBe(400);
  });

  it('adding to a missing household is 404', async () => {
    const res = await t.json(
      'POST',
      '/api/clients/00000000-0000-4000-8000-000000000000/members',
      k.basic({ subType: 'SPOUSE' }),
      k.token,
    );
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(A.householdNotFound);
  });

  it('deletes a member (never the primary), renumbers and audits the before-state; needs clients delete', async () => {
    const { clientId, memberId } = await k.createHousehold({ firstName: 'Pat' });
    const a = await k.addMember(clientId, { firstName: 'Al' });
    await k.addMember(clientId, { firstName: 'Bo' });

    const primary = await t.json(
      'DELETE',
      `/api/clients/${clientId}/members/${memberId}`,
      undefined,
      k.token,
    );
    expect(primary.status).toBe(400);
    expect(primary.body.message).toBe(A.primaryCannotBeDeleted);

    const denied = await t.json(
      'DELETE',
      `/api/clients/${clientId}/members/${a.id}`,
      undefined,
      k.tokens.operations,
    );
    expect(denied.status).toBe(403);

    const res = await t.json('DELETE', `/api/clients/${clientId}/members/${a.id}`, undefined, k.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(A.memberDeleted);
    expect(await sequences(clientId)).toEqual(['1:Pat:PRIMARY', '2:Bo:CHILD_OF_BOTH']);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, a.id), eq(auditLog.action, 'DELETE')))
      .orderBy(desc(auditLog.id));
    expect(entry?.before).toMatchObject({ firstName: 'Al', subType: 'CHILD_OF_BOTH' });
    expect((await getMember(clientId, a.id)).status).toBe(404);
  });

  it('refuses writes to a role with clients read only', async () => {
    const { clientId, memberId } = await k.createHousehold();
    expect(
      (await t.json('POST', `/api/clients/${clientId}/members`, k.basic(), k.tokens.businessDeveloper))
        .status,
    ).toBe(403);
    expect((await k.step(clientId, memberId, 'basic', k.basic(), k.tokens.businessDeveloper)).status).toBe(
      403,
    );
    const reveal = await t.json(
      'GET',
      `/api/clients/${clientId}/members/${memberId}/identity-number`,
      undefined,
      k.tokens.businessDeveloper,
    );
    expect(reveal.status).toBe(403);
  });

  it('answers malformed step bodies and unknown steps with 400', async () => {
    const { clientId, memberId } = await k.createHousehold();
    for (const body of [
      '{oops',
      '[]',
      '42',
      '{}',
      { type: 'ROBOT' },
      { type: 'PERSON', phoneNumbers: 'x' },
    ]) {
      const res = await k.step(clientId, memberId, 'contact', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await k.step(clientId, memberId, 'nope', { type: 'PERSON' })).status).toBe(400);
  });

  it("takes the path's step over one in the body, and documents each step's body in OpenAPI", async () => {
    const { clientId, memberId } = await k.createHousehold();
    const res = await k.step(clientId, memberId, 'preferences', {
      step: 'basic',
      type: 'PERSON',
      subType: 'PRIMARY',
      riskScore: 7,
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ firstName: 'Ada', riskScore: 7 });
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const put = docs.json().paths['/api/clients/{clientId}/members/{memberId}/steps/{step}'].put;
    // OpenAPI 3.0 has no `const`: each variant names its step as a one-value enum.
    const variants = put.requestBody.content['application/json'].schema.oneOf as {
      properties: { step: { enum: string[] } };
    }[];
    expect(variants.map((v) => v.properties.step.enum)).toEqual([
      ['basic'],
      ['preferences'],
      ['contact'],
      ['identity'],
      ['employment'],
    ]);
  });

  it('advances completedSteps as steps are saved, never back', async () => {
    const { clientId, memberId } = await k.createHousehold();
    const prefs = await k.step(clientId, memberId, 'preferences', { type: 'PERSON', subType: 'PRIMARY' });
    expect(prefs.body.result.completedSteps).toBe(2);
    const employment = await k.step(clientId, memberId, 'employment', {
      type: 'PERSON',
      subType: 'PRIMARY',
      employmentStatus: [k.ids.employmentStatus],
    });
    expect(employment.body.result.completedSteps).toBe(5);
    const basic = await k.step(clientId, memberId, 'basic', k.basic());
    expect(basic.status).toBe(200);
    expect(basic.body.message).toBe(A.memberSaved);
    expect(basic.body.result.completedSteps).toBe(5);
  });
});

describe('step saves in the audit trail', () => {
  it('records only the fields that changed, with the step', async () => {
    const { clientId, memberId } = await k.createHousehold({ firstName: 'Ann', lastName: 'Audit' });
    await k.step(
      clientId,
      memberId,
      'basic',
      k.basic({ firstName: 'Anne', lastName: 'Audit', nickName: 'Annie' }),
    );
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, memberId), eq(auditLog.action, 'UPDATE')))
      .orderBy(desc(auditLog.id));
    expect(row?.before).toEqual({
      clientId,
      step: 'basic',
      firstName: 'Ann',
      nickName: null,
      fullName: 'Ann Audit',
    });
    expect(row?.after).toEqual({
      clientId,
      step: 'basic',
      firstName: 'Anne',
      nickName: 'Annie',
      fullName: 'Anne Audit',
    });
  });
});

describe('member-read', () => {
  it('loads details and avatars in display order, for many households in one call', async () => {
    const one = await k.createHousehold({ firstName: 'Una', lastName: 'One' });
    await k.addMember(one.clientId, { firstName: 'Kid', lastName: 'One' });
    await k.addMember(one.clientId, {
      subType: 'SECONDARY',
      firstName: 'Sec',
      lastName: 'One',
      middleName: 'M',
      suffix: 'Jr',
    });
    const two = await k.createHousehold({ firstName: 'Duo', lastName: 'Two' });
    const avatars = await loadMemberAvatars(t.db, [one.clientId, two.clientId, one.clientId]);
    expect(avatars.get(one.clientId)?.map((m) => m.fullName)).toEqual(['Una One', 'Sec M One Jr', 'Kid One']);
    expect(avatars.get(two.clientId)?.map((m) => m.subType)).toEqual(['PRIMARY']);
    expect((await loadMemberAvatars(t.db, [])).size).toBe(0);
    const details = await loadMemberDetails(t.db, one.clientId, '2026-01-01');
    expect(details.map((d) => [d.firstName, d.displaySequence, d.ageLabel])).toEqual([
      ['Una', 1, 'Turned 45'],
      ['Sec', 2, 'Turning 11'],
      ['Kid', 3, 'Turning 11'],
    ]);
    expect(details[0]?.genderName).toEqual(expect.any(String));
  });

  it('formats names, masked identity numbers and image URLs', () => {
    expect(memberFullName({ firstName: 'A', middleName: ' ', lastName: 'B', suffix: null })).toBe('A B');
    expect(maskIdentityNumber('PERSON', '1234')).toBe('***-**-1234');
    expect(maskIdentityNumber('TRUST', '1234')).toBe('*******1234');
    expect(maskIdentityNumber('PET', null)).toBeNull();
    expect(profileImageUrlOf(null)).toBeNull();
    expect(profileImageUrlOf('members/a b.png')).toBe(
      '/api/clients/profile-image?profileUrl=members%2Fa%20b.png',
    );
  });
});
