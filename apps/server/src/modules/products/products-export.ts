import { type ProductItem, PRODUCT_TYPE_LABELS, usDate } from '@centric/contracts';
import type { XlsxColumn } from '../../platform/xlsx.ts';

/** The product list as a file: the same columns in CSV and XLSX; prices stay decimal text, never floats. */

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

const priceDate = (item: ProductItem) =>
  item.latestPrice ? new Date(`${item.latestPrice.date}T00:00:00Z`) : null;

export const PRODUCT_EXPORT_COLUMNS: readonly XlsxColumn<ProductItem>[] = [
  { header: 'Name', width: 40, value: (p) => p.name },
  { header: 'Symbol', width: 10, value: (p) => p.symbol },
  { header: 'CUSIP', width: 12, value: (p) => p.cusip },
  { header: 'Product type', width: 14, value: (p) => PRODUCT_TYPE_LABELS[p.productType] },
  { header: 'Security type', width: 22, value: (p) => p.securityType?.name ?? null },
  { header: 'Asset class', width: 18, value: (p) => p.assetClass?.assetClass ?? null },
  { header: 'Asset category', width: 24, value: (p) => p.assetClass?.assetCategory ?? null },
  { header: 'ADV reportable', width: 15, value: (p) => yesNo(p.advReportable) },
  { header: '13F reportable', width: 15, value: (p) => yesNo(p.f13Reportable) },
  {
    header: 'Latest price date',
    width: 17,
    value: priceDate,
    text: (p) => (p.latestPrice ? usDate(p.latestPrice.date) : ''),
    numFmt: 'mm/dd/yyyy',
  },
  { header: 'Latest price', width: 16, value: (p) => p.latestPrice?.price ?? p.fixedUnitPrice },
];
