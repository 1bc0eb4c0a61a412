// Looks at screens as a person would: starts the built app on a spare port with a throwaway embedded
// database, signs in as the demo administrator (enrolling TOTP), and saves a PNG of each path given.
//   npm run build && node scripts/screenshots.mjs /dashboard /audit-logs
// `{firstClient}` in a path stands for the first household of the list; `path|Button name` clicks that
// button (link or menu item) after the page loaded, e.g. '/clients|Add Household' to see the wizard; more
// `|Name`s click one after the other ('/dashboard|Account menu for Ava Admin|MFA Settings'); a name may be
// a prefix.
// PNGs land in .tmp/screens/<path>.png. Needs the system Chromium (/usr/bin/chromium). SCREENSHOT_EMAIL signs in
// as another demo user (same password), to see a screen with that user's permissions; SCREENSHOT_WIDTH sets the
// window's width (1440 by default); SCREENSHOT_DATA_DIR the app's data directory (a new one by default).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as OTPAuth from 'otpauth';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A port nobody listens on now (SCREENSHOT_PORT to choose one): two runs side by side never collide. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
const port = Number(process.env.SCREENSHOT_PORT ?? (await freePort()));
const base = `http://localhost:${port}`;
const out = path.join(root, '.tmp/screens');
mkdirSync(out, { recursive: true });
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/dashboard'];

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'ignore',
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: process.env.SCREENSHOT_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'centric-shots-')),
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  },
});
const stop = () => server.kill('SIGTERM');
try {
  for (let i = 0; ; i++) {
    // A first start migrates and writes the demo (about 10 s, more on a busy machine).
    if (i > 360) throw new Error('the app did not start in 90 s');
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const browser = await chromium.launch({
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
  });
  const width = Number(process.env.SCREENSHOT_WIDTH ?? 1440);
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  // What the browser reports goes wrong is printed: a screen that shows its error page says why here.
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`console error: ${message.text()}`);
  });
  await page.goto(`${base}/`);
  await page.getByLabel('Email').fill(process.env.SCREENSHOT_EMAIL ?? 'admin@centric.local');
  await page.getByLabel('Password', { exact: true }).fill('Centric#2026');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const key = page.getByLabel('Setup key');
  await key.waitFor();
  const secret = (await key.innerText()).replace(/\s+/g, '');
  await page
    .getByLabel('Authentication code')
    .fill(new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate());
  await page.getByLabel('Authentication code').press('Enter');
  await page.waitForURL(/\/dashboard/);
  const firstClient = await page.evaluate(async () => {
    const token = sessionStorage.getItem('centric.accessToken');
    const res = await fetch('/api/clients?limit=1&sortBy=name', {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await res.json()).result?.[0]?.clientId ?? 'none';
  });
  // SCREENSHOT_FORECAST=2026-07-01: a forecast of every unit for the quarter holding that day, run first (a live
  // run with SCREENSHOT_RUN_KIND=LIVE_BILL, after a forecast of the same quarter with SCREENSHOT_WITH_FORECAST=1,
  // and taken on to SCREENSHOT_RUN_STAGE=APPROVED, LOCKED or EXPORTED: failing checks overridden, the custodian
  // fee file exported); its page is `{newestRun}` in the paths.
  const newestRun = await page.evaluate(
    async ({ day, kind, withForecast, stage }) => {
      const headers = {
        authorization: `Bearer ${sessionStorage.getItem('centric.accessToken')}`,
        'content-type': 'application/json',
      };
      const call = async (method, url, body) =>
        (await fetch(url, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) })).json();
      const run = async (runKind) => {
        const body = { kind: runKind, scope: 'ALL_UNITS', period: 'QUARTERLY', periodStart: day };
        const created = await call('POST', '/api/bill-runs', body);
        for (let i = 0; i < 600; i += 1) {
          const now = await call('GET', `/api/bill-runs/${created.result.id}`);
          if (now.result.status !== 'in_progress') break;
          await new Promise((r) => setTimeout(r, 500));
        }
        return created.result.id;
      };
      if (day) {
        if (withForecast) await run('FORECAST_BILL');
        const id = await run(kind);
        const steps = { APPROVED: ['approve'], LOCKED: ['approve', 'lock'], EXPORTED: ['approve', 'lock'] };
        if (steps[stage]) {
          for (const finding of (await call('GET', `/api/bill-runs/${id}/checks`)).result ?? []) {
            await call('POST', `/api/bills/${finding.billId}/overrides`, {
              code: finding.code,
              reason: 'Reviewed with the advisor',
            });
          }
          for (const step of steps[stage]) await call('POST', `/api/bill-runs/${id}/${step}`, {});
          if (stage === 'EXPORTED') await call('POST', `/api/bill-runs/${id}/exports`, { kind: 'CUSTODIAN' });
        }
      }
      const list = await call('GET', '/api/bill-runs?limit=1');
      return list.result?.[0]?.id ?? 'none';
    },
    {
      day: process.env.SCREENSHOT_FORECAST ?? '',
      kind: process.env.SCREENSHOT_RUN_KIND ?? 'FORECAST_BILL',
      withForecast: process.env.SCREENSHOT_WITH_FORECAST === '1',
      stage: process.env.SCREENSHOT_RUN_STAGE ?? '',
    },
  );
  for (const p of paths) {
    const [target, ...clicks] = p.split('|');
    await page.goto(
      `${base}${target.replace('{firstClient}', firstClient).replace('{newestRun}', newestRun)}`,
    );
    await page.waitForLoadState('networkidle');
    for (const click of clicks) {
      await page
        .getByRole('button', { name: click })
        .or(page.getByRole('link', { name: click }))
        .or(page.getByRole('menuitem', { name: click }))
        .first()
        .click();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
    }
    await page.waitForTimeout(600);
    const file = path.join(out, `${p.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'root'}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await browser.close();
} finally {
  stop();
}
