import { WORKFLOW_MESSAGES, type WorkflowStepInput } from '@centric/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  masterDataItems,
  users,
  workflowTemplateSteps,
  workflowTemplates,
  workflowTemplateVersions,
} from '../../../db/schema/index.ts';
import { DEMO_USERS } from '../../../db/seed/demo.ts';
import { DEMO_WORKFLOW_TEMPLATES, seedDemoWorkflows } from '../../../db/seed/demo-workflows.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

let t: TestContext;
let admin: string;
let advisor: string; // Wealth Advisor: manageWorkflows read
let developer: string; // Business Developer: no manageWorkflows permission
let operations: string; // Operations: manageWorkflows read, write, delete
let typeId: number;
let otherTypeId: number;
let olivia: string;

const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestContext();
  admin = (await t.signIn()).token;
  advisor = (await t.signIn(DEMO_USERS[1].email)).token;
  developer = (await t.signIn(DEMO_USERS[3].email)).token;
  operations = (await t.signIn(DEMO_USERS[4].email)).token;
  const types = await t.db
    .select({ id: masterDataItems.id })
    .from(masterDataItems)
    .where(eq(masterDataItems.type, 'workflow-types'))
    .orderBy(asc(masterDataItems.id));
  typeId = types[0]!.id;
  otherTypeId = types[1]!.id;
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USERS[1].email));
  olivia = user!.id;
});
afterAll(() => t.close());

const step = (overrides: Partial<WorkflowStepInput> = {}): WorkflowStepInput => ({
  title: 'Collect documents',
  description: 'Driver licence and statements',
  assigneeKind: 'ROLE',
  assigneeRole: 'WEALTH_ADVISOR_1',
  assigneeUserId: null,
  dueDays: 2,
  dueUnit: 'BUSINESS',
  dueFrom: 'REQUEST_START',
  required: true,
  completionRequirement: 'DOCUMENT',
  ...overrides,
});

let counter = 0;
const body = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    name: `Onboarding ${counter}`,
    description: 'A new household',
    workflowTypeId: typeId,
    steps: [
      step(),
      step({
        title: 'Open accounts',
        assigneeKind: 'USER',
        assigneeUserId: olivia,
        assigneeRole: null,
        dueFrom: 'PREVIOUS_STEP',
      }),
      step({
        title: 'Welcome call',
        required: false,
        completionRequirement: 'NOTE',
        dueUnit: 'CALENDAR',
        dueDays: 7,
      }),
    ],
    ...overrides,
  };
};

const create = (payload: unknown = body(), token = admin) =>
  t.json('POST', '/api/workflow-templates', payload, token);

/** The 400's first message and its errors. */
const refused = async (payload: unknown) => {
  const res = await create(payload);
  expect(res.status).toBe(400);
  return { message: res.body.message, errors: res.body.errors ?? [] };
};

const auditRows = (id: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'workflowTemplate'), eq(auditLog.entityId, id)))
    .orderBy(asc(auditLog.id));

/** A step as the editor sends it back (what the server answered). */
const asInput = (s: Record<string, unknown>) => {
  const { position: _p, assigneeUserName: _n, ...rest } = s;
  return rest;
};

describe('creating a template', () => {
  it('answers 201 with a draft (never published), the steps in order, and audits it', async () => {
    const res = await create();
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(WORKFLOW_MESSAGES.created);
    const item = res.body.result;
    expect(item.state).toBe('DRAFT');
    expect(item.currentVersion).toBeNull();
    expect(item.current).toBeNull();
    expect(item.versions).toEqual([]);
    expect(item.stepCount).toBe(3);
    expect(item.draft.steps.map((s: { title: string; position: number }) => [s.position, s.title])).toEqual([
      [0, 'Collect documents'],
      [1, 'Open accounts'],
      [2, 'Welcome call'],
    ]);
    expect(item.draft.steps[1]).toMatchObject({
      assigneeKind: 'USER',
      assigneeUserId: olivia,
      assigneeUserName: 'Olivia Bennett',
      assigneeRole: null,
      dueFrom: 'PREVIOUS_STEP',
    });
    expect(item.workflowType.id).toBe(typeId);
    const audit = await auditRows(item.id);
    expect(audit.map((a) => a.action)).toEqual(['CREATE']);
  });

  it('keeps only the assignee of the chosen kind', async () => {
    const res = await create(
      body({ steps: [step({ assigneeKind: 'ROLE', assigneeRole: 'SOLICITOR', assigneeUserId: olivia })] }),
    );
    expect(res.status).toBe(201);
    expect(res.body.result.draft.steps[0]).toMatchObject({ assigneeRole: 'SOLICITOR', assigneeUserId: null });
  });

  it('lists templates with their state, type and step count; search and type filter', async () => {
    const named = await create(body({ name: 'Zebra review', workflowTypeId: otherTypeId }));
    const list = await t.json('GET', '/api/workflow-templates?search=zebra', undefined, advisor);
    expect(list.status).toBe(200);
    expect(list.body.totalResults).toBe(1);
    expect(list.body.result[0]).toMatchObject({ id: named.body.result.id, state: 'DRAFT', stepCount: 3 });
    const byType = await t.json(
      'GET',
      `/api/workflow-templates?workflowTypeId=${otherTypeId}`,
      undefined,
      admin,
    );
    expect(
      byType.body.result.every((r: { workflowType: { id: number } }) => r.workflowType.id === otherTypeId),
    ).toBe(true);
  });
});

describe('validation: clear messages, nothing written', () => {
  it('name, type and steps', async () => {
    const before = (await t.db.select().from(workflowTemplates)).length;
    expect((await refused(body({ name: '' }))).message).toBe(WORKFLOW_MESSAGES.nameRequired);
    expect((await refused(body({ name: '   ' }))).message).toBe(WORKFLOW_MESSAGES.nameOnlySpaces);
    expect((await refused(body({ name: 'n'.repeat(101) }))).message).toBe(WORKFLOW_MESSAGES.nameMax);
    expect((await refused(body({ workflowTypeId: undefined }))).message).toBe(WORKFLOW_MESSAGES.typeRequired);
    expect((await refused(body({ steps: [] }))).message).toBe(WORKFLOW_MESSAGES.stepsRequired);
    const tooMany = Array.from({ length: 31 }, (_, i) => step({ title: `Step ${i}` }));
    expect((await refused(body({ steps: tooMany }))).message).toBe(WORKFLOW_MESSAGES.stepsMax);
    expect((await t.db.select().from(workflowTemplates)).length).toBe(before);
  });

  it('a type that is not a workflow type, an unknown user: 400 on the field', async () => {
    const [state] = await t.db
      .select({ id: masterDataItems.id })
      .from(masterDataItems)
      .where(eq(masterDataItems.type, 'states'))
      .limit(1);
    const wrongType = await refused(body({ workflowTypeId: state!.id }));
    expect(wrongType.errors).toEqual([{ field: 'workflowTypeId', message: WORKFLOW_MESSAGES.typeNotFound }]);
    const ghost = await refused(
      body({ steps: [step(), step({ assigneeKind: 'USER', assigneeUserId: MISSING, assigneeRole: null })] }),
    );
    expect(ghost.errors).toEqual([
      { field: 'steps.1.assigneeUserId', message: WORKFLOW_MESSAGES.assigneeUserNotFound },
    ]);
  });

  it('each step: title, assignee, due days, first step from the request start', async () => {
    const one = (s: Partial<WorkflowStepInput>) => refused(body({ steps: [step(s)] }));
    expect(await one({ title: '' })).toMatchObject({ message: WORKFLOW_MESSAGES.stepTitleRequired });
    expect(await one({ title: '  ' })).toMatchObject({ message: WORKFLOW_MESSAGES.stepTitleOnlySpaces });
    expect(await one({ title: 't'.repeat(101) })).toMatchObject({ message: WORKFLOW_MESSAGES.stepTitleMax });
    expect((await one({ assigneeRole: null })).errors[0]).toEqual({
      field: 'steps.0.assigneeRole',
      message: WORKFLOW_MESSAGES.assigneeRequired,
    });
    expect((await one({ assigneeKind: 'USER', assigneeRole: null })).errors[0]).toEqual({
      field: 'steps.0.assigneeUserId',
      message: WORKFLOW_MESSAGES.assigneeRequired,
    });
    expect((await one({ assigneeRole: 'FINANCIAL_PLANNER' as never })).message).toBe(
      WORKFLOW_MESSAGES.assigneeRequired,
    );
    expect((await one({ dueDays: -1 })).message).toBe(WORKFLOW_MESSAGES.dueDays);
    expect((await one({ dueDays: 366 })).message).toBe(WORKFLOW_MESSAGES.dueDays);
    expect((await one({ dueDays: 1.5 })).message).toBe(WORKFLOW_MESSAGES.dueDays);
    expect((await one({ dueUnit: 'WEEKS' as never })).message).toBe(WORKFLOW_MESSAGES.dueUnit);
    expect((await one({ completionRequirement: 'SIGNATURE' as never })).message).toBe(
      WORKFLOW_MESSAGES.completion,
    );
    expect((await one({ dueFrom: 'PREVIOUS_STEP' })).errors[0]).toEqual({
      field: 'steps.0.dueFrom',
      message: WORKFLOW_MESSAGES.firstStepAfterPrevious,
    });
  });

  it('a name taken in any case: 409 on the name', async () => {
    await create(body({ name: 'Address Change' }));
    const again = await create(body({ name: 'address change' }));
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([{ field: 'name', message: WORKFLOW_MESSAGES.duplicateName }]);
  });

  it('unknown template: 404; a malformed id: 404 message', async () => {
    expect((await t.json('GET', `/api/workflow-templates/${MISSING}`, undefined, admin)).status).toBe(404);
    expect(
      (await t.json('POST', `/api/workflow-templates/${MISSING}/publish`, undefined, admin)).status,
    ).toBe(404);
    const bad = await t.json('GET', '/api/workflow-templates/nope', undefined, admin);
    expect(bad.body.message).toBe(WORKFLOW_MESSAGES.notFound);
  });
});

describe('editing, reordering, publishing, versions', () => {
  it('reorders the draft: the positions stored are the order sent, ids kept', async () => {
    const created = (await create()).body.result;
    const [a, b, c] = created.draft.steps;
    const reordered = [asInput(c), { ...asInput(a), dueFrom: 'PREVIOUS_STEP' }, asInput(b)];
    const res = await t.json(
      'PATCH',
      `/api/workflow-templates/${created.id}`,
      { ...body({ name: created.name }), steps: reordered },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(WORKFLOW_MESSAGES.updated);
    expect(res.body.result.draft.steps.map((s: { id: string }) => s.id)).toEqual([c.id, a.id, b.id]);
    const stored = await t.db
      .select({ id: workflowTemplateSteps.id, position: workflowTemplateSteps.position })
      .from(workflowTemplateSteps)
      .where(eq(workflowTemplateSteps.versionId, created.draft.id))
      .orderBy(asc(workflowTemplateSteps.position));
    expect(stored).toEqual([
      { id: c.id, position: 0 },
      { id: a.id, position: 1 },
      { id: b.id, position: 2 },
    ]);
  });

  it('publish makes version 1; editing makes a draft, v1 untouched; publishing again makes v2', async () => {
    const created = (await create()).body.result;
    const first = await t.json(
      'POST',
      `/api/workflow-templates/${created.id}/publish`,
      undefined,
      operations,
    );
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(WORKFLOW_MESSAGES.published);
    expect(first.body.result).toMatchObject({ state: 'PUBLISHED', currentVersion: 1, draft: null });
    expect(first.body.result.current.publishedBy).toBe('Daniel Kim');
    const v1 = first.body.result.current;

    // Nothing to publish now.
    const nothing = await t.json('POST', `/api/workflow-templates/${created.id}/publish`, undefined, admin);
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe(WORKFLOW_MESSAGES.nothingToPublish);

    // Edit the published template: a draft is made from the steps sent; the ids named v1's steps.
    const edited = v1.steps.map(asInput);
    edited[0] = { ...edited[0], title: 'Collect signed documents' };
    const patch = await t.json(
      'PATCH',
      `/api/workflow-templates/${created.id}`,
      { ...body({ name: created.name }), steps: [...edited, step({ title: 'Review with compliance' })] },
      admin,
    );
    expect(patch.status).toBe(200);
    const withDraft = patch.body.result;
    expect(withDraft.state).toBe('PUBLISHED_WITH_DRAFT');
    expect(withDraft.currentVersion).toBe(1);
    expect(withDraft.current.steps).toEqual(v1.steps);
    expect(withDraft.draft.steps).toHaveLength(4);
    expect(withDraft.draft.steps[0].title).toBe('Collect signed documents');
    // The draft's steps are rows of their own: v1's ids are not reused.
    const v1Ids = new Set(v1.steps.map((s: { id: string }) => s.id));
    expect(withDraft.draft.steps.some((s: { id: string }) => v1Ids.has(s.id))).toBe(false);

    // A second save edits the same draft (ids of the draft now; v1's are refused).
    const stale = await t.json(
      'PATCH',
      `/api/workflow-templates/${created.id}`,
      { ...body({ name: created.name }), steps: v1.steps.map(asInput) },
      admin,
    );
    expect(stale.status).toBe(400);
    expect(stale.body.errors?.[0]).toEqual({ field: 'steps.0.id', message: WORKFLOW_MESSAGES.stepNotFound });

    const second = await t.json('POST', `/api/workflow-templates/${created.id}/publish`, undefined, admin);
    expect(second.body.result).toMatchObject({ state: 'PUBLISHED', currentVersion: 2, draft: null });
    expect(second.body.result.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    // Version 1's steps are still stored as they were: a request started on it keeps them.
    const v1Rows = await t.db
      .select({ title: workflowTemplateSteps.title })
      .from(workflowTemplateSteps)
      .where(eq(workflowTemplateSteps.versionId, v1.id))
      .orderBy(asc(workflowTemplateSteps.position));
    expect(v1Rows.map((r) => r.title)).toEqual(v1.steps.map((s: { title: string }) => s.title));

    const audit = await auditRows(created.id);
    expect(audit.map((a) => a.action)).toEqual(['CREATE', 'PUBLISH', 'UPDATE', 'PUBLISH']);
  });

  it('discarding a draft keeps the current version; a never-published template has no draft to discard', async () => {
    const created = (await create()).body.result;
    const never = await t.json('DELETE', `/api/workflow-templates/${created.id}/draft`, undefined, admin);
    expect(never.status).toBe(409);
    expect(never.body.message).toBe(WORKFLOW_MESSAGES.onlyDraftIsTemplate);
    const published = (
      await t.json('POST', `/api/workflow-templates/${created.id}/publish`, undefined, admin)
    ).body.result;
    await t.json(
      'PATCH',
      `/api/workflow-templates/${created.id}`,
      { ...body({ name: created.name }), steps: [step({ title: 'Only step' })] },
      admin,
    );
    const discarded = await t.json('DELETE', `/api/workflow-templates/${created.id}/draft`, undefined, admin);
    expect(discarded.status).toBe(200);
    expect(discarded.body.result).toMatchObject({ state: 'PUBLISHED', draft: null, currentVersion: 1 });
    expect(discarded.body.result.current.steps).toEqual(published.current.steps);
    const again = await t.json('DELETE', `/api/workflow-templates/${created.id}/draft`, undefined, admin);
    expect(again.body.message).toBe(WORKFLOW_MESSAGES.noDraft);
  });

  it('a refused edit changes nothing', async () => {
    const created = (await create()).body.result;
    const res = await t.json(
      'PATCH',
      `/api/workflow-templates/${created.id}`,
      {
        ...body({ name: 'Renamed' }),
        steps: [step({ assigneeKind: 'USER', assigneeUserId: MISSING, assigneeRole: null })],
      },
      admin,
    );
    expect(res.status).toBe(400);
    const after = (await t.json('GET', `/api/workflow-templates/${created.id}`, undefined, admin)).body
      .result;
    expect(after.name).toBe(created.name);
    expect(after.draft.steps).toEqual(created.draft.steps);
    expect((await auditRows(created.id)).map((a) => a.action)).toEqual(['CREATE']);
  });

  it('delete removes the template with its versions and steps, audited', async () => {
    const created = (await create()).body.result;
    await t.json('POST', `/api/workflow-templates/${created.id}/publish`, undefined, admin);
    const res = await t.json('DELETE', `/api/workflow-templates/${created.id}`, undefined, operations);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(WORKFLOW_MESSAGES.deleted);
    const versions = await t.db
      .select()
      .from(workflowTemplateVersions)
      .where(eq(workflowTemplateVersions.templateId, created.id));
    expect(versions).toEqual([]);
    expect((await auditRows(created.id)).map((a) => a.action)).toEqual(['CREATE', 'PUBLISH', 'DELETE']);
  });
});

describe('permissions (manageWorkflows) on every template route', () => {
  it('no permission: 403 on reads and writes; read only: 403 on writes; signed out: 401', async () => {
    const created = (await create()).body.result;
    const id = created.id;
    const routes = [
      ['GET', '/api/workflow-templates', undefined, 'read'],
      ['GET', `/api/workflow-templates/${id}`, undefined, 'read'],
      ['POST', '/api/workflow-templates', body(), 'write'],
      ['PATCH', `/api/workflow-templates/${id}`, body(), 'write'],
      ['POST', `/api/workflow-templates/${id}/publish`, undefined, 'write'],
      ['DELETE', `/api/workflow-templates/${id}/draft`, undefined, 'write'],
      ['DELETE', `/api/workflow-templates/${id}`, undefined, 'delete'],
    ] as const;
    for (const [method, url, payload] of routes) {
      expect((await t.json(method, url, payload, developer)).status, `${method} ${url}`).toBe(403);
    }
    for (const [method, url, payload, action] of routes) {
      const status = (await t.json(method, url, payload, advisor)).status;
      if (action === 'read') expect(status, `${method} ${url}`).toBe(200);
      else expect(status, `${method} ${url}`).toBe(403);
    }
    for (const [method, url] of routes) expect((await t.json(method, url)).status).toBe(401);
    // Nothing changed by the refused calls.
    expect((await t.json('GET', `/api/workflow-templates/${id}`, undefined, admin)).body.result).toEqual(
      created,
    );
  });
});

describe('firm holidays', () => {
  it('administrators add and delete; every signed-in user reads; duplicates and bad dates refused', async () => {
    const added = await t.json(
      'POST',
      '/api/firm-holidays',
      { date: '2026-12-25', name: 'Christmas Day' },
      admin,
    );
    expect(added.status).toBe(201);
    expect(added.body.message).toBe(WORKFLOW_MESSAGES.holidayAdded);
    const dup = await t.json('POST', '/api/firm-holidays', { date: '2026-12-25', name: 'Again' }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'date', message: WORKFLOW_MESSAGES.holidayDuplicate }]);
    const bad = await t.json('POST', '/api/firm-holidays', { date: '2026-02-30', name: 'Nope' }, admin);
    expect(bad.body.message).toBe(WORKFLOW_MESSAGES.holidayDate);
    const noName = await t.json('POST', '/api/firm-holidays', { date: '2026-07-03', name: ' ' }, admin);
    expect(noName.body.message).toBe(WORKFLOW_MESSAGES.nameOnlySpaces);
    expect(
      (await t.json('POST', '/api/firm-holidays', { date: '2026-07-03', name: 'x' }, advisor)).status,
    ).toBe(403);
    const list = await t.json('GET', '/api/firm-holidays', undefined, developer);
    expect(list.body.result).toContainEqual({ date: '2026-12-25', name: 'Christmas Day' });
    expect((await t.json('DELETE', '/api/firm-holidays/2026-12-25', undefined, advisor)).status).toBe(403);
    const removed = await t.json('DELETE', '/api/firm-holidays/2026-12-25', undefined, admin);
    expect(removed.status).toBe(200);
    expect((await t.json('DELETE', '/api/firm-holidays/2026-12-25', undefined, admin)).status).toBe(404);
    const audit = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'firmHoliday'), eq(auditLog.entityId, '2026-12-25')))
      .orderBy(asc(auditLog.id));
    expect(audit.map((a) => a.action)).toEqual(['CREATE', 'DELETE']);
  });
});

describe('demo templates', () => {
  it('seed six templates of 5–12 steps (each valid by the contract) and the firm holidays, once', async () => {
    // The demo seeds only a firm without templates.
    await t.db.delete(workflowTemplates);
    await seedDemoWorkflows(t.db);
    await seedDemoWorkflows(t.db);
    const list = await t.json('GET', '/api/workflow-templates?search=&limit=100', undefined, admin);
    const demo = list.body.result.filter((r: { name: string }) =>
      DEMO_WORKFLOW_TEMPLATES.some((d) => d.name === r.name),
    );
    expect(demo).toHaveLength(DEMO_WORKFLOW_TEMPLATES.length);
    for (const item of demo) expect(item.stepCount).toBeGreaterThanOrEqual(5);
    for (const item of demo) expect(item.stepCount).toBeLessThanOrEqual(12);
    const onboarding = demo.find((r: { name: string }) => r.name === 'New Client Onboarding');
    expect(onboarding).toMatchObject({ state: 'PUBLISHED', currentVersion: 2 });
    const holidays = await t.json('GET', '/api/firm-holidays', undefined, admin);
    expect(holidays.body.result).toContainEqual({ date: '2026-12-25', name: 'Christmas Day' });
  });
});
