import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** At most this many products are offered at a time. */
export const PRODUCT_OPTIONS_LIMIT = 20;

/** What the picker needs of a product (GET /api/products answers more). */
export const productOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string().nullable(),
  cusip: z.string().nullable(),
  productType: z.string(),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

/** GET /api/products?search=&limit=20: products by name, symbol or CUSIP, by name. */
export const searchProducts = async (search: string, signal?: AbortSignal): Promise<ProductOption[]> =>
  (
    await api.get('/products', {
      query: { search: search.trim(), limit: PRODUCT_OPTIONS_LIMIT },
      schema: z.array(productOptionSchema),
      ...(signal ? { signal } : {}),
    })
  ).result;

/** The caller debounces the text; an empty text lists the first products; `enabled` false while closed. */
export const useProductOptions = (search: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.managedAccounts.productOptions(search.trim()),
    queryFn: ({ signal }) => searchProducts(search, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
