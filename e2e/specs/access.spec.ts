import { expect, test } from '@playwright/test';
import { SCREENS_DIR } from '../support/env.ts';
import { expectAccessible } from '../support/helpers.ts';
import { signIn } from '../support/sign-in.ts';

test('a user without permission for a page sees the unauthorized page', async ({ page }) => {
  await signIn(page, 'grace.lee@centric.local');
  // Another user's profile is not this user's to see.
  const otherProfile = '/waprofile/00000000-0000-4000-8000-000000000000';
  await page.goto(otherProfile);
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByText('Unauthorized', { exact: true })).toBeVisible();
  await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENS_DIR}/unauthorized.png` });

  // The shell is still there: the sidebar leads back to the dashboard.
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/dashboard/);
});
