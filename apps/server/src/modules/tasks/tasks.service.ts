import {
  dueStateOn,
  isAllowed,
  periodRange,
  priorityNumber,
  priorityOfNumber,
  RECURRENCE_UNIT_LABELS,
  TASK_MESSAGES,
  taskOccurrence,
  type createClientTaskBodySchema,
  type createTaskBodySchema,
  type RecurrenceUnit,
  type Task,
  type TaskStatus,
  type taskListQuerySchema,
  type updateTaskBodySchema,
} from '@centric/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { auditWriter, changedFields, type AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { fieldError, forbidden, notFound } from '../../platform/errors.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { lockHousehold } from '../../platform/households.ts';
import type { Notifications } from '../../platform/notifications.ts';
import { loadPermissions } from '../../platform/permissions.ts';
import { recordLinksService } from '../../platform/record-links.ts';
import {
  assignableUser,
  deleteTaskRow,
  findTaskDetails,
  householdOfTask,
  insertTask,
  listTasks,
  lockTask,
  hasNextOccurrence,
  taskTypeName,
  updateTaskRow,
  type TaskDetailRow,
  type TaskRow,
} from './tasks.repository.ts';

/** Who asks: their id (the default assignee, the notifier) and role (households need clients read). */
export type Viewer = { userId: string; roleId: number };

type ListQuery = z.output<typeof taskListQuerySchema>;

const recurrenceText = (unit: string | null, every: number | null, anchor: string | null) =>
  unit && every && anchor
    ? `Every ${every} ${RECURRENCE_UNIT_LABELS[unit as RecurrenceUnit].toLowerCase()}${every === 1 ? '' : 's'} from ${anchor}`
    : null;

/** What the audit trail keeps of a task: readable values (the type's name, LOW/MEDIUM/HIGH). */
const auditSnapshot = (task: TaskRow, typeName: string, clientId: string | null) => ({
  description: task.description,
  type: typeName,
  dueDate: task.dueDate,
  priority: priorityOfNumber(task.priority),
  assigneeId: task.assigneeId,
  status: task.status,
  recurrence: recurrenceText(task.recurrenceUnit, task.recurrenceEvery, task.recurrenceAnchor),
  clientId,
});

export const createTasksService = (deps: {
  db: Db;
  clock: Clock;
  today: FirmToday;
  notifications: Pick<Notifications, 'notify'>;
}) => {
  const { db, clock, today, notifications } = deps;
  const writeAudit = auditWriter(clock);

  const mayReadHouseholds = async (viewer: Viewer) =>
    isAllowed(await loadPermissions(db, viewer.roleId), 'clients', 'read');

  const toTask = (row: TaskDetailRow, day: string, showHousehold: boolean): Task => {
    const t = row.task;
    return {
      id: t.id,
      description: t.description,
      type: { id: t.typeId, name: row.typeName },
      dueDate: t.dueDate,
      dueState: dueStateOn(t.dueDate, day),
      priority: priorityOfNumber(t.priority),
      status: t.status as TaskStatus,
      completedAt: t.completedAt?.toISOString() ?? null,
      assignee: { id: t.assigneeId, fullName: row.assigneeName },
      household:
        showHousehold && row.householdId && row.householdName !== null
          ? { id: row.householdId, name: row.householdName }
          : null,
      recurrence:
        t.recurrenceUnit && t.recurrenceEvery && t.recurrenceAnchor
          ? {
              unit: t.recurrenceUnit as RecurrenceUnit,
              every: t.recurrenceEvery,
              anchor: t.recurrenceAnchor,
              index: t.recurrenceIndex ?? 0,
            }
          : null,
      createdBy: { id: t.createdBy, fullName: row.creatorName },
      createdAt: t.createdAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
    };
  };

  const get = async (id: string, viewer: Viewer) => {
    const [row] = await findTaskDetails(db, [id]);
    if (!row) throw notFound(TASK_MESSAGES.notFound);
    return toTask(row, today(), await mayReadHouseholds(viewer));
  };

  /** A household to link: the viewer must be allowed to read households; 404 when it does not exist. */
  const householdToLink = async (tx: Db, clientId: string, canReadHouseholds: boolean) => {
    if (!canReadHouseholds) throw forbidden();
    return lockHousehold(tx, clientId);
  };

  const assertType = async (tx: Db, typeId: number) => {
    const name = await taskTypeName(tx, typeId);
    if (name === null) throw fieldError('typeId', TASK_MESSAGES.typeNotFound);
    return name;
  };

  const assertAssignee = async (tx: Db, id: string) => {
    const user = await assignableUser(tx, id);
    if (!user) throw fieldError('assigneeId', TASK_MESSAGES.assigneeNotFound);
    return user;
  };

  /** TASK_ASSIGNED to the assignee (never to whoever assigned it to themselves), once per task and user. */
  const notifyAssignee = async (
    tx: Db,
    task: Pick<TaskRow, 'id' | 'assigneeId' | 'description' | 'dueDate'>,
    householdId: string | null,
    actor: { id: string; fullName: string | null },
  ) =>
    notifications.notify(tx, [
      {
        userId: task.assigneeId,
        kind: 'TASK_ASSIGNED',
        causeKey: `task-assigned:${task.id}:${task.assigneeId}`,
        title: `${actor.fullName ?? 'Someone'} assigned you a task`,
        body: `${task.description} (due ${task.dueDate})`,
        link: householdId ? `/client-detail/${householdId}` : '/dashboard?tab=updates&subTab=tasks',
        actorId: actor.id,
      },
    ]);

  const actorName = async (tx: Db, viewer: Viewer) =>
    (await assignableUser(tx, viewer.userId))?.fullName ?? null;

  /**
   * Marks a task done and, when it repeats, creates occurrence n + 1 from the anchor (never from the due
   * date), once: the row is locked, a task already done changes nothing, and an occurrence already there
   * (completed, reopened, completed again) is not made twice.
   */
  const completeLocked = async (tx: Db, task: TaskRow, householdId: string | null) => {
    await updateTaskRow(tx, task.id, { status: 'DONE', completedAt: clock.now() }, clock.now());
    if (!task.recurrenceUnit || !task.recurrenceEvery || !task.recurrenceAnchor) return null;
    const index = (task.recurrenceIndex ?? 0) + 1;
    // The row is locked: a concurrent completion waits here and then finds the occurrence made.
    if (await hasNextOccurrence(tx, task.id)) return null;
    const next = await insertTask(tx, {
      description: task.description,
      typeId: task.typeId,
      dueDate: taskOccurrence(
        task.recurrenceAnchor,
        task.recurrenceUnit as RecurrenceUnit,
        task.recurrenceEvery,
        index,
      ),
      priority: task.priority,
      assigneeId: task.assigneeId,
      status: 'OPEN',
      recurrenceUnit: task.recurrenceUnit,
      recurrenceEvery: task.recurrenceEvery,
      recurrenceAnchor: task.recurrenceAnchor,
      recurrenceIndex: index,
      previousId: task.id,
      createdBy: task.createdBy,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    if (householdId)
      await recordLinksService.link(tx, { kind: 'task', id: next.id }, [
        { kind: 'household', id: householdId },
      ]);
    return next;
  };

  return {
    get,

    async list(query: ListQuery, viewer: Viewer, householdId?: string) {
      const canReadHouseholds = await mayReadHouseholds(viewer);
      const clientId = householdId ?? query.clientId;
      if (clientId && !canReadHouseholds) throw forbidden();
      const day = today();
      const { rows, total } = await listTasks(db, {
        assigneeId: query.assigneeId,
        status: query.status,
        householdId: clientId,
        due: query.duration ? { ...periodRange(query.duration, day), today: day } : undefined,
        sortBy: query.sortBy,
        order: query.order,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { items: rows.map((r) => toTask(r, day, canReadHouseholds)), total };
    },

    async create(
      body: z.output<typeof createTaskBodySchema> | z.output<typeof createClientTaskBodySchema>,
      clientId: string | null,
      viewer: Viewer,
      context: AuditContext,
    ) {
      const canReadHouseholds = await mayReadHouseholds(viewer);
      const id = await db.transaction(async (tx) => {
        const household = clientId ? await householdToLink(tx, clientId, canReadHouseholds) : null;
        const typeName = await assertType(tx, body.typeId);
        const assigneeId = body.assigneeId ?? viewer.userId;
        await assertAssignee(tx, assigneeId);
        const recurrence = body.recurrence ?? null;
        const task = await insertTask(tx, {
          description: body.description,
          typeId: body.typeId,
          dueDate: body.dueDate,
          priority: priorityNumber(body.priority ?? 'MEDIUM'),
          assigneeId,
          status: 'OPEN',
          recurrenceUnit: recurrence?.unit ?? null,
          recurrenceEvery: recurrence?.every ?? null,
          recurrenceAnchor: recurrence ? body.dueDate : null,
          recurrenceIndex: recurrence ? 0 : null,
          createdBy: viewer.userId,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        });
        if (household) {
          await recordLinksService.link(tx, { kind: 'task', id: task.id }, [
            { kind: 'household', id: household.id },
          ]);
        }
        await writeAudit(tx, context, {
          action: 'CREATE',
          entity: 'task',
          entityId: task.id,
          after: auditSnapshot(task, typeName, household?.id ?? null),
        });
        if (assigneeId !== viewer.userId) {
          await notifyAssignee(tx, task, household?.id ?? null, {
            id: viewer.userId,
            fullName: await actorName(tx, viewer),
          });
        }
        return task.id;
      });
      return get(id, viewer);
    },

    async update(
      id: string,
      body: z.output<typeof updateTaskBodySchema>,
      viewer: Viewer,
      context: AuditContext,
    ) {
      const canReadHouseholds = await mayReadHouseholds(viewer);
      const result = await db.transaction(async (tx) => {
        const task = await lockTask(tx, id);
        if (!task) throw notFound(TASK_MESSAGES.notFound);
        const currentHousehold = await householdOfTask(tx, id);
        const householdChanges =
          body.clientId !== undefined && body.clientId !== (currentHousehold?.id ?? null);
        let household = currentHousehold;
        if (householdChanges) {
          if (!canReadHouseholds) throw forbidden();
          household = body.clientId ? await lockHousehold(tx, body.clientId) : null;
        }
        const currentTypeName = (await taskTypeName(tx, task.typeId, { activeOnly: false })) ?? '';
        const typeName =
          body.typeId !== undefined && body.typeId !== task.typeId
            ? await assertType(tx, body.typeId)
            : currentTypeName;
        if (body.assigneeId !== undefined && body.assigneeId !== task.assigneeId) {
          await assertAssignee(tx, body.assigneeId);
        }
        const dueDate = body.dueDate ?? task.dueDate;
        // A new due date or a new rule starts the series again from that date (its new anchor).
        const recurrenceChanges =
          body.recurrence !== undefined &&
          ((body.recurrence?.unit ?? null) !== task.recurrenceUnit ||
            (body.recurrence?.every ?? null) !== task.recurrenceEvery);
        const reanchor = recurrenceChanges || dueDate !== task.dueDate;
        const recurrence =
          body.recurrence !== undefined
            ? body.recurrence
            : task.recurrenceUnit && task.recurrenceEvery
              ? { unit: task.recurrenceUnit as RecurrenceUnit, every: task.recurrenceEvery }
              : null;
        const fields: Partial<TaskRow> = {
          description: body.description ?? task.description,
          typeId: body.typeId ?? task.typeId,
          dueDate,
          priority: body.priority ? priorityNumber(body.priority) : task.priority,
          assigneeId: body.assigneeId ?? task.assigneeId,
          ...(reanchor
            ? {
                recurrenceUnit: recurrence?.unit ?? null,
                recurrenceEvery: recurrence?.every ?? null,
                recurrenceAnchor: recurrence ? dueDate : null,
                recurrenceIndex: recurrence ? 0 : null,
              }
            : {}),
        };
        const completing = body.status === 'DONE' && task.status !== 'DONE';
        const reopening = body.status === 'OPEN' && task.status === 'DONE';
        const updated: TaskRow = {
          ...task,
          ...fields,
          ...(completing ? { status: 'DONE' } : reopening ? { status: 'OPEN', completedAt: null } : {}),
        };
        const before = auditSnapshot(task, currentTypeName, currentHousehold?.id ?? null);
        const after = auditSnapshot(updated, typeName, household?.id ?? null);
        const diff = changedFields(before, after);
        if (!diff.changed) return { next: null, completed: false, reopened: false };
        await updateTaskRow(
          tx,
          id,
          { ...fields, ...(reopening ? { status: 'OPEN', completedAt: null } : {}) },
          clock.now(),
        );
        if (householdChanges) {
          await recordLinksService.setLinks(
            tx,
            { kind: 'task', id },
            household ? [{ kind: 'household', id: household.id }] : [],
          );
        }
        const next = completing ? await completeLocked(tx, updated, household?.id ?? null) : null;
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: 'task',
          entityId: id,
          before: diff.before,
          after: diff.after,
        });
        if (next) {
          await writeAudit(tx, context, {
            action: 'CREATE',
            entity: 'task',
            entityId: next.id,
            after: auditSnapshot(next, typeName, household?.id ?? null),
          });
        }
        if (updated.assigneeId !== task.assigneeId && updated.assigneeId !== viewer.userId) {
          await notifyAssignee(tx, updated, household?.id ?? null, {
            id: viewer.userId,
            fullName: await actorName(tx, viewer),
          });
        }
        return { next, completed: completing, reopened: reopening };
      });
      const task = await get(id, viewer);
      return {
        ...result,
        task: { ...task, nextOccurrence: result.next ? await get(result.next.id, viewer) : null },
      };
    },

    async remove(id: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        const task = await lockTask(tx, id);
        if (!task) throw notFound(TASK_MESSAGES.notFound);
        const household = await householdOfTask(tx, id);
        const typeName = (await taskTypeName(tx, task.typeId, { activeOnly: false })) ?? '';
        await deleteTaskRow(tx, id);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'task',
          entityId: id,
          before: auditSnapshot(task, typeName, household?.id ?? null),
        });
      });
    },
  };
};

export type TasksService = ReturnType<typeof createTasksService>;
