import { expect, test } from '@playwright/test';
import { SCREENS_DIR } from '../support/env.ts';
import { expectAccessible, linkFromMail } from '../support/helpers.ts';
import { fillPasswordStep, openUserMenu, signIn, signOut } from '../support/sign-in.ts';

test('forgot password → link from the mail → new password → sign in with it', async ({ page }) => {
  // A user no other spec signs in with: the password changes while other specs run beside this one.
  const email = 'samuel.ortiz@centric.local';
  await page.goto('/');
  await page.getByRole('link', { name: /Forgot Password/ }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page);
  await page.getByLabel('Company email').fill('nobody@centric.local');
  await page.getByRole('button', { name: 'Get Reset Link' }).click();
  await expect(page.getByText('Email does not exist')).toBeVisible();

  await page.getByLabel('Company email').fill(email);
  await page.getByRole('button', { name: 'Get Reset Link' }).click();
  await expect(page).toHaveURL(/\/reset-link-sent/);
  await expect(page.getByText(email).first()).toBeVisible();
  await expectAccessible(page);

  const link = await linkFromMail(email, /http:\/\/localhost:\d+\/reset-password\?[^\s"<]+/);
  await page.goto(link);
  await expect(page.getByRole('button', { name: 'Set Password' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('New Password', { exact: true }).fill('Weakpass1');
  await page.getByLabel('Confirm New Password').fill('Weakpass1');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Password must contain at least one special character.').first()).toBeVisible();

  await page.getByLabel('New Password', { exact: true }).fill('Maple#Stone42');
  await page.getByLabel('Confirm New Password').fill('Maple#Stone4');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('New Password and confirm password must be the same')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill('Maple#Stone42');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page).toHaveURL(/\/password-reset-done/);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENS_DIR}/password-reset-done.png` });

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill('Maple#Stone43');
  await page.getByLabel('Confirm New Password').fill('Maple#Stone43');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('token or email mismatched')).toBeVisible();

  await page.goto('/password-reset-done');
  await page
    .getByRole('link', { name: 'Login Now' })
    .or(page.getByRole('button', { name: 'Login Now' }))
    .click();
  await expect(page).toHaveURL(/\/$/);
  await fillPasswordStep(page, email, 'Centric#2026');
  await expect(page.getByText('Invalid Credentials.')).toBeVisible();
  await signIn(page, email, 'Maple#Stone42');
});

test('change password from the user menu, then sign in with the new one', async ({ page }) => {
  const email = 'priya.shah@centric.local';
  await signIn(page, email);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: /update|change|save/i });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Old Password').fill('Centric#2026');
  await dialog.getByLabel('New Password', { exact: true }).fill('River#Bend77');
  await dialog.getByLabel('Confirm New Password').fill('River#Bend7');
  await expect(dialog.getByText('New Password and confirm password must be the same')).toBeVisible();
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Confirm New Password').fill('River#Bend77');
  await expect(submit).toBeEnabled();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENS_DIR}/change-password.png` });
  await submit.click();
  await expect(page.getByText('Password updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/waprofile\/[0-9a-f-]{36}/);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENS_DIR}/profile.png` });

  await signOut(page);
  await fillPasswordStep(page, email, 'Centric#2026');
  await expect(page.getByText('Invalid Credentials.')).toBeVisible();
  await signIn(page, email, 'River#Bend77');
});
