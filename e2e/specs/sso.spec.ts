import { expect, test } from '@playwright/test';
import { SCREENS_DIR } from '../support/env.ts';
import { expectAccessible, setNextSsoLogin } from '../support/helpers.ts';

test('Office 365 single sign-on lands on the profile page without TOTP, and / signs out', async ({
  page,
}) => {
  await setNextSsoLogin({ sub: 'entra-daniel', email: 'daniel.kim@centric.local' });
  await page.goto('/');
  await page.getByRole('link', { name: /Continue with Office 365/ }).click();
  await expect(page).toHaveURL(/\/waprofile\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { name: 'Daniel Kim' })).toBeVisible();
  await expect(
    page
      .getByText('Office 365 single sign-on')
      .or(page.getByText(/single sign-on/i))
      .first(),
  ).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENS_DIR}/sso-profile.png` });

  // The dashboard works in this session…
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/dashboard/);
  // …and landing on / signs an SSO user out (spec §2).
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('single sign-on refuses someone who is not a Centric user', async ({ page }) => {
  await setNextSsoLogin({ sub: 'entra-stranger', email: 'stranger@elsewhere.com' });
  await page.goto('/');
  await page.getByRole('link', { name: /Continue with Office 365/ }).click();
  await expect(page.getByText('You are not a centric authorised user.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});
