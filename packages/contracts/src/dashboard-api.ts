import { z } from 'zod';
import { DASHBOARD_DURATIONS } from './activity.ts';

export const dashboardDurationSchema = z.enum(DASHBOARD_DURATIONS);

export const dashboardStatsQuerySchema = z.object({
  duration: dashboardDurationSchema.default('THIS_MONTH'),
});

/** The kinds of chart a tile is drawn as. */
/** `categoryBar`: bars across, one per named category (long labels read on the left). */
export const DASHBOARD_CHARTS = ['bar', 'stackedBar', 'categoryBar', 'donut'] as const;

/**
 * One tile of the dashboard's Stats tab: a chart with its rows and series. Areas add tiles through the
 * server's tile registry (platform/dashboard-tiles.ts); the web draws each by its `chart`.
 */
export const dashboardTileSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** One sentence under the title: what is counted, and over which period. */
  description: z.string(),
  chart: z.enum(DASHBOARD_CHARTS),
  /** The key of each row that names it (a category or a week). */
  dataKey: z.string(),
  data: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  series: z.array(z.object({ name: z.string(), label: z.string(), color: z.string() })),
  /** The figure shown large beside the title (e.g. the total), when the tile has one. */
  headline: z.object({ value: z.number(), label: z.string() }).nullable(),
});
export type DashboardTile = z.infer<typeof dashboardTileSchema>;

export const dashboardStatsSchema = z.object({
  duration: dashboardDurationSchema,
  from: z.string(),
  to: z.string(),
  tiles: z.array(dashboardTileSchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
