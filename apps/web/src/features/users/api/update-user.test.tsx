import type { UserListItem } from '@centric/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { startFullSession } from '../../../lib/session.ts';
import { isStale, runMutation } from '../../../test/mutation.tsx';
import { createTestQueryClient, makeUser, stubFetch } from '../../../test/render.tsx';
import { useUpdateUser } from './update-user.ts';

const ME = makeUser();
const OTHER_ID = '8e2f0a1b-0000-4000-8000-000000000042';

let queryClient: QueryClient;

/** Every screen that shows users, cached and fresh. */
const seed = () => {
  queryClient.setQueryData(queryKeys.users.list({ page: 1 }), { items: [], total: 0 });
  queryClient.setQueryData(queryKeys.users.options(), { roles: [], teams: [] });
  queryClient.setQueryData(queryKeys.teams.list(), []);
  queryClient.setQueryData(queryKeys.lookups.userSearch('ada', []), []);
  queryClient.setQueryData(queryKeys.clients.list('view=Default'), { items: [], total: 0 });
  queryClient.setQueryData(queryKeys.clients.detail('c1'), {});
  queryClient.setQueryData(queryKeys.clients.drafts(), []);
  queryClient.setQueryData(queryKeys.profile.me(), ME);
  queryClient.setQueryData(queryKeys.feeSchedules.list({ page: 1 }), { items: [], total: 0 });
};

const staleness = () => ({
  users: isStale(queryClient, queryKeys.users.list({ page: 1 })),
  userOptions: isStale(queryClient, queryKeys.users.options()),
  teams: isStale(queryClient, queryKeys.teams.list()),
  userPicker: isStale(queryClient, queryKeys.lookups.userSearch('ada', [])),
  clientsList: isStale(queryClient, queryKeys.clients.list('view=Default')),
  clientDetail: isStale(queryClient, queryKeys.clients.detail('c1')),
  drafts: isStale(queryClient, queryKeys.clients.drafts()),
  profile: isStale(queryClient, queryKeys.profile.me()),
  feeSchedules: isStale(queryClient, queryKeys.feeSchedules.list({ page: 1 })),
});

const WHERE_USERS_SHOW = {
  users: true,
  userOptions: true,
  teams: true,
  userPicker: true,
  clientsList: true,
  clientDetail: true,
  drafts: false,
  feeSchedules: false,
};

/** PATCH /api/users/:id as the server answers it: the user's list item. */
const update = async (id: string) => {
  const answered: UserListItem = {
    id,
    fullName: 'Ada King',
    email: 'ada@example.com',
    profileImageUrl: null,
    status: 'ACTIVE',
    role: { id: 2, role: 'Wealth Advisor' },
    teams: [],
    invitationAccepted: true,
    invitationStatus: 'ACCEPTED',
    invitationExpiresAt: null,
    mfaEnrolled: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
  vi.stubGlobal(
    'fetch',
    stubFetch({ [`PATCH /api/users/${id}`]: [200, 'User updated.', answered] }).fetchStub,
  );
  await runMutation(queryClient, useUpdateUser, { id, body: { fullName: 'Ada King' } });
};

beforeEach(() => {
  startFullSession({ token: 'tok', sso: false, user: ME });
  queryClient = createTestQueryClient();
  seed();
});

describe('useUpdateUser', () => {
  it('refreshes every screen that shows users, not the signed-in user’s details for another user', async () => {
    await update(OTHER_ID);
    expect(staleness()).toEqual({ ...WHERE_USERS_SHOW, profile: false });
  });

  it('refreshes the signed-in user’s own details when they change themselves', async () => {
    await update(ME.id);
    expect(staleness()).toEqual({ ...WHERE_USERS_SHOW, profile: true });
  });
});
