import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, SCREENS_DIR } from '../support/env.ts';
import { expectAccessible, totp } from '../support/helpers.ts';
import { openUserMenu, signIn, signOut } from '../support/sign-in.ts';

const ADMIN = 'admin@centric.local';

test('password + TOTP sign-in enrols an authenticator, lands on the dashboard, and signs out', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Continue with Office 365/ })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENS_DIR}/sign-in.png` });

  // Empty form: the spec's message, and nothing is sent.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter Email and Password')).toBeVisible();

  // A wrong password: the server's message in an error toast.
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByLabel('Password', { exact: true }).fill('Wrong#Pass1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid Credentials.')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/mfa\/setup$/);
  await expect(page.getByAltText('QR code for your authenticator app')).toBeVisible();
  const secret = (await page.getByLabel('Setup key').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENS_DIR}/mfa-setup.png` });

  await page.getByRole('button', { name: /verify|continue|confirm/i }).click();
  await expect(page.getByText('MFA code is required.')).toBeVisible();
  const firstCode = totp(secret);
  await page.getByLabel('Authentication code').fill(firstCode);
  await page.getByLabel('Authentication code').press('Enter');
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Alex');
  // One sign-in, one success toast (the password step says nothing: the user is not signed in yet).
  await expect(page.locator('[data-kind="success"]')).toHaveText([/MFA verified successfully\./]);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENS_DIR}/dashboard.png` });

  // The sidebar expands while the pointer is on it and collapses shortly after it leaves.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.hover();
  await expect(nav).toHaveAttribute('data-expanded', 'true');
  await page.screenshot({ path: `${SCREENS_DIR}/sidebar-expanded.png` });
  await page.mouse.move(900, 500);
  await expect(nav).not.toHaveAttribute('data-expanded', 'true');

  // The session survives a reload (sessionStorage) and ends with Sign Out.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard/);
  await signOut(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);

  // Enrolled now: the next sign-in asks for a code, and the used one is refused.
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/mfa$/);
  await expectAccessible(page);
  await page.getByLabel('Authentication code').fill(firstCode);
  await page.getByLabel('Authentication code').press('Enter');
  await expect(page.getByText('Invalid MFA code.')).toBeVisible();
  await page.getByLabel('Authentication code').fill(totp(secret, 1));
  await page.getByLabel('Authentication code').press('Enter');
  await expect(page).toHaveURL(/\/dashboard/);
});

test('sign-in works with the keyboard alone', async ({ page }) => {
  const email = 'olivia.bennett@centric.local';
  await page.goto('/');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/mfa\/setup$/);
  const secret = (await page.getByLabel('Setup key').innerText()).replace(/\s+/g, '');
  await expect(page.getByLabel('Authentication code')).toBeFocused();
  await page.keyboard.type(totp(secret));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard/);

  // MFA Settings → reset: confirm with the password (a wrong one is refused on the field), the spec's
  // message, then the setup screen after 3 s with a new key.
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'MFA Settings' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type('Wrong#Pass1');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Invalid Credentials.')).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Reset MFA' }).click();
  await expect(
    page.getByText('MFA has been reset successfully. You will be redirected to Setup MFA').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/mfa\/setup$/, { timeout: 8_000 });
  const newSecret = (await page.getByLabel('Setup key').innerText()).replace(/\s+/g, '');
  expect(newSecret).not.toBe(secret);
  await page.getByLabel('Authentication code').fill(totp(newSecret));
  await page.getByLabel('Authentication code').press('Enter');
  await expect(page).toHaveURL(/\/dashboard/);
});

test('an email verification link that is not valid shows the error variant', async ({ page }) => {
  await page.goto('/verify-email?token=not-a-real-token');
  await expect(page.getByText('Email not verified')).toBeVisible();
  await expect(page.getByText('This verification link is invalid or has expired.')).toBeVisible();
  await expectAccessible(page);
  await page
    .getByRole('link', { name: 'Login Now' })
    .or(page.getByRole('button', { name: 'Login Now' }))
    .click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('signed-out visitors are sent to sign in, and unknown pages say so', async ({ page }) => {
  await page.goto('/waprofile/00000000-0000-0000-0000-000000000000');
  await expect(page).toHaveURL(/\/$/);
  // Any user whose password no spec changes (passwords.spec changes Samuel's while this runs beside it).
  await signIn(page, 'grace.lee@centric.local');
  await page.goto('/no-such-page');
  await expect(page.getByText(/not found/i).first()).toBeVisible();
  await expectAccessible(page);
});
