import { sql } from 'drizzle-orm';
import type { DashboardTileProvider } from '../../platform/dashboard-tiles.ts';
import { rowsOf } from '../../db/client.ts';

/** The tasks' tile of the dashboard's Stats tab (feature tasks): open and overdue per assignee. */
export const taskTiles: DashboardTileProvider[] = [
  {
    id: 'tasks-by-assignee',
    feature: 'tasks',
    order: 60,
    async load(db, context) {
      const today = context.today;
      const rows = rowsOf<{ name: string; open: number; overdue: number }>(
        await db.execute(sql`select u.full_name as name,
            count(*) filter (where t.due_date >= ${today}::date)::int as open,
            count(*) filter (where t.due_date < ${today}::date)::int as overdue
          from tasks t join users u on u.id = t.assignee_id
          where t.status = 'OPEN' and t.due_date <= ${context.to}::date
          group by u.full_name
          order by count(*) desc, u.full_name
          limit 8`),
      );
      return {
        id: 'tasks-by-assignee',
        title: 'Open tasks by assignee',
        description: 'Open tasks due by the end of the period, and those already overdue.',
        chart: 'stackedBar',
        dataKey: 'name',
        data: rows.map((r) => ({ name: r.name, open: r.open, overdue: r.overdue })),
        series: [
          { name: 'open', label: 'Open', color: 'blue.6' },
          { name: 'overdue', label: 'Overdue', color: 'red.6' },
        ],
        headline: { value: rows.reduce((sum, r) => sum + r.overdue, 0), label: 'overdue' },
      };
    },
  },
];
