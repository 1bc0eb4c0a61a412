import {
  NOTE_MESSAGES,
  WORKFLOW_REQUEST_MESSAGES,
  type WorkflowRequest,
  type WorkflowStepInput,
} from '@centric/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, auditLog, masterDataItems, notifications } from '../../../db/schema/index.ts';
import { DEMO_USERS } from '../../../db/seed/demo.ts';
import { insertHousehold, insertUserWithGrants, userIdByEmail } from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

let t: TestContext;
let admin: string;
let advisor: string; // Wealth Advisor: openRequests read, write; manageWorkflows read
let developer: string; // Business Developer: openRequests read only
let operations: string; // Operations: openRequests and manageWorkflows read, write, delete
let nobody: string; // no workflow permission at all
let ids: { admin: string; olivia: string; marcus: string; daniel: string; grace: string };
let household: string;
let bare: string; // a household without advisors
let typeId: number;

const step = (overrides: Partial<WorkflowStepInput> = {}): WorkflowStepInput => ({
  title: 'Step',
  description: null,
  assigneeKind: 'USER',
  assigneeUserId: ids.daniel,
  assigneeRole: null,
  dueDays: 2,
  dueUnit: 'BUSINESS',
  dueFrom: 'REQUEST_START',
  required: true,
  completionRequirement: 'NONE',
  ...overrides,
});

let counter = 0;
/** A published template with these steps; answers its id. */
const publishedTemplate = async (steps: WorkflowStepInput[]) => {
  counter += 1;
  const created = await t.json(
    'POST',
    '/api/workflow-templates',
    { name: `Requests template ${counter}`, description: null, workflowTypeId: typeId, steps },
    admin,
  );
  expect(created.status).toBe(201);
  const id: string = created.body.result.id;
  expect((await t.json('POST', `/api/workflow-templates/${id}/publish`, undefined, admin)).status).toBe(200);
  return id;
};

const start = async (templateId: string, token = admin, clientId = household, roleAssignees = {}) =>
  t.json('POST', '/api/workflow-requests', { clientId, templateId, roleAssignees }, token);

const started = async (templateId: string, token = admin, clientId = household) => {
  const res = await start(templateId, token, clientId);
  expect(res.status).toBe(201);
  return res.body.result as WorkflowRequest;
};

const complete = (request: WorkflowRequest, index: number, token = admin, body: object = {}) =>
  t.json(
    'POST',
    `/api/workflow-requests/${request.id}/steps/${request.steps[index]!.id}/complete`,
    body,
    token,
  );

const badge = async (token: string) =>
  (await t.json('GET', '/api/waprofile', undefined, token)).body.result.openWorkflowReqcount as number;

/** Sessions of every user of the tests (again after the clock moved past their idle timeout). */
const signInAll = async () => {
  admin = (await t.signIn()).token;
  advisor = (await t.signIn(DEMO_USERS[1].email)).token;
  developer = (await t.signIn(DEMO_USERS[3].email)).token;
  operations = (await t.signIn(DEMO_USERS[4].email)).token;
  nobody = (await t.signIn('no.workflows@centric.local')).token;
};

beforeAll(async () => {
  t = await createTestContext();
  await insertUserWithGrants(t.db, 'no.workflows@centric.local', { dashboard: ['read'], clients: ['read'] });
  await signInAll();
  ids = {
    admin: await userIdByEmail(t.db, DEMO_USERS[0].email),
    olivia: await userIdByEmail(t.db, DEMO_USERS[1].email),
    marcus: await userIdByEmail(t.db, DEMO_USERS[2].email),
    daniel: await userIdByEmail(t.db, DEMO_USERS[4].email),
    grace: await userIdByEmail(t.db, DEMO_USERS[5].email),
  };
  const [type] = await t.db
    .select({ id: masterDataItems.id })
    .from(masterDataItems)
    .where(eq(masterDataItems.type, 'workflow-types'))
    .orderBy(asc(masterDataItems.id))
    .limit(1);
  typeId = type!.id;
  household = (
    await insertHousehold(t.db, {
      name: 'Request Household',
      members: [{ firstName: 'Ann', lastName: 'Request' }],
      advisors: { WEALTH_ADVISOR_1: ids.olivia, WEALTH_ADVISOR_2: ids.marcus },
    })
  ).clientId;
  bare = (
    await insertHousehold(t.db, { name: 'Bare Household', members: [{ firstName: 'B', lastName: 'Bare' }] })
  ).clientId;
});
afterAll(() => t.close());

describe('starting a request', () => {
  it('copies the current version with roles resolved on the household and due dates from the start', async () => {
    const templateId = await publishedTemplate([
      step({
        title: 'Discovery',
        assigneeKind: 'ROLE',
        assigneeRole: 'WEALTH_ADVISOR_1',
        assigneeUserId: null,
      }),
      step({ title: 'Paperwork', dueFrom: 'PREVIOUS_STEP', dueDays: 1 }),
    ]);
    const request = await started(templateId);
    expect(request.status).toBe('IN_PROGRESS');
    expect(request.household).toEqual({ id: household, name: 'Request Household' });
    expect(request.steps.map((s) => [s.title, s.assignee.id, s.status])).toEqual([
      ['Discovery', ids.olivia, 'OPEN'],
      ['Paperwork', ids.daniel, 'OPEN'],
    ]);
    expect(request.steps[0]!.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Counted from the previous step: no date until it is done.
    expect(request.steps[1]!.dueDate).toBeNull();
    await complete(request, 0);
    const after = (await t.json('GET', `/api/workflow-requests/${request.id}`, undefined, admin)).body.result;
    expect(after.steps[1].dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('asks for a role the household lacks before start, never leaving a step unassigned', async () => {
    const templateId = await publishedTemplate([
      step({ assigneeKind: 'ROLE', assigneeRole: 'SOLICITOR', assigneeUserId: null }),
    ]);
    const preview = await t.json(
      'GET',
      `/api/workflow-requests/preview?clientId=${bare}&templateId=${templateId}`,
      undefined,
      admin,
    );
    expect(preview.body.result.missingRoles).toEqual(['SOLICITOR']);
    const refused = await start(templateId, admin, bare);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(WORKFLOW_REQUEST_MESSAGES.roleMissing('Solicitor'));
    const res = await start(templateId, admin, bare, { SOLICITOR: ids.grace });
    expect(res.status).toBe(201);
    expect(res.body.result.steps[0].assignee.id).toBe(ids.grace);
  });

  it("answers a household's name for a link's clientId; an unknown one is not found", async () => {
    const res = await t.json('GET', `/api/workflow-requests/households/${household}`, undefined, developer);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ id: household, name: 'Request Household' });
    const unknown = await t.json(
      'GET',
      '/api/workflow-requests/households/00000000-0000-4000-8000-000000000000',
      undefined,
      admin,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(WORKFLOW_REQUEST_MESSAGES.householdNotFound);
    const malformed = await t.json('GET', '/api/workflow-requests/households/nope', undefined, admin);
    expect([malformed.status, malformed.body.message]).toEqual([
      400,
      WORKFLOW_REQUEST_MESSAGES.householdNotFound,
    ]);
  });

  it('refuses a template never published', async () => {
    const draft = await t.json(
      'POST',
      '/api/workflow-templates',
      { name: 'Never published', description: null, workflowTypeId: typeId, steps: [step()] },
      admin,
    );
    const res = await start(draft.body.result.id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(WORKFLOW_REQUEST_MESSAGES.templateNotPublished);
  });

  it('keeps a running request on v1 when v2 is published; new requests use v2', async () => {
    const templateId = await publishedTemplate([step({ title: 'Old step' })]);
    const templateUrl = `/api/workflow-templates/${templateId}`;
    expect((await t.json('GET', templateUrl, undefined, admin)).body.result.runningRequests).toBe(0);
    const v1 = await started(templateId);
    // A request no longer in progress is not counted among those staying on the old version.
    const rejected = await started(templateId);
    await t.json('POST', `/api/workflow-requests/${rejected.id}/reject`, { reason: 'Not needed.' }, admin);
    const template = (await t.json('GET', templateUrl, undefined, admin)).body.result;
    expect(template.runningRequests).toBe(1);
    await t.json(
      'PATCH',
      `/api/workflow-templates/${templateId}`,
      {
        name: template.name,
        description: null,
        workflowTypeId: typeId,
        steps: [step({ title: 'New step' })],
      },
      admin,
    );
    // What the publish dialog shows before publishing: the draft's template still counts the running one.
    const withDraft = (await t.json('GET', templateUrl, undefined, operations)).body.result;
    expect([withDraft.state, withDraft.runningRequests]).toEqual(['PUBLISHED_WITH_DRAFT', 1]);
    await t.json('POST', `/api/workflow-templates/${templateId}/publish`, undefined, admin);
    const again = (await t.json('GET', `/api/workflow-requests/${v1.id}`, undefined, admin)).body.result;
    expect(again.version).toBe(1);
    expect(again.steps.map((s: { title: string }) => s.title)).toEqual(['Old step']);
    const v2 = await started(templateId);
    expect(v2.version).toBe(2);
    expect(v2.steps.map((s) => s.title)).toEqual(['New step']);
    expect((await t.json('GET', templateUrl, undefined, admin)).body.result.runningRequests).toBe(2);
  });
});

describe('steps and progress', () => {
  it('progress is required done ÷ required: 10 steps, 8 required, 6 done is 75 %, whatever the optional ones', async () => {
    const steps = Array.from({ length: 10 }, (_, i) => step({ title: `S${i + 1}`, required: i < 8 }));
    const request = await started(await publishedTemplate(steps));
    for (const index of [0, 1, 2, 3, 4, 5, 8]) expect((await complete(request, index)).status).toBe(200);
    let now = (await t.json('GET', `/api/workflow-requests/${request.id}`, undefined, admin)).body.result;
    expect([now.progress, now.requiredDone, now.requiredTotal]).toEqual([75, 6, 8]);
    const skipped = await t.json(
      'POST',
      `/api/workflow-requests/${request.id}/steps/${request.steps[9]!.id}/skip`,
      undefined,
      admin,
    );
    expect(skipped.body.result.progress).toBe(75);
    // A required step is never skipped.
    const refused = await t.json(
      'POST',
      `/api/workflow-requests/${request.id}/steps/${request.steps[6]!.id}/skip`,
      undefined,
      admin,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(WORKFLOW_REQUEST_MESSAGES.requiredNotSkippable);
    await complete(request, 6);
    now = (await complete(request, 7)).body.result;
    expect(now.status).toBe('COMPLETED');
    expect(now.progress).toBe(100);
    expect((await complete(request, 7)).status).toBe(409);
  });

  it('a step needing a note or a document refuses without one; completing posts a system note', async () => {
    const request = await started(
      await publishedTemplate([
        step({ title: 'Call the client', completionRequirement: 'NOTE' }),
        step({ title: 'Signed form', completionRequirement: 'DOCUMENT' }),
      ]),
    );
    const noNote = await complete(request, 0);
    expect(noNote.status).toBe(400);
    expect(noNote.body.message).toBe(WORKFLOW_REQUEST_MESSAGES.noteRequired);
    expect((await complete(request, 1)).body.message).toBe(WORKFLOW_REQUEST_MESSAGES.documentRequired);
    expect((await complete(request, 0, operations, { html: '<p>Spoke to Ann.</p>' })).status).toBe(200);
    const notes = await t.json('GET', `/api/workflow-requests/${request.id}/notes`, undefined, admin);
    expect(notes.status).toBe(200);
    const texts = notes.body.result.map((n: { text: string; type: string }) => [n.type, n.text]);
    expect(texts).toContainEqual(['WORKFLOW', 'Spoke to Ann.']);
    expect(texts).toContainEqual(['WORKFLOW', 'Step 1 "Call the client" completed by Daniel Kim.']);
    // On the dashboard, a workflow note names its request (spec §2: it links to the open request).
    const dashboard = await t.json('GET', '/api/notes?duration=THIS_WEEK&limit=100', undefined, admin);
    const onDashboard = dashboard.body.result.filter(
      (n: { workflowRequest: { id: string } | null }) => n.workflowRequest?.id === request.id,
    );
    expect(onDashboard.length).toBeGreaterThanOrEqual(2);
    expect(onDashboard[0].workflowRequest).toEqual({ id: request.id, name: request.name });
  });

  it('rejection needs a reason, at any step, and ends the request', async () => {
    const request = await started(await publishedTemplate([step(), step()]));
    const url = `/api/workflow-requests/${request.id}/reject`;
    const none = await t.json('POST', url, {}, admin);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(WORKFLOW_REQUEST_MESSAGES.reasonRequired);
    const spaces = await t.json('POST', url, { reason: '   ' }, admin);
    expect(spaces.body.message).toBe(WORKFLOW_REQUEST_MESSAGES.reasonOnlySpaces);
    const res = await t.json('POST', url, { reason: 'The client changed their mind.' }, advisor);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'The client changed their mind.',
      rejectedBy: { id: ids.olivia },
    });
    expect((await complete(request, 0)).status).toBe(409);
    const listed = await t.json(
      'GET',
      `/api/workflow-requests?filterBy=REJECTED&clientId=${household}`,
      undefined,
      admin,
    );
    expect(listed.body.result.map((r: { id: string }) => r.id)).toContain(request.id);
    const audited = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'workflowRequest'), eq(auditLog.entityId, request.id)));
    expect(audited.map((a) => a.action)).toEqual(['CREATE', 'REJECT']);
  });

  it('workflow notes cannot be deleted by anyone, not even their author or an administrator', async () => {
    const request = await started(await publishedTemplate([step()]));
    const posted = await t.json(
      'POST',
      `/api/workflow-requests/${request.id}/notes`,
      { html: '<p>My own workflow note.</p>' },
      advisor,
    );
    expect(posted.status).toBe(201);
    expect(posted.body.result.type).toBe('WORKFLOW');
    expect(posted.body.result.canDelete).toBe(false);
    for (const token of [advisor, admin]) {
      const res = await t.json('DELETE', `/api/notes/${posted.body.result.id}`, undefined, token);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(NOTE_MESSAGES.workflowNoteLocked);
    }
    const system = (await t.json('GET', `/api/workflow-requests/${request.id}/notes`, undefined, admin)).body
      .result;
    const started_ = system.find((n: { isSystemGenerated: boolean }) => n.isSystemGenerated);
    expect((await t.json('DELETE', `/api/notes/${started_.id}`, undefined, admin)).status).toBe(403);
  });
});

describe('badge, notifications and the overdue alert', () => {
  it('counts per user the requests in progress with an open step of theirs, and tells each assignee', async () => {
    const graceToken = (await t.signIn(DEMO_USERS[5].email)).token;
    const before = {
      daniel: await badge(operations),
      grace: await badge(graceToken),
      olivia: await badge(advisor),
    };
    const templateId = await publishedTemplate([
      step({ title: 'Daniel first' }),
      step({ title: 'Daniel again' }),
      step({ title: 'Grace', assigneeUserId: ids.grace }),
    ]);
    const request = await started(templateId);
    expect(await badge(operations)).toBe(before.daniel + 1);
    expect(await badge(graceToken)).toBe(before.grace + 1);
    expect(await badge(advisor)).toBe(before.olivia);
    const told = await t.db
      .select({ userId: notifications.userId, title: notifications.title, link: notifications.link })
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, 'WORKFLOW_ASSIGNED'),
          sql`${notifications.causeKey} like ${`%${request.id}%`}`,
        ),
      );
    expect(told.map((n) => n.userId).sort()).toEqual([ids.daniel, ids.grace].sort());
    expect(told.find((n) => n.userId === ids.daniel)!.title).toContain('2 steps');
    expect(told[0]!.link).toBe(`/open-requests?filterBy=IN_PROGRESS&requestId=${request.id}&redirect=true`);
    // Grace's step done: her count goes down, Daniel's stays while his steps are open.
    await complete(request, 2, graceToken);
    expect(await badge(graceToken)).toBe(before.grace);
    expect(await badge(operations)).toBe(before.daniel + 1);
    const mine = await t.json('GET', '/api/workflow-requests?mine=true', undefined, operations);
    expect(mine.body.result.map((r: { id: string }) => r.id)).toContain(request.id);
  });

  it('an overdue step raises a workflowOverdue alert on the household and notifies its assignee, resolved when done', async () => {
    const request = await started(await publishedTemplate([step({ title: 'Late step', dueDays: 1 })]));
    t.clock.advance(10 * 86_400_000);
    await t.app.services.activitySweep.runOnce();
    await signInAll();
    const [alert] = await t.db
      .select()
      .from(alerts)
      .where(eq(alerts.causeKey, `workflow-overdue:${request.steps[0]!.id}`));
    expect(alert).toMatchObject({ category: 'workflowOverdue', resolvedAt: null });
    expect(alert!.message).toContain('Step "Late step"');
    const overdue = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'WORKFLOW_OVERDUE'), eq(notifications.userId, ids.daniel)));
    expect(overdue.map((n) => n.causeKey)).toContain(`workflow-overdue:${request.steps[0]!.id}`);
    const listed = await t.json('GET', '/api/workflow-requests?overdue=true', undefined, admin);
    const item = listed.body.result.find((r: { id: string }) => r.id === request.id);
    expect(item.overdueCount).toBe(1);
    // Olivia advises the household: the alert is hers too.
    const oliviaAlerts = await t.json('GET', '/api/alerts?tab=workflowOverdue', undefined, advisor);
    expect(oliviaAlerts.body.result.alerts.map((a: { message: string }) => a.message)).toContainEqual(
      alert!.message,
    );
    await complete(request, 0);
    const [resolved] = await t.db.select().from(alerts).where(eq(alerts.id, alert!.id));
    expect(resolved!.resolvedAt).not.toBeNull();
  });
});

describe('permissions (openRequests, manageWorkflows) on every route', () => {
  it('reading needs openRequests read; changing needs write; nobody without them', async () => {
    const request = await started(await publishedTemplate([step(), step()]));
    const base = `/api/workflow-requests/${request.id}`;
    const stepUrl = `${base}/steps/${request.steps[0]!.id}`;
    const reads: [string, string][] = [
      ['GET', '/api/workflow-requests'],
      ['GET', base],
      ['GET', `${base}/notes`],
      ['GET', `/api/workflow-requests/households/${household}`],
    ];
    const writes: [string, string, unknown][] = [
      ['GET', `/api/workflow-requests/templates`, undefined],
      [
        'GET',
        `/api/workflow-requests/preview?clientId=${household}&templateId=${request.templateId}`,
        undefined,
      ],
      ['POST', '/api/workflow-requests', { clientId: household, templateId: request.templateId }],
      ['POST', `${stepUrl}/complete`, {}],
      ['POST', `${base}/steps/${request.steps[1]!.id}/skip`, undefined],
      ['POST', `${base}/reject`, { reason: 'No' }],
    ];
    for (const [method, url] of reads) {
      expect((await t.json(method as 'GET', url, undefined, nobody)).status).toBe(403);
      expect((await t.json(method as 'GET', url, undefined, developer)).status).toBe(200);
    }
    for (const [method, url, body] of writes) {
      expect((await t.json(method as 'POST', url, body, nobody)).status).toBe(403);
      expect((await t.json(method as 'POST', url, body, developer)).status).toBe(403);
    }
    // A workflow note needs openRequests read (and notes write, which the Business Developer has).
    const note = { html: '<p>A note.</p>' };
    expect((await t.json('POST', `${base}/notes`, note, nobody)).status).toBe(403);
    expect((await t.json('POST', `${base}/notes`, note, developer)).status).toBe(201);
    // Signed out: 401 on every route.
    for (const [method, url] of [...reads, ...writes, ['POST', `${base}/notes`]])
      expect((await t.json(method as 'GET', url)).status, `${method} ${url}`).toBe(401);
    // Manage Workflows stays manageWorkflows': openRequests alone does not open the templates.
    expect((await t.json('GET', '/api/workflow-templates', undefined, developer)).status).toBe(403);
    expect((await t.json('GET', '/api/workflow-requests/templates', undefined, advisor)).status).toBe(200);
    expect((await t.json('POST', '/api/workflow-templates', {}, advisor)).status).toBe(403);
  });
});
