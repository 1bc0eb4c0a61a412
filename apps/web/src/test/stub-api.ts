import { vi } from 'vitest';

export type Answer = {
  status?: number;
  message?: string;
  result: unknown;
  totalResults?: number;
  errors?: unknown;
};
export type Call = { method: string; path: string; query: URLSearchParams; body: unknown };

/** A fetch stub answering by a function of the call; every call is recorded. Unanswered: 404. */
export const stubApi = (answer: (call: Call) => Answer | undefined) => {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const call: Call = { method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const found = answer(call);
    const status = found?.status ?? (found ? 200 : 404);
    return new Response(
      JSON.stringify({
        statusCode: status,
        message: found?.message ?? (found ? 'Success' : 'Not found.'),
        result: found?.result ?? null,
        ...(found?.totalResults !== undefined ? { totalResults: found.totalResults } : {}),
        ...(found?.errors !== undefined ? { errors: found.errors } : {}),
      }),
      { status, headers: { 'Content-Type': 'application/json' } },
    );
  });
  return calls;
};
