import type { AchAccount, ClientDetail, HouseholdBilling, MemberDetail } from '@centric/contracts';
import { vi } from 'vitest';
import type { BillingUnit } from '../api/get-billing-unit.ts';
import type { UnitAccount } from '../api/list-unit-accounts.ts';

/** Test data only: a billing unit as the billing API answers it, and the calls the tabs make. */

export const CLIENT_ID = '0b5c6f1e-3c1d-4f3a-9a52-7f1f1d2b9c01';
export const PRIMARY_ID = '1a0c7a4e-1111-4b4a-8f00-000000000001';
export const SECONDARY_ID = '1a0c7a4e-2222-4b4a-8f00-000000000002';
export const ACCOUNT_ID = '2b0c7a4e-1111-4b4a-8f00-000000000001';
export const ACH_ID = '3c0c7a4e-1111-4b4a-8f00-000000000001';
/** A routing number that passes the ABA check (3·(0+0+0) + 7·(2+0+2) + (1+0+1) = 30). */
export const GOOD_ROUTING = '021000021';

export const billingFixture = (overrides: Partial<HouseholdBilling> = {}): HouseholdBilling => ({
  clientId: CLIENT_ID,
  unitId: 12,
  name: 'Carter Household',
  status: 'ACTIVE',
  billingContact: { id: PRIMARY_ID, fullName: 'John Carter' },
  payMethod: 'INDIRECT',
  frequency: 'QUARTERLY',
  timing: 'ARREARS',
  startDate: '2026-01-01',
  updatedAt: '2026-02-01T10:00:00.000Z',
  ...overrides,
});

export const unitFixture = (overrides: Partial<BillingUnit> = {}): BillingUnit => ({
  billing: billingFixture(),
  readiness: {
    billingStatus: 'READY',
    blocked: false,
    billed: false,
    reasons: [],
    period: { start: '2026-04-01', end: '2026-06-30' },
    checkedAt: '2026-05-10T08:00:00.000Z',
  },
  accounts: 4,
  openAccounts: 3,
  ...overrides,
});

export const achFixture = (overrides: Partial<AchAccount> = {}): AchAccount => ({
  id: ACH_ID,
  clientId: CLIENT_ID,
  achAccountType: 'CHECKING',
  accountNumber: '****6789',
  routingNumber: '****0021',
  firstName: 'John',
  lastName: 'Carter',
  billingAddressLine1: '12 Main Street',
  billingAddressLine2: null,
  city: 'Springfield',
  state: 'IL',
  country: 'USA',
  emailAddress: 'john@carter.example',
  phoneNumber: '2125550123',
  zip: '62704',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const accountFixture = (overrides: Partial<UnitAccount> = {}): UnitAccount => ({
  accountId: ACCOUNT_ID,
  clientId: CLIENT_ID,
  household: 'Carter Household',
  unitId: 12,
  registrationName: 'John Carter IRA',
  custodian: 'Schwab',
  custodianNumber: '****4321',
  status: 'OPEN',
  feeSchedule: { id: '4d0c7a4e-1111-4b4a-8f00-000000000001', name: 'Standard AUM' },
  payMethod: 'ACH',
  frequency: 'QUARTERLY',
  timing: 'ARREARS',
  valuation: 'PERIOD_END_VALUE',
  startDate: '2026-01-01',
  feePayingAccount: null,
  ...overrides,
});

const memberOf = (id: string, fullName: string, subType: MemberDetail['subType']): MemberDetail => ({
  id,
  clientId: CLIENT_ID,
  type: 'PERSON',
  subType,
  displaySequence: subType === 'PRIMARY' ? 1 : 2,
  completedSteps: 5,
  firstName: fullName.split(' ')[0] ?? fullName,
  middleName: null,
  lastName: 'Carter',
  nickName: null,
  suffix: null,
  fullName,
  profileImageUrl: null,
  date: null,
  ageLabel: null,
  gender: null,
  genderName: null,
  marriageStatus: null,
  marriageStatusName: null,
  sexualOrientation: null,
  politicalParty: null,
  religion: null,
  parentReligion: null,
  interests: [],
  riskScore: null,
  annualIncome: null,
  linkedinUrl: null,
  identityNumberMasked: null,
  hasIdentityNumber: false,
  driverLicenseNum: null,
  driverLicenseState: null,
  employer: null,
  jobTitle: null,
  employmentStatus: [],
  industry: null,
  industryName: null,
  parentIndustry: null,
  deceased: false,
  deceasedDate: null,
  phoneNumbers: [],
  emailAddresses: [],
  addresses: [],
});

/** The household as GET /api/clients/:clientId answers it: two members and one advisor. */
export const householdFixture = (overrides: Partial<ClientDetail> = {}): ClientDetail => ({
  clientId: CLIENT_ID,
  name: 'Carter Household',
  status: 'ACTIVE',
  reviewStatus: null,
  rating: 3,
  influencerTier: 'NO_STATUS',
  services: {
    financialLifeManagement: false,
    riskManagement: false,
    assetManagement: true,
    legacyPlanning: false,
    privateFund: false,
  },
  nextFollowUp: null,
  tagIndex: 0,
  createdAt: '2021-03-04T10:00:00.000Z',
  members: [
    memberOf(SECONDARY_ID, 'Mary Carter', 'SECONDARY'),
    memberOf(PRIMARY_ID, 'John Carter', 'PRIMARY'),
  ],
  team: [
    {
      role: 'WEALTH_ADVISOR_1',
      title: 'Wealth Advisor 1',
      user: { id: '9d3c1b2a-0000-4000-8000-00000000000a', fullName: 'Olivia Bennett', profileImageUrl: null },
    },
  ],
  specialDates: [],
  milestones: [],
  relationships: [],
  introducedBy: null,
  introductions: [],
  otherProfessionals: [],
  ...overrides,
});

export const envelope = (status: number, message: string, result: unknown, extra: object = {}) =>
  new Response(JSON.stringify({ statusCode: status, message, result, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Answer = Response | ((body: unknown) => Response);

/**
 * A fetch stub: `routes` maps "METHOD /api/path" (no query) to an answer, or to a list answered in turn
 * (writes); every call is recorded with its body. Anything else is a 404.
 */
export const stubApi = (routes: Record<string, Answer | Answer[]>) => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      calls.push({ method, url, body });
      const route = routes[`${method} ${url.split('?')[0]}`];
      const answer = Array.isArray(route) ? route.shift() : route;
      if (!answer) return envelope(404, 'Not found.', null);
      return typeof answer === 'function' ? answer(body) : answer.clone();
    }),
  );
  return { calls, writes: () => calls.filter((call) => call.method !== 'GET') };
};
