import type { Prospect, ProspectRow } from '@centric/contracts';

/** Test fixtures: a prospect as the list shows it, and as its drawer and dialogs read it. */
export const PROSPECT_ID = '3f2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';

export const prospectRowFixture = (overrides: Partial<ProspectRow> = {}): ProspectRow => ({
  id: PROSPECT_ID,
  displayName: 'Ada Lovelace',
  type: 'PERSON',
  leadStatus: 'WARM',
  activityStatus: 'ACTIVE',
  wealthAdvisor: { id: '1f2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d', fullName: 'Olivia Bennett' },
  businessDeveloper: null,
  email: 'ada@example.com',
  phone: '+12125550142',
  combineInterests: '2500000.00',
  lastActivityDate: '2026-03-01',
  daysSinceLastActivity: 31,
  profileImageUrl: null,
  convertedHouseholdId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const prospectFixture = (overrides: Partial<Prospect> = {}): Prospect => ({
  ...prospectRowFixture(),
  name: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  middleName: null,
  nickName: null,
  suffix: null,
  gender: { id: 1, name: 'Female' },
  worksAt: null,
  financialLifeManagement: null,
  riskManagement: null,
  assetManagement: '2500000.00',
  legacyPlanning: null,
  privateFund: null,
  addressLine1: '12 St James Sq',
  addressLine2: null,
  city: 'New York',
  state: { id: 40, name: 'New York' },
  zip: '10001',
  source: { id: 9, name: 'Referral' },
  other: null,
  convertedAt: null,
  activities: [],
  ...overrides,
});
