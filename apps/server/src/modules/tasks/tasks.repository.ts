import { ROLE_IDS, type SortOrder, type TaskStatus } from '@centric/contracts';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { households, masterDataItems, recordLinks, tasks, users } from '../../db/schema/index.ts';

export type TaskRow = typeof tasks.$inferSelect;

const assignee = alias(users, 'assignee');
const creator = alias(users, 'creator');
const taskType = alias(masterDataItems, 'task_type');

/** The household a task hangs on (at most one), through the generic record link. */
const householdLink = and(
  eq(recordLinks.subjectKind, 'task'),
  eq(recordLinks.subjectId, tasks.id),
  eq(recordLinks.recordKind, 'household'),
);

const detailColumns = {
  task: tasks,
  typeName: taskType.name,
  assigneeName: assignee.fullName,
  creatorName: creator.fullName,
  householdId: households.id,
  householdName: households.name,
};

export type TaskDetailRow = {
  task: TaskRow;
  typeName: string;
  assigneeName: string;
  creatorName: string;
  householdId: string | null;
  householdName: string | null;
};

const detailQuery = (db: Db) =>
  db
    .select(detailColumns)
    .from(tasks)
    .innerJoin(taskType, eq(taskType.id, tasks.typeId))
    .innerJoin(assignee, eq(assignee.id, tasks.assigneeId))
    .innerJoin(creator, eq(creator.id, tasks.createdBy))
    .leftJoin(recordLinks, householdLink)
    .leftJoin(households, eq(households.id, recordLinks.recordId));

export const findTaskDetails = async (db: Db, ids: string[]): Promise<TaskDetailRow[]> =>
  ids.length === 0 ? [] : detailQuery(db).where(inArray(tasks.id, ids));

export type TaskListFilter = {
  assigneeId?: string | undefined;
  status?: TaskStatus | undefined;
  householdId?: string | undefined;
  /** Due within [from, to], or open and due before `today` (overdue). */
  due?: { from: string; to: string; today: string } | undefined;
  sortBy: 'createdAt' | 'dueDate' | 'priority';
  order: SortOrder;
  limit: number;
  offset: number;
};

/** The filters other than the period. */
const baseFilterOf = (filter: TaskListFilter): SQL | undefined =>
  and(
    filter.assigneeId ? eq(tasks.assigneeId, filter.assigneeId) : undefined,
    filter.status ? eq(tasks.status, filter.status) : undefined,
    filter.householdId ? eq(recordLinks.recordId, filter.householdId) : undefined,
  );

/** Due in the period. */
const dueIn = (due: NonNullable<TaskListFilter['due']>) =>
  sql`${tasks.dueDate} between ${due.from} and ${due.to}`;

/** Open and overdue, and not due in the period (so the two parts never share a task). */
const overdueOutside = (due: NonNullable<TaskListFilter['due']>) =>
  sql`${tasks.status} = 'OPEN' and ${tasks.dueDate} < ${due.today}
    and (${tasks.dueDate} < ${due.from} or ${tasks.dueDate} > ${due.to})`;

const filterOf = (filter: TaskListFilter): SQL | undefined =>
  and(
    baseFilterOf(filter),
    filter.due ? sql`((${dueIn(filter.due)}) or (${overdueOutside(filter.due)}))` : undefined,
  );

const sortColumns = { createdAt: tasks.createdAt, dueDate: tasks.dueDate, priority: tasks.priority } as const;

/**
 * One page of tasks with their details, and the count of all that match. The page's ids are chosen on the
 * tasks table alone (its indexes; the household's link only when filtering by household), and only those
 * ten get their details joined: at 500,000 tasks, joining every match first took 170 ms for one user's month.
 */
export const listTasks = async (db: Db, filter: TaskListFilter) => {
  const where = filterOf(filter);
  const direction = filter.order === 'ASC' ? asc : desc;
  const pageQuery = db.select({ id: tasks.id }).from(tasks);
  const count = (condition: SQL | undefined) => {
    const query = db.select({ n: sql<number>`count(*)::int` }).from(tasks);
    return (filter.householdId ? query.innerJoin(recordLinks, householdLink) : query).where(condition);
  };
  // A period's count is the sum of its two disjoint parts, each an index range (tasks_due_idx, and
  // tasks_open_due_idx for the overdue): as one `or` it read the heap of every match (90,000 for the firm).
  const counts = filter.due
    ? [
        count(and(baseFilterOf(filter), dueIn(filter.due))),
        count(and(baseFilterOf(filter), overdueOutside(filter.due))),
      ]
    : [count(where)];
  const [page, ...totals] = await Promise.all([
    (filter.householdId ? pageQuery.innerJoin(recordLinks, householdLink) : pageQuery)
      .where(where)
      .orderBy(direction(sortColumns[filter.sortBy]), desc(tasks.createdAt), desc(tasks.id))
      .limit(filter.limit)
      .offset(filter.offset),
    ...counts,
  ]);
  const ids = page.map((row) => row.id);
  const details = new Map((await findTaskDetails(db, ids)).map((row) => [row.task.id, row]));
  const rows = ids.flatMap((id) => details.get(id) ?? []);
  return { rows, total: totals.reduce((sum, [row]) => sum + Number(row?.n ?? 0), 0) };
};

export const lockTask = async (db: Db, id: string) => {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id)).for('update').limit(1);
  return row ?? null;
};

export const householdOfTask = async (db: Db, id: string) => {
  const [row] = await db
    .select({ id: households.id, name: households.name })
    .from(recordLinks)
    .innerJoin(households, eq(households.id, recordLinks.recordId))
    .where(
      and(
        eq(recordLinks.subjectKind, 'task'),
        eq(recordLinks.subjectId, id),
        eq(recordLinks.recordKind, 'household'),
      ),
    )
    .limit(1);
  return row ?? null;
};

export const insertTask = async (db: Db, values: typeof tasks.$inferInsert) => {
  const [row] = await db.insert(tasks).values(values).returning();
  if (!row) throw new Error('task insert returned nothing');
  return row;
};

export const updateTaskRow = (db: Db, id: string, values: Partial<typeof tasks.$inferInsert>, at: Date) =>
  db
    .update(tasks)
    .set({ ...values, updatedAt: at })
    .where(eq(tasks.id, id));

export const deleteTaskRow = async (db: Db, id: string) => {
  await db.delete(recordLinks).where(and(eq(recordLinks.subjectKind, 'task'), eq(recordLinks.subjectId, id)));
  await db.delete(tasks).where(eq(tasks.id, id));
};

/** The task type's name when it is an (active, unless said) item of the `task-types` list; null otherwise. */
export const taskTypeName = async (
  db: Db,
  id: number,
  options: { activeOnly: boolean } = { activeOnly: true },
) => {
  const [row] = await db
    .select({ name: masterDataItems.name })
    .from(masterDataItems)
    .where(
      and(
        eq(masterDataItems.id, id),
        eq(masterDataItems.type, 'task-types'),
        options.activeOnly ? eq(masterDataItems.active, true) : undefined,
      ),
    )
    .limit(1);
  return row?.name ?? null;
};

/** An active person (not the system role) who may be given a task, with their name. */
export const assignableUser = async (db: Db, id: string) => {
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.id, id), eq(users.status, 'ACTIVE'), ne(users.roleId, ROLE_IDS.system)))
    .limit(1);
  return row ?? null;
};

/**
 * Whether the next occurrence of a recurring task already exists: same anchor, unit, interval, type and
 * description, at index n + 1 (a task completed, reopened and completed again repeats once).
 */
/** Whether this task's next occurrence was already made (it was done, reopened and done again). */
export const hasNextOccurrence = async (db: Db, taskId: string) => {
  const [row] = await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.previousId, taskId)).limit(1);
  return Boolean(row);
};
