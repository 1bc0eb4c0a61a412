import { sql } from 'drizzle-orm';
import { countByBucket, type DashboardTileProvider } from '../../platform/dashboard-tiles.ts';

/** The notes' tile of the dashboard's Stats tab (feature notes): notes written per day or week. */
export const noteTiles: DashboardTileProvider[] = [
  {
    id: 'notes-written',
    feature: 'notes',
    order: 50,
    async load(db, context) {
      const { step, data } = await countByBucket(db, context, {
        from: sql`notes`,
        at: sql`created_at`,
        where: sql`deleted_at is null and not is_system_generated`,
        counts: { notes: sql`count(*)` },
      });
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
