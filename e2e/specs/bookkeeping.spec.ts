import { expect, type Page, test } from '@playwright/test';
import { apiCall, daysAgo } from '../support/api.ts';
import { SCREENS_DIR } from '../support/env.ts';
import { expectAccessible } from '../support/helpers.ts';
import { openSignedIn } from '../support/sign-in.ts';

/** Operations: managed accounts and products read, write and delete (demo role matrix). */
const OPERATIONS = 'grace.lee@centric.local';

/**
 * What the test works on, made through the API (the demo's contents are not relied on): an asset class and
 * an ETF in it, and two accounts of a household with custodian numbers of their own.
 */
const arrange = async (page: Page, stamp: string) => {
  const assetClass = await apiCall<{ id: string }>(page, 'POST', '/api/asset-classes', {
    assetClass: `E2E Books ${stamp}`,
    assetCategory: 'Large Cap',
    productType: 'ETF',
    addAssetCategory: false,
    avdReportable: false,
    fReportable: false,
  });
  expect(assetClass.statusCode, assetClass.message).toBe(201);
  const symbol = `B${stamp.slice(-6).toUpperCase()}`;
  const product = await apiCall<{ id: string }>(page, 'POST', '/api/products', {
    name: `Ledger Total Market ETF ${stamp}`,
    symbol,
    productType: 'ETF',
    assetClassId: assetClass.result.id,
  });
  expect(product.statusCode, product.message).toBe(201);

  const households = await apiCall<{ clientId: string }[]>(
    page,
    'GET',
    '/api/clients?limit=1&sortBy=name&order=ASC',
  );
  const clientId = households.result[0]!.clientId;
  const household = await apiCall<{ members: { id: string }[] }>(page, 'GET', `/api/clients/${clientId}`);
  const types = await apiCall<{ id: number }[]>(page, 'GET', '/api/master-data/registration-type?limit=100');
  const accounts = [];
  for (const [index, kind] of ['Brokerage', 'Trust'].entries()) {
    const number = `E2E-${stamp.toUpperCase()}-${index}`;
    const name = `Ledger ${kind} ${stamp}`;
    const account = await apiCall<{ id: string }>(page, 'POST', `/api/clients/${clientId}/accounts`, {
      registrationName: name,
      registrationTypeId: types.result[0]!.id,
      custodian: 'Ledger Custody',
      custodianNumber: number,
      startDate: '2024-01-15',
      owners: [{ memberId: household.result.members[0]!.id, role: 'OWNER' }],
    });
    expect(account.statusCode, account.message).toBe(201);
    accounts.push({ name, number });
  }
  return {
    symbol,
    category: `E2E Books ${stamp} · Large Cap`,
    accounts: accounts as [(typeof accounts)[0], (typeof accounts)[0]],
  };
};

/** A status of the queue's segmented control (its radio is hidden behind the label, 'Snoozed (2)'). */
const statusControl = (page: Page, label: string) =>
  page.locator('label').filter({ hasText: new RegExp(`^${label}( \\(\\d+\\))?$`) });

test('operations imports positions, reviews the accounts and adds a strategy', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const asOf = daysAgo(3);
  await openSignedIn(page, OPERATIONS);
  const { symbol, category, accounts } = await arrange(page, stamp);
  const [brokerage, trust] = accounts;

  // The review queue is the default tab, written into the URL.
  await page.goto('/bookkeeping');
  await expect(page).toHaveURL(/tab=review/);
  await expect(page).toHaveURL(/status=NEEDS_REVIEW/);
  await expect(page.getByRole('heading', { name: 'Bookkeeping' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Accounts to review' })).toBeVisible();
  await expectAccessible(page);

  // Positions: a file for both accounts, one line naming an account nobody has.
  await page.getByRole('tab', { name: 'Positions imports' }).click();
  await expect(page).toHaveURL(/tab=imports/);
  await page.getByRole('button', { name: 'Import positions' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import positions' });
  await expectAccessible(page);
  const csv = [
    'Account Number,Symbol,Quantity,Price,Date',
    `${brokerage.number},${symbol},100,250.00,${asOf}`,
    `${trust.number},${symbol},40,250.00,${asOf}`,
    `NOBODY-${stamp.toUpperCase()},${symbol},5,,${asOf}`,
  ].join('\n');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: `positions-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Upload and check' }).click();
  await expect(dialog.getByText(/Preview: nothing is saved until you import/)).toBeVisible({
    timeout: 30_000,
  });
  const lines = dialog.getByRole('group', { name: 'Lines of the file' });
  await expect(lines.getByText('Accepted').locator('xpath=preceding-sibling::*[1]')).toHaveText('2');
  await expect(lines.getByText('Refused').locator('xpath=preceding-sibling::*[1]')).toHaveText('1');
  await expect(
    dialog
      .getByRole('group', { name: 'Holdings to write' })
      .getByText('New snapshots')
      .locator('xpath=preceding-sibling::*[1]'),
  ).toHaveText('2');
  await expect(dialog.getByRole('table', { name: 'Unknown accounts' }).getByRole('row')).toHaveCount(2);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENS_DIR}/bookkeeping-import-preview.png` });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText(/Imported on .*holdings are saved/)).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('group', { name: 'Holdings written' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  const imported = page
    .getByRole('table', { name: 'Positions imports' })
    .getByRole('row')
    .filter({ hasText: `positions-${stamp}.csv` });
  await expect(imported).toContainText('Imported');
  await expect(imported).toContainText('2 of 3 lines accepted');
  await expectAccessible(page);

  // The review: the brokerage account marked done, the trust snoozed with a note.
  await page.getByRole('tab', { name: 'Review queue' }).click();
  await page.getByRole('textbox', { name: 'Search accounts' }).fill(stamp);
  const queue = page.getByRole('table', { name: 'Accounts to review' });
  await expect(queue.getByRole('row')).toHaveCount(3);
  await queue.getByRole('checkbox', { name: `Select ${brokerage.name}` }).check();
  await page.screenshot({ path: `${SCREENS_DIR}/bookkeeping-bulk-bar.png` });
  await page
    .getByRole('toolbar', { name: 'Actions on the chosen accounts' })
    .getByRole('button', { name: 'Mark review done' })
    .click();
  await expect(page.getByText('1 account marked done.')).toBeVisible();
  await expect(queue.getByRole('row')).toHaveCount(2);

  await queue.getByRole('button', { name: `Snooze ${trust.name}` }).click();
  const snooze = page.getByRole('dialog', { name: 'Snooze review' });
  // A day before today wherever the firm is.
  await snooze.getByLabel('Snooze until').fill(daysAgo(2));
  await snooze.getByRole('button', { name: 'Snooze' }).click();
  await expect(snooze.getByText('Snooze date must be after today.')).toBeVisible();
  const until = daysAgo(-10);
  await snooze.getByLabel('Snooze until').fill(until);
  await snooze.getByLabel('Note').fill('Waiting for the trust statement.');
  await expect(snooze.getByText('32 / 200')).toBeVisible();
  await expectAccessible(page);
  await snooze.getByRole('button', { name: 'Snooze' }).click();
  const [y, m, d] = until.split('-');
  await expect(page.getByText(`1 account snoozed until ${m}/${d}/${y}.`)).toBeVisible();
  await expect(page.getByText('No accounts match')).toBeVisible();

  await statusControl(page, 'Snoozed').click();
  await expect(queue.getByRole('row').filter({ hasText: trust.name })).toContainText(`${m}/${d}/${y}`);
  await statusControl(page, 'Review done').click();
  const done = queue.getByRole('row').filter({ hasText: brokerage.name });
  await expect(done).toContainText('by Grace Lee');
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENS_DIR}/bookkeeping-review-done.png` });

  // A strategy through its form: all of it in the new category.
  await page.getByRole('tab', { name: 'Strategies' }).click();
  await expect(page).toHaveURL(/tab=strategies/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add strategy' }).first().click();
  const form = page.getByRole('dialog', { name: 'New strategy' });
  await form.getByRole('button', { name: 'Add strategy' }).click();
  await expect(form.getByText('Strategy name is required.')).toBeVisible();
  const name = `Ledger Core ${stamp}`;
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await form.getByRole('combobox', { name: /^Strategy type/ }).click();
  await page.getByRole('option').first().click();
  await form.getByRole('textbox', { name: /^Risk number/ }).fill('40');
  await form.getByRole('combobox', { name: 'Asset category of target 1' }).fill(`E2E Books ${stamp}`);
  await page.getByRole('option', { name: category }).click();
  await form.getByRole('textbox', { name: 'Target % of target 1' }).fill('90');
  await expect(form.getByText('10% left to allocate.', { exact: false })).toBeVisible();
  await form.getByRole('textbox', { name: 'Target % of target 1' }).fill('100');
  await expect(form.getByRole('status')).toHaveText('Total 100%');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Add strategy' }).click();
  await expect(page.getByText('Strategy added successfully.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search strategies' }).fill(stamp);
  const row = page.getByRole('table', { name: 'Strategies' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`${category} 100%`);
  await page.screenshot({ path: `${SCREENS_DIR}/bookkeeping-strategies.png` });
});
