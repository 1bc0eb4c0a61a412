import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * What a strategy's targets are picked from: asset categories (grouping ASSET_CATEGORY) or products (CUSIP).
 * Only the fields the pickers show are read.
 */
const assetCategorySchema = z.object({ id: z.string(), assetClass: z.string(), assetCategory: z.string() });
export type AssetCategoryOption = z.infer<typeof assetCategorySchema>;

const productOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string().nullable(),
  cusip: z.string().nullable(),
});
export type TargetProductOption = z.infer<typeof productOptionSchema>;

/** GET /api/asset-classes: every asset class and category, by class then category. */
export const getAssetCategories = async (signal?: AbortSignal) =>
  (await api.get('/asset-classes', { schema: z.array(assetCategorySchema), ...(signal ? { signal } : {}) }))
    .result;

export const useAssetCategories = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.bookkeeping.assetClasses(),
    queryFn: ({ signal }) => getAssetCategories(signal),
    staleTime: 60_000,
    enabled,
  });

/** GET /api/products?search=&limit=20: the products whose name, symbol or CUSIP match. */
export const searchTargetProducts = async (search: string, signal?: AbortSignal) =>
  (
    await api.get('/products', {
      query: { search: search.trim(), limit: 20, sortBy: 'name', order: 'ASC' },
      schema: z.array(productOptionSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

/** The caller debounces the text; `enabled` false while the picker is closed. */
export const useTargetProducts = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.bookkeeping.productOptions(search.trim()),
    queryFn: ({ signal }) => searchTargetProducts(search, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
