import { z } from 'zod';
import { DASHBOARD_DURATIONS } from './activity.ts';

export const dashboardDurationSchema = z.enum(DASHBOARD_DURATIONS);

export const dashboardStatsQuerySchema = z.object({
  duration: dashboardDurationSchema.default('THIS_MONTH'),
});

/** The kinds of chart a tile is drawn as. */
/** `categoryBar`: bars across, one per named category (long labels read on the left). */
/**
 * `pipeline`: money bars by category (potential and weighted revenue) above its `columns` as a table;
 * `table`: a ranked table of its `columns` (a `percent` column drawn as a bar); `progress`: one bar a row,
 * its `value` against its `target` (`format` of the row: count or money).
 */
export const DASHBOARD_CHARTS = [
  'bar',
  'stackedBar',
  'categoryBar',
  'donut',
  'pipeline',
  'table',
  'progress',
] as const;

/** How a column's values read: text, a count, dollars (decimal strings), or a percent (0-100, a bar). */
export const DASHBOARD_COLUMN_FORMATS = ['text', 'count', 'money', 'percent'] as const;

/** The lists a tile links to (the web maps each to its route). */
export const DASHBOARD_LINK_TARGETS = [
  'prospects',
  'prospectsBoard',
  'clients',
  'goals',
  'partnership',
] as const;
export type DashboardLinkTarget = (typeof DASHBOARD_LINK_TARGETS)[number];

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
  headline: z
    .object({
      value: z.union([z.number(), z.string()]),
      label: z.string(),
      /** `money`: the value is a decimal string of dollars. */
      format: z.enum(['count', 'money']).optional(),
    })
    .nullable(),
  /** The columns of a `pipeline`, `table` or `progress` tile, in order. */
  columns: z
    .array(
      z.object({
        name: z.string(),
        label: z.string(),
        format: z.enum(DASHBOARD_COLUMN_FORMATS),
        /** A row key whose value is shown small under the cell (a person's role under their name). */
        detail: z.string().optional(),
      }),
    )
    .optional(),
  /** The list behind the tile. */
  link: z
    .object({
      target: z.enum(DASHBOARD_LINK_TARGETS),
      label: z.string(),
      query: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
  /** Rows that open a household: each row's `id` is its client id. */
  rowLink: z.enum(['client']).optional(),
  /** What the tile says when it has no rows (or nothing to count yet). */
  emptyMessage: z.string().optional(),
  /** A sentence under the chart (e.g. what is missing for a figure). */
  notice: z.string().optional(),
});
export type DashboardTile = z.infer<typeof dashboardTileSchema>;

export const dashboardStatsSchema = z.object({
  duration: dashboardDurationSchema,
  from: z.string(),
  to: z.string(),
  tiles: z.array(dashboardTileSchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
