import { CLIENT_MESSAGES as M } from '@centric/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../../db/schema/index.ts';
import type { TestContext } from '../../../../test/harness.ts';
import { expectFieldError, openKit, type OpenKit } from './members-kit.ts';

/** Spec §5 Person/member through the API: basic, preferences and employment steps (contact and identity have their own files). */

let t: TestContext;
let k: OpenKit;
let household: { clientId: string; memberId: string };
let child: { id: string };

beforeAll(async () => {
  k = await openKit();
  t = k.t;
  household = await k.createHousehold();
  child = await k.addMember(household.clientId);
});
afterAll(() => t.close());

const primaryStep = (step: string, body: Record<string, unknown>) =>
  k.step(household.clientId, household.memberId, step, { type: 'PERSON', subType: 'PRIMARY', ...body });
const childStep = (step: string, body: Record<string, unknown>) =>
  k.step(household.clientId, child.id, step, { type: 'PERSON', subType: 'CHILD_OF_BOTH', ...body });

describe('basic step: names', () => {
  it.each([
    ['firstName', '', M.required],
    ['firstName', '   ', M.nameOnlySpaces],
    ['firstName', 'x'.repeat(51), M.firstNameMax],
    ['lastName', '', M.required],
    ['lastName', ' ', M.nameOnlySpaces],
    ['lastName', 'x'.repeat(51), M.lastNameMax],
    ['middleName', '  ', M.nameOnlySpaces],
    ['middleName', 'x'.repeat(51), M.middleNameMax],
    ['nickName', 'x'.repeat(51), M.nickNameMax],
    ['nickName', '   ', M.nameOnlySpaces],
    ['suffix', 'x'.repeat(21), M.suffixMax],
  ])('%s %j → %s', async (field, value, message) => {
    expectFieldError(await primaryStep('basic', k.basic({ [field]: value })), message, field);
  });

  it('a missing first name is Required', async () => {
    const { firstName: _f, ...rest } = k.basic();
    expectFieldError(await primaryStep('basic', rest), M.required, 'firstName');
  });

  it('accepts names at their limits, trimmed, and keeps the optional ones empty as null', async () => {
    const res = await primaryStep(
      'basic',
      k.basic({
        firstName: ` ${'F'.repeat(50)} `,
        lastName: 'L'.repeat(50),
        middleName: 'M'.repeat(50),
        nickName: '',
        suffix: 'S'.repeat(20),
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      firstName: 'F'.repeat(50),
      middleName: 'M'.repeat(50),
      nickName: null,
      suffix: 'S'.repeat(20),
      fullName: `${'F'.repeat(50)} ${'M'.repeat(50)} ${'L'.repeat(50)} ${'S'.repeat(20)}`,
    });
  });
});

describe('basic step: dates', () => {
  it.each(['1980-02-30', '12/10/1980', '1899-12-31', 'yesterday'])(
    'date %s → Enter a valid Date',
    async (date) => {
      expectFieldError(await primaryStep('basic', k.basic({ date })), M.invalidDate, 'date');
    },
  );

  it('DOB is required for primary and secondary members of any type', async () => {
    expectFieldError(await primaryStep('basic', k.basic({ date: null })), M.dobRequired, 'date');
    expectFieldError(await primaryStep('basic', k.basic({ date: '' })), M.dobRequired, 'date');
    const trust = await t.json(
      'POST',
      `/api/clients/${household.clientId}/members`,
      { type: 'TRUST', subType: 'SECONDARY', firstName: 'Family', lastName: 'Trust' },
      k.token,
    );
    expectFieldError(trust, M.dobRequired, 'date');
    const business = await t.json(
      'POST',
      '/api/clients',
      { type: 'BUSINESS', subType: 'PRIMARY', firstName: 'Acme', lastName: 'LLC' },
      k.token,
    );
    expectFieldError(business, M.dobRequired, 'date');
  });

  it('a child, a pet or a business that is not primary/secondary needs no date', async () => {
    expect((await childStep('basic', k.basic({ subType: 'CHILD_OF_BOTH', date: null }))).status).toBe(200);
    const business = await t.json(
      'POST',
      `/api/clients/${household.clientId}/members`,
      { type: 'BUSINESS', subType: null, firstName: 'Acme', lastName: 'LLC' },
      k.token,
    );
    expect(business.status).toBe(201);
    const trustWithDate = await t.json(
      'POST',
      '/api/clients',
      { type: 'TRUST', subType: 'PRIMARY', firstName: 'Family', lastName: 'Trust', date: '2001-05-06' },
      k.token,
    );
    expect(trustWithDate.status).toBe(201);
  });

  it('a person requires gender and marriage status; other types do not', async () => {
    expectFieldError(await primaryStep('basic', k.basic({ gender: null })), M.required, 'gender');
    expectFieldError(
      await primaryStep('basic', k.basic({ marriageStatus: undefined })),
      M.required,
      'marriageStatus',
    );
    const pet = await childStep('basic', {
      ...k.basic({ gender: null, marriageStatus: null, date: null }),
      type: 'PET',
      subType: null,
    });
    expect(pet.status).toBe(200);
    expect(pet.body.result).toMatchObject({ type: 'PET', gender: null });
    expect((await childStep('basic', k.basic({ subType: 'CHILD_OF_BOTH' }))).status).toBe(200);
  });

  it('gender and marriage status must come from their lists', async () => {
    expectFieldError(await primaryStep('basic', k.basic({ gender: k.ids.state })), M.invalidOption, 'gender');
    expectFieldError(
      await primaryStep('basic', k.basic({ marriageStatus: k.ids.gender })),
      M.invalidOption,
      'marriageStatus',
    );
    expectFieldError(await primaryStep('basic', k.basic({ gender: -3 })), M.invalidOption, 'gender');
  });

  it("a deceased date needs 'Deceased' ticked", async () => {
    expectFieldError(
      await primaryStep('basic', k.basic({ deceased: false, deceasedDate: '2020-01-01' })),
      M.deceasedMustBeTicked,
      'deceasedDate',
    );
    const ok = await primaryStep('basic', k.basic({ deceased: true, deceasedDate: '2020-01-01' }));
    expect(ok.status).toBe(200);
    expect(ok.body.result).toMatchObject({ deceased: true, deceasedDate: '2020-01-01' });
    const cleared = await primaryStep('basic', k.basic({ deceased: false }));
    expect(cleared.body.result).toMatchObject({ deceased: false, deceasedDate: null });
  });
});

describe('preferences step', () => {
  it.each(['www.example.com/in/ada', 'https://linkedin.com/ada', 'linkedin.com/in/ ada'])(
    'LinkedIn %s → invalid',
    async (linkedinUrl) => {
      expectFieldError(await primaryStep('preferences', { linkedinUrl }), M.linkedinInvalid, 'linkedinUrl');
    },
  );

  it.each([
    ['1000000000.01', M.annualIncomeMax],
    ['2000000000', M.annualIncomeMax],
    ['12.345', M.annualIncomeInvalid],
    ['12,3a', M.annualIncomeInvalid],
    ['-5', M.annualIncomeInvalid],
  ])('annual income %s → %s', async (annualIncome, message) => {
    expectFieldError(await primaryStep('preferences', { annualIncome }), message, 'annualIncome');
  });

  it.each([0, 101, 5.5, '50'])('risk score %j → range message', async (riskScore) => {
    expectFieldError(await primaryStep('preferences', { riskScore }), M.riskScoreRange, 'riskScore');
  });

  it('saves the preferences; money stays an exact decimal string', async () => {
    const res = await primaryStep('preferences', {
      linkedinUrl: 'https://www.linkedin.com/in/ada-lovelace',
      annualIncome: '$1,000,000,000.00',
      riskScore: 100,
      interests: [k.ids.interest, k.ids.interest],
      sexualOrientation: k.ids.sexualOrientation,
      politicalParty: k.ids.politicalParty,
      religion: k.ids.subReligion,
      parentReligion: k.ids.religion,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({
      linkedinUrl: 'https://www.linkedin.com/in/ada-lovelace',
      annualIncome: '1000000000.00',
      riskScore: 100,
      interests: [k.ids.interest],
      religion: k.ids.subReligion,
      parentReligion: k.ids.religion,
    });
    const small = await primaryStep('preferences', { annualIncome: '250000.5', riskScore: 1 });
    expect(small.body.result.annualIncome).toBe('250000.50');
    const [row] = await t.db.select().from(members).where(eq(members.id, household.memberId));
    expect(row?.annualIncome).toBe('250000.50');
  });

  it('master-data values must be of their list, and a sub-religion of the chosen religion', async () => {
    expectFieldError(
      await primaryStep('preferences', { interests: [k.ids.gender] }),
      M.invalidOption,
      'interests.0',
    );
    expectFieldError(
      await primaryStep('preferences', { politicalParty: k.ids.interest }),
      M.invalidOption,
      'politicalParty',
    );
    expectFieldError(
      await primaryStep('preferences', { religion: k.ids.subReligion, parentReligion: k.ids.otherReligion }),
      M.invalidOption,
      'religion',
    );
    expectFieldError(
      await primaryStep('preferences', { parentReligion: k.ids.subReligion }),
      M.invalidOption,
      'parentReligion',
    );
  });
});

describe('employment step', () => {
  it('a person needs at least one employment status', async () => {
    expectFieldError(
      await primaryStep('employment', { employmentStatus: [] }),
      M.employmentStatusRequired,
      'employmentStatus',
    );
    expectFieldError(await primaryStep('employment', {}), M.employmentStatusRequired, 'employmentStatus');
  });

  it('employer and job title are at most 30 characters', async () => {
    const base = { employmentStatus: [k.ids.employmentStatus] };
    expectFieldError(
      await primaryStep('employment', { ...base, employer: 'x'.repeat(31) }),
      M.employerMax,
      'employer',
    );
    expectFieldError(
      await primaryStep('employment', { ...base, jobTitle: 'x'.repeat(31) }),
      M.jobTitleMax,
      'jobTitle',
    );
  });

  it('saves the step; statuses are replaced, not appended', async () => {
    const res = await primaryStep('employment', {
      employer: 'E'.repeat(30),
      jobTitle: 'J'.repeat(30),
      employmentStatus: [k.ids.employmentStatus, k.ids.employmentStatus2],
      industry: k.ids.industryJob,
      parentIndustry: k.ids.industry,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({
      employer: 'E'.repeat(30),
      jobTitle: 'J'.repeat(30),
      industry: k.ids.industryJob,
      parentIndustry: k.ids.industry,
    });
    expect([...res.body.result.employmentStatus].sort()).toEqual(
      [k.ids.employmentStatus, k.ids.employmentStatus2].sort(),
    );
    const again = await primaryStep('employment', { employmentStatus: [k.ids.employmentStatus2] });
    expect(again.body.result.employmentStatus).toEqual([k.ids.employmentStatus2]);
    expect(again.body.result.employer).toBeNull();
  });

  it('a business needs no employment status; ids must be of their lists', async () => {
    const business = await t.json(
      'POST',
      `/api/clients/${household.clientId}/members`,
      { type: 'BUSINESS', subType: null, firstName: 'Acme', lastName: 'Inc' },
      k.token,
    );
    const saved = await k.step(household.clientId, business.body.result.id, 'employment', {
      type: 'BUSINESS',
      subType: null,
      employmentStatus: [],
    });
    expect(saved.status).toBe(200);
    expectFieldError(
      await primaryStep('employment', { employmentStatus: [k.ids.gender] }),
      M.invalidOption,
      'employmentStatus.0',
    );
    expectFieldError(
      await primaryStep('employment', {
        employmentStatus: [k.ids.employmentStatus],
        industry: k.ids.industryJob,
        parentIndustry: k.ids.otherIndustry,
      }),
      M.invalidOption,
      'industry',
    );
  });
});

describe('type and subType travel with every step', () => {
  it('an unknown type or subType is refused', async () => {
    expectFieldError(await primaryStep('preferences', { type: 'ROBOT' }), M.required, 'type');
    expectFieldError(await childStep('preferences', { subType: 'COUSIN' }), M.invalidOption, 'subType');
  });
});
