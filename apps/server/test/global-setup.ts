import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { LOG_DIR, SECRETS_DIR } from './harness.ts';

/**
 * Before the suite: empty the log and secret folders. After it: every secret a test saw (passwords,
 * tokens, TOTP secrets, reset tokens) must be absent from every log line the app wrote.
 */
export const setup = () => {
  rmSync(LOG_DIR, { recursive: true, force: true });
  rmSync(SECRETS_DIR, { recursive: true, force: true });
};

const readAll = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).map((f) => readFileSync(path.join(dir, f), 'utf8')) : [];

export const teardown = () => {
  const secrets = new Set(
    readAll(SECRETS_DIR)
      .flatMap((t) => t.split('\n'))
      .filter((s) => s.length >= 6),
  );
  const logs = readAll(LOG_DIR).join('\n');
  if (secrets.size === 0) return;
  const leaked = [...secrets].filter((s) => logs.includes(s));
  if (leaked.length > 0) {
    throw new Error(
      `The logs contain ${leaked.length} secret(s) seen by the tests, e.g. ${leaked[0]?.slice(0, 4)}…`,
    );
  }
  process.stdout.write(
    `Log scan: ${secrets.size} test secrets, none found in ${logs.split('\n').length} log lines.\n`,
  );
};
