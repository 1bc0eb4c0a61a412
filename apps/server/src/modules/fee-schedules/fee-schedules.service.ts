import {
  engineScheduleOf,
  FEE_SCHEDULE_API_MESSAGES,
  type FeeSchedule,
  type FeeScheduleBody,
  type FeeScheduleItem,
  type FeeScheduleListQuery,
  type FeeSchedulePreviewBody,
  feeSchedulePreview,
  liveTiersOf,
  toMoney,
  toRate,
} from '@centric/contracts';
import type { Db } from '../../db/client.ts';
import { type AuditContext, auditWriter } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, fieldConflict, fieldError, notFound } from '../../platform/errors.ts';
import {
  countSchedules,
  deleteScheduleRow,
  type FeeScheduleRow,
  type FeeScheduleValues,
  type FeeTierRow,
  type FeeTierValues,
  findSchedule,
  findSchedules,
  insertSchedule,
  insertTiers,
  listSchedules,
  liveTiersOfSchedules,
  lockSchedule,
  softDeleteTiers,
  updateScheduleRow,
  updateTier,
  usageOf,
} from './fee-schedules.repository.ts';
import { answerDbRefusals } from '../../platform/pg-errors.ts';

const ENTITY = 'feeSchedule';

/** 'billing_accounts' with 2 rows → '2 billing accounts'; 1 row → '1 billing account'. */
const describeTable = (table: string, count: number) => {
  const words = table.replaceAll('_', ' ');
  return `${count} ${count === 1 && words.endsWith('s') ? words.slice(0, -1) : words}`;
};

/**
 * The 409 message of a schedule a foreign key keeps: 'This fee schedule is used by 2 billing accounts and
 * cannot be deleted.' (where from the constraint's table, as master data does it).
 */
export const inUseMessage = (usage: { table: string; count: number } | null) =>
  usage && usage.count > 0
    ? FEE_SCHEDULE_API_MESSAGES.inUse(describeTable(usage.table, usage.count))
    : FEE_SCHEDULE_API_MESSAGES.inUseUnknown;

const tierItem = (row: FeeTierRow) => ({
  id: row.id,
  minimum: toMoney(row.minimum),
  maximum: toMoney(row.maximum),
  rate: toRate(row.rate),
});

const toItem = (row: FeeScheduleRow, tiers: FeeTierRow[]): FeeScheduleItem => ({
  id: row.id,
  name: row.name,
  type: row.type as FeeScheduleItem['type'],
  structure: row.structure as FeeScheduleItem['structure'],
  description: row.description,
  annualMinimum: row.annualMinimum === null ? null : toMoney(row.annualMinimum),
  tiers: tiers.filter((t) => t.scheduleId === row.id && t.deletedAt === null).map(tierItem),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** What the audit trail keeps of a schedule: its fields and live tiers. */
const auditView = (item: FeeScheduleItem) => ({
  name: item.name,
  type: item.type,
  structure: item.structure,
  description: item.description,
  annualMinimum: item.annualMinimum,
  tiers: item.tiers,
});

const valuesOf = (body: FeeScheduleBody): FeeScheduleValues => ({
  name: body.name,
  type: body.type,
  structure: body.structure,
  description: body.description,
  annualMinimum: body.annualMinimum,
});

/** The live tiers of a body, sorted by minimum, as stored values (position = their order). */
const tierValuesOf = (body: FeeScheduleBody) =>
  liveTiersOf(body.tiers).map(({ tier, index }, position) => ({
    id: tier.id,
    index,
    values: { minimum: tier.minimum, maximum: tier.maximum, rate: tier.rate, position } as FeeTierValues,
  }));

/** The unique index on the name (whatever its case) says when a name is taken: 409 on the name field. */
const guardUnique = <T>(work: () => Promise<T>): Promise<T> =>
  answerDbRefusals(work, { unique: () => fieldConflict('name', FEE_SCHEDULE_API_MESSAGES.duplicateName) });

export type FeeSchedulesService = ReturnType<typeof createFeeSchedulesService>;

export const createFeeSchedulesService = (deps: { db: Db; clock: Clock }) => {
  const { db, clock } = deps;
  const writeAudit = auditWriter(clock);

  const load = async (conn: Db, id: string) => {
    const row = await findSchedule(conn, id);
    if (!row) throw notFound(FEE_SCHEDULE_API_MESSAGES.notFound);
    return toItem(row, await liveTiersOfSchedules(conn, [id]));
  };

  return {
    async list(query: FeeScheduleListQuery) {
      const filter = { search: query.search ?? '', type: query.type, structure: query.structure };
      const [rows, total] = await Promise.all([
        listSchedules(db, {
          ...filter,
          sortBy: query.sortBy,
          order: query.order,
          limit: query.limit,
          offset: (query.page - 1) * query.limit,
        }),
        countSchedules(db, filter),
      ]);
      const tiers = await liveTiersOfSchedules(
        db,
        rows.map((r) => r.id),
      );
      return { items: rows.map((row) => toItem(row, tiers)), total };
    },

    get: (id: string) => load(db, id),

    async create(body: FeeScheduleBody, context: AuditContext) {
      const tiers = tierValuesOf(body);
      const created = await guardUnique(() =>
        db.transaction(async (tx) => {
          const row = await insertSchedule(tx, { ...valuesOf(body), createdBy: context.actorId });
          await insertTiers(
            tx,
            row.id,
            tiers.map((t) => t.values),
          );
          const item = await load(tx, row.id);
          await writeAudit(tx, context, {
            action: 'CREATE',
            entity: ENTITY,
            entityId: row.id,
            after: auditView(item),
          });
          return item;
        }),
      );
      return created;
    },

    /**
     * Replaces the schedule and its structure: sent tiers with an id are updated, those without are added,
     * live tiers not sent (or sent with isDeleted) are soft-deleted (deleted_at), their rows kept.
     */
    async update(id: string, body: FeeScheduleBody, context: AuditContext) {
      const tiers = tierValuesOf(body);
      return guardUnique(() =>
        db.transaction(async (tx) => {
          const locked = await lockSchedule(tx, id);
          if (!locked) throw notFound(FEE_SCHEDULE_API_MESSAGES.notFound);
          const before = toItem(locked, await liveTiersOfSchedules(tx, [id]));
          const liveIds = new Set(before.tiers.map((t) => t.id));
          const kept = new Set<string>();
          for (const tier of tiers) {
            if (tier.id === undefined) continue;
            if (!liveIds.has(tier.id) || kept.has(tier.id)) {
              const message = 'This structure row does not exist.';
              throw fieldError(`tiers.${tier.index}.id`, message);
            }
            kept.add(tier.id);
          }
          const at = clock.now();
          await softDeleteTiers(
            tx,
            [...liveIds].filter((tierId) => !kept.has(tierId)),
            at,
          );
          for (const tier of tiers) if (tier.id !== undefined) await updateTier(tx, tier.id, tier.values);
          await insertTiers(
            tx,
            id,
            tiers.filter((t) => t.id === undefined).map((t) => t.values),
          );
          await updateScheduleRow(tx, id, valuesOf(body), at);
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

    /** A schedule in use (a foreign key refuses) is kept, and the answer says where it is used. */
    async remove(id: string, context: AuditContext) {
      const before = await load(db, id);
      const inUse = async (constraint: string | null) =>
        conflict(inUseMessage(constraint ? await usageOf(db, constraint, id) : null));
      await answerDbRefusals(
        () =>
          db.transaction(async (tx) => {
            await deleteScheduleRow(tx, id);
            await writeAudit(tx, context, {
              action: 'DELETE',
              entity: ENTITY,
              entityId: id,
              before: auditView(before),
            });
          }),
        { foreignKey: inUse, restrict: inUse },
      );
    },

    /**
     * The engine's schedules of the given ids (live tiers by minimum) with their names: what billing bills
     * with (its reader of a unit's inputs, issue 14 §7, and the bill runs). Ids that are gone are absent.
     */
    async engineSchedules(conn: Db, ids: readonly string[]) {
      const unique = [...new Set(ids)];
      const [rows, tiers] = [await findSchedules(conn, unique), await liveTiersOfSchedules(conn, unique)];
      return new Map(
        rows.map((row) => {
          const item = toItem(row, tiers);
          const schedule: FeeSchedule = {
            type: item.type,
            structure: item.structure,
            annualMinimum: item.annualMinimum,
            tiers: item.tiers.map(({ minimum, maximum, rate }) => ({ minimum, maximum, rate })),
          };
          return [row.id, { id: row.id, name: row.name, schedule }] as const;
        }),
      );
    },

    preview(body: FeeSchedulePreviewBody) {
      return feeSchedulePreview(engineScheduleOf(body.schedule), body.value);
    },
  };
};
