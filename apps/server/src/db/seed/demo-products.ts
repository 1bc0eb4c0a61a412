import {
  addDays,
  formatPriceMicros,
  parseIsoDate,
  type ProductBody,
  productBodySchema,
  type ProductType,
} from '@centric/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { assetClasses, masterDataItems, productPrices, products } from '../schema/index.ts';
import { seededRandom } from './seeded-random.ts';

/**
 * The demo's products (issue 13 §1): about 60 real-looking securities (real symbols and CUSIPs for the
 * listed ones; bonds by CUSIP) in the firm's asset classes, each with a year of month-end prices ending at the
 * last month-end before the demo's today. Deterministic: a seeded generator, never Math.random. The accounts
 * demo reuses the products through `demoProductIdsBySymbol`.
 */

type DemoAssetClass = {
  assetClass: string;
  assetCategory: string;
  productType: ProductType;
  adv: boolean;
  f13: boolean;
};

const EQUITY = 'Equity';
const FIXED = 'Fixed Income';
const ALTERNATIVES = 'Alternatives';

export const DEMO_ASSET_CLASSES: readonly DemoAssetClass[] = [
  ...['US Large Cap', 'US Mid Cap', 'US Small Cap', 'International Developed', 'Emerging Markets'].map(
    (assetCategory) => ({
      assetClass: EQUITY,
      assetCategory,
      productType: 'EQUITY' as const,
      adv: true,
      f13: true,
    }),
  ),
  ...['US Aggregate', 'Municipal', 'Treasury', 'Corporate'].map((assetCategory) => ({
    assetClass: FIXED,
    assetCategory,
    productType: 'FIXED_INCOME' as const,
    adv: true,
    f13: false,
  })),
  ...['Real Estate', 'Commodities'].map((assetCategory) => ({
    assetClass: ALTERNATIVES,
    assetCategory,
    productType: 'ALTERNATIVE' as const,
    adv: true,
    f13: false,
  })),
  { assetClass: 'Cash', assetCategory: 'Cash & Equivalents', productType: 'CASH', adv: false, f13: false },
];

/** The master-data security type of each product type. */
const SECURITY_TYPE_OF: Readonly<Record<ProductType, string | null>> = {
  EQUITY: 'Equity',
  ETF: 'Exchange-Traded Fund',
  MUTUAL_FUND: 'Mutual Fund',
  FIXED_INCOME: 'Fixed Income',
  CASH: 'Cash and Equivalents',
  ALTERNATIVE: 'Alternative',
  OTHER: null,
};

export type DemoProduct = {
  name: string;
  symbol: string | null;
  cusip: string | null;
  productType: ProductType;
  /** The asset category (unique across the demo's classes); null for cash. */
  category: string | null;
  /** The first month-end's price in cents. */
  startCents: number;
  /** Monthly drift and spread of the return, in basis points. */
  drift: number;
  spread: number;
};

type Row = [name: string, symbol: string | null, cusip: string | null, category: string, startCents: number];

const STOCK = { drift: 80, spread: 700 };
const FUND = { drift: 70, spread: 450 };
const BOND = { drift: 15, spread: 120 };
const REAL_ASSET = { drift: 40, spread: 500 };

const stocks: Row[] = [
  ['Apple Inc.', 'AAPL', '037833100', 'US Large Cap', 21_350],
  ['Microsoft Corporation', 'MSFT', '594918104', 'US Large Cap', 42_510],
  ['Amazon.com, Inc.', 'AMZN', '023135106', 'US Large Cap', 18_640],
  ['Alphabet Inc. Class A', 'GOOGL', '02079K305', 'US Large Cap', 16_720],
  ['Meta Platforms, Inc. Class A', 'META', '30303M102', 'US Large Cap', 52_190],
  ['NVIDIA Corporation', 'NVDA', '67066G104', 'US Large Cap', 11_830],
  ['JPMorgan Chase & Co.', 'JPM', '46625H100', 'US Large Cap', 23_940],
  ['Johnson & Johnson', 'JNJ', '478160104', 'US Large Cap', 15_410],
  ['The Procter & Gamble Company', 'PG', '742718109', 'US Large Cap', 16_580],
  ['Exxon Mobil Corporation', 'XOM', '30231G102', 'US Large Cap', 11_270],
  ['Visa Inc. Class A', 'V', '92826C839', 'US Large Cap', 29_860],
  ['The Coca-Cola Company', 'KO', '191216100', 'US Large Cap', 6_430],
  ['PepsiCo, Inc.', 'PEP', '713448108', 'US Large Cap', 15_920],
  ['The Home Depot, Inc.', 'HD', '437076102', 'US Large Cap', 38_150],
  ['UnitedHealth Group Incorporated', 'UNH', '91324P102', 'US Large Cap', 49_870],
  ['Berkshire Hathaway Inc. Class B', 'BRK.B', '084670702', 'US Large Cap', 45_320],
  ['The Walt Disney Company', 'DIS', '254687106', 'US Large Cap', 9_870],
  ['Cisco Systems, Inc.', 'CSCO', '17275R102', 'US Large Cap', 5_640],
  ['Intel Corporation', 'INTC', '458140100', 'US Large Cap', 2_310],
  ['Walmart Inc.', 'WMT', '931142103', 'US Large Cap', 8_420],
  ['Costco Wholesale Corporation', 'COST', '22160K105', 'US Large Cap', 91_230],
  ["McDonald's Corporation", 'MCD', '580135101', 'US Large Cap', 28_760],
];

const etfs: Row[] = [
  ['Vanguard Total Stock Market ETF', 'VTI', '922908769', 'US Large Cap', 27_410],
  ['Vanguard S&P 500 ETF', 'VOO', '922908363', 'US Large Cap', 49_830],
  ['SPDR S&P 500 ETF Trust', 'SPY', '78462F103', 'US Large Cap', 54_260],
  ['Invesco QQQ Trust', 'QQQ', '46090E103', 'US Large Cap', 46_150],
  ['Vanguard Dividend Appreciation ETF', 'VIG', '921908844', 'US Large Cap', 19_170],
  ['iShares Core S&P Mid-Cap ETF', 'IJH', '464287507', 'US Mid Cap', 6_080],
  ['iShares Core S&P Small-Cap ETF', 'IJR', '464287804', 'US Small Cap', 11_040],
  ['iShares Russell 2000 ETF', 'IWM', '464287655', 'US Small Cap', 21_230],
  ['Vanguard Total International Stock ETF', 'VXUS', '921909768', 'International Developed', 6_120],
  ['Vanguard FTSE Developed Markets ETF', 'VEA', '921943858', 'International Developed', 5_030],
  ['iShares MSCI EAFE ETF', 'EFA', '464287465', 'International Developed', 7_940],
  ['Vanguard FTSE Emerging Markets ETF', 'VWO', '922042858', 'Emerging Markets', 4_410],
  ['Vanguard Total Bond Market ETF', 'BND', '921937835', 'US Aggregate', 7_230],
  ['iShares Core U.S. Aggregate Bond ETF', 'AGG', '464287226', 'US Aggregate', 9_780],
  ['iShares TIPS Bond ETF', 'TIP', '464287176', 'Treasury', 10_870],
  ['iShares National Muni Bond ETF', 'MUB', '464288414', 'Municipal', 10_590],
  ['iShares iBoxx $ Investment Grade Corporate Bond ETF', 'LQD', '464287242', 'Corporate', 10_820],
  ['iShares 1-3 Year Treasury Bond ETF', 'SHY', '464287457', 'Treasury', 8_210],
  ['iShares 7-10 Year Treasury Bond ETF', 'IEF', '464287440', 'Treasury', 9_450],
  ['iShares 20+ Year Treasury Bond ETF', 'TLT', '464287432', 'Treasury', 9_160],
  ['Vanguard Real Estate ETF', 'VNQ', '922908553', 'Real Estate', 8_960],
  ['SPDR Gold Shares', 'GLD', '78463V107', 'Commodities', 21_740],
  ['Invesco DB Commodity Index Tracking Fund', 'DBC', '73935S105', 'Commodities', 2_280],
];

const mutualFunds: Row[] = [
  ['Vanguard 500 Index Fund Admiral Shares', 'VFIAX', '922908710', 'US Large Cap', 50_120],
  ['Vanguard Total Stock Market Index Fund Admiral Shares', 'VTSAX', '922908728', 'US Large Cap', 13_480],
  ['Fidelity 500 Index Fund', 'FXAIX', '315911750', 'US Large Cap', 19_260],
  ['Dodge & Cox Stock Fund', 'DODGX', '256219106', 'US Large Cap', 26_310],
  ['The Growth Fund of America Class A', 'AGTHX', '399874106', 'US Large Cap', 7_140],
  ['Vanguard Total Bond Market Index Fund Admiral Shares', 'VBTLX', '921937603', 'US Aggregate', 970],
  ['Vanguard Intermediate-Term Tax-Exempt Fund Admiral Shares', 'VWIUX', '922907878', 'Municipal', 1_385],
];

const bonds: Row[] = [
  ['United States Treasury Note 4.25% 11/15/2034', null, '91282CKQ3', 'Treasury', 9_870],
  ['United States Treasury Bond 4.50% 02/15/2044', null, '912810TM0', 'Treasury', 9_640],
  ['New York City Transitional Finance Authority 5.00% 11/01/2036', null, '64971XQM3', 'Municipal', 10_720],
  ['State of California GO 4.00% 10/01/2040', null, '13063DLZ9', 'Municipal', 9_910],
  ['Miami-Dade County Water & Sewer 5.00% 10/01/2035', null, '59333FAB6', 'Municipal', 10_480],
  ['Apple Inc. 3.85% 05/04/2043', null, '037833AL4', 'Corporate', 8_760],
  ['The Goldman Sachs Group, Inc. 4.25% 10/21/2035', null, '38141GXZ2', 'Corporate', 9_350],
];

const withType = (rows: Row[], productType: ProductType, motion: { drift: number; spread: number }) =>
  rows.map(([name, symbol, cusip, category, startCents]): DemoProduct => {
    const alternative = category === 'Real Estate' || category === 'Commodities';
    return {
      name,
      symbol,
      cusip,
      productType,
      category,
      startCents,
      ...(alternative ? REAL_ASSET : motion),
    };
  });

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  ...withType(stocks, 'EQUITY', STOCK),
  ...withType(etfs, 'ETF', FUND),
  ...withType(mutualFunds, 'MUTUAL_FUND', FUND),
  ...withType(bonds, 'FIXED_INCOME', BOND),
  {
    name: 'Cash',
    symbol: 'CASH',
    cusip: null,
    productType: 'CASH',
    category: null,
    startCents: 100,
    drift: 0,
    spread: 0,
  },
  {
    name: 'Vanguard Federal Money Market Fund',
    symbol: 'VMFXX',
    cusip: '922906300',
    productType: 'CASH',
    category: 'Cash & Equivalents',
    startCents: 100,
    drift: 0,
    spread: 0,
  },
];

const random = seededRandom;

/** The last weekday of a month (yyyy-MM), a month-end's closing day. */
const lastWeekdayOf = (year: number, month: number) => {
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  let day = addDays(next, -1);
  while ([0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay())) day = addDays(day, -1);
  return day;
};

/** The 12 month-ends (last weekdays) ending at the last one before `today`, oldest first. */
export const demoPriceDates = (today: string): string[] => {
  const parsed = parseIsoDate(today);
  if (!parsed) throw new RangeError(`not a date: ${today}`);
  let { year, month } = parsed;
  if (lastWeekdayOf(year, month) >= today) {
    month -= 1;
    if (month === 0) [year, month] = [year - 1, 12];
  }
  const dates: string[] = [];
  for (let i = 0; i < 12; i += 1) {
    dates.unshift(lastWeekdayOf(year, month));
    month -= 1;
    if (month === 0) [year, month] = [year - 1, 12];
  }
  return dates;
};

/** A month's price path in whole cents: each month's return drift ± spread basis points, never below a cent. */
const pricePath = (product: DemoProduct, months: number, next: () => number): string[] => {
  let cents = product.startCents;
  const path: string[] = [];
  for (let i = 0; i < months; i += 1) {
    if (i > 0) {
      const basisPoints = product.drift + Math.round((next() * 2 - 1) * product.spread);
      cents = Math.max(1, Math.round((cents * (10_000 + basisPoints)) / 10_000));
    }
    path.push(formatPriceMicros(BigInt(cents) * 10_000n));
  }
  return path;
};

/** A demo product as the API's body, checked by the same contract as a save (CUSIP check digits included). */
const demoProductBody = (
  product: DemoProduct,
  classIdOf: ReadonlyMap<string, string>,
  securityTypeIdOf: ReadonlyMap<string, number>,
): ProductBody => {
  const securityType = SECURITY_TYPE_OF[product.productType];
  const assetClass = DEMO_ASSET_CLASSES.find((a) => a.assetCategory === product.category);
  return productBodySchema.parse({
    name: product.name,
    symbol: product.symbol,
    cusip: product.cusip,
    productType: product.productType,
    securityTypeId: securityType ? (securityTypeIdOf.get(securityType) ?? null) : null,
    assetClassId: product.category ? (classIdOf.get(product.category) ?? null) : null,
    advReportable: assetClass?.adv ?? false,
    f13Reportable: (assetClass?.f13 ?? false) && product.productType !== 'MUTUAL_FUND',
  });
};

/**
 * Seeds the demo asset classes, products and a year of month-end prices when there are no products yet.
 * Returns how many products were inserted.
 */
export const seedDemoProducts = async (db: Db, options: { today: string }) => {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  if (Number(existing?.n ?? 0) > 0) return 0;
  const dates = demoPriceDates(options.today);
  const next = random(20_260_131);
  await db.transaction(async (tx) => {
    await tx
      .insert(assetClasses)
      .values(
        DEMO_ASSET_CLASSES.map((a) => ({
          assetClass: a.assetClass,
          assetCategory: a.assetCategory,
          productType: a.productType,
          advReportable: a.adv,
          f13Reportable: a.f13,
        })),
      )
      .onConflictDoNothing();
    // By category, whether inserted now or there already (a category names one demo class).
    const classes = await tx
      .select({
        id: assetClasses.id,
        assetClass: assetClasses.assetClass,
        category: assetClasses.assetCategory,
      })
      .from(assetClasses);
    const classIdOf = new Map(
      DEMO_ASSET_CLASSES.map((demo) => {
        const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
        const row = classes.find(
          (c) => same(c.assetClass, demo.assetClass) && same(c.category, demo.assetCategory),
        );
        return [demo.assetCategory, row?.id ?? ''] as const;
      }),
    );
    const types = await tx
      .select({ id: masterDataItems.id, name: masterDataItems.name })
      .from(masterDataItems)
      .where(
        and(
          eq(masterDataItems.type, 'security-type'),
          inArray(
            masterDataItems.name,
            Object.values(SECURITY_TYPE_OF).filter((name): name is string => name !== null),
          ),
        ),
      );
    const securityTypeIdOf = new Map(types.map((type) => [type.name, type.id]));
    const inserted = await tx
      .insert(products)
      .values(DEMO_PRODUCTS.map((product) => demoProductBody(product, classIdOf, securityTypeIdOf)))
      .returning({ id: products.id, name: products.name });
    const idOf = new Map(inserted.map((row) => [row.name, row.id]));
    const prices = DEMO_PRODUCTS.filter((product) => product.productType !== 'CASH').flatMap((product) => {
      const productId = idOf.get(product.name) ?? '';
      const path = pricePath(product, dates.length, next);
      return dates.map((priceDate, i) => ({ productId, priceDate, price: path[i] ?? '' }));
    });
    await tx.insert(productPrices).values(prices);
  });
  return DEMO_PRODUCTS.length;
};

/**
 * The demo products' ids by symbol (a bond, which has none, by its CUSIP): what the accounts demo holds.
 * Products that are not (or no longer) there are left out.
 */
export const demoProductIdsBySymbol = async (db: Db): Promise<Map<string, string>> => {
  const rows = await db
    .select({ id: products.id, symbol: products.symbol, cusip: products.cusip })
    .from(products);
  const known = new Set(DEMO_PRODUCTS.map((product) => product.symbol ?? product.cusip));
  return new Map(
    rows.map((row) => [row.symbol ?? row.cusip ?? '', row.id] as const).filter(([key]) => known.has(key)),
  );
};
