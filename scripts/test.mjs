// npm test: every check, in order, stopping at the first that fails.
// lint and typecheck (side by side) → migrations match schema → build → the sign-in route's JavaScript
// within 150 kB gzipped → Playwright in the system Chromium beside unit + integration (PGlite, and PostgreSQL
// when TEST_DATABASE_URL is set) at a lower priority → no secret in the tests' logs.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium is missing at ${chromium}: the browser tests need it. Install it with: sudo apt-get install -y chromium`,
  );
  process.exit(1);
}

// Each phase: one step [name, command], or several steps that run side by side. lint and typecheck each keep
// one core busy and need nothing from each other: together they take the time of the longer one (on 2 cores,
// cold caches: about 27 s instead of 52 s). Add a step by adding a line; the timing table lists it on its own.
//
// The browser tests run one at a time (one Chromium and the app it drives: about 1.5 of 2 cores, less while a
// test waits for an answer), and the unit and integration tests beside them at a lower priority (`nice`):
// they take only what the browser leaves, so a browser test runs as fast as alone, and the cores are never
// idle. One after the other they took 12.4 + 9.5 min on 2 cores; see docs/performance.md, "Test suite".
const phases = [
  [
    ['lint', ['npm', 'run', 'lint']],
    ['typecheck', ['npm', 'run', 'typecheck']],
  ],
  [['migrations', ['npm', 'run', 'db:check']]],
  [['build', ['npm', 'run', 'build']]],
  [['bundle size', ['node', 'scripts/check-bundle-size.mjs']]],
  [
    ['browser', ['npm', 'run', 'test:e2e']],
    ['unit and integration', ['nice', '-n', '15', 'npx', 'vitest', 'run']],
  ],
  [['log scan', ['node', 'apps/server/scripts/scan-test-logs.mjs']]],
];

/** The steps run so far, with their time, as a table (printed at the end, and after a failure). */
const timings = [];
let wallSeconds = 0;
const printTimings = () => {
  const rows = [...timings, { name: 'total (wall clock)', seconds: wallSeconds, status: '' }];
  const width = Math.max(...rows.map((r) => r.name.length));
  console.log('\n=== phase timings');
  for (const r of rows) {
    console.log(`${r.name.padEnd(width)}  ${r.seconds.toFixed(1).padStart(7)} s  ${r.status}`.trimEnd());
  }
};

/**
 * Runs one step. Live, its output goes straight to the terminal; otherwise (a step beside the phase's first) it
 * is kept and printed in one piece when the step ends, so that two steps' lines never interleave.
 */
const run = (name, [cmd, ...args], live, alone) =>
  new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n=== ${name}: ${[cmd, ...args].join(' ')}${alone ? '' : ' (side by side)'}`);
    const child = spawn(cmd, args, {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const finish = (code) => {
      const seconds = (Date.now() - started) / 1000;
      const passed = code === 0;
      if (!live) {
        console.log(`\n=== ${name} output`);
        process.stdout.write(Buffer.concat(output));
      }
      timings.push({ name, seconds, status: passed ? 'passed' : 'FAILED' });
      console.log(`=== ${name} ${passed ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      resolve({ name, code: code ?? 1 });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on('close', finish);
  });

const only = process.argv.slice(2);
const runStarted = Date.now();
for (const phase of phases) {
  const steps = phase.filter(([name]) => only.length === 0 || only.includes(name));
  if (steps.length === 0) continue;
  const results = await Promise.all(
    steps.map(([name, command], index) => run(name, command, index === 0, steps.length === 1)),
  );
  wallSeconds = (Date.now() - runStarted) / 1000;
  const failed = results.find((result) => result.code !== 0);
  if (failed) {
    console.error(`\n=== ${failed.name} failed`);
    printTimings();
    process.exit(failed.code);
  }
}
printTimings();
