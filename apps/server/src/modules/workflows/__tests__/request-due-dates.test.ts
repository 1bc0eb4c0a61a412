import type { WorkflowRequest, WorkflowStepInput } from '@centric/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmHolidays } from '../../../db/schema/index.ts';
import { DEMO_USERS } from '../../../db/seed/demo.ts';
import { insertHousehold, masterDataId, userIdByEmail } from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

/**
 * Issue 18, tests that must exist: due dates of a request's steps in business days across a weekend and a
 * holiday, and steps dated from the previous step when it is done. The file runs on the firm's days around
 * Christmas 2026 (Thu 12-24; Fri 12-25 a holiday; 12-26 and 12-27 a weekend).
 */
let t: TestContext;
let admin: string;
let daniel: string;
let household: string;
let typeId: number;

/** 11:00 in New York (the firm's zone) on that day. */
const at = (day: string) => new Date(`${day}T16:00:00Z`);

const step = (overrides: Partial<WorkflowStepInput>): WorkflowStepInput => ({
  title: 'Step',
  description: null,
  assigneeKind: 'USER',
  assigneeUserId: daniel,
  assigneeRole: null,
  dueDays: 0,
  dueUnit: 'BUSINESS',
  dueFrom: 'REQUEST_START',
  required: true,
  completionRequirement: 'NONE',
  ...overrides,
});

const get = async (id: string) =>
  (await t.json('GET', `/api/workflow-requests/${id}`, undefined, admin)).body.result as WorkflowRequest;

const dues = (request: WorkflowRequest) => request.steps.map((s) => [s.title, s.dueDate]);

/** The clock moves to that day; sessions are signed in again (past their idle time). */
const moveTo = async (day: string) => {
  t.clock.advanceTo(at(day));
  admin = (await t.signIn()).token;
};

beforeAll(async () => {
  t = await createTestContext();
  t.clock.startAt(at('2026-12-24'));
  admin = (await t.signIn()).token;
  daniel = await userIdByEmail(t.db, DEMO_USERS[4].email);
  typeId = await masterDataId(t.db, 'workflow-types', 'New Account Opening');
  household = (
    await insertHousehold(t.db, {
      name: 'Holiday Household',
      members: [{ firstName: 'Hal', lastName: 'Iday' }],
    })
  ).clientId;
  // Christmas Day is the firm's holiday.
  await t.db.insert(firmHolidays).values({ date: '2026-12-25', name: 'Christmas Day' });
});
afterAll(() => t.close());

describe('due dates of a request', () => {
  it('business days skip the weekend and the holiday; steps after the previous one are dated when it is done', async () => {
    const created = await t.json(
      'POST',
      '/api/workflow-templates',
      {
        name: 'Year-end paperwork',
        description: null,
        workflowTypeId: typeId,
        steps: [
          step({ title: 'Paperwork', dueDays: 2 }),
          step({ title: 'Signature', dueDays: 1, dueFrom: 'PREVIOUS_STEP' }),
          step({ title: 'Courtesy call', dueDays: 0, dueFrom: 'PREVIOUS_STEP', required: false }),
          step({ title: 'Filing', dueDays: 3, dueUnit: 'CALENDAR', dueFrom: 'PREVIOUS_STEP' }),
          step({ title: 'Calendar days', dueDays: 2, dueUnit: 'CALENDAR' }),
        ],
      },
      admin,
    );
    expect(created.status).toBe(201);
    const templateId: string = created.body.result.id;
    expect(
      (await t.json('POST', `/api/workflow-templates/${templateId}/publish`, undefined, admin)).status,
    ).toBe(200);

    // The start form shows the dates that starting makes.
    const preview = await t.json(
      'GET',
      `/api/workflow-requests/preview?clientId=${household}&templateId=${templateId}`,
      undefined,
      admin,
    );
    expect(preview.body.result.steps[0].dueDate).toBe('2026-12-29');

    // Started Thu 12-24: 2 business days skip Fri 12-25 (holiday), Sat and Sun: Tue 12-29. Two calendar
    // days are Sat 12-26. Steps after a previous step have no date yet.
    const res = await t.json('POST', '/api/workflow-requests', { clientId: household, templateId }, admin);
    expect(res.status).toBe(201);
    const request = res.body.result as WorkflowRequest;
    expect(request.startDate).toBe('2026-12-24');
    expect(dues(request)).toEqual([
      ['Paperwork', '2026-12-29'],
      ['Signature', null],
      ['Courtesy call', null],
      ['Filing', null],
      ['Calendar days', '2026-12-26'],
    ]);
    const stepUrl = (index: number) =>
      `/api/workflow-requests/${request.id}/steps/${request.steps[index]!.id}`;

    // Paperwork done on Thu 12-24: the signature is due 1 business day later, Mon 12-28.
    expect((await t.json('POST', `${stepUrl(0)}/complete`, {}, admin)).status).toBe(200);
    expect(dues(await get(request.id)).slice(1, 4)).toEqual([
      ['Signature', '2026-12-28'],
      ['Courtesy call', null],
      ['Filing', null],
    ]);

    // Signed on Saturday 12-26: 0 business days after a closed day is the next business day, Mon 12-28.
    await moveTo('2026-12-26');
    expect((await t.json('POST', `${stepUrl(1)}/complete`, {}, admin)).status).toBe(200);
    expect(dues(await get(request.id))[2]).toEqual(['Courtesy call', '2026-12-28']);

    // The optional call skipped on Wed 12-30: filing is due 3 calendar days later, Sat 2027-01-02.
    await moveTo('2026-12-30');
    expect((await t.json('POST', `${stepUrl(2)}/skip`, undefined, admin)).status).toBe(200);
    const now = await get(request.id);
    expect(dues(now)[3]).toEqual(['Filing', '2027-01-02']);
    // Paperwork was done; the calendar step (due Sat 12-26) is open and late.
    expect(now.steps.map((s) => s.overdue)).toEqual([false, false, false, false, true]);
    expect(now.overdueCount).toBe(1);
  });
});
