import { type ProductSortKey, type ProductType, productItemSchema } from '@centric/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ProductsQuery = {
  page: number;
  limit: number;
  sortBy: ProductSortKey;
  order: 'ASC' | 'DESC';
  search?: string | undefined;
  productType?: ProductType | undefined;
  assetClassId?: string | undefined;
};

/** GET /api/products: one page of products (security type, asset class, newest price) and the total. */
export const listProducts = async (query: ProductsQuery, signal?: AbortSignal) => {
  const response = await api.get('/products', {
    query,
    schema: z.array(productItemSchema),
    ...(signal ? { signal } : {}),
  });
  return { items: response.result, total: response.totalResults ?? response.result.length };
};

export const productsQueryOptions = (query: ProductsQuery) =>
  queryOptions({
    queryKey: queryKeys.products.list(query),
    queryFn: ({ signal }) => listProducts(query, signal),
    placeholderData: keepPreviousData,
  });

export const useProducts = (query: ProductsQuery) => useQuery(productsQueryOptions(query));
