import { CLIENT_API_MESSAGES as A, CLIENT_MESSAGES as M } from '@centric/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, members } from '../../../db/schema/index.ts';
import type { TestContext } from '../../../../test/harness.ts';
import { expectFieldError, openKit, type OpenKit } from './members-kit.ts';

/** Identity numbers: SSN/TIN rules, the masking flag, encryption at rest, the audited reveal. */

let t: TestContext;
let k: OpenKit<'operations'>;

beforeAll(async () => {
  k = await openKit('operations');
  t = k.t;
});
afterAll(() => t.close());

const setMasking = async (ssnMasking: boolean) => {
  const res = await t.json('PUT', '/api/sysconfig', { ssnMasking }, k.token);
  expect(res.status).toBe(200);
};
beforeEach(() => setMasking(true));

const identity = (
  h: { clientId: string; memberId: string },
  body: Record<string, unknown>,
  type = 'PERSON',
) => k.step(h.clientId, h.memberId, 'identity', { type, subType: 'PRIMARY', ...body });
const reveal = (h: { clientId: string; memberId: string }, token = k.token) =>
  t.json('GET', `/api/clients/${h.clientId}/members/${h.memberId}/identity-number`, undefined, token);

/** The whole stored row as text, and every audit row of the member as text. */
const rowText = async (memberId: string) =>
  JSON.stringify(await t.db.select().from(members).where(eq(members.id, memberId)));
const auditText = async (memberId: string) =>
  JSON.stringify(await t.db.select().from(auditLog).where(eq(auditLog.entityId, memberId)));

describe('SSN of a person', () => {
  it('is sealed at rest: no clear SSN in the row, the audit trail or the logs; shown masked', async () => {
    const h = await k.createHousehold();
    const res = await identity(h, { identityNumber: '123-45-6789', driverLicenseNum: 'DL-7' });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      identityNumberMasked: '***-**-6789',
      hasIdentityNumber: true,
      driverLicenseNum: 'DL-7',
      completedSteps: 4,
    });
    expect(JSON.stringify(res.body)).not.toContain('123-45');

    const [row] = await t.db.select().from(members).where(eq(members.id, h.memberId));
    expect(row?.identityNumberLast4).toBe('6789');
    expect(row?.identityNumberSealed).toMatch(/^v1:/);
    const stored = await rowText(h.memberId);
    for (const clear of ['123-45-6789', '123456789', '12345']) expect(stored).not.toContain(clear);
    // Straight from SQL too: no column of the row holds the number.
    const raw = await t.db.execute(sql`select * from members where id = ${h.memberId}`);
    expect(JSON.stringify(raw)).not.toContain('123-45');

    const trail = await auditText(h.memberId);
    expect(trail).toContain('identityNumber');
    for (const clear of ['123-45-6789', '123456789', '123-45']) expect(trail).not.toContain(clear);
    expect(t.logs.join('')).not.toContain('123-45-6789');
  });

  it('takes 9 digits and stores the dashed form', async () => {
    const h = await k.createHousehold();
    expect((await identity(h, { identityNumber: '987654321' })).status).toBe(200);
    const shown = await reveal(h);
    expect(shown.status).toBe(200);
    expect(shown.body.result).toEqual({ identityNumber: '987-65-4321' });
  });

  it.each(['12-3456789', '1234-56-789', '12345678', '1234567890', 'abc-de-fghi'])(
    '%s is not an SSN (masking on: the masked hint)',
    async (identityNumber) => {
      const h = await k.createHousehold();
      expectFieldError(await identity(h, { identityNumber }), M.ssnMaskedInvalid, 'identityNumber');
    },
  );

  it('without masking, only the full SSN is accepted', async () => {
    await setMasking(false);
    const h = await k.createHousehold();
    expectFieldError(await identity(h, { identityNumber: '12-3456789' }), M.ssnInvalid, 'identityNumber');
    expect((await identity(h, { identityNumber: '111-22-3333' })).status).toBe(200);
    expectFieldError(await identity(h, { identityNumber: '3333' }), M.ssnInvalid, 'identityNumber');
    expectFieldError(await identity(h, { identityNumber: '***-**-3333' }), M.ssnInvalid, 'identityNumber');
    // Leaving the field out keeps the stored number.
    const kept = await identity(h, { driverLicenseNum: 'X1' });
    expect(kept.status).toBe(200);
    expect((await reveal(h)).body.result.identityNumber).toBe('111-22-3333');
  });

  it('with masking on, the masked form or the last 4 digits of the stored SSN keep it', async () => {
    const h = await k.createHousehold();
    await identity(h, { identityNumber: '555-44-3210' });
    const [before] = await t.db.select().from(members).where(eq(members.id, h.memberId));
    for (const echo of ['***-**-3210', '3210', 'XXX-XX-3210']) {
      const res = await identity(h, { identityNumber: echo });
      expect(res.status, echo).toBe(200);
      expect(res.body.result.identityNumberMasked).toBe('***-**-3210');
    }
    const [after] = await t.db.select().from(members).where(eq(members.id, h.memberId));
    expect(after?.identityNumberSealed).toBe(before?.identityNumberSealed);
    expect((await reveal(h)).body.result.identityNumber).toBe('555-44-3210');
  });

  it('a masked value that is not the stored number needs the full SSN', async () => {
    const h = await k.createHousehold();
    expectFieldError(await identity(h, { identityNumber: '1234' }), M.ssnInvalid, 'identityNumber');
    await identity(h, { identityNumber: '555-44-3210' });
    expectFieldError(await identity(h, { identityNumber: '***-**-9999' }), M.ssnInvalid, 'identityNumber');
    expect((await reveal(h)).body.result.identityNumber).toBe('555-44-3210');
  });

  it('null or empty clears it; the reveal then answers 404', async () => {
    const h = await k.createHousehold();
    await identity(h, { identityNumber: '555-44-3210' });
    const cleared = await identity(h, { identityNumber: '' });
    expect(cleared.body.result).toMatchObject({ identityNumberMasked: null, hasIdentityNumber: false });
    const none = await reveal(h);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(A.noIdentityNumber);
    await identity(h, { identityNumber: '555-44-3210' });
    expect((await identity(h, { identityNumber: null })).body.result.hasIdentityNumber).toBe(false);
  });

  it('at most 20 characters; driver license at most 30; its state from the states list', async () => {
    const h = await k.createHousehold();
    expectFieldError(
      await identity(h, { identityNumber: '1'.repeat(21) }),
      M.identityNumberMax,
      'identityNumber',
    );
    expectFieldError(
      await identity(h, { driverLicenseNum: 'D'.repeat(31) }),
      M.driverLicenseMax,
      'driverLicenseNum',
    );
    expectFieldError(
      await identity(h, { driverLicenseState: k.ids.gender }),
      M.invalidOption,
      'driverLicenseState',
    );
    const ok = await identity(h, { driverLicenseNum: 'D'.repeat(30), driverLicenseState: k.ids.state });
    expect(ok.body.result).toMatchObject({
      driverLicenseNum: 'D'.repeat(30),
      driverLicenseState: k.ids.state,
    });
  });
});

describe('TIN of a business or trust', () => {
  it('is 10 or 11 characters (EIN xx-xxxxxxx or xxx-xx-xxxx), masked as *******1234', async () => {
    const h = await k.createHousehold({ type: 'TRUST', firstName: 'Family', lastName: 'Trust' });
    for (const identityNumber of ['12345', '123456789', '12-345678', 'ab-cdefghi', '3210']) {
      expectFieldError(await identity(h, { identityNumber }, 'TRUST'), M.tinInvalid, 'identityNumber');
    }
    const ein = await identity(h, { identityNumber: '12-3456789' }, 'TRUST');
    expect(ein.status).toBe(200);
    expect(ein.body.result.identityNumberMasked).toBe('*******6789');
    const echo = await identity(h, { identityNumber: '*******6789' }, 'TRUST');
    expect(echo.status).toBe(200);
    expect((await reveal(h)).body.result.identityNumber).toBe('12-3456789');
    const ssnForm = await identity(h, { identityNumber: '123-45-6780' }, 'TRUST');
    expect(ssnForm.status).toBe(200);
    expect(await rowText(h.memberId)).not.toContain('123-45-6780');
  });
});

describe('a pet has no identity number', () => {
  it('refuses one in the identity step', async () => {
    const h = await k.createHousehold();
    const pet = await k.addMember(h.clientId, {
      type: 'PET',
      subType: null,
      firstName: 'Rex',
      gender: null,
      marriageStatus: null,
      date: null,
    });
    const res = await k.step(h.clientId, pet.id, 'identity', { type: 'PET', identityNumber: '1234' });
    expectFieldError(res, M.identityNotForPet, 'identityNumber');
  });

  it('clears the stored number when a member becomes a pet (or a person with an EIN)', async () => {
    const h = await k.createHousehold();
    const child = await k.addMember(h.clientId);
    await k.step(h.clientId, child.id, 'identity', {
      type: 'PERSON',
      subType: 'CHILD_OF_BOTH',
      identityNumber: '222-33-4444',
    });
    // PERSON -> BUSINESS keeps an SSN-formatted number (a valid TIN).
    const business = await k.step(h.clientId, child.id, 'preferences', { type: 'BUSINESS', subType: null });
    expect(business.body.result.identityNumberMasked).toBe('*******4444');
    const pet = await k.step(h.clientId, child.id, 'basic', {
      type: 'PET',
      subType: null,
      firstName: 'Rex',
      lastName: 'Dog',
    });
    expect(pet.status).toBe(200);
    expect(pet.body.result).toMatchObject({ type: 'PET', hasIdentityNumber: false });

    const trust = await k.step(h.clientId, child.id, 'identity', {
      type: 'TRUST',
      subType: null,
      identityNumber: '98-7654321',
    });
    expect(trust.body.result.hasIdentityNumber).toBe(true);
    const person = await k.step(h.clientId, child.id, 'preferences', {
      type: 'PERSON',
      subType: 'CHILD_OF_BOTH',
    });
    expect(person.body.result).toMatchObject({ type: 'PERSON', hasIdentityNumber: false });
  });
});

describe('GET …/identity-number', () => {
  it('reveals to clients write, audited as REVEAL without the number', async () => {
    const h = await k.createHousehold();
    await identity(h, { identityNumber: '444-55-6666' });
    const res = await reveal(h, k.tokens.operations);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(A.identityNumberRevealed);
    expect(res.body.result).toEqual({ identityNumber: '444-55-6666' });
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entityId, h.memberId));
    const revealed = rows.filter((r) => r.action === 'REVEAL');
    expect(revealed).toHaveLength(1);
    expect(revealed[0]?.actorEmail).toBe('daniel.kim@centric.local');
    expect(JSON.stringify(rows)).not.toContain('444-55');
  });

  it('404 for a member of another household or a missing household', async () => {
    const one = await k.createHousehold();
    const two = await k.createHousehold();
    await identity(two, { identityNumber: '444-55-6666' });
    const res = await reveal({ clientId: one.clientId, memberId: two.memberId });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(A.memberNotFound);
    const missing = await reveal({
      clientId: '00000000-0000-4000-8000-000000000000',
      memberId: two.memberId,
    });
    expect(missing.status).toBe(404);
  });
});
