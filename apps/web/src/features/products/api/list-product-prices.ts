import { productPriceItemSchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type PricePageQuery = { page: number; limit: number };

/** GET /api/products/:id/prices: a page of the product's prices, newest first, and how many there are. */
export const listProductPrices = async (productId: string, query: PricePageQuery, signal?: AbortSignal) => {
  const response = await api.get(`/products/${productId}/prices`, {
    query,
    schema: z.array(productPriceItemSchema),
    ...(signal ? { signal } : {}),
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

export const useProductPrices = (productId: string | null, query: PricePageQuery) =>
  useQuery({
    ...queryOptions({
      queryKey: queryKeys.products.pricePage(productId ?? '', query),
      queryFn: ({ signal }) => listProductPrices(productId ?? '', query, signal),
      placeholderData: keepPreviousData,
    }),
    enabled: productId !== null,
  });
