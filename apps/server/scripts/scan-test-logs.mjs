// After the integration tests: every secret a test saw (passwords, session tokens, TOTP secrets, reset
// tokens) must be absent from every log line the app wrote. Fails the run when one is found.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const logDir = path.join(root, '.tmp/test-logs');
const secretDir = path.join(root, '.tmp/test-secrets');
const readAll = (dir) =>
  existsSync(dir) ? readdirSync(dir).map((f) => readFileSync(path.join(dir, f), 'utf8')) : [];

const secrets = [
  ...new Set(
    readAll(secretDir)
      .flatMap((t) => t.split('\n'))
      .filter((s) => s.length >= 6),
  ),
];
const logs = readAll(logDir).join('\n');
if (secrets.length === 0 || logs.length === 0) {
  console.error(
    'Log scan: no secrets or no logs were recorded; the integration tests did not run as expected.',
  );
  process.exit(1);
}
const leaked = secrets.filter((s) => logs.includes(s));
if (leaked.length > 0) {
  console.error(
    `Log scan: the logs contain ${leaked.length} secret(s) seen by the tests, e.g. ${leaked[0].slice(0, 4)}…`,
  );
  process.exit(1);
}
console.log(`Log scan: ${secrets.length} test secrets, none found in ${logs.split('\n').length} log lines.`);
