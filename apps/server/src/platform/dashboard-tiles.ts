import {
  addDays,
  type CalendarPeriod,
  type DashboardTile,
  type Feature,
  type PermissionEntry,
  isAllowed,
} from '@centric/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * What a tile is computed for: the period's first and last day in the firm's calendar (its time zone, for
 * turning instants into days), and who asks.
 */
export type TileContext = {
  from: string;
  to: string;
  duration: CalendarPeriod;
  /** Today in the firm's calendar (yyyy-MM-dd). */
  today: string;
  timeZone: string;
  userId: string;
  roleId: number;
  /** What the user may do: a tile shows a figure of another feature (e.g. billed revenue) only if allowed. */
  permissions: readonly PermissionEntry[];
};

/** A tile an area offers the dashboard's Stats tab: shown to users who may read its feature. */
export type DashboardTileProvider = {
  id: string;
  feature: Feature;
  /** Where it stands among the tiles (lower first). */
  order: number;
  load: (db: Db, context: TileContext) => Promise<DashboardTile>;
};

/**
 * The dashboard's tile registry (docs/architecture.md, "Seams"): each area registers its tiles (households
 * now; pipeline, AUM and revenue later) and the dashboard module composes the ones the user may read.
 */
export const createDashboardTiles = () => {
  const providers: DashboardTileProvider[] = [];
  return {
    register(...tiles: DashboardTileProvider[]) {
      for (const tile of tiles) {
        if (providers.some((p) => p.id === tile.id)) throw new Error(`dashboard tile ${tile.id} twice`);
        providers.push(tile);
      }
      providers.sort((a, b) => a.order - b.order);
    },
    /** The tiles `permissions` may read, computed side by side. */
    load: (db: Db, permissions: readonly PermissionEntry[], context: TileContext) =>
      Promise.all(
        providers.filter((p) => isAllowed(permissions, p.feature, 'read')).map((p) => p.load(db, context)),
      ),
  };
};
export type DashboardTiles = ReturnType<typeof createDashboardTiles>;

/**
 * The buckets a period is counted in: days for a week, weeks (from Monday) for longer periods, each with
 * its first day and its label (MM/dd).
 */
export const periodBuckets = (context: Pick<TileContext, 'from' | 'to' | 'duration'>) => {
  const step = context.duration === 'THIS_WEEK' ? 1 : 7;
  const buckets: { start: string; label: string }[] = [];
  // Weeks start on the Monday on or before the period's first day.
  let start = context.from;
  if (step === 7) {
    const weekday = (new Date(`${start}T00:00:00Z`).getUTCDay() + 6) % 7;
    start = addDays(start, -weekday);
  }
  for (let day = start; day <= context.to; day = addDays(day, step)) {
    buckets.push({ start: day, label: `${day.slice(5, 7)}/${day.slice(8, 10)}` });
  }
  return { step, buckets };
};

/**
 * Counts a table's rows in each bucket of the period (periodBuckets): `at` is the instant that places a row
 * (created_at, starts_at), `where` the table's own condition, `counts` the named counts of a bucket (SQL
 * aggregates such as count(*)). One entry a bucket, with its label (`period`) and each count (0 where none).
 */
export const countByBucket = async <K extends string>(
  db: Db,
  context: Pick<TileContext, 'from' | 'to' | 'duration' | 'timeZone'>,
  query: { from: SQL; at: SQL; where: SQL; counts: Record<K, SQL> },
) => {
  const { step, buckets } = periodBuckets(context);
  const first = buckets[0]?.start ?? context.from;
  const names = Object.keys(query.counts) as K[];
  const result = (await db.execute(sql`select ((${query.at} at time zone ${context.timeZone})::date
      - ${first}::date) / ${step} as bucket,
      ${sql.join(
        names.map((name) => sql`(${query.counts[name]})::int as ${sql.identifier(name)}`),
        sql`, `,
      )}
    from ${query.from}
    where (${query.where}) and ${query.at} >= (${first}::date::timestamp at time zone ${context.timeZone})
      and ${query.at} < ((${context.to}::date + 1)::timestamp at time zone ${context.timeZone})
    group by 1`)) as unknown as { rows: ({ bucket: number } & Record<K, number>)[] };
  const data = buckets.map((bucket, i) => {
    const row = result.rows.find((r) => Number(r.bucket) === i);
    const counts = Object.fromEntries(names.map((name) => [name, Number(row?.[name] ?? 0)])) as Record<
      K,
      number
    >;
    return { period: bucket.label, ...counts };
  });
  return { step, data };
};
