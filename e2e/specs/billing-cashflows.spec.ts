import { expect, test } from '@playwright/test';
import { apiCall } from '../support/api.ts';
import { expectAccessible } from '../support/helpers.ts';
import { openSignedIn } from '../support/sign-in.ts';

// An administrator other than the demo's own, whose first sign-in (and MFA enrolment) sign-in.spec.ts walks through.
const ADMIN = 'jordan.hayes@centric.local';

test('operations enter a wire by hand, see it charged, set the proration threshold and delete the wire', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  await openSignedIn(page, ADMIN);
  // The firm's threshold is put back as it was, whatever this test leaves.
  const before = await apiCall<{ threshold: string | null }>(page, 'GET', '/api/billing/cashflows/threshold');
  try {
    await page.goto('/billing/cashflows');
    await expect(page.getByRole('heading', { name: 'Cash flows', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/from=\d{4}-\d\d-\d\d/);
    await expect(page.getByRole('table', { name: 'Cash flows' })).toBeVisible();
    await expectAccessible(page);

    // The form says what is missing, then takes the wire.
    await page.getByRole('button', { name: 'Add cash flow' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add cash flow' });
    await dialog.getByRole('button', { name: 'Add cash flow' }).click();
    await expect(dialog.getByText(/required/i).first()).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Account' }).fill('Trust');
    const option = page.getByRole('option').first();
    // 'Bell Family Trust (Bell, Luis)': the account's name, to find its flows by below.
    const accountName = ((await option.textContent()) ?? '').replace(/ \(.*\)$/, '');
    await option.click();
    const from = new URL(page.url()).searchParams.get('from')!;
    await dialog.getByLabel('Date').fill(from);
    await dialog.getByLabel('Amount').fill('12345.67');
    const reason = `E2E wire ${stamp}`;
    await dialog.getByLabel('Reason').fill(reason);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add cash flow' }).click();
    await expect(page.getByText('Cash flow added successfully.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Search cash flows' }).fill(accountName);
    const row = page.getByRole('row').filter({ hasText: reason });
    await expect(row).toContainText('$12,345.67');
    await expect(row).toContainText('Charged');

    // Below the threshold a flow is not prorated; without one it is again.
    const card = page.getByRole('region', { name: 'Cash flow threshold' });
    await card.getByRole('button', { name: 'Change threshold' }).click();
    await card.getByLabel('Threshold').fill('20000');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Cash flow threshold updated successfully.')).toBeVisible();
    await expect(card).toContainText('Flows below $20,000.00 are not prorated.');
    await expect(row).toContainText('Not prorated');
    await card.getByRole('button', { name: 'Change threshold' }).click();
    await card.getByLabel('Threshold').fill('');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card).toContainText('Every flow is prorated: no threshold is set.');
    await expect(row).toContainText('Charged');

    // Deleted after confirming.
    await row.getByRole('button', { name: /^Delete the cash flow of/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Please Confirm?' });
    await expect(confirm).toContainText('$12,345.67');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Cash flow deleted successfully.')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: reason })).toHaveCount(0);
  } finally {
    await apiCall(page, 'PUT', '/api/billing/cashflows/threshold', { threshold: before.result.threshold });
  }
});
