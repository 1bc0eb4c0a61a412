import type { MasterDataItem } from '@centric/contracts';

/** Test data shared by the web tests. */

/** A master-data value as GET /api/master-data/:type and the list calls of spec §7 answer it. */
export const masterDataItemFixture = (overrides: Partial<MasterDataItem> = {}): MasterDataItem => ({
  id: 1,
  type: 'gender',
  name: 'Male',
  description: null,
  abbreviation: null,
  parentId: null,
  parentName: null,
  minAge: null,
  maxAge: null,
  productType: null,
  possibleValues: null,
  imageUrl: null,
  subItemCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
