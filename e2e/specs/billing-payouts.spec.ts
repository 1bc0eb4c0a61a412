import { expect, test } from '@playwright/test';
import { apiCall } from '../support/api.ts';
import { expectAccessible } from '../support/helpers.ts';
import { openSignedIn } from '../support/sign-in.ts';

// An administrator other than the demo's own, whose first sign-in (and MFA enrolment) sign-in.spec.ts walks through.
const ADMIN = 'jordan.hayes@centric.local';

test('payouts by payee: the last completed quarter, billed then collected, in the URL', async ({ page }) => {
  test.setTimeout(90_000);
  await openSignedIn(page, ADMIN);
  await page.goto('/billing/payouts');
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
  // The last completed quarter, written into the URL.
  await expect(page).toHaveURL(/from=\d{4}-(01|04|07|10)-01&to=\d{4}-(03-31|06-30|09-30|12-31)&basis=billed/);
  // Whether the demo holds locked bills for that quarter depends on the specs run before: either answer will do.
  const table = page.getByRole('table', { name: 'Payouts by payee' });
  const empty = page.getByRole('heading', { name: 'No locked bills end in this period.' });
  await expect(table.or(empty)).toBeVisible();
  await expectAccessible(page);

  // Collected, by the segmented control's label (its radio is hidden behind it), asked for and kept in the URL.
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/api/billing/payouts?') && response.url().includes('basis=collected'),
  );
  await page.locator('label', { hasText: /^Collected$/ }).click();
  await answered;
  await expect(page).toHaveURL(/basis=collected/);
  await expect(page.getByRole('radio', { name: 'Collected' })).toBeChecked();
  await expect(page.getByText(/Collected: the same, in proportion/)).toBeVisible();
  await expect(table.or(empty)).toBeVisible();
  await expectAccessible(page);

  // A range that ends before it starts is refused before it is asked for.
  await page.getByLabel('To', { exact: true }).fill('2000-01-01');
  await expect(page.getByText('Please enter a valid date range.')).toBeVisible();
  await page.getByRole('button', { name: 'Last quarter' }).click();
  await expect(table.or(empty)).toBeVisible();
});

test('the billing settings open from Billing Instances, checked by the contract, and pass axe', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openSignedIn(page, ADMIN);
  await page.goto('/billing/billingInstances');
  await expect(page.getByRole('heading', { name: 'Billing Instances' })).toBeVisible();
  const before = await apiCall<{ firmName: string }>(page, 'GET', '/api/billing/settings');
  expect(before.statusCode, before.message).toBe(200);
  await page.getByRole('button', { name: 'Billing settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Billing settings' });
  await expect(dialog.getByLabel(/^Firm name/)).toHaveValue(before.result.firmName);
  await expect(dialog.getByRole('group', { name: 'ACH originator (NACHA file)' })).toBeVisible();
  await expectAccessible(page);

  // A routing number whose check digit is wrong: the contract's message, and nothing is saved.
  const routing = dialog.getByLabel('Bank routing number');
  await routing.fill('123456789');
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog.getByText('Routing number must be 9 digits with a valid check digit.')).toBeVisible();
  await expectAccessible(page);

  // Keyboard: Escape closes it without saving.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const after = await apiCall<{ achBankRouting: string | null }>(page, 'GET', '/api/billing/settings');
  expect(after.result.achBankRouting).not.toBe('123456789');
});
