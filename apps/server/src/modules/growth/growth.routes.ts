import {
  envelope,
  goalBodySchema,
  goalParamsSchema,
  goalProgressSchema,
  goalsListSchema,
  goalsQuerySchema,
  GROWTH_MESSAGES,
  growthSettingsSchema,
  growthSettingsViewSchema,
  isAllowed,
  partnershipSchema,
  ROLE_IDS,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { featureAccess, sessionOf } from '../../platform/guard.ts';
import { loadPermissions } from '../../platform/permissions.ts';
import type { GrowthService } from './growth.service.ts';

const tags = ['Growth'];
const access = featureAccess('dashboard');

/**
 * The growth dashboard's calls (spec §7: annual goals, prospect targets, partnership; decision 0023): the
 * firm's growth settings, each user's goals with progress, and the pathway to partnership. Reading needs the
 * dashboard; setting needs dashboard write and the administrator role (checked by the service).
 */
export const registerGrowthModule = (parent: FastifyInstance, deps: { db: Db; growth: GrowthService }) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const callerOf = (request: Parameters<typeof sessionOf>[0]) => {
    const { user } = sessionOf(request);
    return { id: user.id, roleId: user.roleId };
  };

  app.get('/api/growth/settings', {
    config: access.read,
    schema: {
      tags,
      summary:
        "The firm's growth settings: lead status probabilities, default fee schedule, partnership criteria",
      response: { 200: envelope(growthSettingsViewSchema) },
    },
    handler: async () => ok(await deps.growth.settings()),
  });

  app.put('/api/growth/settings', {
    config: access.write,
    schema: {
      tags,
      summary: "Change the firm's growth settings (administrators)",
      body: growthSettingsSchema,
      response: { 200: envelope(growthSettingsViewSchema) },
    },
    handler: async (request) =>
      ok(
        await deps.growth.saveSettings(request.body, callerOf(request), auditContextOf(request)),
        GROWTH_MESSAGES.settingsUpdated,
      ),
  });

  app.get('/api/goals', {
    config: access.read,
    schema: {
      tags,
      summary:
        "Annual goals and prospect targets with progress: everyone's for administrators, else one's own",
      querystring: goalsQuerySchema,
      response: { 200: envelope(goalsListSchema) },
    },
    handler: async (request) => ok(await deps.growth.goals(request.query.year, callerOf(request))),
  });

  app.put('/api/goals/:userId/:year', {
    config: access.write,
    schema: {
      tags,
      summary: "Set a user's annual goals and prospect targets for a year (administrators)",
      params: goalParamsSchema,
      body: goalBodySchema,
      response: { 200: envelope(goalProgressSchema) },
    },
    handler: async (request) =>
      ok(
        await deps.growth.saveGoal(request.params, request.body, callerOf(request), auditContextOf(request)),
        GROWTH_MESSAGES.goalSaved,
      ),
  });

  app.delete('/api/goals/:userId/:year', {
    config: access.remove,
    schema: {
      tags,
      summary: "Remove a user's goals for a year (administrators)",
      params: goalParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await deps.growth.deleteGoal(request.params, callerOf(request), auditContextOf(request));
      return ok(null, GROWTH_MESSAGES.goalDeleted);
    },
  });

  app.get('/api/partnership', {
    config: access.read,
    schema: {
      tags,
      summary:
        "The pathway to partnership: each wealth advisor's progress (everyone's with users read, else one's own)",
      response: { 200: envelope(partnershipSchema) },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      const permissions = await loadPermissions(deps.db, caller.roleId);
      const everyone = caller.roleId === ROLE_IDS.administrator || isAllowed(permissions, 'users', 'read');
      const { criteria, advisors } = await deps.growth.partnership(everyone ? {} : { userId: caller.id });
      return ok({ criteria, advisors });
    },
  });
};
