import { sql } from 'drizzle-orm';
import { countByBucket, type DashboardTileProvider } from '../../platform/dashboard-tiles.ts';

/** The meetings' tile of the dashboard's Stats tab (feature tasks): held and cancelled per week. */
export const meetingTiles: DashboardTileProvider[] = [
  {
    id: 'meetings-held',
    feature: 'tasks',
    order: 70,
    async load(db, context) {
      const { step, data } = await countByBucket(db, context, {
        from: sql`meetings`,
        at: sql`starts_at`,
        where: sql`true`,
        counts: {
          held: sql`count(*) filter (where status = 'HELD')`,
          cancelled: sql`count(*) filter (where status in ('CANCELLED', 'POSTPONED'))`,
        },
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
