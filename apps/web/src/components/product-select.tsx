import { forwardRef } from 'react';
import { type ProductOption, useProductOptions } from '../lib/lookups/product-options.ts';
import { RemoteSelect, type RemoteSelectProps } from './remote-select.tsx';

/** The product a form holds: its id and what the picker shows of it. */
export type PickedProduct = Pick<ProductOption, 'id' | 'name' | 'symbol'>;

/** 'Vanguard Total Stock Market ETF (VTI)'. */
export const productLabel = (product: PickedProduct) =>
  product.symbol ? `${product.name} (${product.symbol})` : product.name;

/**
 * One product, searched by name, symbol or CUSIP on the server (GET /api/products/options, 20 at a time, debounced
 * 500 ms); the first products show as soon as it opens.
 */
export const ProductSelect = forwardRef<HTMLInputElement, RemoteSelectProps<PickedProduct>>((props, ref) => (
  <RemoteSelect
    {...props}
    selectRef={ref}
    placeholder="Search by name, symbol or CUSIP"
    labelOf={productLabel}
    useOptions={useProductOptions}
  />
));
ProductSelect.displayName = 'ProductSelect';
