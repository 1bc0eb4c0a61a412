import { expect, test } from '@playwright/test';
import { signIn, signOut } from '../support/sign-in.ts';

// Operations. Signed in through the screens, not from the saved session: this test signs out.
const USER = 'grace.lee@centric.local';

test('a new tab opens signed in, and signing out in one tab signs out all', async ({ context, page }) => {
  await signIn(page, USER);

  // A second tab of the same browser: the first hands its session over (the token stays in session storage).
  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(second).toHaveURL(/\/dashboard/);
  await expect(second.getByRole('button', { name: /Account menu for/ })).toBeVisible();
  expect(await second.evaluate(() => sessionStorage.getItem('centric.accessToken'))).toBe(
    await page.evaluate(() => sessionStorage.getItem('centric.accessToken')),
  );
  // Only a flag is shared through localStorage, never the token.
  expect(await second.evaluate(() => JSON.stringify(localStorage))).not.toContain(
    await page.evaluate(() => sessionStorage.getItem('centric.accessToken') ?? 'no token'),
  );

  // Signing out in the second tab signs out the first too.
  await signOut(second);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => sessionStorage.getItem('centric.accessToken'))).toBeNull();

  // Signed out everywhere: a new tab opens on the sign-in page.
  const third = await context.newPage();
  await third.goto('/dashboard');
  await expect(third.getByRole('button', { name: 'Sign In' })).toBeVisible();
});
