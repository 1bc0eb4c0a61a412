import { expect, test } from '@playwright/test';
import { daysAgo } from '../support/api.ts';
import { SCREENS_DIR } from '../support/env.ts';
import { expectAccessible } from '../support/helpers.ts';
import { openSignedIn } from '../support/sign-in.ts';

// An administrator other than the demo's own (its sessions are saved per user, support/sign-in.ts).
const ADMIN = 'jordan.hayes@centric.local';

test('prospects are imported from a CSV file: columns matched, values for every line, the preview line by line with a duplicate and an error, imported, and the report', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'.charAt(Number(d)));
  const digits = String(Date.now()).slice(-5);
  const phone = (n: number) => `(917) 5${n}${digits.slice(0, 1)}-${digits.slice(1)}`;
  const csv = [
    'First Name,Last Name,Email Address,Phone,Lead Status,Asset Management,Activity Date',
    `Iris,Imp${stamp},iris.${stamp}@example.com,${phone(1)},Hot,1200000,${daysAgo(2)}`,
    `Jon,Imp${stamp},jon.${stamp}@example.com,${phone(2)},Cold,"$350,000",${daysAgo(5)}`,
    `Kai,Imp${stamp},iris.${stamp}@example.com,${phone(3)},Warm,90000,${daysAgo(1)}`,
    `Lea,Imp${stamp},not-an-email,${phone(4)},Warm,0123,${daysAgo(1)}`,
  ].join('\n');
  await openSignedIn(page, ADMIN);
  await page.goto('/prospects');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import prospects' });
  await expect(dialog).toBeVisible();

  // The file: its usual column names are matched, with an example of each.
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: `leads-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByRole('combobox', { name: 'Column of Email' })).toHaveValue('Email Address');
  await expect(dialog.getByRole('combobox', { name: 'Column of First name' })).toHaveValue('First Name');
  await expect(dialog.getByText(`e.g. iris.${stamp}@example.com`)).toBeVisible();
  // Values for every line: the source and the wealth advisor the file does not give.
  await dialog.getByRole('combobox', { name: 'Source', exact: true }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('combobox', { name: 'Wealth advisor', exact: true }).fill('Olivia');
  await page.getByRole('option', { name: /Olivia Bennett/ }).click();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SCREENS_DIR}/prospects-import-mapping-1440.png` });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: `${SCREENS_DIR}/prospects-import-mapping-1024.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole('button', { name: 'Upload and check' }).click();

  // The preview: two ready, one duplicate of an earlier line, one with errors in the form's words.
  await expect(dialog.getByText('Ready to import')).toBeVisible({ timeout: 30_000 });
  const lines = dialog.getByRole('table', { name: 'Lines of the file' });
  await expect(lines.getByText(`Kai Imp${stamp}`)).toBeVisible();
  await expect(lines.getByText('Line 2 has the same email or phone.')).toBeVisible();
  await expect(lines.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(lines.getByText('Remove the leading zero.')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENS_DIR}/prospects-import-preview-1440.png` });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: `${SCREENS_DIR}/prospects-import-preview-1024.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole('radio', { name: 'Leave them out' }).check();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();

  // The report: what was imported, skipped and refused, line by line.
  await expect(dialog.getByText(/Imported on/)).toBeVisible({ timeout: 30_000 });
  await dialog.locator('label', { hasText: /^Imported$/ }).click();
  await expect(lines.getByText(`Iris Imp${stamp}`)).toBeVisible();
  await expect(lines.getByText(`Jon Imp${stamp}`)).toBeVisible();
  await expect(lines.getByText(`Kai Imp${stamp}`)).toBeHidden();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENS_DIR}/prospects-import-report-1440.png` });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // The prospects are in the list, each with its first activity.
  await page.getByRole('textbox', { name: 'Search prospects' }).fill(`Imp${stamp}`);
  await expect(page.getByRole('button', { name: `Iris Imp${stamp}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Jon Imp${stamp}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Kai Imp${stamp}` })).toBeHidden();
});
