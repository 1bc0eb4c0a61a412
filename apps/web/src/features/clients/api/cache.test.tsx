import type { ClientDetail, MemberDetail } from '@centric/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { startFullSession } from '../../../lib/session.ts';
import { isStale, runMutation } from '../../../test/mutation.tsx';
import { createTestQueryClient, stubFetch } from '../../../test/render.tsx';
import {
  CLIENT_ID,
  CHILD_ID,
  PRIMARY_ID,
  detailFixture,
  memberFixture,
} from '../components/detail/test-fixtures.ts';
import { useDeleteClientDraft } from './client-drafts.ts';
import { useCreateClient } from './create-client.ts';
import { useDeleteMember } from './delete-member.ts';
import { clientKeys } from './query-keys.ts';
import { useSaveMemberStep } from './save-member-step.ts';
import { useAddSpecialDate } from './special-dates.ts';
import { useUpdateClient } from './update-client.ts';
import { useUpdateTeam } from './update-team.ts';
import { useUploadMemberImage } from './upload-member-image.ts';

/** What the clients writes do to the cache: keep an answer that is the record, invalidate what shows it. */

const OTHER_ID = '7c1d2e3f-0000-4000-8000-0000000000ff';
const LIST_KEY = clientKeys.list('view=Default');

let queryClient: QueryClient;

/** The cache as the household page and the other screens left it: every query fresh. */
const seed = () => {
  queryClient.setQueryData(clientKeys.detail(CLIENT_ID), detailFixture());
  queryClient.setQueryData(clientKeys.detail(OTHER_ID), detailFixture({ clientId: OTHER_ID, name: 'Other' }));
  queryClient.setQueryData(clientKeys.member(CLIENT_ID, PRIMARY_ID), memberFixture({ id: PRIMARY_ID }));
  queryClient.setQueryData(LIST_KEY, { items: [], total: 0 });
  queryClient.setQueryData(clientKeys.drafts(), []);
  queryClient.setQueryData(queryKeys.lookups.householdSearch('carter'), []);
  queryClient.setQueryData(queryKeys.globalSearch.text('carter'), []);
  queryClient.setQueryData(queryKeys.otherProfessionals.list({ page: 1 }), { items: [], total: 0 });
};

const stale = (key: QueryKey) => isStale(queryClient, key);

/** Which of the seeded queries a write left stale. */
const staleness = () => ({
  detail: stale(clientKeys.detail(CLIENT_ID)),
  otherDetail: stale(clientKeys.detail(OTHER_ID)),
  list: stale(LIST_KEY),
  drafts: stale(clientKeys.drafts()),
  householdSearch: stale(queryKeys.lookups.householdSearch('carter')),
  globalSearch: stale(queryKeys.globalSearch.text('carter')),
  professionals: stale(queryKeys.otherProfessionals.list({ page: 1 })),
});

/** Everything that shows the household, its own page included. */
const EVERYWHERE_STALE = {
  detail: true,
  otherDetail: true,
  list: true,
  drafts: true,
  householdSearch: true,
  globalSearch: true,
  professionals: true,
};

const NOTHING_STALE = {
  detail: false,
  otherDetail: false,
  list: false,
  drafts: false,
  householdSearch: false,
  globalSearch: false,
  professionals: false,
};

const run = <V, R>(useWrite: () => { mutateAsync: (variables: V) => Promise<R> }, variables: V) =>
  runMutation(queryClient, useWrite, variables);

const answer = (routes: Parameters<typeof stubFetch>[0]) => {
  const stub = stubFetch(routes);
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
};

beforeEach(() => {
  startFullSession({ token: 'tok', sso: false, user: null });
  queryClient = createTestQueryClient();
  seed();
});

describe('clients writes and the cache', () => {
  it('PATCH household: keeps the answer as the detail, refreshes where the household shows', async () => {
    const renamed = detailFixture({ name: 'Carter Family', status: 'INACTIVE' });
    const { calls } = answer({ [`PATCH /api/clients/${CLIENT_ID}`]: [200, 'Household updated.', renamed] });

    await run(useUpdateClient, { clientId: CLIENT_ID, body: { name: 'Carter Family', status: 'INACTIVE' } });

    expect(queryClient.getQueryData(clientKeys.detail(CLIENT_ID))).toEqual(renamed);
    expect(staleness()).toEqual({ ...EVERYWHERE_STALE, detail: false });
    expect(calls.map((c) => c.method)).toEqual(['PATCH']);
  });

  it('PUT team: keeps the answer as the detail; only the list (its wealth advisor) goes stale', async () => {
    const updated = detailFixture({ team: [] });
    answer({ [`PUT /api/clients/${CLIENT_ID}/team`]: [200, 'Team updated.', updated] });

    await run(useUpdateTeam, { clientId: CLIENT_ID, body: {} });

    expect(queryClient.getQueryData<ClientDetail>(clientKeys.detail(CLIENT_ID))?.team).toEqual([]);
    expect(staleness()).toEqual({ ...NOTHING_STALE, list: true });
  });

  it('a special date: its household is read again, nothing else', async () => {
    answer({ [`POST /api/clients/${CLIENT_ID}/special-dates`]: [201, 'Special date added.', { id: 'x' }] });

    await run(useAddSpecialDate, {
      clientId: CLIENT_ID,
      body: { memberId: PRIMARY_ID, dateType: 'Retirement', date: '2030-01-01', description: '' },
    });

    expect(staleness()).toEqual({ ...NOTHING_STALE, detail: true });
  });

  it('a wizard step: keeps the member (in its household too) and refreshes the household everywhere', async () => {
    const saved = memberFixture({ id: PRIMARY_ID, firstName: 'Johnny', fullName: 'Johnny Carter' });
    answer({
      [`PUT /api/clients/${CLIENT_ID}/members/${PRIMARY_ID}/steps/basic`]: [200, 'Member saved.', saved],
    });

    await run(useSaveMemberStep, {
      clientId: CLIENT_ID,
      memberId: PRIMARY_ID,
      step: 'basic',
      body: { type: 'PERSON', subType: 'PRIMARY', firstName: 'Johnny', lastName: 'Carter' },
    });

    expect(queryClient.getQueryData(clientKeys.member(CLIENT_ID, PRIMARY_ID))).toEqual(saved);
    const members = queryClient.getQueryData<ClientDetail>(clientKeys.detail(CLIENT_ID))?.members ?? [];
    expect(members.find((m) => m.id === PRIMARY_ID)?.fullName).toBe('Johnny Carter');
    expect(members).toHaveLength(detailFixture().members.length);
    // The primary's name may rename the household, and the last step publishes a draft.
    expect(staleness()).toEqual(EVERYWHERE_STALE);
  });

  it('a member picture: keeps the member in its household without reading it again; the list goes stale', async () => {
    const pictured: MemberDetail = memberFixture({ id: CHILD_ID, profileImageUrl: '/api/clients/img?x=1' });
    answer({
      [`PUT /api/clients/${CLIENT_ID}/members/${CHILD_ID}/profile-image`]: [200, 'Image saved.', pictured],
    });

    await run(useUploadMemberImage, {
      clientId: CLIENT_ID,
      memberId: CHILD_ID,
      file: new File(['x'], 'a.png', { type: 'image/png' }),
    });

    const detail = queryClient.getQueryData<ClientDetail>(clientKeys.detail(CLIENT_ID));
    expect(detail?.members.find((m) => m.id === CHILD_ID)).toEqual(pictured);
    expect(staleness()).toEqual({ ...NOTHING_STALE, list: true });
  });

  it('deleting a member drops its query and refreshes its household', async () => {
    answer({ [`DELETE /api/clients/${CLIENT_ID}/members/${PRIMARY_ID}`]: [200, 'Member deleted.', null] });

    await run(useDeleteMember, { clientId: CLIENT_ID, memberId: PRIMARY_ID });

    expect(queryClient.getQueryState(clientKeys.member(CLIENT_ID, PRIMARY_ID))).toBeUndefined();
    expect(staleness()).toMatchObject({ detail: true, list: true, globalSearch: true });
  });

  it('a new household is a draft: only the drafts go stale', async () => {
    answer({ 'POST /api/clients': [201, 'Household created.', { clientId: OTHER_ID, memberId: CHILD_ID }] });

    await run(useCreateClient, { type: 'PERSON', subType: 'PRIMARY', firstName: 'A', lastName: 'B' });

    expect(staleness()).toEqual({ ...NOTHING_STALE, drafts: true });
  });

  it('deleting a draft drops its page and members; the drafts go stale', async () => {
    answer({ [`DELETE /api/clients/drafts/${CLIENT_ID}`]: [200, 'Draft deleted.', null] });

    await run(useDeleteClientDraft, CLIENT_ID);

    expect(queryClient.getQueryState(clientKeys.detail(CLIENT_ID))).toBeUndefined();
    expect(queryClient.getQueryState(clientKeys.member(CLIENT_ID, PRIMARY_ID))).toBeUndefined();
    expect(stale(clientKeys.drafts())).toBe(true);
    expect(stale(LIST_KEY)).toBe(false);
  });
});
