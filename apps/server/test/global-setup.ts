import { rmSync } from 'node:fs';
import { LOG_DIR, SECRETS_DIR } from './harness.ts';

/**
 * Before the suite: empty the folders where the tests record the app's logs and the secrets they saw.
 * After it, `npm test` runs scripts/scan-test-logs.mjs, which fails when any log line holds a secret
 * (vitest does not fail a run for an error thrown in a global teardown).
 */
export const setup = () => {
  rmSync(LOG_DIR, { recursive: true, force: true });
  rmSync(SECRETS_DIR, { recursive: true, force: true });
};
