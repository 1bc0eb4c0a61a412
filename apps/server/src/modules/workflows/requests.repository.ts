import type { WorkflowRequestListQuery } from '@centric/contracts';
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  householdAdvisors,
  households,
  masterDataItems,
  users,
  workflowRequests,
  workflowRequestSteps,
  workflowTemplates,
  workflowTemplateVersions,
} from '../../db/schema/index.ts';

export type RequestStepRow = typeof workflowRequestSteps.$inferSelect;
export type NewRequestStep = typeof workflowRequestSteps.$inferInsert;

const startedBy = alias(users, 'started_by_user');
const rejectedBy = alias(users, 'rejected_by_user');

const requestColumns = {
  request: workflowRequests,
  name: workflowTemplates.name,
  workflowTypeId: workflowTemplates.workflowTypeId,
  typeName: masterDataItems.name,
  version: workflowTemplateVersions.version,
  householdName: households.name,
  startedByName: startedBy.fullName,
  rejectedByName: rejectedBy.fullName,
};
export type RequestRow = {
  request: typeof workflowRequests.$inferSelect;
  name: string;
  workflowTypeId: number;
  typeName: string;
  version: number | null;
  householdName: string;
  startedByName: string | null;
  rejectedByName: string | null;
};

const hasStep = (condition: SQL) =>
  sql`exists (select 1 from ${workflowRequestSteps} where ${workflowRequestSteps.requestId} = ${workflowRequests.id} and ${condition})`;

/** The request has an open step of this user (what the badge and `mine` count). */
export const openStepOf = (userId: string) =>
  hasStep(sql`${workflowRequestSteps.assigneeId} = ${userId} and ${workflowRequestSteps.status} = 'OPEN'`);

const overdueStep = (today: string) =>
  hasStep(sql`${workflowRequestSteps.status} = 'OPEN' and ${workflowRequestSteps.dueDate} < ${today}::date`);

const listConditions = (query: WorkflowRequestListQuery, callerId: string, today: string) =>
  and(
    eq(workflowRequests.status, query.filterBy),
    query.clientId ? eq(workflowRequests.householdId, query.clientId) : undefined,
    query.workflowTypeId !== undefined
      ? eq(workflowTemplates.workflowTypeId, query.workflowTypeId)
      : undefined,
    query.assigneeId ? hasStep(sql`${workflowRequestSteps.assigneeId} = ${query.assigneeId}`) : undefined,
    query.overdue ? overdueStep(today) : undefined,
    query.mine ? openStepOf(callerId) : undefined,
  );

const requestQuery = (db: Db) =>
  db
    .select(requestColumns)
    .from(workflowRequests)
    .innerJoin(workflowTemplates, eq(workflowTemplates.id, workflowRequests.templateId))
    .innerJoin(masterDataItems, eq(masterDataItems.id, workflowTemplates.workflowTypeId))
    .innerJoin(workflowTemplateVersions, eq(workflowTemplateVersions.id, workflowRequests.versionId))
    .innerJoin(households, eq(households.id, workflowRequests.householdId))
    .leftJoin(startedBy, eq(startedBy.id, workflowRequests.startedBy))
    .leftJoin(rejectedBy, eq(rejectedBy.id, workflowRequests.rejectedBy));

/** A page of requests: in progress by start (newest first), finished ones by when they finished. */
export const listRequests = (db: Db, query: WorkflowRequestListQuery, callerId: string, today: string) =>
  requestQuery(db)
    .where(listConditions(query, callerId, today))
    .orderBy(
      query.filterBy === 'IN_PROGRESS' ? desc(workflowRequests.startedAt) : desc(workflowRequests.finishedAt),
      asc(workflowRequests.id),
    )
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);

export const countRequests = async (
  db: Db,
  query: WorkflowRequestListQuery,
  callerId: string,
  today: string,
) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(workflowRequests)
    .innerJoin(workflowTemplates, eq(workflowTemplates.id, workflowRequests.templateId))
    .where(listConditions(query, callerId, today));
  return Number(row?.n ?? 0);
};

export const findRequest = async (db: Db, id: string, lock = false) => {
  const query = requestQuery(db).where(eq(workflowRequests.id, id));
  const [row] = lock ? await query.for('update', { of: workflowRequests }) : await query;
  return row;
};

const completer = alias(users, 'completed_by_user');

export type RequestStepWithNames = RequestStepRow & { assigneeName: string; completedByName: string | null };

/** The steps of the given requests by position, with the assignee's and the completer's names. */
export const stepsOfRequests = async (
  db: Db,
  requestIds: readonly string[],
): Promise<RequestStepWithNames[]> => {
  if (requestIds.length === 0) return [];
  const rows = await db
    .select({
      step: workflowRequestSteps,
      assigneeName: users.fullName,
      completedByName: completer.fullName,
    })
    .from(workflowRequestSteps)
    .innerJoin(users, eq(users.id, workflowRequestSteps.assigneeId))
    .leftJoin(completer, eq(completer.id, workflowRequestSteps.completedBy))
    .where(inArray(workflowRequestSteps.requestId, [...requestIds]))
    .orderBy(asc(workflowRequestSteps.requestId), asc(workflowRequestSteps.position));
  return rows.map((r) => ({ ...r.step, assigneeName: r.assigneeName, completedByName: r.completedByName }));
};

export const insertRequest = async (db: Db, values: typeof workflowRequests.$inferInsert) => {
  const [row] = await db.insert(workflowRequests).values(values).returning({ id: workflowRequests.id });
  if (!row) throw new Error('workflow request insert returned no row');
  return row.id;
};

export const insertRequestSteps = (db: Db, values: NewRequestStep[]) =>
  db.insert(workflowRequestSteps).values(values);

export const updateRequestStep = (db: Db, id: string, values: Partial<NewRequestStep>) =>
  db.update(workflowRequestSteps).set(values).where(eq(workflowRequestSteps.id, id));

export const updateRequestRow = (db: Db, id: string, values: Partial<typeof workflowRequests.$inferInsert>) =>
  db.update(workflowRequests).set(values).where(eq(workflowRequests.id, id));

/** The newest published version of a template, with the template's name. */
export const currentVersionOf = async (db: Db, templateId: string) => {
  const [row] = await db
    .select({
      id: workflowTemplateVersions.id,
      version: workflowTemplateVersions.version,
      name: workflowTemplates.name,
    })
    .from(workflowTemplateVersions)
    .innerJoin(workflowTemplates, eq(workflowTemplates.id, workflowTemplateVersions.templateId))
    .where(
      and(eq(workflowTemplateVersions.templateId, templateId), isNotNull(workflowTemplateVersions.version)),
    )
    .orderBy(desc(workflowTemplateVersions.version))
    .limit(1);
  return row;
};

/** Templates with a published version (what a request can start from), by name. */
export const startableTemplates = (db: Db) =>
  db
    .select({
      id: workflowTemplates.id,
      name: workflowTemplates.name,
      description: workflowTemplates.description,
      workflowTypeId: workflowTemplates.workflowTypeId,
      typeName: masterDataItems.name,
      version: sql<number>`max(${workflowTemplateVersions.version})::int`,
    })
    .from(workflowTemplates)
    .innerJoin(masterDataItems, eq(masterDataItems.id, workflowTemplates.workflowTypeId))
    .innerJoin(workflowTemplateVersions, eq(workflowTemplateVersions.templateId, workflowTemplates.id))
    .where(isNotNull(workflowTemplateVersions.version))
    .groupBy(workflowTemplates.id, masterDataItems.name)
    .orderBy(workflowTemplates.searchName);

/** A household's advisor roles held by active users, with their names. */
export const householdRoleUsers = async (db: Db, householdId: string) => {
  const rows = await db
    .select({ role: householdAdvisors.role, id: users.id, fullName: users.fullName })
    .from(householdAdvisors)
    .innerJoin(users, and(eq(users.id, householdAdvisors.userId), eq(users.status, 'ACTIVE')))
    .where(eq(householdAdvisors.householdId, householdId));
  return new Map(rows.map((r) => [r.role, { id: r.id, fullName: r.fullName }]));
};

/** Active users by id, with their names. */
export const activeUsersByIds = async (db: Db, ids: readonly string[]) => {
  if (ids.length === 0) return new Map<string, { id: string; fullName: string }>();
  const rows = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.status, 'ACTIVE')));
  return new Map(rows.map((r) => [r.id, r]));
};

/** A finished (not a draft) household, or undefined. */
export const findHousehold = async (db: Db, id: string) => {
  const [row] = await db
    .select({ id: households.id, name: households.name })
    .from(households)
    .where(and(eq(households.id, id), eq(households.draft, false)));
  return row;
};

/**
 * The requests in progress in which the user has an open step: the sidebar badge and the user details'
 * `openWorkflowReqcount`.
 */
export const countOpenRequestsOf = async (db: Db, userId: string) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(workflowRequests)
    .where(and(eq(workflowRequests.status, 'IN_PROGRESS'), openStepOf(userId)));
  return Number(row?.n ?? 0);
};

/** Requests of the template in progress: they stay on their version when a new one is published. */
export const runningRequestsOf = async (db: Db, templateId: string) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(workflowRequests)
    .where(and(eq(workflowRequests.templateId, templateId), eq(workflowRequests.status, 'IN_PROGRESS')));
  return Number(row?.n ?? 0);
};
