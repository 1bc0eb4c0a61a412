import {
  assetCategoryOptionSchema,
  type AssetCategoryOption,
  productOptionSchema,
  type ProductOption,
} from '@centric/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

export type { AssetCategoryOption, ProductOption };

/** At most this many products are offered at a time. */
export const PRODUCT_OPTIONS_LIMIT = 20;

/**
 * The pickers of the managed accounts screens (a holding's product, a strategy's targets) read the pickers'
 * own calls, open to whoever may read managed accounts (a role need not open the products screen to pick one).
 */

/** GET /api/products/options?search=&limit=20: products by name, symbol or CUSIP, by name. */
export const searchProductOptions = async (search: string, signal?: AbortSignal): Promise<ProductOption[]> =>
  (
    await api.get('/products/options', {
      query: { search: search.trim(), limit: PRODUCT_OPTIONS_LIMIT },
      schema: z.array(productOptionSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

/** The caller debounces the text; an empty text lists the first products; `enabled` false while closed. */
export const useProductOptions = (search: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.lookups.productOptions(search.trim()),
    queryFn: ({ signal }) => searchProductOptions(search, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** GET /api/asset-classes/options: every asset class and category, by class then category. */
export const getAssetCategoryOptions = async (signal?: AbortSignal) =>
  (
    await api.get('/asset-classes/options', {
      schema: z.array(assetCategoryOptionSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

export const useAssetCategoryOptions = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.lookups.assetCategories(),
    queryFn: ({ signal }) => getAssetCategoryOptions(signal),
    staleTime: 60_000,
    enabled,
  });
