import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { MAIL_DIR, OIDC_ISSUER } from './env.ts';

/** An authenticator's time step: a code is valid for 30 s. */
export const TOTP_PERIOD_MS = 30_000;

/** The time step an instant (ms since the epoch) falls in. */
export const totpStepAt = (ms: number) => Math.floor(ms / TOTP_PERIOD_MS);

/** The code of a secret for one time step. */
export const totpForStep = (secret: string, step: number) =>
  new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '')),
    digits: 6,
    period: TOTP_PERIOD_MS / 1000,
  }).generate({ timestamp: step * TOTP_PERIOD_MS });

/** The code an authenticator app shows for a secret; `stepOffset` 1 is the next 30 s window. */
export const totp = (secret: string, stepOffset = 0) =>
  totpForStep(secret, totpStepAt(Date.now()) + stepOffset);

/** The first match of `pattern` in the newest mail to `to`, waiting for it to arrive. */
export const linkFromMail = async (to: string, pattern: RegExp) => {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const files = readdirSync(MAIL_DIR)
          .filter((f) => f.endsWith(`-${to}.eml`))
          .sort();
        const newest = files.at(-1);
        found = newest ? readFileSync(path.join(MAIL_DIR, newest), 'utf8').match(pattern)?.[0] : undefined;
        return found;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return (found as string).replaceAll('&amp;', '&');
};

/** No serious or critical accessibility violation on the page as it is now. */
export const expectAccessible = async (page: Page) => {
  // Colours are measured as they are: let running transitions (a toast fading in, a modal opening) end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // Spinners run forever; only finite transitions are waited for.
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // Each failing element with the start of its HTML, so the message says which one it is.
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`).join(', ')}`,
    ),
  ).toEqual([]);
};

/** Who the stand-in identity provider signs in next. */
export const setNextSsoLogin = async (
  login: { sub: string; email: string; email_verified?: boolean } | null,
) => {
  const res = await fetch(`${OIDC_ISSUER}/__control`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nextLogin: login ? { email_verified: true, ...login } : null }),
  });
  expect(res.ok).toBe(true);
};
