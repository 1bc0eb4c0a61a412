// npm run lighthouse -w @centric/bench: Lighthouse performance of the sign-in page, the first screen everyone
// loads. Starts the built app with `npm start` on a fresh data directory, runs Lighthouse 5 times with its
// mobile settings and 5 times with its desktop settings in the system Chromium (never a downloaded browser),
// and prints each run and the medians (score, FCP, LCP, TBT, CLS, bytes transferred).
// LIGHTHOUSE_RUNS (default 5) changes the number of runs; LIGHTHOUSE_URL measures a server already running.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const lighthouseBin = path.join(root, 'node_modules/.bin/lighthouse');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');

type Setting = 'mobile' | 'desktop';
type RunResult = {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

const waitForHealth = async (baseUrl: string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The app did not answer ${baseUrl}/api/health within ${timeoutMs / 1000} s.`);
};

/** `npm start` on a fresh data directory and a free port; resolves once /api/health answers. */
const startApp = async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'centric-lighthouse-'));
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, 180_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { baseUrl, stop };
};

type Audit = { numericValue?: number };
type LighthouseReport = {
  categories: { performance: { score: number } };
  audits: Record<string, Audit>;
};

const runLighthouse = (url: string, setting: Setting, outFile: string): RunResult => {
  const args = [
    url,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${outFile}`,
    '--quiet',
    `--chrome-flags=${chromeFlags}`,
    ...(setting === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const result = spawnSync(lighthouseBin, args, {
    env: { ...process.env, CHROME_PATH: chromePath },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`Lighthouse failed: ${result.stderr || result.stdout}`);
  const report = JSON.parse(readFileSync(outFile, 'utf8')) as LighthouseReport;
  const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    transferBytes: metric('total-byte-weight'),
  };
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const row = (label: string, r: RunResult) =>
  `${label.padEnd(8)} ${String(r.score).padStart(5)}  ${(r.fcpMs / 1000).toFixed(2).padStart(6)} s` +
  `  ${(r.lcpMs / 1000).toFixed(2).padStart(6)} s  ${String(Math.round(r.tbtMs)).padStart(6)} ms` +
  `  ${r.cls.toFixed(3).padStart(6)}  ${(r.transferBytes / 1024).toFixed(0).padStart(7)} KiB`;

const given = process.env.LIGHTHOUSE_URL;
const app = given ? { baseUrl: given.replace(/\/$/, ''), stop: () => undefined } : await startApp();
const reportDir = mkdtempSync(path.join(tmpdir(), 'centric-lighthouse-reports-'));
try {
  const url = `${app.baseUrl}/`;
  console.log(`\nLighthouse ${runs} runs per setting on ${url} (${chromePath})`);
  for (const setting of ['mobile', 'desktop'] as const) {
    // One unmeasured load first, so that every measured run sees the same warm server.
    runLighthouse(url, setting, path.join(reportDir, `${setting}-warm.json`));
    const results: RunResult[] = [];
    console.log(`\n${setting}:   score     FCP       LCP      TBT     CLS  transfer`);
    for (let i = 1; i <= runs; i += 1) {
      const result = runLighthouse(url, setting, path.join(reportDir, `${setting}-${i}.json`));
      results.push(result);
      console.log(row(`run ${i}`, result));
    }
    const medianOf = (key: keyof RunResult) => median(results.map((r) => r[key]));
    console.log(
      row('median', {
        score: medianOf('score'),
        fcpMs: medianOf('fcpMs'),
        lcpMs: medianOf('lcpMs'),
        tbtMs: medianOf('tbtMs'),
        cls: medianOf('cls'),
        transferBytes: medianOf('transferBytes'),
      }),
    );
  }
  console.log(`\nReports (JSON) of the last runs: ${reportDir}`);
} finally {
  app.stop();
}
