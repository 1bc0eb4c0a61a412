import { expect, type Page } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD, E2E_DIR } from './env.ts';
import { totp } from './helpers.ts';

/**
 * TOTP secrets of the users this run has enrolled, and when each last used a code: one file per user, so
 * that they outlive a worker restart (Playwright starts a new worker after a failure) and workers running
 * side by side never overwrite each other's.
 */
type Enrolment = { secret: string; lastCodeAt: number };
const ENROLMENTS_DIR = path.join(E2E_DIR, 'enrolments');
const enrolmentFile = (email: string) => path.join(ENROLMENTS_DIR, `${email}.json`);
const readEnrolment = (email: string): Enrolment | undefined =>
  existsSync(enrolmentFile(email))
    ? (JSON.parse(readFileSync(enrolmentFile(email), 'utf8')) as Enrolment)
    : undefined;
const saveEnrolment = (email: string, enrolment: Enrolment) => {
  mkdirSync(ENROLMENTS_DIR, { recursive: true });
  writeFileSync(enrolmentFile(email), JSON.stringify(enrolment));
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `reserve` while holding the user's lock (a directory: creating one is atomic across workers). */
const withUserLock = async <T>(email: string, reserve: () => Promise<T>) => {
  const lock = path.join(ENROLMENTS_DIR, `${email}.lock`);
  mkdirSync(ENROLMENTS_DIR, { recursive: true });
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) throw new Error(`the TOTP lock of ${email} was never released`);
      await sleep(50);
    }
  }
  try {
    return await reserve();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
};

/**
 * The next unused code of a user: a code is accepted once, so a second sign-in takes the next step's.
 * Workers that sign the same user in side by side each get their own step.
 */
const nextCode = (email: string) =>
  withUserLock(email, async () => {
    const enrolment = readEnrolment(email);
    if (!enrolment) throw new Error(`no TOTP secret for ${email}`);
    const at = Math.max(Date.now(), enrolment.lastCodeAt + 30_000);
    // The server accepts one step of drift: wait until the wanted step is at most one ahead.
    const wait = at - Date.now() - 25_000;
    if (wait > 0) await sleep(wait);
    saveEnrolment(email, { ...enrolment, lastCodeAt: at });
    return totp(enrolment.secret, (at - Date.now()) / 30_000);
  });

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
    saveEnrolment(email, { secret: (await key.innerText()).replace(/\s+/g, ''), lastCodeAt: 0 });
  }
  await page.getByLabel('Authentication code').fill(await nextCode(email));
  await page.getByLabel('Authentication code').press('Enter');
  await expect(page).toHaveURL(/\/dashboard/);
};

export const openUserMenu = async (page: Page) => {
  await page.getByRole('button', { name: /Account menu for/ }).click();
};

export const signOut = async (page: Page) => {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
};
