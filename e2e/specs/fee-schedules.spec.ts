import { expect, type Page, test } from '@playwright/test';
import { SCREENS_DIR } from '../support/env.ts';
import { expectAccessible } from '../support/helpers.ts';
import { openSignedIn } from '../support/sign-in.ts';

/** Operations: fee schedules read, write and delete (demo role matrix). */
const OPERATIONS = 'grace.lee@centric.local';
// A name no demo schedule has, so the search below finds exactly this one.
const NAME = 'Harborview Tiered 2026';

const editor = (page: Page) => page.getByRole('dialog', { name: /fee schedule/i });
const tierField = (page: Page, tier: number, label: 'Min ($)' | 'Max ($)' | 'Rate (bps)') =>
  editor(page).getByRole('textbox', { name: `Tier ${tier} ${label}`, exact: true });
const figure = (page: Page, label: string) =>
  editor(page).getByRole('region', { name: 'Fee preview' }).getByRole('group', { name: label, exact: true });

test.describe.configure({ mode: 'serial' });

test('operations creates a 3-tier schedule, fixing structure errors, previews fees and edits it', async ({
  page,
}) => {
  await openSignedIn(page, OPERATIONS);
  await page.goto('/billing/fee');
  // The list's defaults are written into the URL.
  await expect(page).toHaveURL(/pageNo=1/);
  await expect(page).toHaveURL(/sortBy=name/);
  await expect(page.getByRole('heading', { name: 'Fee Schedules' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open Standard AUM' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add fee schedule' }).click();
  await expect(editor(page)).toBeVisible();

  // Save with nothing typed: the name and the rate are asked for, nothing is sent.
  await editor(page).getByRole('button', { name: 'Save' }).click();
  await expect(editor(page).getByText('Name is required.')).toBeVisible();
  await expect(editor(page).getByText('Please enter the structure fields').first()).toBeVisible();

  await editor(page).getByLabel('Name').fill(NAME);
  await editor(page).getByLabel('Description').fill('Breakpoints at $500K and $2M');

  // Three tiers: Add tier splits the last one; the breakpoint typed carries on into the next minimum.
  await tierField(page, 1, 'Rate (bps)').fill('100');
  await editor(page).getByRole('button', { name: 'Add tier' }).click();
  await tierField(page, 1, 'Max ($)').fill('500000');
  await expect(tierField(page, 2, 'Min ($)')).toHaveValue('500,000');
  await tierField(page, 2, 'Rate (bps)').fill('75');
  await editor(page).getByRole('button', { name: 'Add tier' }).click();

  // A maximum below its minimum: the spec's message, on that field.
  await tierField(page, 2, 'Max ($)').fill('400000');
  await tierField(page, 2, 'Max ($)').blur();
  await expect(
    editor(page).getByText('Maximum ($) Value can never be equal to or less than Min ($) value'),
  ).toBeVisible();
  await tierField(page, 2, 'Max ($)').fill('2000000');
  await expect(
    editor(page).getByText('Maximum ($) Value can never be equal to or less than Min ($) value'),
  ).toBeHidden();

  // A third tier starting inside the second: 'This value is already added in the structure.'
  await tierField(page, 3, 'Min ($)').fill('1500000');
  await tierField(page, 3, 'Min ($)').blur();
  await expect(editor(page).getByText('This value is already added in the structure.')).toBeVisible();
  await tierField(page, 3, 'Min ($)').fill('2000000');
  await tierField(page, 3, 'Rate (bps)').fill('50');
  await expect(editor(page).getByText('This value is already added in the structure.')).toBeHidden();

  // The preview: the known case at $1M, then another value typed.
  await expect(figure(page, 'Annual fee')).toContainText('$8,750.00');
  await expect(figure(page, 'Quarterly fee')).toContainText('$2,187.50');
  await expect(figure(page, 'Effective rate')).toContainText('0.875%');
  const lines = editor(page).getByRole('table', { name: 'Fee by tier' });
  await expect(lines.getByRole('row')).toHaveCount(4); // header, two tiers reached, total
  await editor(page).getByLabel('Household value ($)').fill('3000000');
  await expect(figure(page, 'Annual fee')).toContainText('$21,250.00');
  await expect(figure(page, 'Quarterly fee')).toContainText('$5,312.50');
  await expect(lines).toContainText('Over $2,000,000');
  // The chart answers the keyboard with exact figures.
  const chart = editor(page).getByRole('group', { name: 'Effective rate across values' });
  await chart.focus();
  await chart.press('End');
  await expect(chart).toContainText(/At \$[\d,]+\.\d\d: \$[\d,]+\.\d\d a year/);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENS_DIR}/fee-schedule-editor.png` });

  await editor(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Fee schedule added successfully.')).toBeVisible();
  await expect(editor(page)).toBeHidden();

  // Found by search; the row sums up the structure.
  await page.getByLabel('Search fee schedules').fill('harborview');
  await expect(page).toHaveURL(/search=harborview/);
  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toContainText('3 tiers · 100 → 50 bps');

  // Edit: the last tier's rate, and a fourth tier removed again before saving.
  await row.getByRole('button', { name: `Edit ${NAME}` }).click();
  await expect(tierField(page, 2, 'Max ($)')).toHaveValue('2,000,000');
  await tierField(page, 3, 'Rate (bps)').fill('40');
  await editor(page).getByRole('button', { name: 'Add tier' }).click();
  await expect(tierField(page, 4, 'Max ($)')).toHaveValue('10,000,000,000');
  await editor(page).getByRole('button', { name: 'Remove tier 4' }).click();
  await expect(tierField(page, 3, 'Max ($)')).toHaveValue('10,000,000,000');
  await editor(page).getByLabel('Household value ($)').fill('3000000');
  await expect(figure(page, 'Annual fee')).toContainText('$20,250.00');
  await editor(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Fee schedule updated successfully.')).toBeVisible();

  // The change survives a reload.
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(NAME) })).toContainText('3 tiers · 100 → 40 bps');
  await page.screenshot({ path: `${SCREENS_DIR}/fee-schedules.png` });

  // Delete, after the confirmation.
  await page
    .getByRole('row', { name: new RegExp(NAME) })
    .getByRole('button', { name: `Delete ${NAME}` })
    .click();
  await expect(page.getByRole('dialog', { name: 'Please Confirm?' })).toContainText(NAME);
  await page.getByRole('dialog', { name: 'Please Confirm?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Fee schedule deleted successfully.')).toBeVisible();
  await expect(page.getByText('No fee schedules match this search')).toBeVisible();
});
