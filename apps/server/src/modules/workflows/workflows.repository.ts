import type { WorkflowTemplateListQuery, WorkflowStepValues } from '@centric/contracts';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  firmHolidays,
  masterDataItems,
  users,
  workflowTemplates,
  workflowTemplateSteps,
  workflowTemplateVersions,
} from '../../db/schema/index.ts';
import { likePattern } from '../../platform/sql-like.ts';

export type TemplateRow = typeof workflowTemplates.$inferSelect;
export type VersionRow = typeof workflowTemplateVersions.$inferSelect;
export type StepRow = typeof workflowTemplateSteps.$inferSelect & { assigneeUserName: string | null };
export type TemplateValues = { name: string; description: string | null; workflowTypeId: number };

const listConditions = (query: Pick<WorkflowTemplateListQuery, 'search' | 'workflowTypeId'>) => {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) {
    const pattern = likePattern(query.search.toLowerCase());
    conditions.push(
      sql`(${workflowTemplates.searchName} like ${pattern} or ${workflowTemplates.description} ilike ${pattern})`,
    );
  }
  if (query.workflowTypeId !== undefined)
    conditions.push(eq(workflowTemplates.workflowTypeId, query.workflowTypeId));
  return and(...conditions);
};

const templateColumns = {
  template: workflowTemplates,
  typeName: masterDataItems.name,
};

export const listTemplates = (db: Db, query: WorkflowTemplateListQuery) => {
  const direction = query.order === 'DESC' ? desc : asc;
  const column =
    query.sortBy === 'workflowType'
      ? sql`lower(${masterDataItems.name})`
      : query.sortBy === 'updatedAt'
        ? workflowTemplates.updatedAt
        : workflowTemplates.searchName;
  return db
    .select(templateColumns)
    .from(workflowTemplates)
    .innerJoin(masterDataItems, eq(masterDataItems.id, workflowTemplates.workflowTypeId))
    .where(listConditions(query))
    .orderBy(direction(column), asc(workflowTemplates.searchName), asc(workflowTemplates.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
};

export const countTemplates = async (db: Db, query: WorkflowTemplateListQuery) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(workflowTemplates)
    .where(listConditions(query));
  return Number(row?.n ?? 0);
};

export const findTemplate = async (db: Db, id: string, lock = false) => {
  const query = db
    .select(templateColumns)
    .from(workflowTemplates)
    .innerJoin(masterDataItems, eq(masterDataItems.id, workflowTemplates.workflowTypeId))
    .where(eq(workflowTemplates.id, id));
  const [row] = lock ? await query.for('update', { of: workflowTemplates }) : await query;
  return row;
};

/** Every version of the given templates (drafts included), newest number first, the draft last. */
export const versionsOf = (db: Db, templateIds: readonly string[]) =>
  templateIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ version: workflowTemplateVersions, publishedByName: users.fullName })
        .from(workflowTemplateVersions)
        .leftJoin(users, eq(users.id, workflowTemplateVersions.publishedBy))
        .where(inArray(workflowTemplateVersions.templateId, [...templateIds]))
        .orderBy(sql`${workflowTemplateVersions.version} desc nulls last`);

/** The steps of the given versions by position, with the assigned user's name. */
export const stepsOf = async (db: Db, versionIds: readonly string[]): Promise<StepRow[]> => {
  if (versionIds.length === 0) return [];
  const rows = await db
    .select({ step: workflowTemplateSteps, assigneeUserName: users.fullName })
    .from(workflowTemplateSteps)
    .leftJoin(users, eq(users.id, workflowTemplateSteps.assigneeUserId))
    .where(inArray(workflowTemplateSteps.versionId, [...versionIds]))
    .orderBy(asc(workflowTemplateSteps.versionId), asc(workflowTemplateSteps.position));
  return rows.map((r) => ({ ...r.step, assigneeUserName: r.assigneeUserName }));
};

/** How many steps each version has. */
export const stepCounts = async (db: Db, versionIds: readonly string[]) => {
  if (versionIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ versionId: workflowTemplateSteps.versionId, n: sql<number>`count(*)::int` })
    .from(workflowTemplateSteps)
    .where(inArray(workflowTemplateSteps.versionId, [...versionIds]))
    .groupBy(workflowTemplateSteps.versionId);
  return new Map(rows.map((r) => [r.versionId, Number(r.n)]));
};

export const insertTemplate = async (db: Db, values: TemplateValues & { createdBy: string | null }) => {
  const [row] = await db.insert(workflowTemplates).values(values).returning({ id: workflowTemplates.id });
  if (!row) throw new Error('workflow template insert returned no row');
  return row.id;
};

export const updateTemplateRow = (db: Db, id: string, values: TemplateValues, at: Date) =>
  db
    .update(workflowTemplates)
    .set({ ...values, updatedAt: at })
    .where(eq(workflowTemplates.id, id));

export const touchTemplate = (db: Db, id: string, at: Date) =>
  db.update(workflowTemplates).set({ updatedAt: at }).where(eq(workflowTemplates.id, id));

export const deleteTemplateRow = (db: Db, id: string) =>
  db.delete(workflowTemplates).where(eq(workflowTemplates.id, id));

export const insertDraft = async (db: Db, templateId: string, at: Date) => {
  const [row] = await db
    .insert(workflowTemplateVersions)
    .values({ templateId, createdAt: at, updatedAt: at })
    .returning({ id: workflowTemplateVersions.id });
  if (!row) throw new Error('workflow draft insert returned no row');
  return row.id;
};

export const touchDraft = (db: Db, versionId: string, at: Date) =>
  db
    .update(workflowTemplateVersions)
    .set({ updatedAt: at })
    .where(and(eq(workflowTemplateVersions.id, versionId), isNull(workflowTemplateVersions.version)));

/** The draft becomes version `version`: only a draft (version null) is ever written this way. */
export const publishDraft = (
  db: Db,
  versionId: string,
  values: { version: number; at: Date; by: string | null },
) =>
  db
    .update(workflowTemplateVersions)
    .set({ version: values.version, publishedAt: values.at, publishedBy: values.by, updatedAt: values.at })
    .where(and(eq(workflowTemplateVersions.id, versionId), isNull(workflowTemplateVersions.version)));

export const deleteDraft = (db: Db, versionId: string) =>
  db
    .delete(workflowTemplateVersions)
    .where(and(eq(workflowTemplateVersions.id, versionId), isNull(workflowTemplateVersions.version)));

export const latestVersionNumber = async (db: Db, templateId: string) => {
  const [row] = await db
    .select({ n: sql<number | null>`max(${workflowTemplateVersions.version})` })
    .from(workflowTemplateVersions)
    .where(
      and(eq(workflowTemplateVersions.templateId, templateId), isNotNull(workflowTemplateVersions.version)),
    );
  return row?.n === null || row?.n === undefined ? 0 : Number(row.n);
};

/** A step's columns at its position (the editor's saves and the demo seed write the same). */
export const stepColumns = (step: WorkflowStepValues, position: number) => ({
  position,
  title: step.title,
  description: step.description,
  assigneeKind: step.assigneeKind,
  assigneeUserId: step.assigneeUserId,
  assigneeRole: step.assigneeRole,
  dueDays: step.dueDays,
  dueUnit: step.dueUnit,
  dueFrom: step.dueFrom,
  required: step.required,
  completionRequirement: step.completionRequirement,
});

/**
 * Writes a draft's steps as sent, in their order: steps with an id of the draft are updated, the others
 * added, the draft's steps not sent deleted. Positions are moved out of the way first (the (version,
 * position) index is unique), then set to 0, 1, 2 … in the sent order.
 */
export const replaceDraftSteps = async (
  db: Db,
  versionId: string,
  steps: readonly (WorkflowStepValues & { keep: boolean })[],
) => {
  const kept = steps.filter((s) => s.keep && s.id !== undefined).map((s) => s.id as string);
  await db
    .delete(workflowTemplateSteps)
    .where(
      and(
        eq(workflowTemplateSteps.versionId, versionId),
        kept.length > 0 ? sql`${workflowTemplateSteps.id} not in ${kept}` : undefined,
      ),
    );
  await db
    .update(workflowTemplateSteps)
    .set({ position: sql`${workflowTemplateSteps.position} + 1000` })
    .where(eq(workflowTemplateSteps.versionId, versionId));
  for (const [position, step] of steps.entries()) {
    if (step.keep && step.id !== undefined) {
      await db
        .update(workflowTemplateSteps)
        .set(stepColumns(step, position))
        .where(and(eq(workflowTemplateSteps.id, step.id), eq(workflowTemplateSteps.versionId, versionId)));
    } else {
      await db.insert(workflowTemplateSteps).values({ versionId, ...stepColumns(step, position) });
    }
  }
};

/** Which of the given users exist and are active. */
export const activeUserIds = async (db: Db, ids: readonly string[]) => {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.status, 'ACTIVE')));
  return new Set(rows.map((r) => r.id));
};

export const isWorkflowType = async (db: Db, id: number) => {
  const [row] = await db
    .select({ id: masterDataItems.id })
    .from(masterDataItems)
    .where(and(eq(masterDataItems.id, id), eq(masterDataItems.type, 'workflow-types')));
  return row !== undefined;
};

export const listHolidays = (db: Db) =>
  db
    .select({ date: firmHolidays.date, name: firmHolidays.name })
    .from(firmHolidays)
    .orderBy(asc(firmHolidays.date));

export const insertHoliday = (db: Db, values: { date: string; name: string }) =>
  db.insert(firmHolidays).values(values);

export const deleteHoliday = async (db: Db, date: string) => {
  const rows = await db
    .delete(firmHolidays)
    .where(eq(firmHolidays.date, date))
    .returning({ date: firmHolidays.date, name: firmHolidays.name });
  return rows[0];
};
