import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/helpers.ts';
import { openSignedIn } from '../support/sign-in.ts';

// The growth dashboard (issue 17 §3): the pipeline tile on the Stats tab with the list behind it, goals set
// by an administrator (a wrong target refused with its message, then saved) and shown on the dashboard, the
// pathway to partnership and the growth settings; axe on each.

// An administrator other than the demo's own (its sessions are saved per user, support/sign-in.ts).
const ADMIN = 'jordan.hayes@centric.local';

test('the pipeline tile shows the open pipeline in money and opens the board', async ({ page }) => {
  await openSignedIn(page, ADMIN);
  await page.goto('/dashboard?tab=stats&duration=THIS_YEAR');
  const tile = page.getByRole('region', { name: 'Opportunities' });
  await expect(tile).toBeVisible();
  const table = tile.getByRole('table', { name: 'Opportunities' });
  for (const status of ['Hot', 'Warm', 'Cold']) {
    await expect(table.getByRole('rowheader', { name: status })).toBeVisible();
  }
  await expect(tile.getByText('weighted annual revenue')).toBeVisible();
  await expect(tile.getByText(/default fee schedule \(Standard AUM\)/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Leaderboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pathway to partnership' })).toBeVisible();
  await expectAccessible(page);
  await tile.getByRole('link', { name: 'Open the board: Opportunities' }).click();
  await expect(page).toHaveURL(/\/prospects\?view=board/);
});

test('an administrator sets goals after a refused target, and the dashboard shows them', async ({ page }) => {
  test.setTimeout(90_000);
  await openSignedIn(page, ADMIN);
  await page.goto('/goals');
  await expect(page.getByRole('heading', { name: 'Goals', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: /^Goals \d{4}$/ });
  await expect(table.getByRole('row', { name: /Olivia Bennett/ })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: /^(Set|Edit) the goals of Jordan Hayes$/ }).click();
  const form = page.getByRole('form', { name: 'Goals of Jordan Hayes' });
  await form.getByRole('textbox', { name: 'New households' }).fill('6');
  await form.getByRole('textbox', { name: 'New AUM' }).fill('5000000');
  await form.getByRole('textbox', { name: 'Meetings' }).fill('40');
  await form.getByRole('textbox', { name: 'New prospects' }).fill('12');
  await form.getByRole('textbox', { name: 'Conversions' }).fill('10001');
  await form.getByRole('button', { name: 'Save goals' }).click();
  await expect(form.getByText('Enter a whole number from 0 to 10,000.')).toBeVisible();
  await expectAccessible(page);
  await form.getByRole('textbox', { name: 'Conversions' }).fill('7');
  await form.getByRole('button', { name: 'Save goals' }).click();
  await expect(page.getByText('Goals saved successfully.')).toBeVisible();
  await expect(form).toBeHidden();
  const row = table.getByRole('row', { name: /Jordan Hayes/ });
  await expect(row).toContainText('of 7');
  await expect(row).toContainText('of $5,000,000');

  await page.getByRole('tab', { name: 'Pathway to partnership' }).click();
  await expect(page.getByRole('table', { name: 'Pathway to partnership' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Growth settings' }).click();
  await expect(page.getByRole('form', { name: 'Growth settings' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Default fee schedule' })).toHaveValue('Standard AUM');
  await expectAccessible(page);

  await page.goto('/dashboard?tab=stats&duration=THIS_MONTH');
  const goals = page.getByRole('region', { name: /^My goals \d{4}$/ });
  // A bar at 0 % has no width to see: it is there, with its value.
  await expect(goals.getByRole('progressbar', { name: /^Conversions: \d+% of the target$/ })).toBeAttached();
  await expect(goals.getByText('of 7')).toBeVisible();
  await expect(goals.getByText(/of \$5M/)).toBeVisible();
});
