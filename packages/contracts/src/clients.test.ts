import { describe, expect, it } from 'vitest';
import {
  ADVISOR_ROLES,
  CLIENT_MESSAGES as M,
  MEMBER_SUBTYPES,
  MEMBER_WIZARD_STEPS,
  annualIncomeSchema,
  clientEmailSchema,
  compareDecimalStrings,
  firstNameSchema,
  formatPhone,
  isoDateSchema,
  lastNameSchema,
  linkedinUrlSchema,
  middleNameSchema,
  normalizePhone,
  optionalIsoDateSchema,
  phoneSchema,
  riskScoreSchema,
  ssnSchema,
  suffixSchema,
  tinSchema,
  zipSchema,
} from './clients.ts';

type Issue = { path: PropertyKey[]; message: string };
type Result = { success: boolean; error?: { issues: Issue[] } };

const firstMessage = (result: Result) => (result.success ? null : (result.error?.issues[0]?.message ?? null));

describe('enumerations', () => {
  it('lists the member subtypes, advisor roles and wizard steps of the spec', () => {
    expect(MEMBER_SUBTYPES).toHaveLength(7);
    expect(ADVISOR_ROLES).toContain('WEALTH_ADVISOR_3');
    expect(MEMBER_WIZARD_STEPS).toEqual(['basic', 'preferences', 'contact', 'identity', 'employment']);
  });
});

describe('name fields (§5 Person/member)', () => {
  it.each([
    ['first', '', M.required, firstNameSchema],
    ['first', '   ', M.nameOnlySpaces, firstNameSchema],
    ['first', 'a'.repeat(51), M.firstNameMax, firstNameSchema],
    ['first', 'a'.repeat(50), null, firstNameSchema],
    ['first', 'A', null, firstNameSchema],
    ['first', undefined, M.required, firstNameSchema],
    ['last', '', M.required, lastNameSchema],
    ['last', '  \t ', M.nameOnlySpaces, lastNameSchema],
    ['last', 'b'.repeat(51), M.lastNameMax, lastNameSchema],
    ['middle', undefined, null, middleNameSchema],
    ['middle', '', null, middleNameSchema],
    ['middle', '  ', M.nameOnlySpaces, middleNameSchema],
    ['middle', 'c'.repeat(51), M.middleNameMax, middleNameSchema],
    ['suffix', 'd'.repeat(20), null, suffixSchema],
    ['suffix', 'd'.repeat(21), M.suffixMax, suffixSchema],
  ] as const)('%s name %j → %s', (_label, value, message, schema) => {
    expect(firstMessage(schema.safeParse(value))).toBe(message);
  });

  it('trims, and counts the length after trimming', () => {
    expect(firstNameSchema.parse('  Ada  ')).toBe('Ada');
    expect(firstNameSchema.safeParse(` ${'a'.repeat(50)} `).success).toBe(true);
  });
});

describe('dates', () => {
  it.each([
    ['2024-02-29', null],
    ['2023-02-29', M.invalidDate],
    ['1900-02-29', M.invalidDate],
    ['2000-02-29', null],
    ['1899-12-31', M.invalidDate],
    ['1899-12-30', null],
    ['2024-04-31', M.invalidDate],
    ['2024-13-01', M.invalidDate],
    ['2024-00-10', M.invalidDate],
    ['12/31/1899', M.invalidDate],
    ['2024-1-01', M.invalidDate],
    ['2024-01-01T00:00:00Z', M.invalidDate],
    ['', M.required],
  ])('isoDate %j → %s', (value, message) => {
    expect(firstMessage(isoDateSchema.safeParse(value))).toBe(message);
  });

  it('an optional date turns blanks into null and keeps the check', () => {
    expect(optionalIsoDateSchema.parse('')).toBeNull();
    expect(optionalIsoDateSchema.parse(undefined)).toBeNull();
    expect(optionalIsoDateSchema.parse(null)).toBeNull();
    expect(optionalIsoDateSchema.parse('2020-05-06')).toBe('2020-05-06');
    expect(firstMessage(optionalIsoDateSchema.safeParse('1899-12-31'))).toBe(M.invalidDate);
  });
});

describe('phone', () => {
  it.each([
    ['2125550123', '+12125550123'],
    ['(212) 555-0123', '+12125550123'],
    ['+1 (212) 555-0123', '+12125550123'],
    ['1-212-555-0123', '+12125550123'],
    ['12125550123', '+12125550123'],
    ['22125550123', null],
    ['212555012', null],
    ['212-555-01234', null],
    ['+44 20 7946 0958', null],
    ['', null],
  ])('normalizePhone(%j) → %s', (value, expected) => {
    expect(normalizePhone(value)).toBe(expected);
  });

  it.each([
    ['', M.required],
    ['212555012', M.phoneInvalid],
    ['22125550123', M.phoneInvalid],
    ['121255501234', M.phoneInvalid],
    ['abc', M.phoneInvalid],
    ['12125550123', null],
  ])('phoneSchema %j → %s', (value, message) => {
    expect(firstMessage(phoneSchema.safeParse(value))).toBe(message);
  });

  it('normalises through the schema and formats for display', () => {
    expect(phoneSchema.parse(' 212.555.0123 ')).toBe('+12125550123');
    expect(formatPhone('+12125550123')).toBe('+1 (212) 555-0123');
    expect(formatPhone('12')).toBe('12');
  });
});

describe('email', () => {
  it.each([
    ['', M.required],
    ['nope', M.emailInvalid],
    ['a b@x.com', M.emailInvalid],
    ['a@b', M.emailInvalid],
    [`${'a'.repeat(250)}@x.com`, M.emailMax],
    [`${'a'.repeat(249)}@x.com`, null],
    ['Ada@Example.com', null],
  ])('%j → %s', (value, message) => {
    expect(firstMessage(clientEmailSchema.safeParse(value))).toBe(message);
  });

  it('trims and keeps case', () => {
    expect(clientEmailSchema.parse('  Ada@Example.com ')).toBe('Ada@Example.com');
  });
});

describe('identity numbers', () => {
  it.each([
    ['123-45-6789', false, null],
    ['123456789', false, null],
    ['12345678', false, M.ssnInvalid],
    ['123-456-789', false, M.ssnInvalid],
    ['6789', false, M.ssnInvalid],
    ['6789', true, null],
    ['***-**-6789', true, null],
    ['XXX-XX-6789', true, null],
    ['***-**-678', true, M.ssnMaskedInvalid],
  ])('SSN %j (masked %s) → %s', (value, masked, message) => {
    expect(firstMessage(ssnSchema({ masked }).safeParse(value))).toBe(message);
  });

  it.each([
    ['12-3456789', null],
    ['123-45-6789', null],
    ['123456789', M.tinInvalid],
    ['12-345678', M.tinInvalid],
    ['ab-cdefghi', M.tinInvalid],
  ])('TIN %j → %s', (value, message) => {
    expect(firstMessage(tinSchema.safeParse(value))).toBe(message);
  });
});

describe('zip, LinkedIn, money, risk score', () => {
  it.each([
    ['1234', null],
    ['12345', null],
    ['123', M.zipInvalid],
    ['123456', M.zipInvalid],
    ['12a45', M.zipInvalid],
  ])('zip %j → %s', (value, message) => {
    expect(firstMessage(zipSchema.safeParse(value))).toBe(message);
  });

  it.each([
    ['https://www.linkedin.com/in/ada-lovelace', null],
    ['linkedin.com/in/ada', null],
    ['http://uk.linkedin.com/in/ada/', null],
    ['https://www.linkedin.com/company/centric', M.linkedinInvalid],
    ['https://www.linkedin.com/in/', M.linkedinInvalid],
    ['https://notlinkedin.org/in/ada', M.linkedinInvalid],
    ['https://www.linkedin.com/in/ada lovelace', M.linkedinInvalid],
  ])('LinkedIn %j → %s', (value, message) => {
    expect(firstMessage(linkedinUrlSchema.safeParse(value))).toBe(message);
  });

  it.each([
    ['1000000000', '1000000000', null],
    ['$1,000,000,000.00', '1000000000.00', null],
    ['1000000000.01', null, M.annualIncomeMax],
    ['12345678901', null, M.annualIncomeMax],
    ['0075000.5', '75000.5', null],
    ['75000.555', null, M.annualIncomeInvalid],
    ['-5', null, M.annualIncomeInvalid],
    ['1e6', null, M.annualIncomeInvalid],
    ['', null, null],
  ])('annualIncome %j → %s / %s', (value, parsed, message) => {
    const result = annualIncomeSchema.safeParse(value);
    expect(firstMessage(result)).toBe(message);
    if (result.success) expect(result.data).toBe(parsed);
  });

  it('refuses a JS number for money', () => {
    expect(firstMessage(annualIncomeSchema.safeParse(5000))).toBe(M.annualIncomeInvalid);
  });

  it('compares decimal strings without floating point', () => {
    expect(compareDecimalStrings('1000000000', '1000000000.00')).toBe(0);
    expect(compareDecimalStrings('999999999.99', '1000000000')).toBe(-1);
    expect(compareDecimalStrings('0.1', '0.09')).toBe(1);
  });

  it.each([
    [1, null],
    [100, null],
    [0, M.riskScoreRange],
    [101, M.riskScoreRange],
    [50.5, M.riskScoreRange],
    ['50', M.riskScoreRange],
    [null, null],
  ])('riskScore %j → %s', (value, message) => {
    expect(firstMessage(riskScoreSchema.safeParse(value))).toBe(message);
  });
});
