import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './support/env.ts';

export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  // Spec files can run side by side (the tests of one file in order): they share one server and database,
  // so a spec that changes a user's password or MFA uses a user no other spec signs in with, and the TOTP
  // helper hands each sign-in its own code step (support/sign-in.ts). A worker (Chromium) and the app it
  // drives keep about two cores busy: measured on 2 cores, 2 workers took as long as 1 (4.9 against
  // 4.8 min) and doubled each test's time, so one worker per two cores (E2E_WORKERS overrides).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? Math.max(1, Math.floor(availableParallelism() / 2))),
  // A flaky spec fails the run: no retry hides it.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: '../.tmp/playwright-report' }]],
  outputDir: '../.tmp/test-results',
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1440, height: 900 },
    // The app honours reduced motion: toasts and modals appear and leave at once, so an accessibility scan
    // never measures colours halfway through a fade.
    reducedMotion: 'reduce',
    launchOptions: {
      // The system Chromium from Debian; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
