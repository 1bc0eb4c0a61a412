import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './env.ts';
import { totp } from './helpers.ts';

/** TOTP secrets of the users this run has enrolled, and how many codes each has used. */
const secrets = new Map<string, string>();
const codesUsed = new Map<string, number>();

/** The next unused code of a user: a code is accepted once, so each sign-in takes the next step's. */
const nextCode = (email: string) => {
  const secret = secrets.get(email);
  if (!secret) throw new Error(`no TOTP secret for ${email}`);
  const used = codesUsed.get(email) ?? 0;
  codesUsed.set(email, used + 1);
  return totp(secret, used === 0 ? 0 : 1);
};

export const fillPasswordStep = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
};

/** Password + TOTP sign-in through the screens, enrolling the authenticator the first time. */
export const signIn = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  await fillPasswordStep(page, email, password);
  // Wait until the code field shows, then see whether this is the setup (with its key) or the entry.
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  const key = page.getByLabel('Setup key');
  if (new URL(page.url()).pathname === '/mfa/setup') {
    await expect(key).toBeVisible();
    secrets.set(email, (await key.innerText()).replace(/\s+/g, ''));
    codesUsed.set(email, 0);
  } else {
    // A code of this step may have been used by the previous sign-in; take the next one.
    codesUsed.set(email, Math.max(1, codesUsed.get(email) ?? 1));
  }
  await page.getByLabel('Authentication code').fill(nextCode(email));
  await page.getByLabel('Authentication code').press('Enter');
  await expect(page).toHaveURL(/\/dashboard/);
};

export const rememberEnrolment = (email: string, secret: string) => {
  secrets.set(email, secret);
  codesUsed.set(email, 0);
};

export const openUserMenu = async (page: Page) => {
  await page.getByRole('button', { name: /Account menu for/ }).click();
};

export const signOut = async (page: Page) => {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
};
