import { CLIENT_STATUS_LABELS, INFLUENCER_TIER_LABELS } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import type { DashboardTileProvider } from '../../platform/dashboard-tiles.ts';
import { countByBucket } from '../../platform/dashboard-tiles.ts';
import { rowsOf } from '../../db/client.ts';

const SERVICES = [
  ['financial_life_management', 'Financial life management'],
  ['risk_management', 'Risk management'],
  ['asset_management', 'Asset management'],
  ['legacy_planning', 'Legacy planning'],
  ['private_fund', 'Private fund'],
] as const;

/** The households' tiles of the dashboard's Stats tab (feature clients). */
export const householdTiles: DashboardTileProvider[] = [
  {
    id: 'households-by-status',
    feature: 'clients',
    order: 10,
    async load(db) {
      const rows = rowsOf<{ status: string; n: number }>(
        await db.execute(sql`select status, count(*)::int as n from households where not draft
          group by status`),
      );
      const count = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
      const colors: Record<string, string> = { ACTIVE: 'teal.6', INACTIVE: 'gray.5', CONVERTED: 'blue.6' };
      return {
        id: 'households-by-status',
        title: 'Households by status',
        description: 'Every household of the firm today, by its status.',
        chart: 'donut',
        dataKey: 'name',
        data: Object.entries(CLIENT_STATUS_LABELS).map(([status, label]) => ({
          name: label,
          value: count(status),
          color: colors[status] ?? 'gray.5',
        })),
        series: [],
        headline: { value: rows.reduce((sum, r) => sum + r.n, 0), label: 'households' },
      };
    },
  },
  {
    id: 'households-by-service',
    feature: 'clients',
    order: 20,
    async load(db) {
      const [row] = rowsOf<Record<string, number>>(
        await db.execute(
          sql.raw(`select ${SERVICES.map(([c]) => `count(*) filter (where ${c})::int as ${c}`).join(', ')},
            count(*) filter (where not (${SERVICES.map(([c]) => c).join(' or ')}))::int as none
            from households where not draft and status = 'ACTIVE'`),
        ),
      );
      return {
        id: 'households-by-service',
        title: 'Active households by service',
        description: 'How many active households take each service (a household may take several).',
        chart: 'categoryBar',
        dataKey: 'service',
        data: [
          ...SERVICES.map(([column, label]) => ({ service: label, households: row?.[column] ?? 0 })),
          { service: 'No service', households: row?.none ?? 0 },
        ],
        series: [{ name: 'households', label: 'Households', color: 'teal.6' }],
        headline: null,
      };
    },
  },
  {
    id: 'households-by-tier',
    feature: 'clients',
    order: 30,
    async load(db) {
      const rows = rowsOf<{ tier: string; n: number }>(
        await db.execute(sql`select influencer_tier as tier, count(*)::int as n from households
          where not draft and status = 'ACTIVE' group by influencer_tier`),
      );
      const colors: Record<string, string> = {
        GOLD: 'yellow.5',
        SILVER: 'gray.4',
        BRONZE: 'orange.7',
        NO_STATUS: 'gray.2',
      };
      return {
        id: 'households-by-tier',
        title: 'Influencer tiers',
        description: 'Active households by influencer tier.',
        chart: 'donut',
        dataKey: 'name',
        data: Object.entries(INFLUENCER_TIER_LABELS).map(([tier, label]) => ({
          name: label,
          value: rows.find((r) => r.tier === tier)?.n ?? 0,
          color: colors[tier] ?? 'gray.3',
        })),
        series: [],
        headline: null,
      };
    },
  },
  {
    id: 'new-households',
    feature: 'clients',
    order: 40,
    async load(db, context) {
      const { step, data } = await countByBucket(db, context, {
        from: sql`households`,
        at: sql`created_at`,
        where: sql`not draft`,
        counts: { households: sql`count(*)` },
      });
      return {
        id: 'new-households',
        title: 'New households',
        description: step === 1 ? 'Households added each day this week.' : 'Households added each week.',
        chart: 'bar',
        dataKey: 'period',
        data,
        series: [{ name: 'households', label: 'New households', color: 'blue.6' }],
        headline: { value: data.reduce((sum, d) => sum + d.households, 0), label: 'added' },
      };
    },
  },
];
