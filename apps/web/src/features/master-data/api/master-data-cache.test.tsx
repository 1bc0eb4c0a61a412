import type { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { startFullSession } from '../../../lib/session.ts';
import { isStale, runMutation } from '../../../test/mutation.tsx';
import { masterDataItemFixture } from '../../../test/fixtures.ts';
import { createTestQueryClient, stubFetch } from '../../../test/render.tsx';
import { useCreateMasterDataItem } from './create-master-data-item.ts';
import { useUpdateMasterDataItem } from './update-master-data-item.ts';

const ITEM = masterDataItemFixture({ id: 7, name: 'Woman' });

let queryClient: QueryClient;

const seed = () => {
  queryClient.setQueryData(queryKeys.masterData.list('gender', null, { page: 1 }), { items: [], total: 0 });
  queryClient.setQueryData(queryKeys.masterData.list('states', null, { page: 1 }), { items: [], total: 0 });
  queryClient.setQueryData(queryKeys.lookups.masterOptions('gender'), []);
  queryClient.setQueryData(queryKeys.clients.detail('c1'), {});
  queryClient.setQueryData(queryKeys.otherProfessionals.list({ page: 1 }), { items: [], total: 0 });
};

const staleness = () => ({
  genders: isStale(queryClient, queryKeys.masterData.list('gender', null, { page: 1 })),
  states: isStale(queryClient, queryKeys.masterData.list('states', null, { page: 1 })),
  genderDropdown: isStale(queryClient, queryKeys.lookups.masterOptions('gender')),
  household: isStale(queryClient, queryKeys.clients.detail('c1')),
  professionals: isStale(queryClient, queryKeys.otherProfessionals.list({ page: 1 })),
});

beforeEach(() => {
  startFullSession({ token: 'tok', sso: false, user: null });
  queryClient = createTestQueryClient();
  seed();
});

describe('master-data writes and the cache', () => {
  it('a new value refreshes its list and the forms’ dropdowns only', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'POST /api/master-data/gender': [201, 'Value added.', ITEM] }).fetchStub,
    );
    await runMutation(queryClient, useCreateMasterDataItem, {
      ref: { type: 'gender' },
      values: { name: 'Woman' },
    });
    expect(staleness()).toEqual({
      genders: true,
      states: false,
      genderDropdown: true,
      household: false,
      professionals: false,
    });
  });

  it('a renamed value also refreshes the households and professionals that show it', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'PATCH /api/master-data/gender/7': [200, 'Value updated.', ITEM] }).fetchStub,
    );
    await runMutation(queryClient, useUpdateMasterDataItem, {
      ref: { type: 'gender' },
      id: 7,
      values: { name: 'Woman' },
    });
    expect(staleness()).toEqual({
      genders: true,
      states: false,
      genderDropdown: true,
      household: true,
      professionals: true,
    });
  });
});
