import {
  type FirmHoliday,
  type WorkflowStep,
  type WorkflowTemplate,
  type WorkflowTemplateListQuery,
  type WorkflowTemplateState,
  type WorkflowTemplateSummary,
  type WorkflowTemplateValues,
  type WorkflowVersion,
  WORKFLOW_MESSAGES,
} from '@centric/contracts';
import type { Db } from '../../db/client.ts';
import { type AuditContext, auditWriter } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, fieldConflict, fieldError, notFound } from '../../platform/errors.ts';
import { answerDbRefusals } from '../../platform/pg-errors.ts';
import { runningRequestsOf } from './requests.repository.ts';
import {
  activeUserIds,
  countTemplates,
  deleteDraft,
  deleteHoliday,
  deleteTemplateRow,
  findTemplate,
  insertDraft,
  insertHoliday,
  insertTemplate,
  isWorkflowType,
  latestVersionNumber,
  listHolidays,
  listTemplates,
  publishDraft,
  replaceDraftSteps,
  type StepRow,
  stepCounts,
  stepsOf,
  touchDraft,
  touchTemplate,
  updateTemplateRow,
  versionsOf,
} from './workflows.repository.ts';

const ENTITY = 'workflowTemplate';
const HOLIDAY_ENTITY = 'firmHoliday';

type VersionWithName = Awaited<ReturnType<typeof versionsOf>>[number];

const stepItem = (row: StepRow): WorkflowStep => ({
  id: row.id,
  position: row.position,
  title: row.title,
  description: row.description,
  assigneeKind: row.assigneeKind as WorkflowStep['assigneeKind'],
  assigneeUserId: row.assigneeUserId,
  assigneeUserName: row.assigneeUserName,
  assigneeRole: row.assigneeRole as WorkflowStep['assigneeRole'],
  dueDays: row.dueDays,
  dueUnit: row.dueUnit as WorkflowStep['dueUnit'],
  dueFrom: row.dueFrom as WorkflowStep['dueFrom'],
  required: row.required,
  completionRequirement: row.completionRequirement as WorkflowStep['completionRequirement'],
});

const versionHead = ({ version, publishedByName }: VersionWithName) => ({
  id: version.id,
  version: version.version,
  publishedAt: version.publishedAt?.toISOString() ?? null,
  publishedBy: publishedByName,
  updatedAt: version.updatedAt.toISOString(),
});

const stateOf = (hasCurrent: boolean, hasDraft: boolean): WorkflowTemplateState =>
  !hasCurrent ? 'DRAFT' : hasDraft ? 'PUBLISHED_WITH_DRAFT' : 'PUBLISHED';

type TemplateWithType = NonNullable<Awaited<ReturnType<typeof findTemplate>>>;

/** The draft and the newest published version of a template, among its versions. */
const currentAndDraft = (versions: readonly VersionWithName[], templateId: string) => {
  const own = versions.filter((v) => v.version.templateId === templateId);
  return {
    own,
    draft: own.find((v) => v.version.version === null),
    current: own.find((v) => v.version.version !== null),
  };
};

const summaryOf = (
  row: TemplateWithType,
  versions: readonly VersionWithName[],
  counts: ReadonlyMap<string, number>,
): WorkflowTemplateSummary => {
  const { draft, current } = currentAndDraft(versions, row.template.id);
  const shown = draft ?? current;
  return {
    id: row.template.id,
    name: row.template.name,
    description: row.template.description,
    workflowType: { id: row.template.workflowTypeId, name: row.typeName },
    state: stateOf(current !== undefined, draft !== undefined),
    currentVersion: current?.version.version ?? null,
    stepCount: shown ? (counts.get(shown.version.id) ?? 0) : 0,
    updatedAt: row.template.updatedAt.toISOString(),
  };
};

/** What the audit trail keeps of a template: its fields and the steps of its draft and current version. */
const auditView = (item: WorkflowTemplate) => ({
  name: item.name,
  description: item.description,
  workflowTypeId: item.workflowType.id,
  state: item.state,
  currentVersion: item.currentVersion,
  draftSteps: item.draft?.steps.map(({ assigneeUserName: _name, ...step }) => step) ?? null,
});

export type WorkflowsService = ReturnType<typeof createWorkflowsService>;

export const createWorkflowsService = (deps: { db: Db; clock: Clock }) => {
  const { db, clock } = deps;
  const writeAudit = auditWriter(clock);

  const load = async (conn: Db, id: string, lock = false): Promise<WorkflowTemplate> => {
    const row = await findTemplate(conn, id, lock);
    if (!row) throw notFound(WORKFLOW_MESSAGES.notFound);
    const versions = await versionsOf(conn, [id]);
    const { own, draft, current } = currentAndDraft(versions, id);
    const steps = await stepsOf(
      conn,
      [draft, current].flatMap((v) => (v ? [v.version.id] : [])),
    );
    const withSteps = (v: VersionWithName | undefined): WorkflowVersion | null =>
      v
        ? { ...versionHead(v), steps: steps.filter((s) => s.versionId === v.version.id).map(stepItem) }
        : null;
    const counts = new Map(
      [draft, current].flatMap((v) =>
        v ? [[v.version.id, steps.filter((s) => s.versionId === v.version.id).length] as const] : [],
      ),
    );
    return {
      ...summaryOf(row, versions, counts),
      current: withSteps(current),
      draft: withSteps(draft),
      versions: own.filter((v) => v.version.version !== null).map(versionHead),
      runningRequests: await runningRequestsOf(conn, id),
    };
  };

  /** The type must be a workflow type; each assigned user must exist and be active. */
  const checkReferences = async (conn: Db, body: WorkflowTemplateValues) => {
    if (!(await isWorkflowType(conn, body.workflowTypeId)))
      throw fieldError('workflowTypeId', WORKFLOW_MESSAGES.typeNotFound);
    const userIds = body.steps.flatMap((s) => (s.assigneeUserId ? [s.assigneeUserId] : []));
    const active = await activeUserIds(conn, userIds);
    const index = body.steps.findIndex((s) => s.assigneeUserId !== null && !active.has(s.assigneeUserId));
    if (index >= 0) throw fieldError(`steps.${index}.assigneeUserId`, WORKFLOW_MESSAGES.assigneeUserNotFound);
  };

  /** A taken name (the unique index, whatever its case) is a 409 on the name field. */
  const guardUnique = <T>(work: () => Promise<T>) =>
    answerDbRefusals(work, { unique: () => fieldConflict('name', WORKFLOW_MESSAGES.duplicateName) });

  const fields = (body: WorkflowTemplateValues) => ({
    name: body.name,
    description: body.description,
    workflowTypeId: body.workflowTypeId,
  });

  /** A change of a template's versions under its lock, audited with the template before and after. */
  const changeVersions = (
    id: string,
    context: AuditContext,
    action: string,
    change: (tx: Db, before: WorkflowTemplate, at: Date) => Promise<void>,
  ) =>
    db.transaction(async (tx) => {
      const before = await load(tx, id, true);
      const at = clock.now();
      await change(tx, before, at);
      await touchTemplate(tx, id, at);
      const after = await load(tx, id);
      await writeAudit(tx, context, {
        action,
        entity: ENTITY,
        entityId: id,
        before: auditView(before),
        after: auditView(after),
      });
      return after;
    });

  return {
    async list(query: WorkflowTemplateListQuery) {
      const [rows, total] = await Promise.all([listTemplates(db, query), countTemplates(db, query)]);
      const versions = await versionsOf(
        db,
        rows.map((r) => r.template.id),
      );
      const counts = await stepCounts(
        db,
        versions.map((v) => v.version.id),
      );
      return { items: rows.map((row) => summaryOf(row, versions, counts)), total };
    },

    get: (id: string) => load(db, id),

    /** A new template starts as a draft (never published): its steps are the draft's. */
    async create(body: WorkflowTemplateValues, context: AuditContext) {
      return guardUnique(() =>
        db.transaction(async (tx) => {
          await checkReferences(tx, body);
          const stray = body.steps.findIndex((s) => s.id !== undefined);
          if (stray >= 0) throw fieldError(`steps.${stray}.id`, WORKFLOW_MESSAGES.stepNotFound);
          const at = clock.now();
          const id = await insertTemplate(tx, { ...fields(body), createdBy: context.actorId });
          const draftId = await insertDraft(tx, id, at);
          await replaceDraftSteps(
            tx,
            draftId,
            body.steps.map((s) => ({ ...s, keep: false })),
          );
          const item = await load(tx, id);
          await writeAudit(tx, context, {
            action: 'CREATE',
            entity: ENTITY,
            entityId: id,
            after: auditView(item),
          });
          return item;
        }),
      );
    },

    /**
     * Saves the template's fields and its steps into the draft, in the order sent (the stored positions).
     * With no draft, one is made from the steps sent, whose ids (when given) name the current version's
     * steps; the published version itself is never written.
     */
    async update(id: string, body: WorkflowTemplateValues, context: AuditContext) {
      return guardUnique(() =>
        db.transaction(async (tx) => {
          const before = await load(tx, id, true);
          await checkReferences(tx, body);
          const source = before.draft ?? before.current;
          const known = new Set(source?.steps.map((s) => s.id) ?? []);
          const unknown = body.steps.findIndex((s) => s.id !== undefined && !known.has(s.id));
          if (unknown >= 0) throw fieldError(`steps.${unknown}.id`, WORKFLOW_MESSAGES.stepNotFound);
          const at = clock.now();
          const draftId = before.draft?.id ?? (await insertDraft(tx, id, at));
          await replaceDraftSteps(
            tx,
            draftId,
            body.steps.map((s) => ({ ...s, keep: before.draft !== null })),
          );
          await touchDraft(tx, draftId, at);
          await updateTemplateRow(tx, id, fields(body), at);
          const after = await load(tx, id);
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: ENTITY,
            entityId: id,
            before: auditView(before),
            after: auditView(after),
          });
          return after;
        }),
      );
    },

    /** The draft becomes the next version; requests already running keep theirs (issue 18 §1). */
    publish: (id: string, context: AuditContext) =>
      changeVersions(id, context, 'PUBLISH', async (tx, before, at) => {
        if (!before.draft) throw conflict(WORKFLOW_MESSAGES.nothingToPublish);
        const version = (await latestVersionNumber(tx, id)) + 1;
        await publishDraft(tx, before.draft.id, { version, at, by: context.actorId });
      }),

    /** Drops the draft of a published template (its current version stays as it is). */
    discardDraft: (id: string, context: AuditContext) =>
      changeVersions(id, context, 'DISCARD_DRAFT', async (tx, before) => {
        if (!before.draft) throw conflict(WORKFLOW_MESSAGES.noDraft);
        if (!before.current) throw conflict(WORKFLOW_MESSAGES.onlyDraftIsTemplate);
        await deleteDraft(tx, before.draft.id);
      }),

    async remove(id: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        const before = await load(tx, id, true);
        await deleteTemplateRow(tx, id);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: ENTITY,
          entityId: id,
          before: { ...auditView(before), currentSteps: before.current?.steps ?? null },
        });
      });
    },

    holidays: (): Promise<FirmHoliday[]> => listHolidays(db),

    /** The holidays as a set of yyyy-MM-dd dates, what business-day arithmetic skips. */
    async holidaySet(conn: Db = db) {
      return new Set((await listHolidays(conn)).map((h) => h.date));
    },

    async addHoliday(body: FirmHoliday, context: AuditContext) {
      await answerDbRefusals(
        () =>
          db.transaction(async (tx) => {
            await insertHoliday(tx, body);
            await writeAudit(tx, context, {
              action: 'CREATE',
              entity: HOLIDAY_ENTITY,
              entityId: body.date,
              after: body,
            });
          }),
        { unique: () => fieldConflict('date', WORKFLOW_MESSAGES.holidayDuplicate) },
      );
      return body;
    },

    async removeHoliday(date: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        const removed = await deleteHoliday(tx, date);
        if (!removed) throw notFound(WORKFLOW_MESSAGES.holidayNotFound);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: HOLIDAY_ENTITY,
          entityId: date,
          before: removed,
        });
      });
    },
  };
};
