import { PRODUCT_TYPE_LABELS, PRODUCT_TYPES, type ProductType } from '@centric/contracts';
import { Select } from '@mantine/core';

const TYPE_OPTIONS = PRODUCT_TYPES.map((value) => ({ value, label: PRODUCT_TYPE_LABELS[value] }));

type ProductTypeSelectProps = {
  value: ProductType | null;
  onChange: (value: ProductType | null) => void;
  error: string | undefined;
};

/** The product type of a product or an asset class (spec §1), required, with the contracts' labels. */
export const ProductTypeSelect = ({ value, onChange, error }: ProductTypeSelectProps) => (
  <Select
    label="Product type"
    required
    placeholder="Choose a type"
    data={TYPE_OPTIONS}
    value={value}
    onChange={(picked) => onChange(picked as ProductType | null)}
    error={error}
    comboboxProps={{ withinPortal: true }}
  />
);
