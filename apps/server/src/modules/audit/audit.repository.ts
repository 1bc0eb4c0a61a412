import { AUDIT_NAME_KINDS, auditNameKey, type AuditNameKind } from '@centric/contracts';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  accounts,
  auditLog,
  households,
  members,
  otherProfessionals,
  roles,
  teams,
  users,
} from '../../db/schema/index.ts';
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
  /** A household's rows: its own, its accounts', and those of the records created for it. */
  household?: string | undefined;
  /** An account's rows: its own, and those of the records created for it (e.g. its payout blocks). */
  account?: string | undefined;
  timeZone: string;
};

/**
 * The ids of the records whose creation named `owner` (`after.householdId`/`clientId`, or `after.accountId`):
 * rows of a record carry its own id only, and a deleted record is found through its CREATE row still.
 */
const createdFor = (keys: readonly string[], owner: string, entities: readonly string[]) => sql`(
  select c.entity_id from ${auditLog} c
  where c.entity in (${sql.join(
    entities.map((entity) => sql`${entity}`),
    sql`, `,
  )}) and c.action = 'CREATE' and (${sql.join(
    keys.map((key) => sql`c.after ->> ${key} = ${owner}`),
    sql` or `,
  )}))`;

const ofHousehold = (id: string, entities: readonly string[]) => sql`(${auditLog.entityId} = ${id}
  or ${auditLog.entityId} in (select ${accounts.id}::text from ${accounts} where ${accounts.householdId} = ${id})
  or ${auditLog.entityId} in ${createdFor(['householdId', 'clientId'], id, entities)})`;

const ofAccount = (id: string, entities: readonly string[]) =>
  sql`(${auditLog.entityId} = ${id} or ${auditLog.entityId} in ${createdFor(['accountId'], id, entities)})`;

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
    f.household && f.entities ? ofHousehold(f.household, f.entities) : undefined,
    f.account && f.entities ? ofAccount(f.account, f.entities) : undefined,
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
const uuids = (list: string[]) => [...new Set(list.filter((id) => UUID.test(id)))];
const integers = (list: string[]) => [...new Set(list.filter((id) => INTEGER.test(id)).map(Number))];

/** Where each kind's names live: its table, id column, the name to show, and which ids can be its keys. */
const NAME_SOURCES: Record<
  AuditNameKind,
  { table: PgTable; id: PgColumn; name: PgColumn | SQL<string>; keys: (ids: string[]) => (string | number)[] }
> = {
  user: { table: users, id: users.id, name: users.fullName, keys: uuids },
  role: { table: roles, id: roles.id, name: roles.displayName, keys: integers },
  team: { table: teams, id: teams.id, name: teams.name, keys: integers },
  household: { table: households, id: households.id, name: households.name, keys: uuids },
  member: {
    table: members,
    id: members.id,
    name: sql<string>`${members.firstName} || ' ' || ${members.lastName}`,
    keys: uuids,
  },
  professional: {
    table: otherProfessionals,
    id: otherProfessionals.id,
    name: otherProfessionals.fullName,
    keys: uuids,
  },
};

/**
 * The names of the records a page of the trail names: one query per kind that has ids (at most one per
 * kind per page, never one per row). Ids of records since deleted are simply not found.
 */
export const auditNamesOf = async (db: Db, ids: AuditNameIds): Promise<Record<string, string>> => {
  const found = await Promise.all(
    AUDIT_NAME_KINDS.map(async (kind) => {
      const source = NAME_SOURCES[kind];
      const keys = source.keys(ids[kind]);
      if (keys.length === 0) return [];
      const rows = await db
        .select({ id: source.id, name: source.name })
        .from(source.table)
        .where(inArray(source.id, keys));
      return rows.map((row) => [auditNameKey(kind, row.id as string | number), String(row.name)] as const);
    }),
  );
  return Object.fromEntries(found.flat());
};
