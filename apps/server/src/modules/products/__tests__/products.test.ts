import {
  auditSentence,
  type AuditLogEntry,
  cusipCheckDigit,
  PRODUCT_MESSAGES,
  readPrice,
} from '@centric/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountSnapshots,
  accounts,
  accountTransactions,
  auditLog,
  holdings,
  masterDataItems,
  productPrices,
  strategies,
  strategyTargets,
} from '../../../db/schema/index.ts';
import { rowsOf } from '../../../db/client.ts';
import { DEMO_USERS } from '../../../db/seed/demo.ts';
import { insertHousehold, insertUserWithGrants } from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { putFile } from '../../../../test/uploads.ts';
import { parseCsv } from '../../../platform/csv.ts';

let t: TestContext;
let admin: string;
let advisor: string; // Wealth Advisor: products read only
let nothing: string; // a role without products
let largeCap = '';
let municipal = '';
let equityTypeId = 0;

const MISSING = '00000000-0000-4000-8000-000000000000';
// Real CUSIPs (valid check digits).
const CUSIP = { apple: '037833100', microsoft: '594918104', vanguard: '922908769' } as const;

beforeAll(async () => {
  t = await createTestContext();
  admin = (await t.signIn()).token;
  advisor = (await t.signIn(DEMO_USERS[1].email)).token;
  await insertUserWithGrants(t.db, 'no.products@centric.local', { clients: ['read'] });
  nothing = (await t.signIn('no.products@centric.local')).token;
  const [type] = await t.db
    .select({ id: masterDataItems.id })
    .from(masterDataItems)
    .where(and(eq(masterDataItems.type, 'security-type'), eq(masterDataItems.name, 'Equity')));
  equityTypeId = type?.id ?? 0;
  largeCap = (await assetClass({ assetClass: 'Equity', assetCategory: 'US Large Cap' })).body.result.id;
  municipal = (
    await assetClass({ assetClass: 'Fixed Income', assetCategory: 'Municipal', productType: 'FIXED_INCOME' })
  ).body.result.id;
});
afterAll(() => t.close());

const assetClass = (overrides: Record<string, unknown> = {}, token = admin) =>
  t.json(
    'POST',
    '/api/asset-classes',
    { assetClass: 'Equity', assetCategory: 'US Mid Cap', productType: 'EQUITY', ...overrides },
    token,
  );

let serial = 0;
/** A valid product body with a fresh symbol (TST1, TST2, …). */
const productBody = (overrides: Record<string, unknown> = {}) => {
  serial += 1;
  return {
    name: `Test Product ${serial}`,
    symbol: `TST${serial}`,
    cusip: null,
    productType: 'EQUITY',
    securityTypeId: equityTypeId,
    assetClassId: largeCap,
    advReportable: true,
    f13Reportable: false,
    ...overrides,
  };
};

const createProduct = async (overrides: Record<string, unknown> = {}) => {
  const res = await t.json('POST', '/api/products', productBody(overrides), admin);
  expect(res.status, res.body.message).toBe(201);
  return res.body.result as { id: string; symbol: string | null; name: string };
};

/** The 400's first message and its field errors. */
const refused = async (method: 'POST' | 'PATCH' | 'PUT', url: string, body: unknown) => {
  const res = await t.json(method, url, body, admin);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  return { message: res.body.message, errors: res.body.errors ?? [] };
};

const auditRows = (entity: string, entityId?: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      entityId === undefined
        ? eq(auditLog.entity, entity)
        : and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)),
    )
    .orderBy(asc(auditLog.id));

/** The trail of a record as the audit screen says it (names resolved by the audit API). */
const sentences = async (entity: string, entityId?: string) => {
  const query = `entity=${entity}${entityId ? `&entityId=${entityId}` : ''}&order=ASC&limit=100`;
  const res = await t.json('GET', `/api/audit-logs?${query}`, undefined, admin);
  return (res.body.result as AuditLogEntry[]).map((entry) => auditSentence(entry));
};

const importCsv = (csv: string, options: { dryRun?: boolean; token?: string; filename?: string } = {}) =>
  putFile(t, {
    url: `/api/products/prices/import${options.dryRun ? '?dryRun=true' : ''}`,
    token: options.token ?? admin,
    filename: options.filename ?? 'prices.csv',
    data: Buffer.from(csv, 'utf8'),
    contentType: 'text/csv',
    method: 'POST',
  });

describe('contracts: CUSIP and prices', () => {
  it('computes the CUSIP check digit (double-add-double) and reads prices as decimal text', () => {
    expect(cusipCheckDigit('03783310')).toBe(0);
    expect(cusipCheckDigit('59491810')).toBe(4);
    expect(cusipCheckDigit('92290876')).toBe(9);
    expect(readPrice('$1,234.5')).toEqual({ price: '1234.50' });
    expect(readPrice('0.1234567')).toEqual({ message: PRODUCT_MESSAGES.priceDecimals });
    expect(readPrice('1000000000.000001')).toEqual({ message: PRODUCT_MESSAGES.priceMax });
    expect(readPrice('1000000000')).toEqual({ price: '1000000000.00' });
    expect(readPrice('.5')).toEqual({ price: '0.50' });
    expect(readPrice('12.345600')).toEqual({ price: '12.3456' });
  });

  it('parses CSV with quotes, commas and line breaks in fields, CRLF, a BOM and blank lines', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, ""y""",2\n\n"multi\nline",3')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, "y"', '2'] },
      { line: 4, cells: ['multi\nline', '3'] },
    ]);
  });
});

describe('permissions', () => {
  it('a role without products read gets 403 from every products route; read-only cannot write', async () => {
    for (const [method, url] of [
      ['GET', '/api/products'],
      ['GET', '/api/asset-classes'],
      ['GET', '/api/products/export?format=csv'],
      ['GET', `/api/products/${MISSING}`],
      ['GET', `/api/products/${MISSING}/prices`],
      ['GET', '/api/products/security-types'],
    ] as const) {
      expect((await t.json(method, url, undefined, nothing)).status, url).toBe(403);
    }
    expect((await t.json('GET', '/api/products', undefined, advisor)).status).toBe(200);
    expect((await t.json('POST', '/api/products', productBody(), advisor)).status).toBe(403);
    expect((await assetClass({ assetCategory: 'Advisor' }, advisor)).status).toBe(403);
    expect((await t.json('DELETE', `/api/products/${MISSING}`, undefined, advisor)).status).toBe(403);
    expect((await importCsv('symbol,date,price\n', { token: advisor })).statusCode).toBe(403);
  });
});

describe('pickers (GET /api/products/options, /api/asset-classes/options)', () => {
  it('serve whoever may read managed accounts, without products read, with only what a picker shows', async () => {
    await insertUserWithGrants(t.db, 'accounts.only@centric.local', { managedAccounts: ['read'] });
    const accountsOnly = (await t.signIn('accounts.only@centric.local')).token;
    expect((await t.json('GET', '/api/products', undefined, accountsOnly)).status).toBe(403);
    const body = (name: string, symbol: string) => productBody({ name, symbol });
    await t.json('POST', '/api/products', body('Picker Alpha Fund', 'PICKA'), admin);
    await t.json('POST', '/api/products', body('Picker Beta Fund', 'PICKB'), admin);

    const found = await t.json('GET', '/api/products/options?search=picker', undefined, accountsOnly);
    expect(found.status).toBe(200);
    expect(found.body.result.map((p: { name: string }) => p.name)).toEqual([
      'Picker Alpha Fund',
      'Picker Beta Fund',
    ]);
    expect(Object.keys(found.body.result[0]).sort()).toEqual([
      'cusip',
      'id',
      'name',
      'productType',
      'symbol',
    ]);
    const one = await t.json('GET', '/api/products/options?search=PICKB&limit=1', undefined, accountsOnly);
    expect(one.body.result.map((p: { symbol: string }) => p.symbol)).toEqual(['PICKB']);
    expect((await t.json('GET', '/api/products/options?limit=51', undefined, accountsOnly)).status).toBe(400);

    const classes = await t.json('GET', '/api/asset-classes/options', undefined, accountsOnly);
    expect(classes.status).toBe(200);
    expect(classes.body.result).toContainEqual({
      id: largeCap,
      assetClass: 'Equity',
      assetCategory: 'US Large Cap',
    });
    for (const url of ['/api/products/options', '/api/asset-classes/options']) {
      expect((await t.json('GET', url, undefined, nothing)).status, url).toBe(403);
    }
  });
});

describe('asset classes (spec §3 Asset class)', () => {
  it('checks every field with its message', async () => {
    const url = '/api/asset-classes';
    const base = { assetClass: 'Equity', assetCategory: 'Checks', productType: 'EQUITY' };
    expect((await refused('POST', url, { ...base, assetClass: '' })).message).toBe(
      PRODUCT_MESSAGES.assetClassNameRequired,
    );
    expect((await refused('POST', url, { ...base, assetClass: '   ' })).message).toBe(
      PRODUCT_MESSAGES.assetClassNameOnlySpaces,
    );
    expect((await refused('POST', url, { ...base, assetClass: 'x'.repeat(61) })).message).toBe(
      PRODUCT_MESSAGES.assetClassNameMax,
    );
    expect((await refused('POST', url, { ...base, assetCategory: undefined })).errors[0]).toEqual({
      field: 'assetCategory',
      message: PRODUCT_MESSAGES.assetCategoryRequired,
    });
    expect((await refused('POST', url, { ...base, assetCategory: ' ' })).message).toBe(
      PRODUCT_MESSAGES.assetCategoryOnlySpaces,
    );
    expect((await refused('POST', url, { ...base, assetCategory: 'y'.repeat(61) })).message).toBe(
      PRODUCT_MESSAGES.assetCategoryMax,
    );
    expect((await refused('POST', url, { ...base, productType: 'STOCK' })).errors[0]).toEqual({
      field: 'productType',
      message: PRODUCT_MESSAGES.productTypeInvalid,
    });
  });

  it('addAssetCategory adds to an asset class that exists (its spelling kept), else a new class is started', async () => {
    const added = await assetClass({
      assetClass: 'EQUITY',
      assetCategory: 'US Small Cap',
      addAssetCategory: true,
    });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe(PRODUCT_MESSAGES.assetClassCreated);
    expect(added.body.result).toMatchObject({
      assetClass: 'Equity',
      assetCategory: 'US Small Cap',
      avdReportable: false,
      fReportable: false,
      productCount: 0,
    });
    const missing = await t.json(
      'POST',
      '/api/asset-classes',
      { assetClass: 'Crypto', assetCategory: 'Coins', productType: 'OTHER', addAssetCategory: true },
      admin,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      { field: 'assetClass', message: PRODUCT_MESSAGES.assetClassMissing },
    ]);
    const exists = await assetClass({ assetClass: 'equity', assetCategory: 'Another' });
    expect(exists.status).toBe(409);
    expect(exists.body.errors).toEqual([{ field: 'assetClass', message: PRODUCT_MESSAGES.assetClassExists }]);
    const started = await assetClass({
      assetClass: 'Alternatives',
      assetCategory: 'Real Estate',
      productType: 'ALTERNATIVE',
      avdReportable: true,
      fReportable: true,
    });
    expect(started.status).toBe(201);
    expect(started.body.result).toMatchObject({ avdReportable: true, fReportable: true });
  });

  it('a class and category pair is unique whatever its case: 409 on assetCategory', async () => {
    const res = await assetClass({
      assetClass: 'Equity',
      assetCategory: 'us large CAP',
      addAssetCategory: true,
    });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([
      { field: 'assetCategory', message: PRODUCT_MESSAGES.duplicateAssetCategory },
    ]);
  });

  it('lists every class sorted by class then category; edits and deletes, audited', async () => {
    const list = await t.json('GET', '/api/asset-classes', undefined, advisor);
    expect(list.status).toBe(200);
    const names = (list.body.result as { assetClass: string; assetCategory: string }[]).map(
      (a) => `${a.assetClass}/${a.assetCategory}`,
    );
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toContain('Equity/US Large Cap');

    const created = await assetClass({ assetClass: 'Cash', assetCategory: 'Sweep', productType: 'CASH' });
    const id = created.body.result.id as string;
    const edited = await t.json(
      'PATCH',
      `/api/asset-classes/${id}`,
      { assetClass: 'Cash', assetCategory: 'Cash & Equivalents', productType: 'CASH', fReportable: false },
      admin,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(PRODUCT_MESSAGES.assetClassUpdated);
    expect(edited.body.result.assetCategory).toBe('Cash & Equivalents');
    const duplicate = await t.json(
      'PATCH',
      `/api/asset-classes/${id}`,
      { assetClass: 'EQUITY', assetCategory: 'US LARGE CAP', productType: 'EQUITY' },
      admin,
    );
    expect(duplicate.status).toBe(409);
    expect((await t.json('PATCH', `/api/asset-classes/${MISSING}`, edited.body.result, admin)).status).toBe(
      404,
    );

    const removed = await t.json('DELETE', `/api/asset-classes/${id}`, undefined, admin);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(PRODUCT_MESSAGES.assetClassDeleted);
    expect((await t.json('DELETE', `/api/asset-classes/${id}`, undefined, admin)).status).toBe(404);

    const trail = await auditRows('assetClass', id);
    expect(trail.map((row) => row.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
    expect(await sentences('assetClass', id)).toEqual([
      'Alex Morgan created the asset category Sweep.',
      'Alex Morgan changed the asset category of the asset category Cash & Equivalents from Sweep to Cash & Equivalents.',
      'Alex Morgan deleted the asset category Cash & Equivalents.',
    ]);
  });

  it('an asset class that products or strategy targets use is kept: 409 saying by what', async () => {
    const used = (await assetClass({ assetCategory: 'Used', addAssetCategory: true })).body.result
      .id as string;
    await createProduct({ assetClassId: used });
    await createProduct({ assetClassId: used });
    const res = await t.json('DELETE', `/api/asset-classes/${used}`, undefined, admin);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This asset class is used by 2 products and cannot be deleted.');

    const target = (await assetClass({ assetCategory: 'Targeted', addAssetCategory: true })).body.result
      .id as string;
    const [type] = await t.db
      .select({ id: masterDataItems.id })
      .from(masterDataItems)
      .where(eq(masterDataItems.type, 'strategy-types'))
      .limit(1);
    const [strategy] = await t.db
      .insert(strategies)
      .values({ name: 'Growth Test', strategyTypeId: type?.id ?? 0, riskNumber: 50 })
      .returning({ id: strategies.id });
    await t.db.insert(strategyTargets).values({
      strategyId: strategy?.id ?? '',
      assetClassId: target,
      target: '60',
      lowerTolerance: '5',
      upperTolerance: '5',
    });
    const kept = await t.json('DELETE', `/api/asset-classes/${target}`, undefined, admin);
    expect(kept.status).toBe(409);
    expect(kept.body.message).toBe('This asset class is a target of 1 strategy and cannot be deleted.');
  });
});

describe('products: every rule and message', () => {
  const url = '/api/products';

  it('name: required, at most 120, not only spaces', async () => {
    expect((await refused('POST', url, productBody({ name: '' }))).message).toBe(
      PRODUCT_MESSAGES.nameRequired,
    );
    expect((await refused('POST', url, productBody({ name: undefined }))).message).toBe(
      PRODUCT_MESSAGES.nameRequired,
    );
    expect((await refused('POST', url, productBody({ name: '  ' }))).message).toBe(
      PRODUCT_MESSAGES.nameOnlySpaces,
    );
    expect((await refused('POST', url, productBody({ name: 'n'.repeat(121) }))).message).toBe(
      PRODUCT_MESSAGES.nameMax,
    );
  });

  it('symbol: letters, digits, . - / up to 12; CUSIP: 9 characters with a valid check digit', async () => {
    for (const symbol of ['BRK B', 'ABCDEFGHIJKLM', 'A$', 'ÄPL']) {
      expect((await refused('POST', url, productBody({ symbol }))).errors).toEqual([
        { field: 'symbol', message: PRODUCT_MESSAGES.symbolInvalid },
      ]);
    }
    expect((await refused('POST', url, productBody({ cusip: '03783310' }))).errors).toEqual([
      { field: 'cusip', message: PRODUCT_MESSAGES.cusipInvalid },
    ]);
    expect((await refused('POST', url, productBody({ cusip: '037833101' }))).errors).toEqual([
      { field: 'cusip', message: PRODUCT_MESSAGES.cusipCheckDigit },
    ]);
    expect((await refused('POST', url, productBody({ cusip: 37833100 }))).errors[0]?.field).toBe('cusip');
  });

  it('a symbol or a CUSIP is needed (said on the symbol field); an asset class unless CASH', async () => {
    expect((await refused('POST', url, productBody({ symbol: '', cusip: null }))).errors).toEqual([
      { field: 'symbol', message: PRODUCT_MESSAGES.identifierRequired },
    ]);
    expect((await refused('POST', url, productBody({ assetClassId: null }))).errors).toEqual([
      { field: 'assetClassId', message: PRODUCT_MESSAGES.assetClassRequired },
    ]);
    const cash = await t.json(
      'POST',
      url,
      productBody({ name: 'Test Cash', productType: 'CASH', assetClassId: null, securityTypeId: null }),
      admin,
    );
    expect(cash.status).toBe(201);
    expect(cash.body.result).toMatchObject({ assetClass: null, latestPrice: null, fixedUnitPrice: '1.00' });
  });

  it('product type from the list; the security type and asset class must exist', async () => {
    expect((await refused('POST', url, productBody({ productType: 'BOND' }))).errors).toEqual([
      { field: 'productType', message: PRODUCT_MESSAGES.productTypeInvalid },
    ]);
    expect((await refused('POST', url, productBody({ securityTypeId: 2147483647 }))).errors).toEqual([
      { field: 'securityTypeId', message: PRODUCT_MESSAGES.securityTypeInvalid },
    ]);
    const [gender] = await t.db
      .select({ id: masterDataItems.id })
      .from(masterDataItems)
      .where(eq(masterDataItems.type, 'gender'))
      .limit(1);
    expect((await refused('POST', url, productBody({ securityTypeId: gender?.id }))).errors[0]?.field).toBe(
      'securityTypeId',
    );
    expect((await refused('POST', url, productBody({ securityTypeId: 'x' }))).errors[0]?.field).toBe(
      'securityTypeId',
    );
    expect((await refused('POST', url, productBody({ assetClassId: MISSING }))).errors).toEqual([
      { field: 'assetClassId', message: PRODUCT_MESSAGES.assetClassInvalid },
    ]);
    expect((await refused('POST', url, productBody({ assetClassId: 'nope' }))).errors[0]?.field).toBe(
      'assetClassId',
    );
  });

  it('creates with what the list shows; symbol and CUSIP are unique whatever their case (409 on the field)', async () => {
    const res = await t.json(
      'POST',
      url,
      productBody({ name: 'Apple Inc.', symbol: 'aapl', cusip: CUSIP.apple.toLowerCase() }),
      admin,
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(PRODUCT_MESSAGES.created);
    expect(res.body.result).toMatchObject({
      name: 'Apple Inc.',
      symbol: 'AAPL',
      cusip: CUSIP.apple,
      productType: 'EQUITY',
      securityType: { id: equityTypeId, name: 'Equity' },
      assetClass: { id: largeCap, assetClass: 'Equity', assetCategory: 'US Large Cap' },
      advReportable: true,
      f13Reportable: false,
      latestPrice: null,
      fixedUnitPrice: null,
    });
    const symbolTaken = await t.json('POST', url, productBody({ symbol: 'Aapl' }), admin);
    expect(symbolTaken.status).toBe(409);
    expect(symbolTaken.body.errors).toEqual([{ field: 'symbol', message: PRODUCT_MESSAGES.duplicateSymbol }]);
    const cusipTaken = await t.json('POST', url, productBody({ cusip: CUSIP.apple }), admin);
    expect(cusipTaken.status).toBe(409);
    expect(cusipTaken.body.errors).toEqual([{ field: 'cusip', message: PRODUCT_MESSAGES.duplicateCusip }]);
    expect((await t.json('GET', `${url}/${res.body.result.id}`, undefined, advisor)).body.result.symbol).toBe(
      'AAPL',
    );
    expect((await t.json('GET', `${url}/${MISSING}`, undefined, admin)).status).toBe(404);
    expect((await t.json('GET', `${url}/not-a-uuid`, undefined, admin)).status).toBe(400);
  });

  it('edits (PATCH replaces the fields), audited with names; a product with prices cannot become CASH', async () => {
    const product = await createProduct({ name: 'Edit Me' });
    const edited = await t.json(
      'PATCH',
      `${url}/${product.id}`,
      productBody({
        name: 'Edited',
        symbol: product.symbol,
        assetClassId: municipal,
        productType: 'FIXED_INCOME',
      }),
      admin,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(PRODUCT_MESSAGES.updated);
    expect(edited.body.result).toMatchObject({ name: 'Edited', productType: 'FIXED_INCOME' });
    await t.json('PUT', `${url}/${product.id}/prices/2025-01-31`, { price: '10' }, admin);
    const toCash = await t.json(
      'PATCH',
      `${url}/${product.id}`,
      productBody({ symbol: product.symbol, productType: 'CASH', assetClassId: null }),
      admin,
    );
    expect(toCash.status).toBe(400);
    expect(toCash.body.errors).toEqual([
      { field: 'productType', message: PRODUCT_MESSAGES.cashWithPrices(1) },
    ]);
    expect((await t.json('PATCH', `${url}/${MISSING}`, productBody(), admin)).status).toBe(404);

    const trail = await auditRows('product', product.id);
    expect(trail.map((row) => row.action)).toEqual(['CREATE', 'UPDATE']);
    expect(trail[1]?.after).toMatchObject({ assetClass: 'Fixed Income / Municipal', securityType: 'Equity' });
    expect((await sentences('product', product.id))[1]).toBe(
      'Alex Morgan changed the name of the product Edited from Edit Me to Edited, the asset class from Equity / US Large Cap to Fixed Income / Municipal and the product type from Equity to Fixed income.',
    );
  });

  it('deletes a product with its prices; refuses one held in an account or named by a transaction (409)', async () => {
    const free = await createProduct();
    await t.json('PUT', `${url}/${free.id}/prices/2025-01-31`, { price: '10' }, admin);
    const removed = await t.json('DELETE', `${url}/${free.id}`, undefined, admin);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(PRODUCT_MESSAGES.deleted);
    expect(await t.db.select().from(productPrices).where(eq(productPrices.productId, free.id))).toEqual([]);
    expect((await t.json('DELETE', `${url}/${free.id}`, undefined, admin)).status).toBe(404);

    const held = await createProduct({ name: 'Held' });
    const { clientId } = await insertHousehold(t.db, { members: [{ firstName: 'Hal', lastName: 'Holder' }] });
    const [account] = await t.db
      .insert(accounts)
      .values({
        householdId: clientId,
        registrationName: 'Holder Brokerage',
        custodian: 'Schwab',
        custodianNumberSealed: 'sealed',
        custodianNumberLast4: '1234',
        custodianNumberHash: 'h'.repeat(64),
        startDate: '2024-01-01',
      })
      .returning({ id: accounts.id });
    const accountId = account?.id ?? '';
    await t.db.insert(accountSnapshots).values({ accountId, asOf: '2025-03-31' });
    await t.db.insert(holdings).values({ accountId, asOf: '2025-03-31', productId: held.id, quantity: '10' });
    const refusedDelete = await t.json('DELETE', `${url}/${held.id}`, undefined, admin);
    expect(refusedDelete.status).toBe(409);
    expect(refusedDelete.body.message).toBe('This product is held in 1 account and cannot be deleted.');

    const traded = await createProduct({ name: 'Traded' });
    await t.db.insert(accountTransactions).values([
      {
        accountId,
        type: 'BUY',
        tradeDate: '2025-02-03',
        amount: '100.00',
        productId: traded.id,
        quantity: '1',
      },
      {
        accountId,
        type: 'SELL',
        tradeDate: '2025-02-04',
        amount: '100.00',
        productId: traded.id,
        quantity: '1',
      },
    ]);
    const tradedDelete = await t.json('DELETE', `${url}/${traded.id}`, undefined, admin);
    expect(tradedDelete.status).toBe(409);
    expect(tradedDelete.body.message).toBe('This product is in 2 transactions and cannot be deleted.');
    expect((await t.json('GET', `${url}/${traded.id}`, undefined, admin)).status).toBe(200);
  });
});

describe('the product list', () => {
  let msft = '';
  beforeAll(async () => {
    msft = (await createProduct({ name: 'Microsoft Corporation', symbol: 'MSFT', cusip: CUSIP.microsoft }))
      .id;
    await createProduct({
      name: 'Vanguard Emerging Markets ETF',
      symbol: 'VWO',
      cusip: CUSIP.vanguard,
      productType: 'ETF',
      assetClassId: municipal,
      securityTypeId: null,
    });
  });

  const list = async (query: string, token = admin) => {
    const res = await t.json('GET', `/api/products?${query}`, undefined, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return {
      items: res.body.result as { name: string; symbol: string | null }[],
      total: res.body.totalResults,
    };
  };

  it('searches name, symbol and CUSIP; filters by type, asset class and security type', async () => {
    expect((await list('search=microsoft')).items.map((p) => p.symbol)).toEqual(['MSFT']);
    expect((await list('search=msft')).items.map((p) => p.symbol)).toEqual(['MSFT']);
    expect((await list(`search=${CUSIP.microsoft.slice(0, 6)}`)).items.map((p) => p.symbol)).toEqual([
      'MSFT',
    ]);
    expect((await list('search=%25_')).total).toBe(0);
    expect((await list('productType=ETF')).items.map((p) => p.symbol)).toEqual(['VWO']);
    const inMunicipal = await list(`assetClassId=${municipal}`);
    expect(inMunicipal.items.map((p) => p.symbol)).toContain('VWO');
    const ofEquityType = await list(`securityTypeId=${equityTypeId}&limit=100`);
    expect(ofEquityType.items.map((p) => p.symbol)).toContain('MSFT');
    expect(ofEquityType.items.map((p) => p.symbol)).not.toContain('VWO');
  });

  it('sorts by every key (name ASC by default) and pages with the total', async () => {
    const all = await list('limit=100');
    expect(all.items.map((p) => p.name)).toEqual(
      [...all.items.map((p) => p.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    for (const key of ['symbol', 'cusip', 'productType', 'assetClass']) {
      for (const order of ['ASC', 'DESC']) await list(`sortBy=${key}&order=${order}`);
    }
    const bySymbolDesc = await list('sortBy=symbol&order=desc&limit=100');
    const symbols = bySymbolDesc.items.map((p) => p.symbol).filter((s): s is string => s !== null);
    expect(symbols).toEqual([...symbols].sort().reverse());
    const page2 = await list('limit=2&page=2');
    expect(page2.items).toEqual(all.items.slice(2, 4));
    expect(page2.total).toBe(all.total);
    const bad = await t.json('GET', '/api/products?sortBy=price', undefined, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('sortBy');
    expect(
      (await t.json('GET', '/api/products?search=' + 'x'.repeat(101), undefined, admin)).body.message,
    ).toBe(PRODUCT_MESSAGES.searchMax);
  });

  it('shows the newest price of each product', async () => {
    await t.json('PUT', `/api/products/${msft}/prices/2025-05-30`, { price: '460.36' }, admin);
    await t.json('PUT', `/api/products/${msft}/prices/2025-06-30`, { price: '497.41' }, admin);
    const [item] = (await t.json('GET', '/api/products?search=MSFT', undefined, admin)).body.result;
    expect(item.latestPrice).toEqual({ date: '2025-06-30', price: '497.41' });
  });

  it('exports CSV and XLSX with the filters, formula-like text made inert, audited', async () => {
    await createProduct({ name: '=HYPERLINK("http://evil.example","x")', symbol: 'EVIL' });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/products/export?format=csv&search=evil',
      headers: { authorization: `Bearer ${advisor}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/filename="products-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Name,Symbol,CUSIP,Product type,Security type,Asset class,Asset category,ADV reportable,13F reportable,Latest price date,Latest price',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]?.startsWith(`"'=HYPERLINK(""http://evil.example"",""x"")"`)).toBe(true);

    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/products/export?format=xlsx&search=evil',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Products');
    expect(sheet?.getCell('A2').value).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(sheet?.getCell('B2').value).toBe('EVIL');

    const missingFormat = await t.json('GET', '/api/products/export', undefined, admin);
    expect(missingFormat.status).toBe(400);
    const exports = (await auditRows('product')).filter((row) => row.action === 'EXPORT');
    expect(exports.at(-1)?.after).toMatchObject({ format: 'xlsx', rows: 1 });
  });
});

describe('prices', () => {
  let product = { id: '', symbol: '' as string | null, name: '' };
  beforeAll(async () => {
    product = await createProduct({ name: 'Priced', symbol: 'PRCD' });
  });
  const priceUrl = (date: string, id = product.id) => `/api/products/${id}/prices/${date}`;

  it('checks the price and the date with their messages', async () => {
    const cases: [unknown, string][] = [
      ['0', PRODUCT_MESSAGES.pricePositive],
      ['-3', PRODUCT_MESSAGES.pricePositive],
      ['1.1234567', PRODUCT_MESSAGES.priceDecimals],
      ['1000000000.01', PRODUCT_MESSAGES.priceMax],
      ['abc', PRODUCT_MESSAGES.priceInvalid],
      ['1e5', PRODUCT_MESSAGES.priceInvalid],
      ['', PRODUCT_MESSAGES.priceRequired],
      [12.5, PRODUCT_MESSAGES.priceInvalid],
    ];
    for (const [price, message] of cases) {
      expect((await refused('PUT', priceUrl('2025-01-31'), { price })).errors, String(price)).toEqual([
        { field: 'price', message },
      ]);
    }
    expect((await refused('PUT', priceUrl('2025-02-30'), { price: '1' })).errors).toEqual([
      { field: 'date', message: PRODUCT_MESSAGES.dateInvalid },
    ]);
    expect((await refused('PUT', priceUrl('1899-12-31'), { price: '1' })).message).toBe(
      PRODUCT_MESSAGES.dateTooOld,
    );
    expect((await refused('PUT', priceUrl('2999-01-01'), { price: '1' })).errors).toEqual([
      { field: 'date', message: PRODUCT_MESSAGES.dateInFuture },
    ]);
    expect((await t.json('PUT', priceUrl('2025-01-31', MISSING), { price: '1' }, admin)).status).toBe(404);
  });

  it('sets, changes and deletes the price of a date, newest first, audited; equal prices write nothing', async () => {
    const first = await t.json('PUT', priceUrl('2025-01-31'), { price: '101.5' }, admin);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      message: PRODUCT_MESSAGES.priceSaved,
      result: { date: '2025-01-31', price: '101.50' },
    });
    const again = await t.json('PUT', priceUrl('2025-01-31'), { price: '101.500000' }, admin);
    expect(again.status).toBe(200);
    const changed = await t.json('PUT', priceUrl('2025-01-31'), { price: '$1,102.123456' }, admin);
    expect(changed.body.result.price).toBe('1102.123456');
    await t.json('PUT', priceUrl('2025-02-28'), { price: '99' }, admin);

    const page = await t.json('GET', `/api/products/${product.id}/prices?limit=1`, undefined, advisor);
    expect(page.body.result).toEqual([{ date: '2025-02-28', price: '99.00' }]);
    expect(page.body.totalResults).toBe(2);
    const second = await t.json('GET', `/api/products/${product.id}/prices?limit=1&page=2`, undefined, admin);
    expect(second.body.result).toEqual([{ date: '2025-01-31', price: '1102.123456' }]);
    expect((await t.json('GET', `/api/products/${MISSING}/prices`, undefined, admin)).status).toBe(404);

    const removed = await t.json('DELETE', priceUrl('2025-02-28'), undefined, admin);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(PRODUCT_MESSAGES.priceDeleted);
    const gone = await t.json('DELETE', priceUrl('2025-02-28'), undefined, admin);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(PRODUCT_MESSAGES.priceNotFound);

    const trail = await auditRows('productPrice', product.id);
    expect(trail.map((row) => row.action)).toEqual(['CREATE', 'UPDATE', 'CREATE', 'DELETE']);
    expect(await sentences('productPrice', product.id)).toEqual([
      'Alex Morgan created the price PRCD on 2025-01-31.',
      'Alex Morgan changed the value of the price PRCD on 2025-01-31 from 101.50 to 1102.123456.',
      'Alex Morgan created the price PRCD on 2025-02-28.',
      'Alex Morgan deleted the price PRCD on 2025-02-28.',
    ]);
  });

  it('a cash product has no prices: it is worth 1.00 a unit', async () => {
    const cash = await createProduct({
      name: 'Cash Sweep',
      symbol: 'CASHX',
      productType: 'CASH',
      assetClassId: null,
    });
    const res = await t.json('PUT', priceUrl('2025-01-31', cash.id), { price: '1' }, admin);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'price', message: PRODUCT_MESSAGES.cashHasNoPrices }]);
  });
});

describe('price import', () => {
  let spy = '';
  let agg = '';
  beforeAll(async () => {
    spy = (await createProduct({ name: 'SPDR S&P 500', symbol: 'SPYT', productType: 'ETF' })).id;
    agg = (await createProduct({ name: 'Core Bond', symbol: 'AGGT', cusip: '464287226', productType: 'ETF' }))
      .id;
    await createProduct({ name: 'Money Market', symbol: 'MMKT', productType: 'CASH', assetClassId: null });
  });

  const FILE = [
    'Symbol,Date,Price',
    'SPYT,2025-01-31,601.82',
    'spyt,02/28/2025,"$1,594.18"',
    'AGGT,2025-01-31,97.5',
    'NOPE,2025-01-31,10',
    'SPYT,2025-13-01,10',
    'AGGT,2025-02-28,-1',
    'SPYT,2025-01-31,601.82',
    'MMKT,2025-01-31,1',
    ',2025-01-31,10',
    'SPYT,2025-03-31',
    'AGGT,2999-01-31,10',
    '',
  ].join('\r\n');

  const EXPECTED_REFUSALS = [
    { line: 5, identifier: 'NOPE', message: PRODUCT_MESSAGES.lineUnknownProduct },
    { line: 6, identifier: 'SPYT', message: PRODUCT_MESSAGES.lineDateInvalid },
    { line: 7, identifier: 'AGGT', message: PRODUCT_MESSAGES.pricePositive },
    { line: 8, identifier: 'SPYT', message: PRODUCT_MESSAGES.lineDuplicate(2) },
    { line: 9, identifier: 'MMKT', message: PRODUCT_MESSAGES.lineCash },
    { line: 10, identifier: '', message: PRODUCT_MESSAGES.lineIdentifierMissing },
    { line: 11, identifier: 'SPYT', message: PRODUCT_MESSAGES.lineColumns },
    { line: 12, identifier: 'AGGT', message: PRODUCT_MESSAGES.dateInFuture },
  ];

  it('previews without writing: counts and every refused line with why', async () => {
    const res = await importCsv(FILE, { dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(PRODUCT_MESSAGES.importPreviewed);
    expect(body.result).toEqual({
      dryRun: true,
      rows: 11,
      imported: 3,
      unchanged: 0,
      refused: EXPECTED_REFUSALS,
      refusedCount: 8,
    });
    expect(await t.db.select().from(productPrices).where(eq(productPrices.productId, spy))).toEqual([]);
  });

  it('imports in one go, then the same file again changes nothing', async () => {
    const before = (await auditRows('productPrice')).length;
    const res = await importCsv(FILE);
    expect(res.json().result).toMatchObject({
      dryRun: false,
      rows: 11,
      imported: 3,
      unchanged: 0,
      refusedCount: 8,
    });
    expect(res.json().message).toBe(PRODUCT_MESSAGES.imported(3, 0));
    const prices = await t.db
      .select({ date: productPrices.priceDate, price: productPrices.price })
      .from(productPrices)
      .where(eq(productPrices.productId, spy))
      .orderBy(asc(productPrices.priceDate));
    expect(prices).toEqual([
      { date: '2025-01-31', price: '601.820000' },
      { date: '2025-02-28', price: '1594.180000' },
    ]);
    const again = await importCsv(FILE);
    expect(again.json().result).toMatchObject({ imported: 0, unchanged: 3, refusedCount: 8 });
    const preview = await importCsv(FILE, { dryRun: true });
    expect(preview.json().result).toMatchObject({ imported: 0, unchanged: 3 });
    const imports = (await auditRows('productPrice')).slice(before);
    expect(imports.map((row) => row.action)).toEqual(['IMPORT', 'IMPORT']);
    expect((await sentences('productPrice')).at(-2)).toBe(
      'Alex Morgan imported a price file (11 lines: 3 saved, 0 unchanged, 8 refused).',
    );
  });

  it('matches by cusip or by an identifier column (a CUSIP or a symbol), headers in any case, text/csv too', async () => {
    const byCusip = await importCsv('CUSIP,DATE,PRICE\n464287226,2025-03-31,98.1\n');
    expect(byCusip.json().result).toMatchObject({ imported: 1, refusedCount: 0 });
    const byIdentifier = await importCsv(
      'identifier,date,price\n464287226,2025-04-30,98.2\nSPYT,2025-04-30,555\n',
    );
    expect(byIdentifier.json().result).toMatchObject({ imported: 2, refusedCount: 0 });
    const asText = await t.app.inject({
      method: 'POST',
      url: '/api/products/prices/import',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/csv' },
      payload: 'symbol,date,price\nAGGT,2025-05-30,98.3\n',
    });
    expect(asText.statusCode, asText.body).toBe(200);
    expect(asText.json().result).toMatchObject({ imported: 1 });
    const [latest] = (await t.json('GET', `/api/products/${agg}/prices?limit=1`, undefined, admin)).body
      .result;
    expect(latest).toEqual({ date: '2025-05-30', price: '98.30' });
  });

  it('refuses a file without the columns, without lines, without a file, of another kind or too large', async () => {
    const noHeader = await importCsv('ticker,when,value\nSPYT,2025-01-31,1\n');
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toBe(PRODUCT_MESSAGES.importHeaderMissing);
    const empty = await importCsv('symbol,date,price\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(PRODUCT_MESSAGES.importEmpty);
    expect((await importCsv('')).json().message).toBe(PRODUCT_MESSAGES.importEmpty);
    const png = await importCsv('symbol,date,price\n', { filename: 'prices.png' });
    expect(png.statusCode).toBe(415);
    expect(png.json().message).toBe(PRODUCT_MESSAGES.importFileFormat);
    const binary = await putFile(t, {
      url: '/api/products/prices/import',
      token: admin,
      filename: 'prices.csv',
      data: Buffer.from([0x73, 0x00, 0x01]),
      method: 'POST',
    });
    expect(binary.statusCode).toBe(415);
    const json = await t.json('POST', '/api/products/prices/import', { symbol: 'SPYT' }, admin);
    expect(json.status).toBe(415);
    const big = await importCsv(`symbol,date,price\n${'SPYT,2025-01-31,1\n'.repeat(300_000)}`);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(PRODUCT_MESSAGES.importFileTooLarge);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/products/prices/import?dryRun=maybe',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/csv' },
      payload: 'symbol,date,price\nSPYT,2025-01-31,1\n',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors?.[0]?.field).toBe('dryRun');
  });

  it('reads 100,000 lines set-based in one transaction', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1)
      ids.push((await createProduct({ name: `Bulk ${i}`, symbol: `BULK${i}` })).symbol ?? '');
    const lines = ['symbol,date,price'];
    let day = Date.UTC(1960, 0, 1);
    while (lines.length <= 100_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      for (const symbol of ids) lines.push(`${symbol},${date},${(lines.length % 997) + 1}.25`);
      day += 86_400_000;
    }
    const res = await importCsv(lines.slice(0, 100_001).join('\n'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().result).toMatchObject({ rows: 100_000, imported: 100_000, refusedCount: 0 });
    const [row] = rowsOf<{ n: number }>(
      await t.db
        .execute(sql`select count(*)::int as n from product_prices pp join products p on p.id = pp.product_id
        where p.symbol like 'BULK%'`),
    );
    expect(Number(row?.n)).toBe(100_000);
  }, 120_000);
});
