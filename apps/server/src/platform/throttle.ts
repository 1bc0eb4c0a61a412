import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { HttpError } from './errors.ts';
import { AUTH_MESSAGES } from '@centric/contracts';

/** A counter in `auth_throttle`: at most `limit` counts in a fixed window of `windowSeconds`, then 429. */
export type ThrottleRule = { key: string; limit: number; windowSeconds: number };

/**
 * Failed sign-in steps: an account opens again after 15 minutes, and an address holds ten times an
 * account's failures, so that one account guessed at from one address (refused from its 11th failure on,
 * and refusals are not counted) never closes that address to the firm's other users behind it.
 */
export const FAILURE_LIMITS = {
  account: { limit: 10, windowSeconds: 15 * 60 },
  address: { limit: 100, windowSeconds: 15 * 60 },
} as const;

/** Every password-reset request of an address counts, successful or not: 5 a minute and 30 an hour. */
export const RESET_REQUEST_LIMITS = [
  { limit: 5, windowSeconds: 60 },
  { limit: 30, windowSeconds: 60 * 60 },
] as const;

type Row = { key: string; retry_after: number };

/** The instant as a SQL value: windows run on the app's clock, not the database's `now()`. */
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/** Throws 429 (with `message`) when any of the counters has reached its limit in the window around `at`. */
export const assertNotThrottled = async (
  db: Db,
  rules: ThrottleRule[],
  at: Date,
  message: string = AUTH_MESSAGES.throttled,
) => {
  const now = instant(at);
  // One query for all the counters (sign-in's hot path), each with its own window and limit.
  const counters = sql.join(
    rules.map(
      (rule) => sql`(${rule.key}::text, make_interval(secs => ${rule.windowSeconds}), ${rule.limit}::int)`,
    ),
    sql`, `,
  );
  const full = rowsOf(
    await db.execute<Row>(sql`
      select t.key, ceil(extract(epoch from (t.window_start + r.span - ${now})))::int as retry_after
      from auth_throttle t join (values ${counters}) as r (key, span, lim) on t.key = r.key
      where t.window_start > ${now} - r.span and t.failures >= r.lim`),
  );
  if (full.length > 0) {
    const retryAfter = Math.max(1, ...full.map((r) => Number(r.retry_after)));
    throw new HttpError(429, message, undefined, { 'retry-after': String(retryAfter) });
  }
};

/** Counts one at `at` against each counter, starting a new window where the old one has passed. */
const count = async (db: Db, rules: ThrottleRule[], at: Date) => {
  const now = instant(at);
  for (const rule of rules) {
    const passed = sql`auth_throttle.window_start <= ${now} - make_interval(secs => ${rule.windowSeconds})`;
    await db.execute(sql`
      insert into auth_throttle (key, window_start, failures) values (${rule.key}, ${now}, 1)
      on conflict (key) do update set
        failures = case when ${passed} then 1 else auth_throttle.failures + 1 end,
        window_start = case when ${passed} then ${now} else auth_throttle.window_start end`);
  }
};

/** Counts one failure against each counter. */
export const recordFailure = count;

/**
 * Counts this request against each counter, or throws 429 (with `message`) when one is full: a refused
 * request is not counted, so the limits are of requests answered. Two requests at once may both pass at
 * the limit's last place (one over at most per instance), which a rate limit can afford.
 */
export const countRequest = async (db: Db, rules: ThrottleRule[], at: Date, message: string) => {
  await assertNotThrottled(db, rules, at, message);
  await count(db, rules, at);
};

/** A success clears the account's counter (not the address's). */
export const clearFailures = async (db: Db, rule: ThrottleRule) => {
  await db.execute(sql`delete from auth_throttle where key = ${rule.key}`);
};

/** The account's and the address's failure counters of one sign-in step. */
export const failureRules = (action: string, account: string, ip: string) => ({
  account: { key: `${action}:account:${account.toLowerCase()}`, ...FAILURE_LIMITS.account },
  address: { key: `${action}:ip:${ip}`, ...FAILURE_LIMITS.address },
});

/** The address's counters of password-reset requests. */
export const resetRequestRules = (ip: string): ThrottleRule[] =>
  RESET_REQUEST_LIMITS.map((limits) => ({ key: `forgot:ip:${ip}:${limits.windowSeconds}s`, ...limits }));
