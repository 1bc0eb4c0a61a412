import { securityTypeOptionSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/products/security-types: the master-data security types a product can take. */
export const getSecurityTypes = async (signal?: AbortSignal) =>
  (
    await api.get('/products/security-types', {
      schema: z.array(securityTypeOptionSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

export const useSecurityTypes = (enabled = true) =>
  useQuery({
    ...queryOptions({
      queryKey: queryKeys.products.securityTypes(),
      queryFn: ({ signal }) => getSecurityTypes(signal),
      staleTime: 10 * 60_000,
    }),
    enabled,
  });
