import { describe, expect, it } from 'vitest';
import { clearSession, setSessionUser, startFullSession } from '../lib/session.ts';
import { makeUser } from '../test/render.tsx';
import { clearOnSignOut, createQueryClient } from './query-client.ts';

describe('query client', () => {
  it('forgets every cached answer when the session ends, and keeps them while it lasts', () => {
    const client = createQueryClient();
    const unsubscribe = clearOnSignOut(client);
    startFullSession({ token: 'tok', sso: false, user: makeUser() });
    client.setQueryData(['clients', 'list', ''], { rows: 3 });

    setSessionUser(makeUser({ alertCount: 2 }));
    expect(client.getQueryData(['clients', 'list', ''])).toEqual({ rows: 3 });

    clearSession();
    expect(client.getQueryData(['clients', 'list', ''])).toBeUndefined();
    unsubscribe();
  });
});
