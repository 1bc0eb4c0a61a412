import { auditNameKey, type AuditNameKind } from '@centric/contracts';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, households, members, roles, teams, users } from '../../db/schema/index.ts';
import { likePattern } from '../../platform/sql-like.ts';

export type AuditFilter = {
  actor?: string | undefined;
  actorId?: string | undefined;
  entity?: string | undefined;
  entities?: readonly string[] | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  /** yyyy-MM-dd days of `timeZone` (the firm's), both included. */
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
};

/** The instant a day (yyyy-MM-dd) starts in a time zone; the database knows the zone's offsets and DST. */
const startOfDay = (day: string, timeZone: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;
const startOfNextDay = (day: string, timeZone: string) =>
  sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;

const whereOf = (f: AuditFilter): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [
    f.actor ? ilike(auditLog.actorEmail, likePattern(f.actor)) : undefined,
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.entity ? eq(auditLog.entity, f.entity) : undefined,
    f.entities ? inArray(auditLog.entity, [...f.entities]) : undefined,
    f.entityId ? eq(auditLog.entityId, f.entityId) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    // Dates are the firm's whole days: an event at 23:30 in New York on the 3rd is on the 3rd.
    f.from ? gte(auditLog.occurredAt, startOfDay(f.from, f.timeZone)) : undefined,
    f.to ? lt(auditLog.occurredAt, startOfNextDay(f.to, f.timeZone)) : undefined,
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

export type AuditNameIds = Record<AuditNameKind, string[]>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INTEGER = /^\d{1,9}$/;

/**
 * The names of the records a page of the trail names: one query per kind that has ids (at most five per
 * page, never one per row). Ids of records since deleted are simply not found.
 */
export const auditNamesOf = async (db: Db, ids: AuditNameIds): Promise<Record<string, string>> => {
  const uuids = (list: string[]) => [...new Set(list.filter((id) => UUID.test(id)))];
  const ints = (list: string[]) => [...new Set(list.filter((id) => INTEGER.test(id)).map(Number))];
  const userIds = uuids(ids.user);
  const roleIds = ints(ids.role);
  const teamIds = ints(ids.team);
  const householdIds = uuids(ids.household);
  const memberIds = uuids(ids.member);
  const none = Promise.resolve([] as { id: string | number; name: string }[]);
  const [u, r, t, h, m] = await Promise.all([
    userIds.length
      ? db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, userIds))
      : none,
    roleIds.length
      ? db.select({ id: roles.id, name: roles.displayName }).from(roles).where(inArray(roles.id, roleIds))
      : none,
    teamIds.length
      ? db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, teamIds))
      : none,
    householdIds.length
      ? db
          .select({ id: households.id, name: households.name })
          .from(households)
          .where(inArray(households.id, householdIds))
      : none,
    memberIds.length
      ? db
          .select({ id: members.id, name: sql<string>`${members.firstName} || ' ' || ${members.lastName}` })
          .from(members)
          .where(inArray(members.id, memberIds))
      : none,
  ]);
  const names: Record<string, string> = {};
  const add = (kind: AuditNameKind, rows: { id: string | number; name: string }[]) => {
    for (const row of rows) names[auditNameKey(kind, row.id)] = row.name;
  };
  add('user', u);
  add('role', r);
  add('team', t);
  add('household', h);
  add('member', m);
  return names;
};
