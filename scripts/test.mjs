// npm test: every check, in order, stopping at the first that fails.
// lint → typecheck → migrations match schema → unit + integration (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set) → no secret in the tests' logs → build → Playwright in the system Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium is missing at ${chromium}: the browser tests need it. Install it with: sudo apt-get install -y chromium`,
  );
  process.exit(1);
}

const steps = [
  ['lint', ['npm', 'run', 'lint']],
  ['typecheck', ['npm', 'run', 'typecheck']],
  ['migrations', ['npm', 'run', 'db:check']],
  ['unit and integration', ['npx', 'vitest', 'run']],
  ['log scan', ['node', 'apps/server/scripts/scan-test-logs.mjs']],
  ['build', ['npm', 'run', 'build']],
  ['browser', ['npm', 'run', 'test:e2e']],
];
const only = process.argv.slice(2);
for (const [name, [cmd, ...args]] of steps) {
  if (only.length > 0 && !only.includes(name)) continue;
  const started = Date.now();
  console.log(`\n=== ${name}: ${[cmd, ...args].join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n=== ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name} passed in ${seconds} s`);
}
