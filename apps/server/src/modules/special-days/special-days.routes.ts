import { envelope, specialDaysQuerySchema, specialDaysResultSchema } from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { createSpecialDaysService } from './special-days.service.ts';

/**
 * Special days (issue 12 §4): birthdays, anniversaries and the other special dates of the households the
 * user may read (clients read), within a period of the firm's calendar.
 */
export const registerSpecialDaysModule = (
  parent: FastifyInstance,
  deps: Parameters<typeof createSpecialDaysService>[0],
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const specialDays = createSpecialDaysService(deps);

  app.get('/api/special-days', {
    config: { permission: { feature: 'clients', action: 'read' } },
    schema: {
      tags: ['Special days'],
      summary:
        'Birthdays and special dates falling in the period (default THIS_MONTH), by day; optional clientId',
      querystring: specialDaysQuerySchema,
      response: { 200: envelope(specialDaysResultSchema) },
    },
    handler: async (request) => {
      const { result, total } = await specialDays.list(request.query);
      return { ...ok(result), totalResults: total };
    },
  });
};
