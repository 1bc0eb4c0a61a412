import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './support/env.ts';

export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  // Spec files can run side by side (the tests of one file in order): they share one server and database,
  // so a spec that changes a user's password or MFA uses a user no other spec signs in with, tests start
  // from a session saved per user (one that signs out gets its own), and the TOTP helper hands each sign-in
  // its own code step (support/sign-in.ts). But a worker (Chromium) and the app it drives keep about 1.5 of
  // 2 cores busy. Measured on 2 cores (2026-11-24, other work running): 2 workers took 4.7 min against 4.5
  // for 1, each test about twice as long, and the longest test ran into the 60 s timeout (before the saved
  // sessions: 4.9 against 4.8 min). So one worker per two cores (E2E_WORKERS overrides).
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
    // A failed test keeps its trace with the page's DOM at each step, but not the screencast: recording the
    // screencast of every test (kept or not) made the run about 20 % slower.
    trace: { mode: 'retain-on-failure', screenshots: false },
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
