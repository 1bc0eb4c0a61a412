import { sql } from 'drizzle-orm';
import { type DashboardTileProvider, periodBuckets } from '../../platform/dashboard-tiles.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The meetings' tile of the dashboard's Stats tab (feature tasks): held and cancelled per week. */
export const meetingTiles: DashboardTileProvider[] = [
  {
    id: 'meetings-held',
    feature: 'tasks',
    order: 70,
    async load(db, context) {
      const { step, buckets } = periodBuckets(context);
      const first = buckets[0]?.start ?? context.from;
      const rows = rowsOf<{ bucket: number; held: number; cancelled: number }>(
        await db.execute(sql`select ((starts_at at time zone ${context.timeZone})::date - ${first}::date)
            / ${step} as bucket,
            count(*) filter (where status = 'HELD')::int as held,
            count(*) filter (where status in ('CANCELLED', 'POSTPONED'))::int as cancelled
          from meetings
          where starts_at >= (${first}::date::timestamp at time zone ${context.timeZone})
            and starts_at < ((${context.to}::date + 1)::timestamp at time zone ${context.timeZone})
          group by 1`),
      );
      const data = buckets.map((b, i) => {
        const row = rows.find((r) => Number(r.bucket) === i);
        return { period: b.label, held: row?.held ?? 0, cancelled: row?.cancelled ?? 0 };
      });
      return {
        id: 'meetings-held',
        title: 'Meetings',
        description:
          step === 1
            ? 'Meetings held, and cancelled or postponed, each day.'
            : 'Meetings held, and cancelled or postponed, each week.',
        chart: 'stackedBar',
        dataKey: 'period',
        data,
        series: [
          { name: 'held', label: 'Held', color: 'teal.6' },
          { name: 'cancelled', label: 'Cancelled or postponed', color: 'gray.5' },
        ],
        headline: { value: data.reduce((sum, d) => sum + d.held, 0), label: 'held' },
      };
    },
  },
];
