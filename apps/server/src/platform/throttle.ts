import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { HttpError } from './errors.ts';
import { AUTH_MESSAGES } from '@centric/contracts';

/** At most this many failures per key in a fixed window of one hour; then 429 until the window ends. */
export const THROTTLE_LIMIT = 100;
export const THROTTLE_WINDOW_SECONDS = 3600;

type Row = { key: string; retry_after: number };

/** The instant as a SQL value: windows run on the app's clock, not the database's `now()`. */
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * Throws 429 when any of the keys (an account, an address) has used up its failures for the window
 * around `at`.
 */
export const assertNotThrottled = async (db: Db, keys: string[], at: Date) => {
  const now = instant(at);
  const result = await db.execute<Row>(sql`
    select key, ceil(extract(epoch from (window_start + make_interval(secs => ${THROTTLE_WINDOW_SECONDS}) - ${now})))::int as retry_after
    from auth_throttle
    where key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})
      and window_start > ${now} - make_interval(secs => ${THROTTLE_WINDOW_SECONDS})
      and failures >= ${THROTTLE_LIMIT}`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  if (rows.length > 0) {
    const retryAfter = Math.max(1, ...rows.map((r) => Number(r.retry_after)));
    throw new HttpError(429, AUTH_MESSAGES.throttled, undefined, { 'retry-after': String(retryAfter) });
  }
};

/** Counts one failure at `at` against each key, starting a new window where the old one has passed. */
export const recordFailure = async (db: Db, keys: string[], at: Date) => {
  const now = instant(at);
  for (const key of keys) {
    await db.execute(sql`
      insert into auth_throttle (key, window_start, failures) values (${key}, ${now}, 1)
      on conflict (key) do update set
        failures = case when auth_throttle.window_start <= ${now} - make_interval(secs => ${THROTTLE_WINDOW_SECONDS})
          then 1 else auth_throttle.failures + 1 end,
        window_start = case when auth_throttle.window_start <= ${now} - make_interval(secs => ${THROTTLE_WINDOW_SECONDS})
          then ${now} else auth_throttle.window_start end`);
  }
};

/** A success clears the account's counter (not the address's). */
export const clearFailures = async (db: Db, key: string) => {
  await db.execute(sql`delete from auth_throttle where key = ${key}`);
};

export const throttleKeys = (action: string, account: string, ip: string) => ({
  account: `${action}:account:${account.toLowerCase()}`,
  address: `${action}:ip:${ip}`,
});
