// npm test: every check, in order, stopping at the first that fails.
// lint → typecheck → migrations match schema → unit + integration (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set) → no secret in the tests' logs → build → the sign-in route's JavaScript within
// 150 kB gzipped → Playwright in the system Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium is missing at ${chromium}: the browser tests need it. Install it with: sudo apt-get install -y chromium`,
  );
  process.exit(1);
}

// Each step: [name, command]. Add a step by adding a line; the timing table lists it on its own.
const steps = [
  ['lint', ['npm', 'run', 'lint']],
  ['typecheck', ['npm', 'run', 'typecheck']],
  ['migrations', ['npm', 'run', 'db:check']],
  ['unit and integration', ['npx', 'vitest', 'run']],
  ['log scan', ['node', 'apps/server/scripts/scan-test-logs.mjs']],
  ['build', ['npm', 'run', 'build']],
  ['bundle size', ['node', 'scripts/check-bundle-size.mjs']],
  ['browser', ['npm', 'run', 'test:e2e']],
];

/** The phases run so far, with their time, as a table (printed at the end, and after a failure). */
const timings = [];
const printTimings = () => {
  const total = timings.reduce((sum, t) => sum + t.seconds, 0);
  const rows = [...timings, { name: 'total', seconds: total, status: '' }];
  const width = Math.max(...rows.map((r) => r.name.length));
  console.log('\n=== phase timings');
  for (const r of rows) {
    console.log(`${r.name.padEnd(width)}  ${r.seconds.toFixed(1).padStart(7)} s  ${r.status}`.trimEnd());
  }
};

const only = process.argv.slice(2);
for (const [name, [cmd, ...args]] of steps) {
  if (only.length > 0 && !only.includes(name)) continue;
  const started = Date.now();
  console.log(`\n=== ${name}: ${[cmd, ...args].join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const seconds = (Date.now() - started) / 1000;
  const passed = result.status === 0;
  timings.push({ name, seconds, status: passed ? 'passed' : 'FAILED' });
  if (!passed) {
    console.error(`\n=== ${name} failed after ${seconds.toFixed(1)} s`);
    printTimings();
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name} passed in ${seconds.toFixed(1)} s`);
}
printTimings();
