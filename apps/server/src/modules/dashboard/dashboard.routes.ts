import { dashboardStatsQuerySchema, dashboardStatsSchema, envelope, periodRange } from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { DashboardTiles } from '../../platform/dashboard-tiles.ts';
import { ok } from '../../platform/envelope.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { sessionOf } from '../../platform/guard.ts';
import { loadPermissions } from '../../platform/permissions.ts';

const tags = ['Dashboard'];

/** The dashboard's Stats tab: the tiles of every area the user may read, for the chosen period. */
export const registerDashboardModule = (
  parent: FastifyInstance,
  deps: {
    db: Db;
    today: FirmToday;
    dashboardTiles: DashboardTiles;
    config: Pick<Config, 'FIRM_TIME_ZONE'>;
  },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/api/dashboard/stats', {
    config: { permission: { feature: 'dashboard', action: 'read' } },
    schema: {
      tags,
      summary: 'The Stats tab: a chart per area the user may read, over the period (default THIS_MONTH)',
      querystring: dashboardStatsQuerySchema,
      response: { 200: envelope(dashboardStatsSchema) },
    },
    handler: async (request) => {
      const session = sessionOf(request);
      const { duration } = request.query;
      const today = deps.today();
      const { from, to } = periodRange(duration, today);
      const permissions = await loadPermissions(deps.db, session.user.roleId);
      const tiles = await deps.dashboardTiles.load(deps.db, permissions, {
        from,
        to,
        duration,
        today,
        timeZone: deps.config.FIRM_TIME_ZONE,
        userId: session.user.id,
        roleId: session.user.roleId,
        permissions,
      });
      return ok({ duration, from, to, tiles });
    },
  });
};
