import { expect, type Page } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD, E2E_BASE_URL, E2E_DIR } from './env.ts';
import { totpForStep, totpStepAt, TOTP_PERIOD_MS } from './helpers.ts';

/**
 * What this run keeps per user, one file each under .tmp/e2e/users (global setup empties it): the TOTP
 * secret of the user's enrolment and the last time step used, and the session a real sign-in left in the
 * app's sessionStorage. Files outlive a worker restart (Playwright starts a new worker after a failure), and
 * workers running side by side never overwrite each other's: each file is written under its lock.
 */
const USERS_DIR = path.join(E2E_DIR, 'users');
const fileOf = (email: string, kind: 'totp' | 'session') => path.join(USERS_DIR, `${email}.${kind}.json`);
const readJson = <T>(file: string): T | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
const writeJson = (file: string, value: unknown) => {
  mkdirSync(USERS_DIR, { recursive: true });
  writeFileSync(file, JSON.stringify(value));
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` while holding a lock (a directory: creating one is atomic across workers). */
const withLock = async <T>(name: string, work: () => Promise<T>) => {
  const lock = path.join(USERS_DIR, `${name}.lock`);
  mkdirSync(USERS_DIR, { recursive: true });
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) throw new Error(`the lock ${name} was never released`);
      await sleep(50);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
};

type Enrolment = { secret: string; lastStep: number };

/** A code typed is checked by the server within this long: filling it in, Enter, the request. */
const CODE_IN_FLIGHT_MS = 10_000;

/**
 * The next unused code of a user. The server accepts the previous, the current and the next time step's
 * code, each step once and in order, so up to three sign-ins of one user fit in one 30 s step; a fourth waits
 * for the next step. The step chosen is still one of the three when the server checks the code
 * (CODE_IN_FLIGHT_MS later at most). Workers that sign the same user in side by side each get their own step.
 */
const nextCode = (email: string) =>
  withLock(`${email}.totp`, async () => {
    const enrolment = readJson<Enrolment>(fileOf(email, 'totp'));
    if (!enrolment) throw new Error(`no TOTP secret for ${email}`);
    for (;;) {
      const now = Date.now();
      const step = Math.max(enrolment.lastStep + 1, totpStepAt(now + CODE_IN_FLIGHT_MS) - 1);
      if (step <= totpStepAt(now) + 1) {
        writeJson(fileOf(email, 'totp'), { ...enrolment, lastStep: step });
        return totpForStep(enrolment.secret, step);
      }
      // Every step the server would accept now is used: wait until `step` is the next one.
      await sleep((step - 1) * TOTP_PERIOD_MS - now);
    }
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
    const enrolment: Enrolment = { secret: (await key.innerText()).replace(/\s+/g, ''), lastStep: 0 };
    writeJson(fileOf(email, 'totp'), enrolment);
  }
  await page.getByLabel('Authentication code').fill(await nextCode(email));
  await page.getByLabel('Authentication code').press('Enter');
  await expect(page).toHaveURL(/\/dashboard/);
};

/** The app's sessionStorage entries (apps/web/src/lib/session.ts, SESSION_KEYS) as a sign-in left them. */
type SavedSession = Record<string, string>;
const TOKEN_KEY = 'centric.accessToken';
const USER_KEY = 'centric.user';
/** Marks a tab whose session was restored: a test that signs out there stays signed out on reload. */
const RESTORED_KEY = 'e2e.sessionRestored';

/** The user details of a live signed-in session, or null when the session has ended. */
const liveUser = async (token: string): Promise<unknown> => {
  const res = await fetch(`${E2E_BASE_URL}/api/waprofile`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return res.ok ? ((await res.json()) as { result: unknown }).result : null;
};

/**
 * Opens the dashboard signed in as `email` (password + TOTP), for tests about something other than signing
 * in. The first test of a user signs in through the screens and saves the session; later ones restore it
 * into the tab's sessionStorage before the app loads (Playwright's storageState leaves sessionStorage out;
 * https://playwright.dev/docs/auth restores it with an init script), with the user details as the server
 * answers them now. A saved session that has ended (signed out, password or MFA changed) is replaced by a
 * new sign-in. Tests that sign out, or change the user's password or MFA, sign in with `signIn` instead,
 * so that no test ends a session another test is using.
 */
export const openSignedIn = async (page: Page, email: string) => {
  const saved = await withLock(`${email}.session`, async () => {
    const stored = readJson<SavedSession>(fileOf(email, 'session'));
    const token = stored?.[TOKEN_KEY];
    const user = token ? await liveUser(token) : null;
    if (stored && user) return { ...stored, [USER_KEY]: JSON.stringify(user) };
    await signIn(page, email);
    const signedIn = JSON.parse(await page.evaluate(() => JSON.stringify(sessionStorage))) as SavedSession;
    writeJson(fileOf(email, 'session'), signedIn);
    return null;
  });
  // Signed in through the screens just now: this tab is on the dashboard already.
  if (!saved) return;
  await page.addInitScript(
    ({ origin, entries, marker }) => {
      if (window.location.origin !== origin || sessionStorage.getItem(marker)) return;
      for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
      sessionStorage.setItem(marker, '1');
    },
    { origin: new URL(E2E_BASE_URL).origin, entries: saved, marker: RESTORED_KEY },
  );
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
};

export const openUserMenu = async (page: Page) => {
  await page.getByRole('button', { name: /Account menu for/ }).click();
};

export const signOut = async (page: Page) => {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
};
