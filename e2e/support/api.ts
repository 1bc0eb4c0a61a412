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

/** A day `days` back (yyyy-MM-dd; negative: ahead): a date then is on the same side of today in any time zone. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
