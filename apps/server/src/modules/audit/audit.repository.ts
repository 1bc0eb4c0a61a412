import { and, asc, count, desc, eq, gte, ilike, inArray, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { likePattern } from '../../platform/sql-like.ts';

export type AuditFilter = {
  actor?: string | undefined;
  actorId?: string | undefined;
  entity?: string | undefined;
  entities?: readonly string[] | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

const whereOf = (f: AuditFilter): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [
    f.actor ? ilike(auditLog.actorEmail, likePattern(f.actor)) : undefined,
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.entity ? eq(auditLog.entity, f.entity) : undefined,
    f.entities ? inArray(auditLog.entity, [...f.entities]) : undefined,
    f.entityId ? eq(auditLog.entityId, f.entityId) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    // Dates are whole UTC days: from the start of `from` to the end of `to`.
    f.from ? gte(auditLog.occurredAt, new Date(`${f.from}T00:00:00.000Z`)) : undefined,
    f.to
      ? lt(auditLog.occurredAt, new Date(new Date(`${f.to}T00:00:00.000Z`).getTime() + 86_400_000))
      : undefined,
  ];
  return and(...conditions.filter((c): c is SQL => Boolean(c)));
};

export const listAuditLog = async (
  db: Db,
  filter: AuditFilter,
  page: { offset: number; limit: number; order: 'ASC' | 'DESC' },
) => {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(page.order === 'ASC' ? asc(auditLog.id) : desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
};
