import { sql } from 'drizzle-orm';
import { type DashboardTileProvider, periodBuckets } from '../../platform/dashboard-tiles.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The notes' tile of the dashboard's Stats tab (feature notes): notes written per day or week. */
export const noteTiles: DashboardTileProvider[] = [
  {
    id: 'notes-written',
    feature: 'notes',
    order: 50,
    async load(db, context) {
      const { step, buckets } = periodBuckets(context);
      const first = buckets[0]?.start ?? context.from;
      const rows = rowsOf<{ bucket: number; n: number }>(
        await db.execute(sql`select ((created_at at time zone ${context.timeZone})::date - ${first}::date)
            / ${step} as bucket, count(*)::int as n
          from notes
          where deleted_at is null and not is_system_generated
            and created_at >= (${first}::date::timestamp at time zone ${context.timeZone})
            and created_at < ((${context.to}::date + 1)::timestamp at time zone ${context.timeZone})
          group by 1`),
      );
      const data = buckets.map((b, i) => ({
        period: b.label,
        notes: rows.find((r) => Number(r.bucket) === i)?.n ?? 0,
      }));
      return {
        id: 'notes-written',
        title: 'Notes written',
        description: step === 1 ? 'Notes written each day this week.' : 'Notes written each week.',
        chart: 'bar',
        dataKey: 'period',
        data,
        series: [{ name: 'notes', label: 'Notes', color: 'violet.6' }],
        headline: { value: data.reduce((sum, d) => sum + d.notes, 0), label: 'written' },
      };
    },
  },
];
