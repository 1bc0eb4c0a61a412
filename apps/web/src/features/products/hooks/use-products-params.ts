import { PRODUCT_SORT_KEYS, PRODUCT_TYPES, type ProductSortKey, type ProductType } from '@centric/contracts';
import { oneOf, pagingOf, useUrlListState } from '../../../lib/use-url-list-state.ts';

/** Written into the URL on the first visit, like the other lists: pageNo, numberOfRecords, sortBy, order. */
export const PRODUCTS_DEFAULTS = {
  pageNo: '1',
  numberOfRecords: '10',
  sortBy: 'name',
  order: 'ASC',
} as const;

export type ProductsListState = {
  page: number;
  limit: number;
  sortBy: ProductSortKey;
  order: 'ASC' | 'DESC';
  search: string;
  productType: ProductType | '';
  assetClassId: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the list state from the query string; anything unknown falls back to its default. */
export const parseProductsParams = (params: URLSearchParams): ProductsListState => {
  const assetClassId = (params.get('assetClassId') ?? '').trim();
  return {
    ...pagingOf(params),
    sortBy: oneOf(PRODUCT_SORT_KEYS, params.get('sortBy'), 'name'),
    order: oneOf(['ASC', 'DESC'] as const, params.get('order'), 'ASC'),
    search: (params.get('search') ?? '').trim().slice(0, 100),
    productType: oneOf(['', ...PRODUCT_TYPES] as const, params.get('productType'), ''),
    assetClassId: UUID.test(assetClassId) ? assetClassId : '',
  };
};

/** The list's state in the URL (shareable, survives a reload); each change replaces the entry. */
export const useProductsParams = () =>
  useUrlListState<
    ProductsListState,
    'pageNo' | 'numberOfRecords' | 'sortBy' | 'order' | 'search' | 'productType' | 'assetClassId'
  >(PRODUCTS_DEFAULTS, parseProductsParams);
