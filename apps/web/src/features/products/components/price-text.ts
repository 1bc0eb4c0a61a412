import { CASH_UNIT_PRICE, type ProductItem } from '@centric/contracts';

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A price string as shown: '1102.123456' → '$1,102.123456', '99.5' → '$99.50' (never through a float). */
export const formatPrice = (price: string): string => {
  const [whole = '0', fraction = ''] = price.trim().split('.');
  return `$${groupThousands(whole.replace(/^0+(?=\d)/, '') || '0')}.${fraction.padEnd(2, '0')}`;
};

/** yyyy-MM-dd → MM/dd/yyyy (spec §9). */
export const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** What a unit is worth as the list says it: the newest price, $1.00 for cash, or nothing yet. */
export const unitPriceOf = (product: ProductItem): { price: string; date: string | null } | null => {
  if (product.fixedUnitPrice !== null)
    return { price: product.fixedUnitPrice ?? CASH_UNIT_PRICE, date: null };
  return product.latestPrice ? { price: product.latestPrice.price, date: product.latestPrice.date } : null;
};

/** 'AAPL · 037833100', whichever the product has. */
export const identifiersOf = (product: Pick<ProductItem, 'symbol' | 'cusip'>) =>
  [product.symbol, product.cusip].filter(Boolean).join(' · ');
