/** The product types (spec §1 products) and their display names, for every screen, file and audit sentence. */
export const PRODUCT_TYPES = [
  'EQUITY',
  'ETF',
  'MUTUAL_FUND',
  'FIXED_INCOME',
  'CASH',
  'ALTERNATIVE',
  'OTHER',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const PRODUCT_TYPE_LABELS: Readonly<Record<ProductType, string>> = {
  EQUITY: 'Equity',
  ETF: 'ETF',
  MUTUAL_FUND: 'Mutual fund',
  FIXED_INCOME: 'Fixed income',
  CASH: 'Cash',
  ALTERNATIVE: 'Alternative',
  OTHER: 'Other',
};
