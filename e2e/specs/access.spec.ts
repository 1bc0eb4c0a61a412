import { expect, test } from '@playwright/test';
import { SCREENS_DIR } from '../support/env.ts';
import { expectAccessible } from '../support/helpers.ts';
import { openSignedIn } from '../support/sign-in.ts';

test('a user without permission for a page sees the unauthorized page', async ({ page }) => {
  await openSignedIn(page, 'grace.lee@centric.local');
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

test('a user uploads a profile image, and a wrong file type is refused with the spec message', async ({
  page,
}) => {
  await openSignedIn(page, 'grace.lee@centric.local');
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/waprofile\/[0-9a-f-]{36}/);

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Change photo' }).click();
  await (await chooser).setFiles({ name: 'notes.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('File format accepted only .jpg, .jpeg, .png up to 15 MB')).toBeVisible();

  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const chooser2 = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Change photo' }).click();
  await (await chooser2).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Profile image updated successfully.')).toBeVisible();
  // The avatar now shows the uploaded image, fetched with the session's token.
  await expect(page.locator('img[alt="Grace Lee"]').first()).toHaveAttribute('src', /^blob:/);
});
