import { z } from 'zod';
import { parseIsoDate } from './dates.ts';
import { serialIdParamSchema, serialIdSchema } from './ids.ts';
import { listQueryShape, pagingShape } from './list-query.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { PRODUCT_TYPE_LABELS, PRODUCT_TYPES, type ProductType } from './product-labels.ts';

/**
 * Products, asset classes and prices (issue 13 §1; spec §1 products, §2 /products, §3 Asset class). A product
 * is named by a symbol or a CUSIP (or both); a CASH product is worth 1.00 a unit on every date, any other is
 * worth its latest price on or before the date. Prices are decimal strings end to end (up to 6 decimals),
 * read as whole millionths, never as JS numbers.
 */

export { PRODUCT_TYPE_LABELS, PRODUCT_TYPES, type ProductType };

export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_SYMBOL_MAX = 12;
export const CUSIP_LENGTH = 9;
export const ASSET_CLASS_TEXT_MAX = 60;
export const PRODUCT_SEARCH_MAX = 100;
/** Digits after the point a price may carry (numeric(20,6)). */
export const PRICE_DECIMALS = 6;
/** The highest price, in whole dollars. */
export const PRICE_MAX_DOLLARS = '1000000000';
/** What a unit of a CASH product is worth on every date. */
export const CASH_UNIT_PRICE = '1.00';
/** The oldest date a price may carry. */
export const PRICE_MIN_DATE = '1900-01-01';
/** A price file: at most 5 MB and 200,000 lines. */
export const PRICE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const PRICE_IMPORT_MAX_LINES = 200_000;
/** The refused lines an import answer lists (refusedCount counts them all). */
export const PRICE_IMPORT_MAX_LISTED = 10_000;
/** Products an export writes at most. */
export const PRODUCT_EXPORT_MAX_ROWS = 100_000;

const typeNames = PRODUCT_TYPES.map((type) => PRODUCT_TYPE_LABELS[type]).join(', ');

export const PRODUCT_MESSAGES = {
  // Products
  created: 'Product added successfully.',
  updated: 'Product updated successfully.',
  deleted: 'Product deleted successfully.',
  exported: 'Products exported.',
  notFound: 'This product does not exist.',
  nameRequired: 'Name is required.',
  nameMax: `Name can be at most ${PRODUCT_NAME_MAX} characters.`,
  nameOnlySpaces: AUTH_MESSAGES.nameOnlySpaces,
  symbolInvalid: `Symbol can have only letters, digits, dots, dashes and slashes, at most ${PRODUCT_SYMBOL_MAX}.`,
  cusipInvalid: 'CUSIP must be 9 letters or digits.',
  cusipCheckDigit: 'This CUSIP is not valid: its last digit does not match the first eight characters.',
  identifierRequired: 'Enter a symbol or a CUSIP (or both).',
  productTypeInvalid: `Product type must be one of ${typeNames}.`,
  securityTypeInvalid: 'Choose a security type from the list.',
  assetClassRequired: 'Asset class is required unless the product type is Cash.',
  assetClassInvalid: 'Choose an asset class from the list.',
  duplicateSymbol: 'A product with this symbol already exists.',
  duplicateCusip: 'A product with this CUSIP already exists.',
  cashWithPrices: (count: number) =>
    `This product has ${count} ${count === 1 ? 'price' : 'prices'}: a cash product is always worth $1.00 a unit. Delete its prices first.`,
  /** `inUse(['held in 2 accounts', 'in 3 transactions'])` */
  inUse: (where: readonly string[]) => `This product is ${where.join(' and ')} and cannot be deleted.`,
  inUseUnknown: 'This product is in use and cannot be deleted.',
  searchMax: `Search text can be at most ${PRODUCT_SEARCH_MAX} characters.`,
  // Asset classes (spec §3 Asset class)
  assetClassCreated: 'Asset class added successfully.',
  assetClassUpdated: 'Asset class updated successfully.',
  assetClassDeleted: 'Asset class deleted successfully.',
  assetClassNotFound: 'This asset class does not exist.',
  assetClassNameRequired: 'Asset class is required.',
  assetClassNameMax: `Asset class can be at most ${ASSET_CLASS_TEXT_MAX} characters.`,
  assetClassNameOnlySpaces: 'Asset class cannot contain only spaces.',
  assetCategoryRequired: 'Asset category is required.',
  assetCategoryMax: `Asset category can be at most ${ASSET_CLASS_TEXT_MAX} characters.`,
  assetCategoryOnlySpaces: 'Asset category cannot contain only spaces.',
  duplicateAssetCategory: 'This asset class already has this asset category.',
  assetClassMissing: 'There is no such asset class yet: turn off "Add asset category" to create it.',
  assetClassExists: 'This asset class already exists: turn on "Add asset category" to add a category to it.',
  /** `assetClassInUse(['used by 3 products'])` */
  assetClassInUse: (where: readonly string[]) =>
    `This asset class is ${where.join(' and ')} and cannot be deleted.`,
  // Prices
  priceSaved: 'Price saved.',
  priceDeleted: 'Price deleted.',
  priceNotFound: 'This product has no price on this date.',
  priceRequired: 'Price is required.',
  priceInvalid: 'Price must be a number like 123.45.',
  priceDecimals: `Price can have at most ${PRICE_DECIMALS} decimals.`,
  pricePositive: 'Price must be more than 0.',
  priceMax: 'Price can be at most 1,000,000,000.',
  dateInvalid: 'Enter a valid date (yyyy-MM-dd).',
  dateTooOld: 'A price cannot be dated before 1900.',
  dateInFuture: 'A price cannot be dated after today.',
  cashHasNoPrices: 'A cash product is always worth $1.00 a unit: it has no prices.',
  // Price import
  importFileRequired: 'Choose a CSV file of prices.',
  importFileFormat: 'The price file must be a CSV text file (.csv).',
  importFileTooLarge: 'The price file can be at most 5 MB.',
  importTooManyLines: `The price file can have at most ${PRICE_IMPORT_MAX_LINES.toLocaleString('en-US')} lines.`,
  importHeaderMissing:
    'The first line must name the columns: symbol or cusip (or identifier), date and price.',
  importEmpty: 'The price file has no price lines.',
  importPreviewed: 'Price file checked: nothing was saved yet.',
  imported: (imported: number, unchanged: number) =>
    `Prices imported: ${imported} saved, ${unchanged} already up to date.`,
  lineIdentifierMissing: 'The symbol or CUSIP is missing.',
  lineUnknownProduct: 'No product has this symbol or CUSIP.',
  lineDateInvalid: 'The date must be yyyy-MM-dd or MM/dd/yyyy.',
  lineColumns: 'This line does not have the columns of the first line.',
  lineDuplicate: (line: number) => `Line ${line} already has a price for this product and date.`,
  lineCash: 'A cash product is always worth $1.00 a unit: its prices are not imported.',
} as const;

// ---- Identifiers --------------------------------------------------------------------------------------------

const SYMBOL_PATTERN = /^[A-Z0-9./-]{1,12}$/;
const CUSIP_PATTERN = /^[A-Z0-9*@#]{8}[0-9]$/;

/** A character's CUSIP value: digits 0–9, letters 10–35, * 36, @ 37, # 38. */
const cusipValue = (char: string) => {
  if (char >= '0' && char <= '9') return char.charCodeAt(0) - 48;
  if (char >= 'A' && char <= 'Z') return char.charCodeAt(0) - 55;
  return { '*': 36, '@': 37, '#': 38 }[char] ?? 0;
};

/** The check digit of a CUSIP's first 8 characters (the standard mod-10 double-add-double). */
export const cusipCheckDigit = (first8: string): number => {
  let sum = 0;
  for (let i = 0; i < 8; i += 1) {
    let value = cusipValue(first8[i] ?? '0');
    if (i % 2 === 1) value *= 2;
    sum += Math.floor(value / 10) + (value % 10);
  }
  return (10 - (sum % 10)) % 10;
};

/** Whether a text is a CUSIP with the right check digit (any case). */
export const isValidCusip = (text: string): boolean => {
  const value = text.toUpperCase();
  return CUSIP_PATTERN.test(value) && cusipCheckDigit(value.slice(0, 8)) === Number(value[8]);
};

/** '' and null are no value; anything else is trimmed and upper-cased. */
const optionalCode = (typeMessage: string, check: (value: string, ctx: z.RefinementCtx) => void) =>
  z
    .string({ error: typeMessage })
    .nullish()
    .transform((value) => (value ? value.trim().toUpperCase() : '') || null)
    .superRefine((value, ctx) => {
      if (value !== null) check(value, ctx);
    });

export const productSymbolSchema = optionalCode(PRODUCT_MESSAGES.symbolInvalid, (value, ctx) => {
  if (!SYMBOL_PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.symbolInvalid });
});

export const productCusipSchema = optionalCode(PRODUCT_MESSAGES.cusipInvalid, (value, ctx) => {
  if (!/^[A-Z0-9*@#]{9}$/.test(value))
    ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.cusipInvalid });
  else if (!isValidCusip(value)) ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.cusipCheckDigit });
});

// ---- Prices -------------------------------------------------------------------------------------------------

const MICROS = 1_000_000n;
const PRICE_MAX_MICROS = BigInt(PRICE_MAX_DOLLARS) * MICROS;

/** Whole millionths as a price: at least 2 decimals, at most 6, no trailing zeros past 2 ("123.45", "0.125"). */
export const formatPriceMicros = (micros: bigint): string => {
  const whole = micros / MICROS;
  const fraction = (micros % MICROS).toString().padStart(6, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${fraction}`;
};

/** A decimal text's millionths (digits, one optional point, at most 6 decimals), or undefined. */
export const priceMicrosOf = (text: string): bigint | undefined => {
  const match = /^(\d*)(?:\.(\d{0,6}))?$/.exec(text.trim());
  if (!match || (match[1] === '' && !match[2])) return undefined;
  return BigInt(match[1] || '0') * MICROS + BigInt((match[2] ?? '').padEnd(6, '0'));
};

/** A stored price (numeric(20,6), e.g. "123.450000") as the API answers it ("123.45"). */
export const toPrice = (stored: string): string => {
  const micros = priceMicrosOf(stored);
  return micros === undefined ? stored : formatPriceMicros(micros);
};

/**
 * Reads a typed or imported price: an optional '$', thousands separated by commas or not, at most 6
 * decimals, more than 0 and at most 1,000,000,000. The price ("1,234.5" → "1234.50") or the reason it is not one.
 */
export const readPrice = (raw: string): { price: string } | { message: string } => {
  let text = raw.trim().replace(/^\$\s*/, '');
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text)) text = text.replaceAll(',', '');
  if (text === '') return { message: PRODUCT_MESSAGES.priceRequired };
  if (/^-\s*\$?\d/.test(text)) return { message: PRODUCT_MESSAGES.pricePositive };
  if (/^\d*\.\d{7,}$/.test(text)) return { message: PRODUCT_MESSAGES.priceDecimals };
  if (text.length > 40) return { message: PRODUCT_MESSAGES.priceInvalid };
  const micros = priceMicrosOf(text);
  if (micros === undefined) return { message: PRODUCT_MESSAGES.priceInvalid };
  if (micros === 0n) return { message: PRODUCT_MESSAGES.pricePositive };
  if (micros > PRICE_MAX_MICROS) return { message: PRODUCT_MESSAGES.priceMax };
  return { price: formatPriceMicros(micros) };
};

/** One price field: a decimal string (never a JS number), answered in its canonical form. */
export const priceSchema = z
  .string({ error: PRODUCT_MESSAGES.priceInvalid })
  .max(60, PRODUCT_MESSAGES.priceInvalid)
  .transform((raw, ctx) => {
    const read = readPrice(raw);
    if ('price' in read) return read.price;
    ctx.addIssue({ code: 'custom', message: read.message });
    return z.NEVER;
  });

/** A price's date: a real yyyy-MM-dd day from 1900 on (not after today: the server checks with its clock). */
export const priceDateSchema = z
  .string({ error: PRODUCT_MESSAGES.dateInvalid })
  .refine((value) => parseIsoDate(value) !== null, { error: PRODUCT_MESSAGES.dateInvalid, abort: true })
  .refine((value) => value >= PRICE_MIN_DATE, PRODUCT_MESSAGES.dateTooOld);

// ---- Bodies -------------------------------------------------------------------------------------------------

type TextMessages = { required: string; max: string; onlySpaces: string };

/** Required text: not empty, not only spaces, at most `max` once trimmed. */
const requiredText = (max: number, messages: TextMessages) =>
  z
    .string({ error: messages.required })
    .min(1, { error: messages.required, abort: true })
    .refine((v) => v.trim().length > 0, { error: messages.onlySpaces, abort: true })
    .transform((v) => v.trim())
    .pipe(z.string().max(max, messages.max));

export const productTypeSchema = z.enum(PRODUCT_TYPES, { error: PRODUCT_MESSAGES.productTypeInvalid });

/** POST /api/asset-classes, PATCH /api/asset-classes/:id (spec §3 Asset class, its field names). */
export const assetClassBodySchema = z.object({
  assetClass: requiredText(ASSET_CLASS_TEXT_MAX, {
    required: PRODUCT_MESSAGES.assetClassNameRequired,
    max: PRODUCT_MESSAGES.assetClassNameMax,
    onlySpaces: PRODUCT_MESSAGES.assetClassNameOnlySpaces,
  }),
  assetCategory: requiredText(ASSET_CLASS_TEXT_MAX, {
    required: PRODUCT_MESSAGES.assetCategoryRequired,
    max: PRODUCT_MESSAGES.assetCategoryMax,
    onlySpaces: PRODUCT_MESSAGES.assetCategoryOnlySpaces,
  }),
  productType: productTypeSchema,
  /**
   * On a new one: true adds a category to an asset class that exists (its spelling is kept), false starts a
   * new asset class. An edit ignores it.
   */
  addAssetCategory: z.boolean().default(false),
  /** ADV reportable: the default of the products of this class. */
  avdReportable: z.boolean().default(false),
  /** 13F reportable: the default of the products of this class. */
  fReportable: z.boolean().default(false),
});
export type AssetClassBody = z.output<typeof assetClassBodySchema>;
export type AssetClassInput = z.input<typeof assetClassBodySchema>;

export const assetClassItemSchema = z.object({
  id: z.string(),
  assetClass: z.string(),
  assetCategory: z.string(),
  productType: z.enum(PRODUCT_TYPES),
  avdReportable: z.boolean(),
  fReportable: z.boolean(),
  /** Products in this class and category. */
  productCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AssetClassItem = z.output<typeof assetClassItemSchema>;

export const assetClassIdParamsSchema = z.object({
  id: z.uuid({ error: PRODUCT_MESSAGES.assetClassNotFound }),
});

/**
 * The rules across a product's fields: a symbol or a CUSIP (said on the symbol field), and an asset class
 * unless the type is CASH. The body schema applies them once the fields are valid; a form also runs them
 * beside the fields' own messages.
 */
export const productCrossFieldIssues = (body: {
  symbol?: string | null | undefined;
  cusip?: string | null | undefined;
  assetClassId?: string | null | undefined;
  productType?: string | null | undefined;
}): { path: string[]; message: string }[] => [
  ...(!body.symbol?.trim() && !body.cusip?.trim()
    ? [{ path: ['symbol'], message: PRODUCT_MESSAGES.identifierRequired }]
    : []),
  ...(!body.assetClassId && body.productType !== 'CASH'
    ? [{ path: ['assetClassId'], message: PRODUCT_MESSAGES.assetClassRequired }]
    : []),
];

/** POST /api/products, PATCH /api/products/:id: every field (a PATCH replaces the product). */
export const productBodySchema = z
  .object({
    name: requiredText(PRODUCT_NAME_MAX, {
      required: PRODUCT_MESSAGES.nameRequired,
      max: PRODUCT_MESSAGES.nameMax,
      onlySpaces: PRODUCT_MESSAGES.nameOnlySpaces,
    }),
    symbol: productSymbolSchema,
    cusip: productCusipSchema,
    productType: productTypeSchema,
    /** A master-data `security-type` item. */
    securityTypeId: serialIdSchema({ message: PRODUCT_MESSAGES.securityTypeInvalid })
      .nullish()
      .transform((v) => v ?? null),
    assetClassId: z
      .uuid({ error: PRODUCT_MESSAGES.assetClassInvalid })
      .nullish()
      .transform((v) => v ?? null),
    advReportable: z.boolean().default(false),
    f13Reportable: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    for (const issue of productCrossFieldIssues(body)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type ProductBody = z.output<typeof productBodySchema>;
export type ProductInput = z.input<typeof productBodySchema>;

export const productIdParamsSchema = z.object({ id: z.uuid({ error: PRODUCT_MESSAGES.notFound }) });

// ---- Lists --------------------------------------------------------------------------------------------------

export const PRODUCT_SORT_KEYS = ['name', 'symbol', 'cusip', 'productType', 'assetClass'] as const;
export type ProductSortKey = (typeof PRODUCT_SORT_KEYS)[number];
export const PRODUCT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ProductExportFormat = (typeof PRODUCT_EXPORT_FORMATS)[number];

const productFilterShape = {
  search: z.string().trim().max(PRODUCT_SEARCH_MAX, PRODUCT_MESSAGES.searchMax).optional(),
  productType: productTypeSchema.optional(),
  assetClassId: z.uuid({ error: PRODUCT_MESSAGES.assetClassInvalid }).optional(),
  securityTypeId: serialIdParamSchema({ message: PRODUCT_MESSAGES.securityTypeInvalid }).optional(),
};
const productSortShape = listQueryShape({
  sortKeys: PRODUCT_SORT_KEYS,
  defaultSort: { sortBy: 'name', order: 'ASC' },
});

/** GET /api/products: search over name, symbol and CUSIP, filters, sort, paging. */
export const productListQuerySchema = z.object({ ...productFilterShape, ...productSortShape });
export type ProductListQuery = z.output<typeof productListQuerySchema>;

/** GET /api/products/export: the list's filters and order, every match, as CSV or XLSX. */
export const productExportQuerySchema = z.object({
  ...productFilterShape,
  sortBy: productSortShape.sortBy,
  order: productSortShape.order,
  format: z.enum(PRODUCT_EXPORT_FORMATS, { error: 'format must be csv or xlsx.' }),
});
export type ProductExportQuery = z.output<typeof productExportQuerySchema>;

export const productPriceItemSchema = z.object({ date: z.string(), price: z.string() });
export type ProductPriceItem = z.output<typeof productPriceItemSchema>;

export const productItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string().nullable(),
  cusip: z.string().nullable(),
  productType: z.enum(PRODUCT_TYPES),
  securityType: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  assetClass: z.object({ id: z.string(), assetClass: z.string(), assetCategory: z.string() }).nullable(),
  advReportable: z.boolean(),
  f13Reportable: z.boolean(),
  /** The newest price; null for none, and always for a CASH product (worth CASH_UNIT_PRICE a unit). */
  latestPrice: productPriceItemSchema.nullable(),
  /** What a unit is worth without a price: CASH_UNIT_PRICE for a CASH product, else null. */
  fixedUnitPrice: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductItem = z.output<typeof productItemSchema>;

/** The master-data security types a product can take (GET /api/products/security-types). */
export const securityTypeOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type SecurityTypeOption = z.output<typeof securityTypeOptionSchema>;

// ---- Pickers (managed accounts, strategies) ------------------------------------------------------------------

/** At most this many products are offered at a time by a picker. */
export const PRODUCT_OPTIONS_MAX = 50;

/**
 * GET /api/products/options: the products a picker offers (holdings, strategy targets), by name; for anyone who
 * may read managed accounts, whether or not they may open the products screen.
 */
export const productOptionsQuerySchema = z.object({
  search: z.string().trim().max(PRODUCT_SEARCH_MAX, PRODUCT_MESSAGES.searchMax).optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${PRODUCT_OPTIONS_MAX}.` })
    .int(`limit must be a whole number from 1 to ${PRODUCT_OPTIONS_MAX}.`)
    .min(1, `limit must be a whole number from 1 to ${PRODUCT_OPTIONS_MAX}.`)
    .max(PRODUCT_OPTIONS_MAX, `limit must be a whole number from 1 to ${PRODUCT_OPTIONS_MAX}.`)
    .default(20),
});
export type ProductOptionsQuery = z.output<typeof productOptionsQuerySchema>;

export const productOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string().nullable(),
  cusip: z.string().nullable(),
  productType: z.enum(PRODUCT_TYPES),
});
export type ProductOption = z.output<typeof productOptionSchema>;

/** GET /api/asset-classes/options: every asset class and category, by class then category, for pickers. */
export const assetCategoryOptionSchema = z.object({
  id: z.string(),
  assetClass: z.string(),
  assetCategory: z.string(),
});
export type AssetCategoryOption = z.output<typeof assetCategoryOptionSchema>;

// ---- Prices of a product ------------------------------------------------------------------------------------

/** GET /api/products/:id/prices: newest first; up to 1,000 a page (a chart asks for a year at once). */
export const productPriceListQuerySchema = z.object({ ...pagingShape({ maxLimit: 1000 }) });
export type ProductPriceListQuery = z.output<typeof productPriceListQuerySchema>;

export const productPriceParamsSchema = z.object({
  id: z.uuid({ error: PRODUCT_MESSAGES.notFound }),
  date: priceDateSchema,
});

/** The add-price form: a date and a price. */
export const productPriceBodySchema = z.object({ date: priceDateSchema, price: priceSchema });
export type ProductPriceBody = z.output<typeof productPriceBodySchema>;
export type ProductPriceInput = z.input<typeof productPriceBodySchema>;

/** PUT /api/products/:id/prices/:date: the price of that date (the date is the path's). */
export const productPricePutBodySchema = z.object({ price: priceSchema });

// ---- Price import -------------------------------------------------------------------------------------------

/** POST /api/products/prices/import?dryRun=true: the preview, nothing written. */
export const priceImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false.' })
    .optional()
    .transform((v) => v === 'true'),
});

export const priceImportRefusalSchema = z.object({
  /** The line of the file (the header is line 1). */
  line: z.number().int(),
  identifier: z.string(),
  message: z.string(),
});
export type PriceImportRefusal = z.output<typeof priceImportRefusalSchema>;

export const priceImportResultSchema = z.object({
  dryRun: z.boolean(),
  /** Price lines in the file (the header and blank lines not counted). */
  rows: z.number().int(),
  /** Prices saved (new or changed), or that would be in a preview. */
  imported: z.number().int(),
  /** Lines whose price was already stored as it is. */
  unchanged: z.number().int(),
  /** Every refused line (the first PRICE_IMPORT_MAX_LISTED), in file order, with the reason. */
  refused: z.array(priceImportRefusalSchema),
  refusedCount: z.number().int(),
});
export type PriceImportResult = z.output<typeof priceImportResultSchema>;
