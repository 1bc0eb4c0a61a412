import { expect, test } from '@playwright/test';
import { apiCall, daysAgo } from '../support/api.ts';
import { expectAccessible } from '../support/helpers.ts';
import { openSignedIn } from '../support/sign-in.ts';

// An administrator other than the demo's own (its sessions are saved per user, support/sign-in.ts).
const ADMIN = 'jordan.hayes@centric.local';

test('billing staff add a receivable with a commission split, mark a payment received and delete it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  await openSignedIn(page, ADMIN);
  const households = await apiCall<{ name: string }[]>(
    page,
    'GET',
    '/api/clients?limit=1&sortBy=name&order=ASC',
  );
  const household = households.result[0]!.name;

  // The spec's defaults, the header, the charts and the list.
  await page.goto('/billing/receivables');
  await expect(page.getByRole('heading', { name: 'Receivables', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/tab=totalReceivables/);
  await expect(page).toHaveURL(/childTab=projected/);
  await expect(page).toHaveURL(/viewBy=products/);
  await expect(page.getByText('Projected this month')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Past due by age' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Receivables' })).toBeVisible();
  await expectAccessible(page);

  // The form says what is missing, then takes a monthly term-life commission with the advisor's split.
  await page.getByRole('button', { name: 'Add receivable' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New receivable' });
  await dialog.getByRole('button', { name: 'Add receivable' }).click();
  await expect(dialog.getByText('Household is required.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Household' }).fill(household);
  await page.getByRole('option', { name: household }).first().click();
  await dialog.getByRole('combobox', { name: 'Product type' }).click();
  await page.getByRole('option', { name: 'Life: Term' }).click();
  await dialog.getByRole('combobox', { name: 'Receivable product' }).click();
  await page.getByRole('option', { name: '20-Year Term Life' }).click();
  await dialog.getByRole('combobox', { name: 'Provider' }).fill('Prudential');
  await page.getByRole('option', { name: 'Prudential' }).click();
  await dialog.getByLabel('Account holder').fill('E2E Holder');
  const policy = `E2E-${stamp}`.slice(0, 30);
  await dialog.getByLabel('Policy or contract number').fill(policy);
  await dialog.getByLabel('Amount per payment').fill('1200');
  await dialog.getByRole('textbox', { name: 'Number of payments' }).fill('12');
  // Started 45 days ago: the first payment is due in the past, the second nearly so.
  await dialog.getByLabel('Start date').fill(daysAgo(45));
  await expect(dialog.getByRole('status')).toContainText('$14,400.00 over 12 payments');
  await dialog.getByRole('button', { name: 'Add split' }).click();
  const split = dialog.getByRole('group', { name: 'Split 1' });
  await split.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Wealth Advisor 1' }).click();
  await split.getByRole('combobox', { name: 'Payee' }).fill('Olivia');
  await page.getByRole('option', { name: /Olivia Bennett/ }).click();
  await split.getByLabel('App %').fill('50');
  await split.getByLabel('Commission %').fill('301');
  await split.getByLabel('Start date').fill(daysAgo(45));
  await dialog.getByRole('button', { name: 'Add receivable' }).click();
  await expect(dialog.getByText('Commission percentage must be between 0 and 300.')).toBeVisible();
  await split.getByLabel('Commission %').fill('80');
  await expect(split).toContainText('$480.00 a payment');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add receivable' }).click();
  await expect(page.getByText('Receivable added successfully.')).toBeVisible();

  // Its schedule opens beside the list: each payment's split, the firm's rest.
  const drawer = page.getByRole('dialog', { name: `20-Year Term Life · ${household}` });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText('$14,400.00');
  const schedule = drawer.getByRole('table', { name: 'Schedule of payments' });
  const first = schedule.getByRole('row').nth(1);
  await expect(first).toContainText('Past due');
  await expect(first).toContainText('Olivia Bennett $480.00');
  await expect(first).toContainText('$720.00');
  await expectAccessible(page);

  // Marked received: the state changes, the received date and amount show.
  await first.getByRole('button', { name: /^Mark received/ }).click();
  const receive = page.getByRole('dialog', { name: 'Mark payment received' });
  await receive.getByLabel('Received date').fill(daysAgo(1));
  await expectAccessible(page);
  await receive.getByRole('button', { name: 'Mark received' }).click();
  await expect(page.getByText('Payment marked as received.')).toBeVisible();
  await expect(first).toContainText('Received');
  await expect(first).toContainText('$1,200.00 on');

  // The Received tab finds it by its policy number; then it is deleted.
  await drawer.getByRole('button', { name: 'Close the receivable' }).click();
  await page.getByRole('tab', { name: 'Received' }).click();
  // The tab's panel is in place (its list reloaded) before the search is typed into it.
  await expect(page).toHaveURL(/childTab=received/);
  await expect(page.getByRole('tab', { name: 'Received' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Receivables' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search receivables' }).fill(policy);
  // The search reaches the URL after its debounce, then the list answers (slower on a busy machine).
  await expect(page).toHaveURL(new RegExp(`search=${policy}`));
  await expect(page.getByRole('row').filter({ hasText: 'E2E Holder' })).toHaveCount(1, { timeout: 20_000 });
  await expectAccessible(page);
  await page
    .getByRole('button', { name: /^20-Year Term Life of/ })
    .first()
    .click();
  await drawer.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Please Confirm?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Receivable deleted successfully.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'E2E Holder' })).toHaveCount(0, { timeout: 20_000 });
});

test('billing staff import a carrier statement and resolve its short-paid line', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  await openSignedIn(page, ADMIN);
  const households = await apiCall<{ clientId: string; name: string }[]>(
    page,
    'GET',
    '/api/clients?limit=1&sortBy=name&order=ASC',
  );
  const options = await apiCall<{
    products: { id: number; name: string }[];
    providers: { id: number; name: string }[];
  }>(page, 'GET', '/api/receivables/options');
  const policy = `E2E-ST-${stamp}`.slice(0, 30);
  // $1,000 a month from 70 days ago on Protective Life; its statement pays the first one $950.
  const created = await apiCall<{ id: string }>(page, 'POST', '/api/receivables', {
    productType: 'LIFE_TERM',
    receivableProductId: options.result.products.find((p) => p.name === '20-Year Term Life')!.id,
    providerId: options.result.providers.find((p) => p.name === 'Protective Life')!.id,
    clientId: households.result[0]!.clientId,
    accountHolder: 'E2E Statement',
    amount: '1000',
    paymentFrequency: 'MONTHLY',
    numberOfPayments: 3,
    startDate: daysAgo(70),
    policyNumber: policy,
    splits: [],
  });
  expect(created.result?.id, JSON.stringify(created)).toBeTruthy();

  await page.goto('/billing/receivables?tab=reconciliation&childTab=differences');
  await expect(page.getByRole('tab', { name: 'Reconciliation' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Statement differences' })).toBeVisible();
  await expectAccessible(page);

  // The statement names its columns its own way: they are mapped, then checked as a preview.
  await page.getByRole('button', { name: 'Import statement' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import carrier statement' });
  await dialog.getByRole('combobox', { name: 'Provider' }).fill('Protective');
  await page.getByRole('option', { name: 'Protective Life' }).click();
  const csv = ['Contract,Paid,Net,Type', `${policy},${daysAgo(68)},950.00,Renewal`].join('\n');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: `statement-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  for (const [field, column] of [
    ['Policy or contract number', 'Contract'],
    ['Payment date', 'Paid'],
    ['Amount', 'Net'],
    ['Kind (optional)', 'Type'],
  ] as const) {
    await dialog.getByRole('combobox', { name: field }).click();
    await page.getByRole('option', { name: column, exact: true }).click();
  }
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Upload and check' }).click();
  await expect(dialog.getByText(/Preview: nothing is saved until you import/)).toBeVisible({
    timeout: 30_000,
  });
  const flags = dialog.getByRole('table', { name: 'Lines by flag' });
  await expect(flags.getByRole('row', { name: /Short-paid/ })).toContainText('1');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText(/^Imported on/)).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // The short-paid line waits among the differences; accepted, it leaves the open ones.
  const resolve = page.getByRole('button', { name: `Resolve the short-paid line of ${policy}` });
  await page.getByRole('combobox', { name: 'Flag' }).click();
  await page.getByRole('option', { name: 'Short-paid' }).click();
  await expect(resolve).toBeVisible({ timeout: 20_000 });
  await resolve.click();
  const modal = page.getByRole('dialog', { name: 'Resolve: Short-paid' });
  await expect(modal).toContainText('$950.00 of $1,000.00');
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Difference accepted.')).toBeVisible();
  await expect(resolve).toHaveCount(0, { timeout: 20_000 });

  // The aged list by provider and the statements imported.
  await page.getByRole('tab', { name: 'Aged by provider' }).click();
  await expect(page.getByRole('table', { name: 'Open differences by provider' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Statements' }).click();
  await expect(page.getByRole('table', { name: 'Statement imports' })).toContainText(
    `statement-${stamp}.csv`,
  );
});

// An advisor the demo gives receivables; no spec changes its password or MFA.
const ADVISOR = 'marcus.reed@centric.local';

test('an advisor opens my compensation: the period, the year, the projection and where each line comes from', async ({
  page,
}) => {
  await openSignedIn(page, ADVISOR);
  const year = new Date().toISOString().slice(0, 4);
  // Since a year ago January: the quarter the demo bills and collects (the one before last) falls in it.
  const from = `${Number(year) - 1}-01-01`;
  await page.goto(`/my-compensation?from=${from}&to=${daysAgo(0)}&basis=collected`);
  await expect(page.getByRole('heading', { name: 'My Compensation', level: 1 })).toBeVisible();
  await expect(page.getByText('Year to date', { exact: true })).toBeVisible();
  await expect(page.getByText('Next 12 months, projected', { exact: true })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Compensation lines' });
  await expect(lines).toBeVisible();
  // The demo's received commissions of the advisor's households, each naming its receivable payment, and the
  // fees of the demo's collected bills, each naming its bill.
  // The lines are paged 25 at a time by date: the quarter's fees first, the later commissions a few pages on.
  await expect(lines.getByRole('row').filter({ hasText: 'Advisory fees' }).first()).toContainText(/Bill \d+/);
  const commissions = lines.getByRole('row').filter({ hasText: 'Commissions' });
  for (let page_ = 0; page_ < 40 && (await commissions.count()) === 0; page_ += 1) {
    await page.getByRole('button', { name: 'next page' }).click();
  }
  await expect(commissions.first()).toContainText(/, payment \d+|, /);
  await expectAccessible(page);
  // The sidebar leads there for every user who sees the dashboard.
  await expect(page.getByRole('link', { name: 'My Compensation' })).toBeVisible();
  // A wealth advisor reads receivables, so sees the firm view too, but cannot mark anybody paid.
  await page.goto(`/billing/compensation?from=${year}-01-01&to=${daysAgo(0)}&basis=collected`);
  await expect(page.getByRole('table', { name: 'Compensation by payee' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Mark paid/ })).toHaveCount(0);
});

test('billing staff see every payee’s compensation and mark one paid', async ({ page }) => {
  await openSignedIn(page, ADMIN);
  const year = new Date().toISOString().slice(0, 4);
  await page.goto(`/billing/compensation?from=${year}-01-01&to=${daysAgo(0)}&basis=collected`);
  await expect(page.getByRole('heading', { name: 'Compensation', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Compensation by payee' });
  await expect(table).toBeVisible();
  await expectAccessible(page);
  const row = table.getByRole('row').nth(1);
  await row.getByRole('button', { name: /^Mark paid/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark paid' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByText('Compensation marked as paid.')).toBeVisible();
  await expect(row).toContainText(' on ');
});
