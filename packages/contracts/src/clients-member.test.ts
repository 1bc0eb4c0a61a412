import { describe, expect, it } from 'vitest';
import {
  CLIENT_MESSAGES as M,
  MEMBER_STEP_SCHEMAS,
  addressListSchema,
  ageLabel,
  ageRangeSchema,
  canAddListEntry,
  isAddressFilled,
  isEmailEntryFilled,
  isPhoneEntryFilled,
  dateRangeTextSchema,
  emailListSchema,
  memberBasicStepSchema,
  memberContactStepSchema,
  memberIdentityStepSchemaFor,
  memberSchema,
  memberSchemaFor,
  milestoneSchema,
  otherProfessionalSchema,
  phoneListSchema,
  relationshipSchema,
  renumberDisplaySequence,
  sortMembersForDisplay,
  specialDateListSchema,
  specialDateSchema,
  type AddressEntryInput,
  type MemberInput,
  type MemberSubType,
} from './clients.ts';

type Issue = { path: PropertyKey[]; message: string };
type Result = { success: boolean; error?: { issues: Issue[] } };

const issuesOf = (result: Result) =>
  result.success ? [] : (result.error?.issues ?? []).map((i) => ({ path: i.path, message: i.message }));
const firstMessage = (result: Result) => (result.success ? null : (result.error?.issues[0]?.message ?? null));

const MEMBER_A = '3f2b8c1e-9a4d-4c6b-8e2f-1a2b3c4d5e6f';
const MEMBER_B = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const primary = (): MemberInput => ({
  type: 'PERSON',
  subType: 'PRIMARY',
  firstName: 'Ada',
  lastName: 'Lovelace',
  date: '1980-12-10',
  gender: 1,
  marriageStatus: 2,
  phoneNumbers: [{ phone: '2125550123', type: 'Mobile', isPrimary: true }],
  emailAddresses: [{ email: 'ada@example.com', type: 'Personal', isPrimary: true }],
  addresses: [
    { addressLine1: '1 Main St', city: 'Boston', stateId: 22, zip: '02110', type: 'Home', isPrimary: true },
  ],
  employmentStatus: [3],
});

const phone = (value: string, isPrimary = false) => ({ phone: value, type: 'Mobile' as const, isPrimary });
const email = (value: string, isPrimary = false) => ({ email: value, type: 'Work' as const, isPrimary });

describe('memberSchema', () => {
  it('accepts a complete primary person and normalises it', () => {
    const result = memberSchema.parse({
      ...primary(),
      phoneNumbers: [phone('(212) 555-0123', true), { phone: '', type: null }],
      emailAddresses: [email(' Ada@Example.com ', true), { email: '' }],
      annualIncome: '$250,000.50',
      linkedinUrl: 'https://www.linkedin.com/in/ada',
      riskScore: 40,
    });
    expect(result.phoneNumbers).toEqual([
      { phone: '+12125550123', type: 'Mobile', isPrimary: true, linkedToPrimary: false },
    ]);
    expect(result.emailAddresses.map((e) => e.email)).toEqual(['Ada@Example.com']);
    expect(result.annualIncome).toBe('250000.50');
    expect(result.deceased).toBe(false);
    expect(result.deceasedDate).toBeNull();
    expect(result.subType).toBe('PRIMARY');
  });

  it.each<[string, Partial<MemberInput>, Issue[]]>([
    ['DOB missing for a primary', { date: '' }, [{ path: ['date'], message: M.dobRequired }]],
    [
      'DOB missing for a secondary',
      { subType: 'SECONDARY', date: null },
      [{ path: ['date'], message: M.dobRequired }],
    ],
    [
      'DOB missing for a primary trust',
      { type: 'TRUST', date: undefined, gender: null, marriageStatus: null },
      [{ path: ['date'], message: M.dobRequired }],
    ],
    ['DOB invalid', { date: '2023-02-29' }, [{ path: ['date'], message: M.invalidDate }]],
    ['DOB 12/31/1899', { date: '1899-12-31' }, [{ path: ['date'], message: M.invalidDate }]],
    ['gender missing for a person', { gender: null }, [{ path: ['gender'], message: M.required }]],
    [
      'marriage status missing',
      { marriageStatus: undefined },
      [{ path: ['marriageStatus'], message: M.required }],
    ],
    ['gender not a positive id', { gender: 0 }, [{ path: ['gender'], message: M.invalidOption }]],
    [
      'deceased date without deceased',
      { deceasedDate: '2020-01-01' },
      [{ path: ['deceasedDate'], message: M.deceasedMustBeTicked }],
    ],
    ['first name only spaces', { firstName: '   ' }, [{ path: ['firstName'], message: M.nameOnlySpaces }]],
    ['last name empty', { lastName: '' }, [{ path: ['lastName'], message: M.required }]],
    [
      'person SSN not an SSN',
      { identityNumber: '12-3456789' },
      [{ path: ['identityNumber'], message: M.ssnInvalid }],
    ],
    [
      'business TIN not a TIN',
      { type: 'BUSINESS', subType: 'CHILD_OF_BOTH', identityNumber: '12345' },
      [{ path: ['identityNumber'], message: M.tinInvalid }],
    ],
    [
      'pet with an identity number',
      { type: 'PET', identityNumber: '1234' },
      [{ path: ['identityNumber'], message: M.identityNotForPet }],
    ],
    [
      'identity number too long',
      { identityNumber: '1'.repeat(21) },
      [{ path: ['identityNumber'], message: M.identityNumberMax }],
    ],
    ['risk score 0', { riskScore: 0 }, [{ path: ['riskScore'], message: M.riskScoreRange }]],
    [
      'LinkedIn not a profile',
      { linkedinUrl: 'https://linkedin.com/company/x' },
      [{ path: ['linkedinUrl'], message: M.linkedinInvalid }],
    ],
    [
      'annual income over a billion',
      { annualIncome: '1000000001' },
      [{ path: ['annualIncome'], message: M.annualIncomeMax }],
    ],
    ['employer too long', { employer: 'e'.repeat(31) }, [{ path: ['employer'], message: M.employerMax }]],
    ['job title too long', { jobTitle: 'j'.repeat(31) }, [{ path: ['jobTitle'], message: M.jobTitleMax }]],
    [
      'no employment status for a person',
      { employmentStatus: [] },
      [{ path: ['employmentStatus'], message: M.employmentStatusRequired }],
    ],
    [
      'primary without phones',
      { phoneNumbers: [] },
      [{ path: ['phoneNumbers'], message: M.phonePrimaryRequired }],
    ],
    [
      'primary with only a blank phone row',
      { phoneNumbers: [{ phone: '' }] },
      [{ path: ['phoneNumbers'], message: M.phonePrimaryRequired }],
    ],
    [
      'primary without emails',
      { emailAddresses: [] },
      [{ path: ['emailAddresses'], message: M.emailPrimaryRequired }],
    ],
    [
      'secondary without emails',
      { subType: 'SECONDARY', emailAddresses: [], phoneNumbers: [], addresses: [] },
      [{ path: ['emailAddresses'], message: M.emailPrimaryRequired }],
    ],
    [
      'phones without a primary',
      { phoneNumbers: [phone('2125550123'), phone('2125550124')] },
      [{ path: ['phoneNumbers'], message: M.phonePrimaryRequired }],
    ],
    [
      'two primary phones',
      { phoneNumbers: [phone('2125550123', true), phone('2125550124', true)] },
      [{ path: ['phoneNumbers', 1, 'isPrimary'], message: M.phoneOnePrimary }],
    ],
    [
      'duplicate phones written differently',
      { phoneNumbers: [phone('2125550123', true), phone('+1 (212) 555-0124'), phone('1.212.555.0123')] },
      [{ path: ['phoneNumbers', 2, 'phone'], message: M.phoneDuplicate }],
    ],
    [
      'a phone with no type',
      { phoneNumbers: [phone('2125550123', true), { phone: '2125550124' }] },
      [{ path: ['phoneNumbers', 1, 'type'], message: M.required }],
    ],
    [
      'an invalid phone in the list',
      { phoneNumbers: [phone('2125550123', true), phone('212555')] },
      [{ path: ['phoneNumbers', 1, 'phone'], message: M.phoneInvalid }],
    ],
    [
      'duplicate emails differing in case',
      { emailAddresses: [email('ada@example.com', true), email('ADA@Example.COM')] },
      [{ path: ['emailAddresses', 1, 'email'], message: M.emailDuplicate }],
    ],
    [
      'an invalid email in the list',
      { emailAddresses: [email('ada@example.com', true), email('ada@')] },
      [{ path: ['emailAddresses', 1, 'email'], message: M.emailInvalid }],
    ],
    [
      'two primary emails',
      { emailAddresses: [email('a@x.com', true), email('b@x.com'), email('c@x.com', true)] },
      [{ path: ['emailAddresses', 2, 'isPrimary'], message: M.emailOnePrimary }],
    ],
    [
      'primary without addresses',
      { addresses: [] },
      [{ path: ['addresses'], message: M.addressRequiredForPrimary }],
    ],
    [
      'primary with a blank address row',
      { addresses: [{ type: 'Home', isPrimary: true }] },
      [
        { path: ['addresses', 0, 'addressLine1'], message: M.required },
        { path: ['addresses', 0, 'city'], message: M.required },
        { path: ['addresses', 0, 'stateId'], message: M.required },
      ],
    ],
    [
      'address line and city too long',
      {
        addresses: [{ addressLine1: 'a'.repeat(51), city: 'c'.repeat(31), stateId: 1, isPrimary: true }],
      },
      [
        { path: ['addresses', 0, 'addressLine1'], message: M.addressLineMax },
        { path: ['addresses', 0, 'city'], message: M.cityMax },
      ],
    ],
    [
      'address zip of 3 digits',
      { addresses: [{ addressLine1: '1 Main', city: 'Boston', stateId: 1, zip: '021', isPrimary: true }] },
      [{ path: ['addresses', 0, 'zip'], message: M.zipInvalid }],
    ],
    [
      'two primary addresses',
      {
        addresses: [
          { addressLine1: '1 Main', city: 'Boston', stateId: 1, isPrimary: true },
          { addressLine1: '2 Main', city: 'Boston', stateId: 1, isPrimary: true },
        ],
      },
      [{ path: ['addresses', 1, 'isPrimary'], message: M.addressOnePrimary }],
    ],
  ])('%s', (_label, patch, expected) => {
    const issues = issuesOf(memberSchema.safeParse({ ...primary(), ...patch }));
    for (const issue of expected) expect(issues).toContainEqual(issue);
    expect(issues).toHaveLength(expected.length);
  });

  it.each<[string, Partial<MemberInput>]>([
    [
      'a child needs no DOB, phone, email or address',
      { subType: 'CHILD_OF_PRIMARY', date: null, phoneNumbers: [], emailAddresses: [], addresses: [] },
    ],
    [
      'a member without subtype needs no DOB',
      { subType: null, date: '', phoneNumbers: [], emailAddresses: [], addresses: [] },
    ],
    ['a secondary needs no phone or address', { subType: 'SECONDARY', phoneNumbers: [], addresses: [] }],
    [
      'a trust needs no gender, marriage status or employment',
      { type: 'TRUST', gender: null, marriageStatus: null, employmentStatus: [] },
    ],
    ['a trust TIN in EIN form', { type: 'TRUST', identityNumber: '12-3456789' }],
    ['a business TIN in SSN form', { type: 'BUSINESS', identityNumber: '123-45-6789' }],
    ['a person SSN', { identityNumber: '123-45-6789' }],
    ['a ticked deceased with a date', { deceased: true, deceasedDate: '2024-02-29' }],
    [
      'a filled non-primary address needs no zip',
      { subType: 'SPOUSE', addresses: [{ addressLine1: 'x', city: 'y', stateId: 3, isPrimary: true }] },
    ],
  ])('%s', (_label, patch) => {
    expect(issuesOf(memberSchema.safeParse({ ...primary(), ...patch }))).toEqual([]);
  });

  it('a partially filled address of a non-primary member needs line 1, city and state', () => {
    const issues = issuesOf(
      memberSchema.safeParse({
        ...primary(),
        subType: 'SPOUSE',
        addresses: [{ zip: '1234', isPrimary: true }],
      }),
    );
    expect(issues).toEqual([
      { path: ['addresses', 0, 'addressLine1'], message: M.required },
      { path: ['addresses', 0, 'city'], message: M.required },
      { path: ['addresses', 0, 'stateId'], message: M.required },
    ]);
  });

  it('accepts the masked SSN only when masking is on', () => {
    const member = { ...primary(), identityNumber: '***-**-6789' };
    expect(firstMessage(memberSchema.safeParse(member))).toBe(M.ssnInvalid);
    expect(memberSchemaFor({ ssnMasked: true }).safeParse(member).success).toBe(true);
  });

  it('drops blank contact rows from the output', () => {
    const result = memberSchema.parse({
      ...primary(),
      addresses: [...(primary().addresses ?? []), { type: 'Work' }],
    });
    expect(result.addresses).toHaveLength(1);
  });
});

describe('wizard step schemas', () => {
  it('has a schema for each step', () => {
    expect(Object.keys(MEMBER_STEP_SCHEMAS)).toEqual([
      'basic',
      'preferences',
      'contact',
      'identity',
      'employment',
    ]);
  });

  it('basic step: DOB for primary, gender for a person', () => {
    const issues = issuesOf(
      memberBasicStepSchema.safeParse({
        type: 'PERSON',
        subType: 'PRIMARY',
        firstName: 'Ada',
        lastName: 'L',
      }),
    );
    expect(issues).toEqual([
      { path: ['date'], message: M.dobRequired },
      { path: ['gender'], message: M.required },
      { path: ['marriageStatus'], message: M.required },
    ]);
  });

  it('contact step: the paths point at the offending entry', () => {
    const issues = issuesOf(
      memberContactStepSchema.safeParse({
        type: 'PERSON',
        subType: 'SECONDARY',
        phoneNumbers: [phone('2125550123', true), phone('2125550124'), phone('212-555-0123')],
        emailAddresses: [email('a@x.com', true)],
      }),
    );
    expect(issues).toEqual([{ path: ['phoneNumbers', 2, 'phone'], message: M.phoneDuplicate }]);
  });

  it('identity step follows the member type', () => {
    const step = memberIdentityStepSchemaFor({ ssnMasked: true });
    expect(step.safeParse({ type: 'PERSON', identityNumber: '6789' }).success).toBe(true);
    expect(firstMessage(step.safeParse({ type: 'PERSON', identityNumber: '67890' }))).toBe(
      M.ssnMaskedInvalid,
    );
    expect(firstMessage(step.safeParse({ type: 'TRUST', identityNumber: '6789' }))).toBe(M.tinInvalid);
  });

  it('employment step needs a status for a person', () => {
    expect(firstMessage(MEMBER_STEP_SCHEMAS.employment.safeParse({ type: 'PERSON' }))).toBe(
      M.employmentStatusRequired,
    );
    expect(MEMBER_STEP_SCHEMAS.employment.safeParse({ type: 'PERSON', employmentStatus: [1] }).success).toBe(
      true,
    );
  });

  it('the type travels with every step', () => {
    expect(firstMessage(MEMBER_STEP_SCHEMAS.preferences.safeParse({}))).toBe(M.required);
  });
});

describe('standalone lists', () => {
  it('phones: duplicate at its index, optional when empty', () => {
    expect(phoneListSchema.safeParse([]).success).toBe(true);
    expect(
      issuesOf(
        phoneListSchema.safeParse([phone('2125550123', true), phone('2125550999'), phone('+1 212 555 0123')]),
      ),
    ).toEqual([{ path: [2, 'phone'], message: M.phoneDuplicate }]);
  });

  it('emails: exactly one primary once any entry exists', () => {
    expect(issuesOf(emailListSchema.safeParse([email('a@x.com')]))).toEqual([
      { path: [], message: M.emailPrimaryRequired },
    ]);
    expect(emailListSchema.parse([email('a@x.com', true), { email: '', isPrimary: true }])).toHaveLength(1);
  });

  it('addresses: the same rule with its own message', () => {
    expect(issuesOf(addressListSchema.safeParse([{ addressLine1: 'x', city: 'y', stateId: 1 }]))).toEqual([
      { path: [], message: M.addressPrimaryRequired },
    ]);
  });
});

describe('adding list entries', () => {
  it('is refused until the last entry is filled', () => {
    expect(canAddListEntry([], isPhoneEntryFilled)).toBe(true);
    expect(canAddListEntry([{ phone: '2125550123' }, { phone: ' ' }], isPhoneEntryFilled)).toBe(false);
    expect(canAddListEntry([{ email: 'a@x.com' }], isEmailEntryFilled)).toBe(true);
    const blankAddress: AddressEntryInput[] = [{ type: 'Home' }];
    expect(canAddListEntry(blankAddress, isAddressFilled)).toBe(false);
    expect(canAddListEntry([{ stateId: 4 }], isAddressFilled)).toBe(true);
  });
});

describe('dates and other entries', () => {
  it.each<[string, Record<string, unknown>, Issue[]]>([
    ['valid', {}, []],
    ['no member', { memberId: undefined }, [{ path: ['memberId'], message: M.required }]],
    ['no date type', { dateType: undefined }, [{ path: ['dateType'], message: M.required }]],
    ['no date', { date: '' }, [{ path: ['date'], message: M.required }]],
    ['invalid date', { date: '2025-02-29' }, [{ path: ['date'], message: M.invalidDate }]],
    [
      'description too long',
      { description: 'd'.repeat(76) },
      [{ path: ['description'], message: M.descriptionMax75 }],
    ],
  ])('special date: %s', (_label, patch, expected) => {
    const base = {
      memberId: MEMBER_A,
      dateType: 'Graduation',
      date: '2024-02-29',
      description: 'd'.repeat(75),
    };
    expect(issuesOf(specialDateSchema.safeParse({ ...base, ...patch }))).toEqual(expected);
  });

  it('special dates: a duplicate member and date type is refused at its index', () => {
    const entry = { memberId: MEMBER_A, dateType: 'Birthday', date: '2024-01-01' };
    const result = specialDateListSchema.safeParse([
      entry,
      { ...entry, memberId: MEMBER_B },
      { ...entry, date: '2024-02-02' },
    ]);
    expect(issuesOf(result)).toEqual([{ path: [2, 'dateType'], message: M.specialDateDuplicate }]);
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    ['valid', {}, []],
    ['no member', { memberId: '' }, [{ path: ['memberId'], message: M.required }]],
    ['member not an id', { memberId: 'abc' }, [{ path: ['memberId'], message: M.invalidOption }]],
    ['empty name', { fullName: '' }, [{ path: ['fullName'], message: M.required }]],
    ['name of spaces', { fullName: '  ' }, [{ path: ['fullName'], message: M.nameOnlySpaces }]],
    [
      'name too long',
      { fullName: 'n'.repeat(61) },
      [{ path: ['fullName'], message: M.milestoneFullNameMax }],
    ],
    [
      'description too long',
      { description: 'd'.repeat(301) },
      [{ path: ['description'], message: M.descriptionMax300 }],
    ],
    ['no dob', { dob: undefined }, [{ path: ['dob'], message: M.required }]],
  ])('milestone: %s', (_label, patch, expected) => {
    const base = {
      memberId: MEMBER_A,
      fullName: 'n'.repeat(60),
      description: 'd'.repeat(300),
      dob: '2010-05-01',
    };
    expect(issuesOf(milestoneSchema.safeParse({ ...base, ...patch }))).toEqual(expected);
  });

  it('relationship: not the same member', () => {
    expect(
      relationshipSchema.safeParse({ memberId: MEMBER_A, relation: 'Sibling', relativeId: MEMBER_B }).success,
    ).toBe(true);
    expect(
      issuesOf(
        relationshipSchema.safeParse({ memberId: MEMBER_A, relation: 'Sibling', relativeId: MEMBER_A }),
      ),
    ).toEqual([{ path: ['relativeId'], message: M.relationSameMember }]);
    expect(
      firstMessage(relationshipSchema.safeParse({ memberId: MEMBER_A, relation: ' ', relativeId: MEMBER_B })),
    ).toBe(M.required);
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    ['valid', {}, []],
    ['name too short', { fullName: 'Al' }, [{ path: ['fullName'], message: M.fullNameLength }]],
    ['name too long', { fullName: 'a'.repeat(76) }, [{ path: ['fullName'], message: M.fullNameLength }]],
    ['name of spaces', { fullName: '    ' }, [{ path: ['fullName'], message: M.nameOnlySpaces }]],
    ['invalid phone', { phoneNumber: '555-0123' }, [{ path: ['phoneNumber'], message: M.phoneInvalid }]],
    ['address too long', { address: 'a'.repeat(51) }, [{ path: ['address'], message: M.contactAddressMax }]],
    ['city too long', { city: 'c'.repeat(51) }, [{ path: ['city'], message: M.contactCityMax }]],
    ['no state', { stateId: undefined }, [{ path: ['stateId'], message: M.required }]],
    ['zip of 6 digits', { zip: '123456' }, [{ path: ['zip'], message: M.zipInvalid }]],
    ['email too short', { email: 'a@' }, [{ path: ['email'], message: M.emailMin }]],
    ['email invalid', { email: 'abc' }, [{ path: ['email'], message: M.emailInvalid }]],
    ['email too long', { email: `${'a'.repeat(250)}@x.com` }, [{ path: ['email'], message: M.emailMax }]],
    ['note too long', { note: 'n'.repeat(151) }, [{ path: ['note'], message: M.noteMax }]],
  ])('other professional: %s', (_label, patch, expected) => {
    const base = {
      type: 'Attorney',
      fullName: 'Grace Hopper',
      phoneNumber: '212 555 0123',
      address: 'a'.repeat(50),
      city: 'c'.repeat(50),
      stateId: 5,
      zip: '1234',
      email: 'g@h.io',
      note: 'n'.repeat(150),
    };
    expect(issuesOf(otherProfessionalSchema.safeParse({ ...base, ...patch }))).toEqual(expected);
  });

  it('other professional: blanks become null and the phone is normalised', () => {
    const result = otherProfessionalSchema.parse({
      type: 'CPA',
      fullName: 'Ann',
      stateId: 1,
      phoneNumber: '2125550123',
      email: '',
    });
    expect(result.phoneNumber).toBe('+12125550123');
    expect(result.email).toBeNull();
    expect(result.zip).toBeNull();
  });

  it('age range: max above min', () => {
    expect(ageRangeSchema.safeParse({ minAge: 20, maxAge: 30 }).success).toBe(true);
    expect(issuesOf(ageRangeSchema.safeParse({ minAge: 30, maxAge: 30 }))).toEqual([
      { path: ['maxAge'], message: M.maxAgeGreater },
    ]);
  });

  it.each([
    ['01/01/2024 - 02/29/2024', { start: '2024-01-01', end: '2024-02-29' }],
    ['03/01/2024 - 03/01/2024', { start: '2024-03-01', end: '2024-03-01' }],
    ['02/29/2023 - 03/01/2023', null],
    ['12/31/1899 - 01/01/1900', null],
    ['03/02/2024 - 03/01/2024', null],
    ['03/02/2024', null],
  ])('date range %j', (value, expected) => {
    const result = dateRangeTextSchema.safeParse(value);
    if (expected === null) expect(firstMessage(result)).toBe(M.invalidDateRange);
    else expect(result.data).toEqual(expected);
  });
});

describe('display order', () => {
  const m = (name: string, subType: MemberSubType | null, displaySequence?: number) => ({
    name,
    subType,
    displaySequence,
  });

  it('puts primary first, secondary second, then by displaySequence, stably', () => {
    const members = [
      m('child2', 'CHILD_OF_BOTH', 4),
      m('secondary', 'SECONDARY', 9),
      m('child1', 'CHILD_OF_PRIMARY', 2),
      m('none', null),
      m('primary', 'PRIMARY', 7),
      m('tie-a', 'SPOUSE', 3),
      m('tie-b', 'PARTNER', 3),
    ];
    expect(sortMembersForDisplay(members).map((x) => x.name)).toEqual([
      'primary',
      'secondary',
      'child1',
      'tie-a',
      'tie-b',
      'child2',
      'none',
    ]);
    expect(members[0]?.name).toBe('child2');
  });

  it('renumbers 1..n after a subtype change without mutating', () => {
    const members = [m('a', 'PRIMARY', 1), m('b', 'SECONDARY', 2), m('c', 'CHILD_OF_BOTH', 3)];
    const changed = members.map((x) =>
      x.name === 'c'
        ? { ...x, subType: 'SECONDARY' as const }
        : x.name === 'b'
          ? { ...x, subType: 'SPOUSE' as const }
          : x,
    );
    expect(renumberDisplaySequence(changed).map((x) => [x.name, x.displaySequence])).toEqual([
      ['a', 1],
      ['c', 2],
      ['b', 3],
    ]);
    expect(changed[2]?.displaySequence).toBe(3);
  });
});

describe('ageLabel (§9)', () => {
  it.each([
    ['2026-01-01', '2026-06-15', 'Turning 1'],
    ['2026-06-15', '2026-06-15', 'Turning 1'],
    ['2025-06-15', '2026-06-15', 'Turned 1'],
    ['2025-05-16', '2026-06-15', 'Turned 1'],
    ['2025-05-15', '2026-06-15', 'Turning 2'],
    ['1990-06-16', '2026-06-15', 'Turning 36'],
    ['1990-06-15', '2026-06-15', 'Turned 36'],
    ['1990-12-20', '2027-01-10', 'Turned 36'],
    ['2000-02-29', '2025-02-28', 'Turned 25'],
    ['2000-02-29', '2025-02-27', 'Turning 25'],
    ['2000-02-29', '2024-03-01', 'Turned 24'],
    ['2000-02-29', '2024-03-30', 'Turned 24'],
    ['2000-02-29', '2024-03-31', 'Turning 25'],
    ['2026-06-16', '2026-06-15', null],
    ['2026-02-30', '2026-06-15', null],
    ['1980-01-01', 'today', null],
  ])('ageLabel(%s, %s) → %s', (dob, today, expected) => {
    expect(ageLabel(dob, today)).toBe(expected);
  });
});
