import { expect, type Page, test } from '@playwright/test';
import { apiCall, daysAgo } from '../support/api.ts';
import { SCREENS_DIR } from '../support/env.ts';
import { expectAccessible } from '../support/helpers.ts';
import { openSignedIn } from '../support/sign-in.ts';

/** Operations: managed accounts and products read, write and delete (demo role matrix). */
const OPERATIONS = 'grace.lee@centric.local';

/** An asset class and category of its own (an ETF's), through the products API. */
const createAssetClass = async (page: Page, assetClass: string, assetCategory: string) => {
  const created = await apiCall<{ id: string }>(page, 'POST', '/api/asset-classes', {
    assetClass,
    assetCategory,
    productType: 'ETF',
    addAssetCategory: false,
    avdReportable: false,
    fReportable: false,
  });
  expect(created.statusCode, created.message).toBe(201);
  return created.result;
};

/**
 * A product of its own with a price (the demo's products are not relied on): an asset class, an ETF in it,
 * its price of `date`, through the products API.
 */
const createPricedProduct = async (page: Page, stamp: string, date: string) => {
  const assetClass = await createAssetClass(page, `E2E Equity ${stamp}`, 'Large Cap');
  const symbol = `Z${stamp.slice(-6).toUpperCase()}`;
  const product = await apiCall<{ id: string }>(page, 'POST', '/api/products', {
    name: `Harbor Total Market ETF ${stamp}`,
    symbol,
    productType: 'ETF',
    assetClassId: assetClass.id,
  });
  expect(product.statusCode, product.message).toBe(201);
  const price = await apiCall(page, 'PUT', `/api/products/${product.result.id}/prices/${date}`, {
    price: '250.00',
  });
  expect(price.statusCode, price.message).toBeLessThan(300);
  return {
    symbol,
    name: `Harbor Total Market ETF ${stamp}`,
    assetClass: `E2E Equity ${stamp}`,
    assetClassId: assetClass.id,
  };
};

/**
 * A strategy of its own (the demo's are not relied on), through the API: 90% in the product's asset class
 * (band 85–95%) and 10% in a second class the account does not hold (band 5–15%), so an account holding only
 * the product drifts above the first and below the second.
 */
const createStrategy = async (page: Page, stamp: string, equityClassId: string) => {
  const bonds = await createAssetClass(page, `E2E Bonds ${stamp}`, 'Core');
  const types = await apiCall<{ id: number }[]>(page, 'GET', '/api/master-data/strategy-types');
  expect(types.result.length, 'the demo has strategy types').toBeGreaterThan(0);
  const name = `E2E Core Growth ${stamp}`;
  const strategy = await apiCall<{ id: string }>(page, 'POST', '/api/strategies', {
    name,
    strategyTypeId: types.result[0]!.id,
    riskNumber: 60,
    grouping: 'ASSET_CATEGORY',
    targets: [
      { assetClassId: equityClassId, target: '90', lowerTolerance: '5', upperTolerance: '5' },
      { assetClassId: bonds.id, target: '10', lowerTolerance: '5', upperTolerance: '5' },
    ],
  });
  expect(strategy.statusCode, strategy.message).toBe(201);
  return { name, bondsLabel: `E2E Bonds ${stamp} · Core` };
};

test('operations adds an account with its holdings and a deposit, sees the value and allocation, assigns a strategy, sees the drift, and snoozes then marks done the review', async ({
  page,
}) => {
  // Eight screens and as many saves: over the 60 s default on a slow 2-core machine (1.1 min, 2026-11-28).
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const asOf = daysAgo(3);
  await openSignedIn(page, OPERATIONS);
  const list = await apiCall<{ clientId: string; name: string }[]>(
    page,
    'GET',
    '/api/clients?limit=1&sortBy=name&order=DESC',
  );
  const household = list.result[0]!;
  const product = await createPricedProduct(page, stamp, asOf);
  const strategy = await createStrategy(page, stamp, product.assetClassId);
  // The demo gives households accounts: the test works whatever this one already has.
  const before = await apiCall<{ accounts: unknown[] }>(
    page,
    'GET',
    `/api/clients/${household.clientId}/managed-accounts`,
  );
  const hadAccounts = before.result.accounts.length > 0;

  await page.goto(`/client-detail/${household.clientId}?tab=managed_accounts`);
  await expect(page.getByRole('tab', { name: 'Managed Accounts' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Accounts', exact: true })).toBeVisible();
  if (!hadAccounts) {
    await expect(page.getByText('No managed accounts yet')).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/managed-accounts-empty.png` });
  }
  await expect(page.getByRole('heading', { name: 'Strategy and drift' })).toBeVisible();
  await expectAccessible(page);

  // A new account owned by the household's primary member (the form's default owner).
  const name = `Joint Brokerage ${stamp}`;
  await page.getByRole('button', { name: 'Add account' }).first().click();
  const form = page.getByRole('dialog', { name: 'New account' });
  await form.getByRole('button', { name: 'Add account' }).click();
  await expect(form.getByText('Registration name is required.')).toBeVisible();
  await form.getByLabel('Registration name').fill(name);
  await form.getByRole('combobox', { name: 'Registration type' }).click();
  await page.getByRole('option', { name: 'Individual', exact: true }).click();
  await form.getByRole('combobox', { name: 'Custodian', exact: true }).fill('Fidelity');
  await form.getByLabel('Custodian account number').fill(`E2E-${Date.now().toString().slice(-10)}`);
  await form.getByLabel('Start date').fill('2024-01-15');
  const owner = await form.getByRole('combobox', { name: 'Owner 1', exact: true }).inputValue();
  expect(owner).not.toBe('');
  await form.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByText('Account added successfully.')).toBeVisible();
  const row = page.getByRole('table', { name: 'Accounts' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(owner);
  await expect(row).toContainText('No holdings yet');

  // Its holdings: 100 units at $250.00.
  await row.getByRole('button', { name, exact: true }).click();
  const drawer = page.getByRole('dialog', { name });
  await drawer.getByRole('button', { name: 'Edit holdings' }).click();
  const editor = page.getByRole('dialog', { name: `Edit holdings of ${name}` });
  await editor.getByLabel('As of').fill(asOf);
  await editor.getByRole('combobox', { name: 'Product 1' }).fill(product.symbol);
  await page.getByRole('option', { name: `${product.name} (${product.symbol})` }).click();
  await editor.getByLabel('Quantity 1').fill('100');
  await editor.getByRole('button', { name: 'Save holdings' }).click();
  await expect(page.getByText('Holdings saved successfully.')).toBeVisible();
  const holdings = drawer.getByRole('table', { name: new RegExp(`Holdings of ${name}`) });
  await expect(holdings.getByRole('row').filter({ hasText: product.symbol })).toContainText('$25,000.00');
  await expect(holdings.getByRole('row').filter({ hasText: product.symbol })).toContainText('100.00%');
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENS_DIR}/managed-accounts-drawer.png` });
  await drawer.getByRole('button', { name: 'Close account details' }).click();

  // The account's value and the household's allocation on today.
  await expect(row).toContainText('$25,000.00');
  const allocation = page.getByRole('table', { name: /Allocation by asset class on/ });
  await expect(allocation.getByRole('row', { name: new RegExp(product.assetClass) })).toContainText(
    '$25,000.00',
  );

  // A deposit into the account.
  await page.getByRole('button', { name: 'Add transaction' }).first().click();
  const transaction = page.getByRole('dialog', { name: 'Add transaction' });
  if (hadAccounts) {
    await transaction.getByRole('combobox', { name: 'Account' }).click();
    await page.getByRole('option', { name, exact: true }).click();
  } else {
    // The household's one account is chosen already.
    await expect(transaction.getByRole('combobox', { name: 'Account' })).toHaveValue(name);
  }
  await transaction.getByRole('textbox', { name: 'Amount' }).fill('5000');
  await transaction.getByLabel('Description').fill(`Contribution ${stamp}`);
  await transaction.getByRole('button', { name: 'Add transaction' }).click();
  await expect(page.getByText('Transaction added successfully.')).toBeVisible();
  const deposit = page.getByRole('row').filter({ hasText: `Contribution ${stamp}` });
  await expect(deposit).toContainText('Deposit');
  await expect(deposit).toContainText('$5,000.00');

  // A strategy for the new account alone (another assignment may cover the household's other accounts).
  const strategySection = page.getByRole('region', { name: 'Strategy and drift' });
  await strategySection.getByRole('button', { name: 'Assign strategy' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign strategy' });
  await assign.getByRole('combobox', { name: 'Strategy', exact: true }).fill(strategy.name);
  await page.getByRole('option', { name: strategy.name }).click();
  const toAll = assign.getByRole('switch', { name: /^Apply to all accounts/ });
  // A household with no all-accounts assignment starts with it on; one with such an assignment cannot.
  if (await toAll.isChecked()) await toAll.uncheck();
  await expect(toAll).not.toBeChecked();
  await assign.getByRole('button', { name: 'Assign strategy' }).click();
  await expect(assign.getByText('Choose at least one account.')).toBeVisible();
  await assign.getByRole('checkbox', { name: new RegExp(name) }).check();
  await assign.getByRole('button', { name: 'Assign strategy' }).click();
  await expect(page.getByText('Strategy assigned successfully.')).toBeVisible();
  await expect(
    strategySection.getByRole('row').filter({ hasText: strategy.name }).filter({ hasText: name }),
  ).toBeVisible();

  // Its drift: 100% in the equity class (band 85–95%) and none in the bonds (band 5–15%).
  const drift = page.getByRole('region', { name, exact: true });
  await expect(drift.getByText('2 out of band')).toBeVisible();
  const driftTable = drift.getByRole('table', { name: new RegExp(`Drift of ${name} on`) });
  await expect(driftTable.getByRole('row', { name: new RegExp(`^${product.assetClass}`) })).toContainText(
    'Above band',
  );
  await expect(driftTable.getByRole('row', { name: new RegExp(`^${strategy.bondsLabel}`) })).toContainText(
    'Below band',
  );
  await expectAccessible(page);
  await drift.screenshot({ path: `${SCREENS_DIR}/managed-accounts-drift.png` });

  // The bookkeeping review: a new account needs review; snooze it a week with a note, then mark it done.
  await expect(row).toContainText('Needs review');
  await row.getByRole('button', { name: `Review ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Snooze…' }).click();
  const snooze = page.getByRole('dialog', { name: 'Snooze review' });
  await snooze.getByLabel('Snooze until').fill('2000-01-01');
  await snooze.getByRole('button', { name: 'Snooze' }).click();
  await expect(snooze.getByText('Snooze date must be after today.')).toBeVisible();
  await snooze.getByLabel('Snooze until').fill(daysAgo(-7));
  await snooze.getByLabel('Note').fill(`Waiting for the custodian statement ${stamp}`);
  await expect(snooze.getByText(/^\d+ \/ 200$/)).toBeVisible();
  await expectAccessible(page);
  await snooze.getByRole('button', { name: 'Snooze' }).click();
  await expect(page.getByText('Review snoozed.')).toBeVisible();
  await expect(row).toContainText('Snoozed until');

  await row.getByRole('button', { name: `Review ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Mark review done' }).click();
  await expect(page.getByText('Review marked done.')).toBeVisible();
  await expect(row).toContainText('Review done');
  // Both posted a system note on the household.
  const notes = await apiCall<{ text: string; subType: string | null }[]>(
    page,
    'GET',
    `/api/clients/${household.clientId}/notes`,
  );
  expect(notes.result.map((note) => note.subType)).toEqual(expect.arrayContaining(['REVIEW_DONE', 'SNOOZE']));

  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENS_DIR}/managed-accounts.png`, fullPage: true });
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.screenshot({ path: `${SCREENS_DIR}/managed-accounts-1024.png`, fullPage: true });
});
