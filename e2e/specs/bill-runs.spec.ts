import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { apiCall } from '../support/api.ts';
import { expectAccessible } from '../support/helpers.ts';
import { openSignedIn } from '../support/sign-in.ts';

// An administrator other than the demo's own, whose first sign-in (and MFA enrolment) sign-in.spec.ts walks through.
const ADMIN = 'jordan.hayes@centric.local';
/** A quarter long past: the demo holds values for it. */
const QUARTER_DAY = '2026-07-01';
const QUARTER = { start: '2026-07-01', end: '2026-09-30' };
/** A live bill of the spec's quarter (the demo bills an earlier one live for every unit). */
const ofQuarter = (bill: { periodStart: string; periodEnd: string }) =>
  bill.periodStart <= QUARTER.end && bill.periodEnd >= QUARTER.start;
/** The approval's refusal while a pre-export check fails without an override (BILL_CHECK_MESSAGES.blocked). */
const CHECKS_BLOCK = 'Some bills fail the pre-export checks: fix them, or override each with a reason.';

/** Saves what `click` downloads, and answers its name and text. */
const downloadOf = async (page: Page, click: () => Promise<void>) => {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(file, 'latin1') };
};

/** On the Checks tab: every finding still blocking is let through with a reason. */
const overrideEveryFinding = async (page: Page) => {
  const override = page.getByRole('button', { name: /^Override: / });
  while ((await override.count()) > 0) {
    await override.first().click();
    const dialog = page.getByRole('dialog', { name: /^Override: / });
    await dialog.getByLabel(/Reason/).fill('Confirmed with operations before export (browser spec)');
    await dialog.getByRole('button', { name: 'Override' }).click();
    await expect(dialog).toBeHidden();
  }
};

test('a forecast for one Wealth Advisor: the form’s messages, the progress, a bill explained', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await openSignedIn(page, ADMIN);
  await page.goto('/billing/billingInstances');
  await expect(page.getByRole('heading', { name: 'Billing Instances' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New bill run' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New bill run' });
  // Nothing chosen: the contract's messages, on the server's fields too.
  await dialog.getByRole('button', { name: 'Start bill run' }).click();
  await expect(dialog.getByText('Please select the kind of bill.')).toBeVisible();
  await dialog.getByRole('radio', { name: /Forecast bill/ }).check();
  await dialog.getByRole('combobox', { name: 'What to bill' }).click();
  await page.getByRole('option', { name: 'Wealth Advisor 1' }).click();
  await dialog.getByRole('button', { name: 'Start bill run' }).click();
  await expect(dialog.getByText('Please select a Wealth Advisor 1.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Wealth Advisor 1' }).fill('Olivia');
  await page.getByRole('option', { name: 'Olivia Bennett' }).click();
  await dialog.getByLabel('A day in the period').fill(QUARTER_DAY);
  await expect(dialog.getByText(/07\/01\/2026 – 09\/30\/2026/)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Start bill run' }).click();

  // The run's page follows it to the end.
  await expect(page).toHaveURL(/\/billing\/billingInstances\/[0-9a-f-]{36}/);
  await expect(page.getByText('Households done')).toBeVisible();
  await expect(page.getByText('Wealth Advisor 1: Olivia Bennett')).toBeVisible();
  await expect(page.getByText('Completed').first()).toBeVisible({ timeout: 90_000 });
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Units' }).click();
  await expect(page.getByRole('tab', { name: 'Units' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);

  // A bill opens to its explanation, down to the tier line.
  await page.getByRole('tab', { name: /^Bills/ }).click();
  await page.getByRole('table', { name: 'Bills' }).getByRole('row').nth(1).getByRole('button').click();
  const drawer = page.getByRole('dialog', { name: /^Bill \d+: / });
  await expect(drawer.getByRole('heading', { name: 'Fee schedules' })).toBeVisible();
  await expect(drawer.getByText(/ at \d+\.\d+% = \$/).first()).toBeVisible();
  await expectAccessible(page);
});

test('a live bill for one unit is approved, locked and exported, and shows on the unit’s Live Bill tab', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openSignedIn(page, ADMIN);
  // A ready unit without a live bill of the quarter yet, whose accounts all pay through a custodian (a custodian
  // fee file).
  const units = await apiCall<{ clientId: string; name: string }[]>(
    page,
    'GET',
    '/api/billing/households?billingStatus=READY&limit=50&sortBy=unitId&order=ASC',
  );
  let unit: { clientId: string; name: string } | null = null;
  for (const candidate of units.result) {
    const bills = await apiCall<{ periodStart: string; periodEnd: string }[]>(
      page,
      'GET',
      `/api/billing/households/${candidate.clientId}/live-bills`,
    );
    if (bills.result.some(ofQuarter)) continue;
    const accounts = await apiCall<{ payMethod: string; feePayingAccount: unknown }[]>(
      page,
      'GET',
      `/api/billing/accounts?clientId=${candidate.clientId}&limit=50`,
    );
    if (
      accounts.result.length > 0 &&
      accounts.result.every((a) => a.payMethod === 'INDIRECT' && a.feePayingAccount !== null)
    ) {
      unit = candidate;
      break;
    }
  }
  if (!unit) throw new Error('no ready unit paying through a custodian without a live bill of the quarter');

  await page.goto('/billing/billingInstances');
  await page.getByRole('button', { name: 'New bill run' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New bill run' });
  await dialog.getByRole('radio', { name: /Live bill/ }).check();
  await dialog.getByRole('combobox', { name: 'What to bill' }).click();
  await page.getByRole('option', { name: 'Single unit' }).click();
  await dialog.getByRole('combobox', { name: 'Unit' }).fill(unit.name);
  await page.getByRole('option', { name: unit.name }).first().click();
  await dialog.getByLabel('A day in the period').fill(QUARTER_DAY);
  await dialog.getByRole('button', { name: 'Start bill run' }).click();
  await expect(page.getByText('Completed').first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('table', { name: 'Bills' }).getByRole('row')).toHaveCount(2);

  // Approve, then lock, each after confirming. A bill failing a pre-export check (the demo's cash) blocks the
  // approval: the Checks tab opens, each finding is let through with a reason, and the run is approved.
  const approve = async () => {
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Please Confirm?' })
      .getByRole('button', { name: 'Approve' })
      .click();
  };
  await approve();
  const approved = page.getByText('Bill run approved.', { exact: true });
  const blocked = page.getByText(CHECKS_BLOCK, { exact: true });
  await expect(approved.or(blocked)).toBeVisible();
  if (await blocked.isVisible()) {
    await expect(page.getByRole('tab', { name: /^Checks/ })).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(page);
    await overrideEveryFinding(page);
    await approve();
    await expect(approved).toBeVisible();
  }
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await page.getByRole('dialog', { name: 'Please Confirm?' }).getByRole('button', { name: 'Lock' }).click();
  await expect(page.getByText('Bill run locked.', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Exports: the custodian fee file (two columns: account number, fee), saved by the browser and listed.
  await page.getByRole('tab', { name: 'Exports' }).click();
  await expect(page.getByRole('button', { name: 'Export custodian fee file' })).toBeVisible();
  await expectAccessible(page);
  const feeFile = await downloadOf(page, () =>
    page.getByRole('button', { name: 'Export custodian fee file' }).click(),
  );
  expect(feeFile.name).toMatch(/^fees-.+\.csv$/);
  expect(feeFile.text).toMatch(/^\S+,\d+\.\d{2}$/m);
  await expect(page.getByText('Run exported.', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Exports' }).getByText(feeFile.name)).toBeVisible();
  await expect(page.getByText('Stage: Exported.')).toBeVisible();
  await expectAccessible(page);

  // The same file again, from the list; every invoice of the run in one zip; a report.
  const again = await downloadOf(page, () =>
    page
      .getByRole('button', { name: `Download ${feeFile.name}` })
      .first()
      .click(),
  );
  expect(again.text).toBe(feeFile.text);
  const zip = await downloadOf(page, () => page.getByRole('button', { name: 'Invoices (zip)' }).click());
  expect(zip.name).toMatch(/^invoices-run-\d+\.zip$/);
  expect(zip.text.startsWith('PK')).toBe(true);
  await page.getByRole('button', { name: 'Reports' }).click();
  const report = await downloadOf(page, () =>
    page.getByRole('menuitem', { name: 'Payable summary (CSV)' }).click(),
  );
  expect(report.name).toMatch(/^bill-run-\d+-payable-summary-\d{4}-\d{2}-\d{2}\.csv$/);

  // Differences from the forecast of the quarter (or why there are none), and the checks.
  await page.getByRole('tab', { name: 'Differences' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Differences' })
      .or(page.getByRole('heading', { name: 'No forecast of this period' }))
      .or(page.getByRole('heading', { name: 'No household changed' })),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('tab', { name: /^Checks/ }).click();
  await expect(
    page.getByText('All bills pass the pre-export checks.').or(page.getByRole('region', { name: unit.name })),
  ).toBeVisible();
  await expectAccessible(page);

  // The unit's Unit Live Bill tab lists it, and opens the same explanation.
  await page.goto(`/billing/households/${unit.clientId}?tab=7`);
  const tab = page.getByRole('tab', { name: 'Unit Live Bill' });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const quarterRow = (name: string) =>
    page.getByRole('table', { name }).getByRole('row').filter({ hasText: '09/30/2026' });
  await expect(quarterRow('Live bills')).toContainText('Exported');
  await expectAccessible(page);
  await quarterRow('Live bills').getByRole('button').click();
  await expect(page.getByRole('dialog', { name: new RegExp(`^Bill \\d+: ${unit.name}`) })).toBeVisible();
  await expectAccessible(page);

  // The account's Account Live Bill tab lists it too.
  const live = (
    await apiCall<{ id: string; periodStart: string; periodEnd: string }[]>(
      page,
      'GET',
      `/api/billing/households/${unit.clientId}/live-bills`,
    )
  ).result.find(ofQuarter);
  const detail = await apiCall<{ accountLines: { accountId: string }[] }>(
    page,
    'GET',
    `/api/bills/${live!.id}`,
  );
  await page.goto(
    `/billing/accounts/${detail.result.accountLines[0]!.accountId}?clientId=${unit.clientId}&tab=4`,
  );
  await expect(page.getByRole('tab', { name: 'Account Live Bill' })).toHaveAttribute('aria-selected', 'true');
  await expect(quarterRow('Live bills')).toHaveCount(1);
  await expectAccessible(page);
});
