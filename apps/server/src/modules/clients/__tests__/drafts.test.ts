import { CLIENT_API_MESSAGES as A, type ClientDraft } from '@centric/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, households, members } from '../../../db/schema/index.ts';
import { DEMO_ADMIN } from '../../../db/seed/demo.ts';
import type { TestContext } from '../../../../test/harness.ts';
import { openKit, type OpenKit } from './members-kit.ts';

/** Households whose member wizard was not finished (decision 13). */

let t: TestContext;
let k: OpenKit<'businessDeveloper' | 'operations'>;

beforeAll(async () => {
  k = await openKit('businessDeveloper', 'operations');
  t = k.t;
});
afterAll(() => t.close());

const drafts = async (token = k.token) => {
  const res = await t.json('GET', '/api/clients/drafts', undefined, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as ClientDraft[];
};
const listed = async (search: string) => {
  const res = await t.json('GET', `/api/clients?search=${encodeURIComponent(search)}`, undefined, k.token);
  return {
    ids: (res.body.result as { clientId: string }[]).map((r) => r.clientId),
    total: res.body.totalResults,
  };
};
const searched = async (text: string) =>
  (await t.json('POST', '/api/globalSearch', { searchText: text }, k.token)).body.result.map(
    (r: { clientId: string }) => r.clientId,
  );
const exported = async (search: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/clients?format=csv&search=${encodeURIComponent(search)}`,
      headers: { authorization: `Bearer ${k.token}` },
    })
  ).body;

/** Saves the primary's steps 2–5 as the wizard does, checking each answer. */
const finishWizard = async (clientId: string, memberId: string) => {
  const bodies: [string, Record<string, unknown>][] = [
    ['preferences', { type: 'PERSON', subType: 'PRIMARY' }],
    ['contact', k.contact()],
    ['identity', { type: 'PERSON', subType: 'PRIMARY' }],
    ['employment', { type: 'PERSON', subType: 'PRIMARY', employmentStatus: [k.ids.employmentStatus] }],
  ];
  for (const [step, body] of bodies) {
    const res = await k.step(clientId, memberId, step, body);
    expect(res.status, `${step}: ${JSON.stringify(res.body)}`).toBe(200);
  }
};

describe('a household whose wizard is not finished', () => {
  it('is a draft: under Drafts only, not in the list, its count, the search or the export', async () => {
    const { clientId, memberId } = await k.createHousehold({
      firstName: 'Dorothea',
      lastName: 'Quillfeather',
    });
    await k.step(clientId, memberId, 'preferences', { type: 'PERSON', subType: 'PRIMARY' });
    await k.step(clientId, memberId, 'contact', k.contact());

    const draft = (await drafts()).find((d) => d.clientId === clientId);
    expect(draft).toMatchObject({
      clientId,
      name: 'Quillfeather, Dorothea',
      memberId,
      completedSteps: 3,
      createdBy: DEMO_ADMIN.fullName,
    });
    expect(Date.parse(draft?.createdAt ?? '')).not.toBeNaN();

    expect(await listed('Quillfeather')).toEqual({ ids: [], total: 0 });
    expect(await searched('Quillfeather')).toEqual([]);
    expect(await exported('Quillfeather')).not.toContain('Quillfeather');
    // Its own page still opens (the wizard resumes from it).
    expect((await t.json('GET', `/api/clients/${clientId}`, undefined, k.token)).status).toBe(200);
  });

  it('is published by saving the primary member’s last step, and then listed everywhere', async () => {
    const { clientId, memberId } = await k.createHousehold({ firstName: 'Leopold', lastName: 'Marchbanks' });
    await finishWizard(clientId, memberId);

    expect((await drafts()).map((d) => d.clientId)).not.toContain(clientId);
    expect(await listed('Marchbanks')).toEqual({ ids: [clientId], total: 1 });
    expect(await searched('Marchbanks')).toContain(clientId);
    expect(await exported('Marchbanks')).toContain('Marchbanks');
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'household'), eq(auditLog.entityId, clientId), eq(auditLog.action, 'UPDATE')),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row?.after).toEqual({ draft: false });
    // Saving steps again changes nothing about it.
    expect(
      (await k.step(clientId, memberId, 'basic', k.basic({ lastName: 'Marchbanks', firstName: 'Leo' })))
        .status,
    ).toBe(200);
    expect((await listed('Marchbanks')).total).toBe(1);
  });

  it('is not published by another member’s last step', async () => {
    const { clientId, memberId } = await k.createHousehold({ firstName: 'Wilhelmina', lastName: 'Draycott' });
    const child = await k.addMember(clientId, { lastName: 'Draycott' });
    const res = await k.step(clientId, child.id, 'employment', {
      type: 'PERSON',
      subType: 'CHILD_OF_BOTH',
      employmentStatus: [k.ids.employmentStatus],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await drafts()).map((d) => d.clientId)).toContain(clientId);
    expect((await listed('Draycott')).total).toBe(0);
    await finishWizard(clientId, memberId);
    expect((await listed('Draycott')).total).toBe(1);
  });

  it('is not published by a last step saved before the contact step (through the API), only once it has contacts', async () => {
    const { clientId, memberId } = await k.createHousehold({ firstName: 'Ambrose', lastName: 'Pendlewick' });
    const employment = await k.step(clientId, memberId, 'employment', {
      type: 'PERSON',
      subType: 'PRIMARY',
      employmentStatus: [k.ids.employmentStatus],
    });
    expect(employment.status, JSON.stringify(employment.body)).toBe(200);
    expect((await drafts()).map((d) => d.clientId)).toContain(clientId);
    expect((await listed('Pendlewick')).total).toBe(0);

    expect((await k.step(clientId, memberId, 'contact', k.contact())).status).toBe(200);
    expect((await drafts()).map((d) => d.clientId)).not.toContain(clientId);
    expect((await listed('Pendlewick')).total).toBe(1);
  });

  it('is listed for every clients reader, whoever started it', async () => {
    const { clientId } = await k.createHousehold({ firstName: 'Cornelius', lastName: 'Ashgrove' });
    expect((await drafts(k.tokens.businessDeveloper)).map((d) => d.clientId)).toContain(clientId);
    expect((await drafts(k.tokens.operations)).map((d) => d.clientId)).toContain(clientId);
  });
});

describe('DELETE /api/clients/drafts/:clientId', () => {
  it('deletes a draft with its members, and records it', async () => {
    const { clientId, memberId } = await k.createHousehold({ firstName: 'Ottoline', lastName: 'Vexley' });
    const res = await t.json('DELETE', `/api/clients/drafts/${clientId}`, undefined, k.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(A.draftDeleted);
    expect(await t.db.select().from(households).where(eq(households.id, clientId))).toEqual([]);
    expect(await t.db.select().from(members).where(eq(members.id, memberId))).toEqual([]);
    expect((await drafts()).map((d) => d.clientId)).not.toContain(clientId);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'household'), eq(auditLog.entityId, clientId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ action: 'DELETE', before: { name: 'Vexley, Ottoline', draft: true } });

    const again = await t.json('DELETE', `/api/clients/drafts/${clientId}`, undefined, k.token);
    expect(again.status).toBe(404);
  });

  it('refuses a household that is no longer a draft, and users who may not delete clients', async () => {
    const { clientId, memberId } = await k.createHousehold({
      firstName: 'Bartholomew',
      lastName: 'Finchley',
    });
    const ops = await t.json('DELETE', `/api/clients/drafts/${clientId}`, undefined, k.tokens.operations);
    expect(ops.status).toBe(403);
    await finishWizard(clientId, memberId);
    const published = await t.json('DELETE', `/api/clients/drafts/${clientId}`, undefined, k.token);
    expect(published.status).toBe(409);
    expect(published.body.message).toBe(A.notADraft);
    expect((await listed('Finchley')).total).toBe(1);
  });
});
