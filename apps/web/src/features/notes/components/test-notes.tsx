import type { Note } from '@centric/contracts';
import { vi } from 'vitest';
import { startFullSession } from '../../../lib/session.ts';
import { makeUser, permissions } from '../../../test/render.tsx';

/** Test data only: a household note as the notes API answers it. */
export const noteFixture = (overrides: Partial<Note> & Pick<Note, 'id'>): Note => ({
  html: '<p>Called about the roll-over.</p>',
  text: 'Called about the roll-over.',
  category: 'GENERAL',
  type: 'NONE',
  subType: null,
  isPinned: false,
  isSystemGenerated: false,
  author: { id: 'u-ann', fullName: 'Ann Lee', profileImageUrl: null },
  createdAt: '2026-03-04T19:15:00.000Z',
  editedAt: null,
  attachments: [],
  households: [{ id: 'c-1', name: 'Carter Household' }],
  mentionedUsers: [],
  canEdit: true,
  canDelete: true,
  canPin: true,
  ...overrides,
});

type Answer = { status?: number; message?: string; result: unknown; totalResults?: number };
export type Call = { method: string; path: string; query: URLSearchParams; body: unknown };

/**
 * A fetch stub that answers by a function of the call (method, path and query), so a list can answer per
 * page and filter; every call is recorded.
 */
export const stubNotesApi = (answer: (call: Call) => Answer | undefined) => {
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
      }),
      { status, headers: { 'Content-Type': 'application/json' } },
    );
  });
  return calls;
};

/** Signs in a user who may do everything, or who may read notes but not write them. */
export const signIn = ({ readOnlyNotes = false }: { readOnlyNotes?: boolean } = {}) =>
  startFullSession({
    token: 'full-token',
    sso: false,
    user: makeUser({
      userPermission: permissions().map((entry) =>
        entry.feature === 'notes' && readOnlyNotes ? { ...entry, write: false, delete: false } : entry,
      ),
    }),
  });
