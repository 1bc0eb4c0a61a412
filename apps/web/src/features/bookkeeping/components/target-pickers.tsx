import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { forwardRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-debounced-search.ts';
import {
  type AssetCategoryOption,
  useAssetCategoryOptions,
  useProductOptions,
} from '../../../lib/lookups/product-options.ts';

/** 'Equity · US Large Cap', as the server labels a category's target. */
export const categoryLabel = (option: AssetCategoryOption) =>
  `${option.assetClass} · ${option.assetCategory}`;

type PickerProps = {
  /** The accessible name: 'Asset category of target 2'. */
  label: string;
  value: string | null;
  onChange: (id: string | null, label: string | null) => void;
  error?: string | undefined;
  /** Picked on other rows: offered but not choosable. */
  taken: readonly string[];
};

/** A target's asset category, from every asset class and category (GET /api/asset-classes/options). */
export const AssetCategoryPicker = forwardRef<HTMLInputElement, PickerProps>(
  ({ label, value, onChange, error, taken }, ref) => {
    const categories = useAssetCategoryOptions();
    const byId = new Map((categories.data ?? []).map((option) => [option.id, option]));
    return (
      <Select
        ref={ref}
        aria-label={label}
        placeholder="Choose an asset category"
        searchable
        data={(categories.data ?? []).map((option) => ({
          value: option.id,
          label: categoryLabel(option),
          disabled: option.id !== value && taken.includes(option.id),
        }))}
        value={value}
        onChange={(id) => {
          const option = id ? byId.get(id) : undefined;
          onChange(id, option ? categoryLabel(option) : null);
        }}
        nothingFoundMessage={
          categories.isError
            ? errorMessage(categories.error)
            : categories.isPending
              ? 'Loading...'
              : 'No asset category matches.'
        }
        error={error}
        comboboxProps={{ withinPortal: true }}
      />
    );
  },
);
AssetCategoryPicker.displayName = 'AssetCategoryPicker';

/**
 * A target's product (grouping CUSIP), searched on the server by name, symbol or CUSIP, 20 at a time; the
 * chosen one keeps the label it was picked with (`valueLabel`).
 */
export const TargetProductPicker = forwardRef<HTMLInputElement, PickerProps & { valueLabel: string | null }>(
  ({ label, value, valueLabel, onChange, error, taken }, ref) => {
    const [search, setSearch] = useState('');
    const [opened, setOpened] = useState(false);
    const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
    const term = debounced === valueLabel ? '' : debounced;
    const products = useProductOptions(term, opened);
    const options = new Map<string, string>();
    if (value) options.set(value, valueLabel ?? value);
    for (const product of products.data ?? []) {
      const text = [product.symbol ?? product.cusip, product.name].filter(Boolean).join(' · ');
      options.set(product.id, text);
    }
    return (
      <Select
        ref={ref}
        aria-label={label}
        placeholder="Search by name, symbol or CUSIP"
        searchable
        clearable
        data={[...options].map(([id, text]) => ({
          value: id,
          label: text,
          disabled: id !== value && taken.includes(id),
        }))}
        value={value}
        onChange={(id) => onChange(id, id ? (options.get(id) ?? null) : null)}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: found }) => found}
        onDropdownOpen={() => setOpened(true)}
        onDropdownClose={() => setOpened(false)}
        nothingFoundMessage={
          products.isError
            ? errorMessage(products.error)
            : products.isFetching
              ? 'Loading...'
              : 'No product matches.'
        }
        error={error}
        comboboxProps={{ withinPortal: true }}
      />
    );
  },
);
TargetProductPicker.displayName = 'TargetProductPicker';
