import { assetClassItemSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/asset-classes: every asset class, by class then category. */
export const getAssetClasses = async (signal?: AbortSignal) =>
  (await api.get('/asset-classes', { schema: z.array(assetClassItemSchema), ...(signal ? { signal } : {}) }))
    .result;

export const assetClassesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.products.assetClasses(),
    queryFn: ({ signal }) => getAssetClasses(signal),
    staleTime: 60_000,
  });

export const useAssetClasses = (enabled = true) => useQuery({ ...assetClassesQueryOptions(), enabled });
