import type { Page } from '@playwright/test';

/** The API's envelope, as much of it as the specs read. */
export type Envelope<T> = { statusCode: number; message: string; result: T };

/**
 * A call to the API with the page's session (what the screens send), for what a spec prepares or checks
 * beside the screen it drives: the demo's contents are not relied on.
 */
export const apiCall = async <T>(page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const token = sessionStorage.getItem('centric.accessToken');
      const res = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await res.json()) as unknown;
    },
    { method, path, body },
  ) as Promise<Envelope<T>>;

/** The firm's time zone of the app under test (its default: the server starts without FIRM_TIME_ZONE). */
const FIRM_TIME_ZONE = 'America/New_York';

/**
 * A day `days` back from the firm's today (yyyy-MM-dd; negative: ahead), as the app counts days: from UTC
 * midnight to New York's, the UTC date is already tomorrow and "3 days ago" read 2 days on the screen.
 */
export const daysAgo = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: FIRM_TIME_ZONE }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
};
