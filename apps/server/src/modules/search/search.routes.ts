import {
  CLIENT_API_MESSAGES,
  envelope,
  globalSearchBodySchema,
  searchResultSchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { sessionOf } from '../../platform/guard.ts';
import { createSearchService } from './search.service.ts';

const tags = ['Search'];

export const registerSearchModule = (
  parent: FastifyInstance,
  deps: Parameters<typeof createSearchService>[0],
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const search = createSearchService(deps);

  // Any signed-in user may search; what it finds depends on what the role may read (households need
  // clients read), so the route declares no single feature.
  app.post('/api/globalSearch', {
    config: { auth: 'signedIn' },
    schema: {
      tags,
      summary:
        'The top bar search {searchText}: households by member name or nickname (typos allowed), household name, email or phone digits',
      body: globalSearchBodySchema,
      response: { 200: envelope(z.array(searchResultSchema)) },
    },
    handler: async (request) => {
      const results = await search.globalSearch(request.body.searchText, sessionOf(request).user.roleId);
      return results.length === 0 ? ok(results, CLIENT_API_MESSAGES.searchEmpty) : ok(results);
    },
  });
};
