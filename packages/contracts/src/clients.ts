import { z } from 'zod';
import { int4Schema, serialIdSchema } from './ids.ts';
import { ageOn, anniversaryIn, daysBetween, parseIsoDate } from './dates.ts';

// ---------------------------------------------------------------------------------------------------------
// Enumerations (spec §3 Member, §3 Enumerations)

export const MEMBER_TYPES = ['PERSON', 'PET', 'TRUST', 'BUSINESS'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];

export const MEMBER_SUBTYPES = [
  'PRIMARY',
  'SECONDARY',
  'SPOUSE',
  'PARTNER',
  'CHILD_OF_PRIMARY',
  'CHILD_OF_SECONDARY',
  'CHILD_OF_BOTH',
] as const;
export type MemberSubType = (typeof MEMBER_SUBTYPES)[number];

export const ADDRESS_TYPES = ['Home', 'Work', 'Vacation', 'Other'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

export const PHONE_TYPES = ['Mobile', 'Work', 'Home', 'Other'] as const;
export type PhoneType = (typeof PHONE_TYPES)[number];

export const EMAIL_TYPES = ['Work', 'Personal', 'Home', 'Other'] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

export const SPECIAL_DATE_TYPES = [
  'Birthday',
  'Client Anniversary',
  'Anniversary',
  'Graduation',
  'Retirement',
  'Others',
] as const;
export type SpecialDateType = (typeof SPECIAL_DATE_TYPES)[number];

export const CLIENT_STATUSES = ['ACTIVE', 'INACTIVE', 'CONVERTED'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
/** Household status default (spec §4). */
export const DEFAULT_CLIENT_STATUS: ClientStatus = 'ACTIVE';

export const REVIEW_STATUSES = ['NEEDS_REVIEW', 'REVIEW_DONE', 'READY', 'ADVANCE_REVIEW'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const ADVISOR_ROLES = [
  'WEALTH_ADVISOR_1',
  'WEALTH_ADVISOR_2',
  'WEALTH_ADVISOR_3',
  'BUSINESS_DEVELOPER',
  'SOLICITOR',
  'FINANCIAL_PLANNER',
] as const;
export type AdvisorRole = (typeof ADVISOR_ROLES)[number];
export const ADVISOR_ROLE_LABELS: Readonly<Record<AdvisorRole, string>> = {
  WEALTH_ADVISOR_1: 'Wealth Advisor 1',
  WEALTH_ADVISOR_2: 'Wealth Advisor 2',
  WEALTH_ADVISOR_3: 'Wealth Advisor 3',
  BUSINESS_DEVELOPER: 'Business Developer',
  SOLICITOR: 'Solicitor',
  FINANCIAL_PLANNER: 'Financial Planner',
};

/** Service filters of the household list. */
export const SERVICES = [
  'financialLifeManagement',
  'riskManagement',
  'assetManagement',
  'legacyPlanning',
  'privateFund',
  'noService',
] as const;
export type Service = (typeof SERVICES)[number];

export const INFLUENCER_TIERS = ['GOLD', 'SILVER', 'BRONZE', 'NO_STATUS'] as const;
export type InfluencerTier = (typeof INFLUENCER_TIERS)[number];

/** The wizard steps of the member form, in order (spec §4). */
export const MEMBER_WIZARD_STEPS = ['basic', 'preferences', 'contact', 'identity', 'employment'] as const;
export type MemberWizardStep = (typeof MEMBER_WIZARD_STEPS)[number];
/** Edit mode starts at this step index and does not auto-advance (spec §4). */
export const MEMBER_WIZARD_EDIT_START_INDEX = 4;

// ---------------------------------------------------------------------------------------------------------
// Limits (spec §5, §9)

export const MEMBER_NAME_MAX = 50;
export const MEMBER_SUFFIX_MAX = 20;
export const CLIENT_EMAIL_MAX = 255;
export const ADDRESS_LINE_MAX = 50;
export const ADDRESS_CITY_MAX = 30;
export const ADDRESS_COUNTRY_MAX = 50;
export const EMPLOYMENT_TEXT_MAX = 30;
export const IDENTITY_NUMBER_MAX = 20;
export const DRIVER_LICENSE_MAX = 30;
export const RISK_SCORE_MIN = 1;
export const RISK_SCORE_MAX = 100;
/** Annual income ceiling, as a decimal string: money is never a JS number. */
export const ANNUAL_INCOME_MAX = '1000000000';
export const SPECIAL_DATE_DESCRIPTION_MAX = 75;
export const MILESTONE_FULL_NAME_MAX = 60;
export const MILESTONE_DESCRIPTION_MAX = 300;
export const RELATION_MAX = 50;
export const OTHER_PROFESSIONAL_FULL_NAME_MIN = 3;
export const OTHER_PROFESSIONAL_FULL_NAME_MAX = 75;
export const OTHER_PROFESSIONAL_ADDRESS_MAX = 50;
export const OTHER_PROFESSIONAL_CITY_MAX = 50;
export const OTHER_PROFESSIONAL_EMAIL_MIN = 3;
export const OTHER_PROFESSIONAL_NOTE_MAX = 150;
export const AGE_TURNED_WINDOW_DAYS = 30;
/** Excluded by the date pickers (spec §5). */
export const EXCLUDED_DATE = '1899-12-31';

/** Every client-household message. Spec texts are verbatim; the rest are short and clear. */
export const CLIENT_MESSAGES = {
  required: 'Required',
  nameOnlySpaces: 'Name cannot contain only spaces.',
  firstNameMax: 'First name can be up to 50 characters.',
  middleNameMax: 'Middle name can be up to 50 characters.',
  lastNameMax: 'Last name can be up to 50 characters.',
  nickNameMax: 'Nickname can be up to 50 characters.',
  suffixMax: 'Suffix can be up to 20 characters.',
  invalidOption: 'Select a valid option.',
  invalidDate: 'Enter a valid Date',
  invalidDateRange: 'Please enter a valid date range.',
  dobRequired: 'Date of birth is required.',
  deceasedMustBeTicked: 'Deceased must be ticked',
  linkedinInvalid: 'Enter a valid LinkedIn profile URL',
  riskScoreRange: 'Risk Score ranges from 1 to 100.',
  annualIncomeInvalid: 'Enter a valid amount with up to 2 decimals.',
  annualIncomeMax: 'Annual income can be up to $1,000,000,000.',
  phoneInvalid: 'Invalid phone number. Please provide a 10-digit number.',
  phoneDuplicate: 'This phone number is already added. Enter another phone number.',
  phoneInUse: 'This phone number is already in use.',
  phonePrimaryRequired: 'You need to add 1 primary phone number for this member.',
  phoneOnePrimary: 'Only one phone number can be primary.',
  emailInvalid: 'Please enter a valid email address.',
  emailMax: 'Email can be up to 255 characters in length.',
  emailMin: 'Email must be at least 3 characters.',
  emailDuplicate: 'This email is already added. Enter another email.',
  emailPrimaryRequired: 'You need to add 1 primary email for this member.',
  emailOnePrimary: 'Only one email can be primary.',
  addressLineMax: 'Address can be up to 50 characters.',
  cityMax: 'City can be up to 30 characters.',
  countryMax: 'Country can be up to 50 characters.',
  zipInvalid: 'Zip must be 4 to 5 digits.',
  addressPrimaryRequired: 'You need to add 1 primary address for this member.',
  addressOnePrimary: 'Only one address can be primary.',
  addressRequiredForPrimary: 'An address is required for the primary member.',
  ssnInvalid: 'Enter a valid SSN (xxx-xx-xxxx).',
  ssnMaskedInvalid: 'Enter a valid SSN (xxx-xx-xxxx) or its last 4 digits.',
  tinInvalid: 'Enter a valid TIN (EIN xx-xxxxxxx), 10 or 11 characters.',
  identityNumberMax: 'Identity number can be up to 20 characters.',
  identityNotForPet: 'A pet has no identity number.',
  driverLicenseMax: 'Driver license number can be up to 30 characters.',
  employerMax: 'Employer can be up to 30 characters.',
  jobTitleMax: 'Job title can be up to 30 characters.',
  employmentStatusRequired: 'Select at least one employment status.',
  descriptionMax75: 'Description can be up to 75 characters.',
  descriptionMax300: 'Description can be up to 300 characters.',
  specialDateDuplicate: 'This special date is already added for this member.',
  milestoneFullNameMax: 'Full name can be up to 60 characters.',
  relationMax: 'Relation can be up to 50 characters.',
  contactTypeMax: 'Type can be up to 50 characters.',
  relationSameMember: 'A member cannot be related to themselves.',
  fullNameLength: 'Full name must be 3 to 75 characters.',
  contactAddressMax: 'Address can be up to 50 characters.',
  contactCityMax: 'City can be up to 50 characters.',
  noteMax: 'Note can be up to 150 characters.',
  maxAgeGreater: 'Max age must be greater than min age.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Pure helpers

/** A yyyy-MM-dd calendar date the pickers accept (12/31/1899 is excluded). */
export const isValidIsoDate = (value: string): boolean =>
  value !== EXCLUDED_DATE && parseIsoDate(value) !== null;

/** Digits of a phone as typed, without the US country digit when 11 digits start with 1; null if invalid. */
const nationalDigits = (value: string): string | null => {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return null;
};

/** '+1XXXXXXXXXX' for 10 digits, or 11 digits starting with the country digit 1; null otherwise. */
export const normalizePhone = (value: string): string | null => {
  const national = nationalDigits(value);
  return national === null ? null : `+1${national}`;
};

/** Display form of the spec: +1 (xxx) xxx-xxxx; the input back when it is not a valid phone. */
export const formatPhone = (value: string): string => {
  const national = nationalDigits(value);
  if (national === null) return value;
  return `+1 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
};

/** The key two phones are compared by: national digits when valid, else all digits. */
const phoneKey = (value: string) => nationalDigits(value) ?? value.replace(/\D/g, '');

const SSN_PATTERN = /^(?:\d{3}-\d{2}-\d{4}|\d{9})$/;
const SSN_MASKED_PATTERN = /^(?:[*Xx]{3}-[*Xx]{2}-)?\d{4}$/;
const EIN_PATTERN = /^\d{2}-\d{7}$/;

export const isValidSsn = (value: string, options: { masked?: boolean } = {}): boolean =>
  SSN_PATTERN.test(value) || (options.masked === true && SSN_MASKED_PATTERN.test(value));

/** TIN of a business or trust: 10 or 11 characters, EIN xx-xxxxxxx or an SSN-formatted xxx-xx-xxxx. */
export const isValidTin = (value: string): boolean =>
  EIN_PATTERN.test(value) || /^\d{3}-\d{2}-\d{4}$/.test(value);

/** Money as a decimal string: '$' and thousands commas dropped, leading zeros removed; null if invalid. */
export const normalizeMoney = (value: string): string | null => {
  const cleaned = value.trim().replace(/^\$/, '').replace(/,/g, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match || match[1] === undefined) return null;
  const whole = match[1].replace(/^0+(?=\d)/, '');
  return match[2] === undefined ? whole : `${whole}.${match[2]}`;
};

/** Compares two non-negative decimal strings without floating point. */
export const compareDecimalStrings = (a: string, b: string): number => {
  const [aw = '0', af = ''] = a.split('.');
  const [bw = '0', bf = ''] = b.split('.');
  const aWhole = aw.replace(/^0+(?=\d)/, '');
  const bWhole = bw.replace(/^0+(?=\d)/, '');
  if (aWhole.length !== bWhole.length) return aWhole.length < bWhole.length ? -1 : 1;
  if (aWhole !== bWhole) return aWhole < bWhole ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const aFrac = af.padEnd(width, '0');
  const bFrac = bf.padEnd(width, '0');
  return aFrac === bFrac ? 0 : aFrac < bFrac ? -1 : 1;
};

const LINKEDIN_PATTERN = /^(?:https?:\/\/)?(?:[a-z0-9-]+\.)*linkedin\.com\/in\/[^\s/?#]+/i;
export const isValidLinkedinUrl = (value: string): boolean =>
  !/\s/.test(value) && LINKEDIN_PATTERN.test(value);

// ---------------------------------------------------------------------------------------------------------
// Field schemas

const isBlank = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '';

type NameFieldOptions = { max: number; maxMessage: string; required?: boolean };

/** Name text: trimmed, 'Required' when empty (if required), rejects only spaces, at most `max` characters. */
export const nameField = ({ max, maxMessage, required = false }: NameFieldOptions) => {
  return z
    .string({ error: CLIENT_MESSAGES.required })
    .refine((v) => v.length === 0 || v.trim().length > 0, {
      message: CLIENT_MESSAGES.nameOnlySpaces,
      abort: true,
    })
    .refine((v) => !required || v.length > 0, { message: CLIENT_MESSAGES.required, abort: true })
    .transform((v) => v.trim())
    .refine((v) => v.length <= max, { message: maxMessage });
};

export const firstNameSchema = nameField({
  max: MEMBER_NAME_MAX,
  maxMessage: CLIENT_MESSAGES.firstNameMax,
  required: true,
});
export const lastNameSchema = nameField({
  max: MEMBER_NAME_MAX,
  maxMessage: CLIENT_MESSAGES.lastNameMax,
  required: true,
});
export const middleNameSchema = nameField({
  max: MEMBER_NAME_MAX,
  maxMessage: CLIENT_MESSAGES.middleNameMax,
}).optional();
export const nickNameSchema = nameField({
  max: MEMBER_NAME_MAX,
  maxMessage: CLIENT_MESSAGES.nickNameMax,
}).optional();
export const suffixSchema = nameField({
  max: MEMBER_SUFFIX_MAX,
  maxMessage: CLIENT_MESSAGES.suffixMax,
}).optional();

/** A required yyyy-MM-dd calendar date, not 1899-12-31. */
export const isoDateSchema = z
  .string({ error: CLIENT_MESSAGES.required })
  .trim()
  .min(1, { message: CLIENT_MESSAGES.required, abort: true })
  .refine(isValidIsoDate, CLIENT_MESSAGES.invalidDate);

/** An optional yyyy-MM-dd date: '', null or missing become null. */
export const optionalIsoDateSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isValidIsoDate(v), CLIENT_MESSAGES.invalidDate)
  .nullish()
  .transform((v) => (isBlank(v) ? null : (v ?? null)));

/** A required phone, normalised to '+1XXXXXXXXXX'. */
export const phoneSchema = z
  .string({ error: CLIENT_MESSAGES.required })
  .trim()
  .min(1, { message: CLIENT_MESSAGES.required, abort: true })
  .refine((v) => normalizePhone(v) !== null, CLIENT_MESSAGES.phoneInvalid)
  .transform((v) => normalizePhone(v) ?? v);

/** An optional phone: '' stays '' (a blank row); anything else must be valid and is normalised. */
const optionalPhoneText = z
  .string()
  .trim()
  .refine((v) => v === '' || normalizePhone(v) !== null, CLIENT_MESSAGES.phoneInvalid)
  .transform((v) => (v === '' ? '' : (normalizePhone(v) ?? v)));

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const emailText = (min: number) =>
  z
    .string({ error: CLIENT_MESSAGES.required })
    .trim()
    .refine((v) => v === '' || v.length >= min, { message: CLIENT_MESSAGES.emailMin, abort: true })
    .refine((v) => v.length <= CLIENT_EMAIL_MAX, { message: CLIENT_MESSAGES.emailMax, abort: true })
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), CLIENT_MESSAGES.emailInvalid);

/** A required member email: max 255, no spaces, a plausible address. Case is kept. */
export const clientEmailSchema = emailText(1).refine((v) => v.length > 0, {
  message: CLIENT_MESSAGES.required,
  abort: true,
});

export const ssnSchema = (options: { masked?: boolean } = {}) =>
  z
    .string({ error: CLIENT_MESSAGES.required })
    .trim()
    .refine(
      (v) => isValidSsn(v, options),
      options.masked ? CLIENT_MESSAGES.ssnMaskedInvalid : CLIENT_MESSAGES.ssnInvalid,
    );

export const tinSchema = z
  .string({ error: CLIENT_MESSAGES.required })
  .trim()
  .refine(isValidTin, CLIENT_MESSAGES.tinInvalid);

export const zipSchema = z
  .string({ error: CLIENT_MESSAGES.required })
  .trim()
  .regex(/^\d{4,5}$/, CLIENT_MESSAGES.zipInvalid);

const optionalZip = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{4,5}$/.test(v), CLIENT_MESSAGES.zipInvalid)
  .optional();

export const linkedinUrlSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isValidLinkedinUrl(v), CLIENT_MESSAGES.linkedinInvalid)
  .nullish()
  .transform((v) => (isBlank(v) ? null : (v ?? null)));

/** Annual income as a decimal string (at most 2 decimals, at most 1,000,000,000); blank becomes null. */
export const annualIncomeSchema = z
  .string({ error: CLIENT_MESSAGES.annualIncomeInvalid })
  .trim()
  .refine((v) => v === '' || normalizeMoney(v) !== null, {
    message: CLIENT_MESSAGES.annualIncomeInvalid,
    abort: true,
  })
  .refine((v) => v === '' || compareDecimalStrings(normalizeMoney(v) ?? '0', ANNUAL_INCOME_MAX) <= 0, {
    message: CLIENT_MESSAGES.annualIncomeMax,
  })
  .nullish()
  .transform((v) => (isBlank(v) ? null : (normalizeMoney(v ?? '') ?? null)));

export const riskScoreSchema = z
  .number({ error: CLIENT_MESSAGES.riskScoreRange })
  .int(CLIENT_MESSAGES.riskScoreRange)
  .min(RISK_SCORE_MIN, CLIENT_MESSAGES.riskScoreRange)
  .max(RISK_SCORE_MAX, CLIENT_MESSAGES.riskScoreRange)
  .nullish()
  .transform((v) => v ?? null);

/** A master-data id (gender, marriage status, state, …). */
export const masterDataIdSchema = serialIdSchema({
  message: CLIENT_MESSAGES.invalidOption,
  typeMessage: CLIENT_MESSAGES.required,
});
const optionalMasterId = masterDataIdSchema.nullish().transform((v) => v ?? null);

/** Members and households are identified by uuids, like the other entities of the contracts. */
export const memberIdSchema = z
  .string({ error: CLIENT_MESSAGES.required })
  .min(1, { message: CLIENT_MESSAGES.required, abort: true })
  .uuid(CLIENT_MESSAGES.invalidOption);

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (isBlank(v) ? null : (v ?? null)));

// ---------------------------------------------------------------------------------------------------------
// Dynamic lists: phones, emails, addresses (spec §4, §5)

type ListOptions = { required?: boolean };
/** Where a list check reports: a message at a path relative to the list. */
export type IssueReporter = (message: string, path: PropertyKey[]) => void;
const reporter =
  (ctx: z.RefinementCtx, prefix: PropertyKey[] = []): IssueReporter =>
  (message, path) =>
    ctx.addIssue({ code: 'custom', message, path: [...prefix, ...path] });

export const phoneEntrySchema = z
  .object({
    id: z.union([z.string(), z.number()]).optional(),
    phone: optionalPhoneText,
    type: z.enum(PHONE_TYPES, { error: CLIENT_MESSAGES.invalidOption }).nullish(),
    isPrimary: z.boolean().default(false),
    linkedToPrimary: z.boolean().default(false),
  })
  .superRefine((entry, ctx) => {
    if (entry.phone !== '' && !entry.type) {
      ctx.addIssue({ code: 'custom', message: CLIENT_MESSAGES.required, path: ['type'] });
    }
  });
export type PhoneEntryInput = z.input<typeof phoneEntrySchema>;
export type PhoneEntry = z.output<typeof phoneEntrySchema>;

type PrimaryMessages = { required: string; onePrimary: string };

/** Exactly one primary among the filled entries, once any exists; every extra primary is pointed at. */
const checkOnePrimary = (
  entries: ReadonlyArray<{ isPrimary: boolean }>,
  filled: (index: number) => boolean,
  report: IssueReporter,
  messages: PrimaryMessages,
) => {
  const primaries = entries.flatMap((entry, index) => (filled(index) && entry.isPrimary ? [index] : []));
  const anyFilled = entries.some((_, index) => filled(index));
  if (anyFilled && primaries.length === 0) report(messages.required, []);
  for (const index of primaries.slice(1)) report(messages.onePrimary, [index, 'isPrimary']);
};

export const checkPhoneList = (
  list: ReadonlyArray<PhoneEntry>,
  report: IssueReporter,
  options: ListOptions = {},
) => {
  const filled = (index: number) => (list[index]?.phone ?? '') !== '';
  const seen = new Set<string>();
  list.forEach((entry, index) => {
    if (!filled(index)) return;
    const key = phoneKey(entry.phone);
    if (seen.has(key)) {
      report(CLIENT_MESSAGES.phoneDuplicate, [index, 'phone']);
    }
    seen.add(key);
  });
  if (options.required && !list.some((_, index) => filled(index))) {
    report(CLIENT_MESSAGES.phonePrimaryRequired, []);
    return;
  }
  checkOnePrimary(list, filled, report, {
    required: CLIENT_MESSAGES.phonePrimaryRequired,
    onePrimary: CLIENT_MESSAGES.phoneOnePrimary,
  });
};

/** Phones of a member; blank rows are dropped from the output. */
export const phoneListSchema = z
  .array(phoneEntrySchema)
  .default([])
  .superRefine((list, ctx) => checkPhoneList(list, reporter(ctx)))
  .transform((list) => list.filter((entry) => entry.phone !== ''));

export const emailEntrySchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  email: emailText(1),
  type: z.enum(EMAIL_TYPES, { error: CLIENT_MESSAGES.invalidOption }).nullish(),
  isPrimary: z.boolean().default(false),
  linkedToPrimary: z.boolean().default(false),
});
export type EmailEntryInput = z.input<typeof emailEntrySchema>;
export type EmailEntry = z.output<typeof emailEntrySchema>;

export const checkEmailList = (
  list: ReadonlyArray<EmailEntry>,
  report: IssueReporter,
  options: ListOptions = {},
) => {
  const filled = (index: number) => (list[index]?.email ?? '') !== '';
  const seen = new Set<string>();
  list.forEach((entry, index) => {
    if (!filled(index)) return;
    const key = entry.email.toLowerCase();
    if (seen.has(key)) {
      report(CLIENT_MESSAGES.emailDuplicate, [index, 'email']);
    }
    seen.add(key);
  });
  if (options.required && !list.some((_, index) => filled(index))) {
    report(CLIENT_MESSAGES.emailPrimaryRequired, []);
    return;
  }
  checkOnePrimary(list, filled, report, {
    required: CLIENT_MESSAGES.emailPrimaryRequired,
    onePrimary: CLIENT_MESSAGES.emailOnePrimary,
  });
};

/** Emails of a member; blank rows are dropped from the output. */
export const emailListSchema = z
  .array(emailEntrySchema)
  .default([])
  .superRefine((list, ctx) => checkEmailList(list, reporter(ctx)))
  .transform((list) => list.filter((entry) => entry.email !== ''));

const optionalAddressText = (max: number, message: string) => z.string().trim().max(max, message).default('');

export const addressEntrySchema = z
  .object({
    id: z.union([z.string(), z.number()]).optional(),
    addressLine1: optionalAddressText(ADDRESS_LINE_MAX, CLIENT_MESSAGES.addressLineMax),
    addressLine2: optionalAddressText(ADDRESS_LINE_MAX, CLIENT_MESSAGES.addressLineMax),
    addressLine3: optionalAddressText(ADDRESS_LINE_MAX, CLIENT_MESSAGES.addressLineMax),
    city: optionalAddressText(ADDRESS_CITY_MAX, CLIENT_MESSAGES.cityMax),
    stateId: optionalMasterId,
    zip: optionalZip.default(''),
    country: optionalAddressText(ADDRESS_COUNTRY_MAX, CLIENT_MESSAGES.countryMax),
    type: z.enum(ADDRESS_TYPES, { error: CLIENT_MESSAGES.invalidOption }).nullish(),
    isPrimary: z.boolean().default(false),
    linkedToPrimary: z.boolean().default(false),
  })
  .superRefine((entry, ctx) => {
    if (isAddressFilled(entry)) requireAddressFields(entry, reporter(ctx), []);
  });
export type AddressEntryInput = z.input<typeof addressEntrySchema>;
export type AddressEntry = z.output<typeof addressEntrySchema>;

/** The address fields, as the form holds them or as parsed. */
type AddressFields = {
  addressLine1?: string | null;
  addressLine2?: string | null;
  addressLine3?: string | null;
  city?: string | null;
  stateId?: number | null;
  zip?: string | null;
  country?: string | null;
};

/** Any field of the address is filled (the type select alone does not count). */
export const isAddressFilled = (entry: AddressFields): boolean =>
  [entry.addressLine1, entry.addressLine2, entry.addressLine3, entry.city, entry.zip, entry.country].some(
    (v) => !isBlank(v),
  ) || (entry.stateId ?? null) !== null;

const requireAddressFields = (entry: AddressFields, report: IssueReporter, prefix: PropertyKey[]) => {
  if (isBlank(entry.addressLine1)) report(CLIENT_MESSAGES.required, [...prefix, 'addressLine1']);
  if (isBlank(entry.city)) report(CLIENT_MESSAGES.required, [...prefix, 'city']);
  if ((entry.stateId ?? null) === null) report(CLIENT_MESSAGES.required, [...prefix, 'stateId']);
};

export const checkAddressList = (
  list: ReadonlyArray<AddressEntry>,
  report: IssueReporter,
  options: ListOptions = {},
) => {
  const filled = (index: number) => {
    const entry = list[index];
    return entry !== undefined && isAddressFilled(entry);
  };
  if (options.required && !list.some((_, index) => filled(index))) {
    const first = list[0];
    if (first === undefined) {
      report(CLIENT_MESSAGES.addressRequiredForPrimary, []);
    } else {
      requireAddressFields(first, report, [0]);
    }
    return;
  }
  checkOnePrimary(list, filled, report, {
    required: CLIENT_MESSAGES.addressPrimaryRequired,
    onePrimary: CLIENT_MESSAGES.addressOnePrimary,
  });
};

/** Addresses of a member; blank rows are dropped from the output. */
export const addressListSchema = z
  .array(addressEntrySchema)
  .default([])
  .superRefine((list, ctx) => checkAddressList(list, reporter(ctx)))
  .transform((list) => list.filter((entry) => isAddressFilled(entry)));

export const isPhoneEntryFilled = (entry: { phone?: string | null }): boolean => !isBlank(entry.phone);
export const isEmailEntryFilled = (entry: { email?: string | null }): boolean => !isBlank(entry.email);

/** Dynamic lists refuse adding until the last entry is filled (spec §5). */
export const canAddListEntry = <T>(list: readonly T[], isFilled: (entry: T) => boolean): boolean => {
  const last = list[list.length - 1];
  return last === undefined || isFilled(last);
};

// ---------------------------------------------------------------------------------------------------------
// Member wizard steps and the full member (spec §3, §4, §5)

/** type and subType travel with every step: the step rules depend on them. */
const memberContextShape = {
  type: z.enum(MEMBER_TYPES, { error: CLIENT_MESSAGES.required }),
  subType: z
    .enum(MEMBER_SUBTYPES, { error: CLIENT_MESSAGES.invalidOption })
    .nullish()
    .transform((v) => v ?? null),
};

const basicShape = {
  ...memberContextShape,
  firstName: firstNameSchema,
  middleName: middleNameSchema,
  lastName: lastNameSchema,
  nickName: nickNameSchema,
  suffix: suffixSchema,
  profileImageUrl: z.string().nullish(),
  date: optionalIsoDateSchema,
  gender: optionalMasterId,
  marriageStatus: optionalMasterId,
  deceased: z.boolean().default(false),
  deceasedDate: optionalIsoDateSchema,
};

const preferencesShape = {
  ...memberContextShape,
  sexualOrientation: optionalMasterId,
  politicalParty: optionalMasterId,
  religion: optionalMasterId,
  parentReligion: optionalMasterId,
  interests: z.array(masterDataIdSchema).default([]),
  riskScore: riskScoreSchema,
  annualIncome: annualIncomeSchema,
  linkedinUrl: linkedinUrlSchema,
};

const contactShape = {
  ...memberContextShape,
  phoneNumbers: z.array(phoneEntrySchema).default([]),
  emailAddresses: z.array(emailEntrySchema).default([]),
  addresses: z.array(addressEntrySchema).default([]),
};

const identityShape = {
  ...memberContextShape,
  identityNumber: optionalText(IDENTITY_NUMBER_MAX, CLIENT_MESSAGES.identityNumberMax),
  driverLicenseNum: optionalText(DRIVER_LICENSE_MAX, CLIENT_MESSAGES.driverLicenseMax),
  driverLicenseState: optionalMasterId,
};

const employmentShape = {
  ...memberContextShape,
  employer: optionalText(EMPLOYMENT_TEXT_MAX, CLIENT_MESSAGES.employerMax),
  jobTitle: optionalText(EMPLOYMENT_TEXT_MAX, CLIENT_MESSAGES.jobTitleMax),
  employmentStatus: z.array(masterDataIdSchema).default([]),
  industry: optionalMasterId,
  parentIndustry: optionalMasterId,
};

type MemberContext = { type: MemberType; subType: MemberSubType | null };
type MemberOptions = { ssnMasked?: boolean };

const isPrimaryOrSecondary = (subType: MemberSubType | null) =>
  subType === 'PRIMARY' || subType === 'SECONDARY';

const basicRules = (
  v: MemberContext & {
    date: string | null;
    gender: number | null;
    marriageStatus: number | null;
    deceased: boolean;
    deceasedDate: string | null;
  },
  ctx: z.RefinementCtx,
) => {
  if (isPrimaryOrSecondary(v.subType) && v.date === null) {
    ctx.addIssue({ code: 'custom', message: CLIENT_MESSAGES.dobRequired, path: ['date'] });
  }
  if (v.type === 'PERSON') {
    if (v.gender === null)
      ctx.addIssue({ code: 'custom', message: CLIENT_MESSAGES.required, path: ['gender'] });
    if (v.marriageStatus === null) {
      ctx.addIssue({ code: 'custom', message: CLIENT_MESSAGES.required, path: ['marriageStatus'] });
    }
  }
  if (v.deceasedDate !== null && !v.deceased) {
    ctx.addIssue({ code: 'custom', message: CLIENT_MESSAGES.deceasedMustBeTicked, path: ['deceasedDate'] });
  }
};

const contactRules = (
  v: MemberContext & {
    phoneNumbers: PhoneEntry[];
    emailAddresses: EmailEntry[];
    addresses: AddressEntry[];
  },
  ctx: z.RefinementCtx,
) => {
  checkPhoneList(v.phoneNumbers, reporter(ctx, ['phoneNumbers']), { required: v.subType === 'PRIMARY' });
  checkEmailList(v.emailAddresses, reporter(ctx, ['emailAddresses']), {
    required: isPrimaryOrSecondary(v.subType),
  });
  checkAddressList(v.addresses, reporter(ctx, ['addresses']), { required: v.subType === 'PRIMARY' });
};

const dropBlankContactRows = <
  T extends { phoneNumbers: PhoneEntry[]; emailAddresses: EmailEntry[]; addresses: AddressEntry[] },
>(
  v: T,
): T => ({
  ...v,
  phoneNumbers: v.phoneNumbers.filter((entry) => entry.phone !== ''),
  emailAddresses: v.emailAddresses.filter((entry) => entry.email !== ''),
  addresses: v.addresses.filter((entry) => isAddressFilled(entry)),
});

/** What is wrong with an identity number for this kind of member (SSN, TIN, none for a pet); [] if nothing. */
export const identityNumberIssues = (
  v: MemberContext & { identityNumber: string | null },
  options: MemberOptions = {},
): { path: string[]; message: string }[] => {
  // Too long already reported by the field itself.
  if (v.identityNumber === null || v.identityNumber.length > IDENTITY_NUMBER_MAX) return [];
  const path = ['identityNumber'];
  const issues: { path: string[]; message: string }[] = [];
  if (v.type === 'PERSON' && !isValidSsn(v.identityNumber, { masked: options.ssnMasked })) {
    const message = options.ssnMasked ? CLIENT_MESSAGES.ssnMaskedInvalid : CLIENT_MESSAGES.ssnInvalid;
    issues.push({ message, path });
  }
  if ((v.type === 'TRUST' || v.type === 'BUSINESS') && !isValidTin(v.identityNumber)) {
    issues.push({ message: CLIENT_MESSAGES.tinInvalid, path });
  }
  if (v.type === 'PET') issues.push({ message: CLIENT_MESSAGES.identityNotForPet, path });
  return issues;
};

const identityRules =
  (options: MemberOptions) =>
  (v: MemberContext & { identityNumber: string | null }, ctx: z.RefinementCtx) => {
    for (const issue of identityNumberIssues(v, options)) ctx.addIssue({ code: 'custom', ...issue });
  };

const employmentRules = (v: MemberContext & { employmentStatus: number[] }, ctx: z.RefinementCtx) => {
  if (v.type === 'PERSON' && v.employmentStatus.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message: CLIENT_MESSAGES.employmentStatusRequired,
      path: ['employmentStatus'],
    });
  }
};

export const memberBasicStepSchema = z.object(basicShape).superRefine(basicRules);
export const memberPreferencesStepSchema = z.object(preferencesShape);
export const memberContactStepSchema = z
  .object(contactShape)
  .superRefine(contactRules)
  .transform(dropBlankContactRows);
export const memberIdentityStepSchemaFor = (options: MemberOptions = {}) =>
  z.object(identityShape).superRefine(identityRules(options));
export const memberIdentityStepSchema = memberIdentityStepSchemaFor();
export const memberEmploymentStepSchema = z.object(employmentShape).superRefine(employmentRules);

export const MEMBER_STEP_SCHEMAS = {
  basic: memberBasicStepSchema,
  preferences: memberPreferencesStepSchema,
  contact: memberContactStepSchema,
  identity: memberIdentityStepSchema,
  employment: memberEmploymentStepSchema,
} as const satisfies Record<MemberWizardStep, z.ZodType>;

/**
 * PUT …/members/:memberId/steps/:step: the step's fields, `step` naming which, so that each step is a schema
 * of its own (in OpenAPI too) and the server reads a typed body. The identity number is checked for the
 * member's kind by the server (`identityNumberIssues`), once it knows whether the firm masks SSNs and whether
 * the number sent is the stored one sent back masked; absent, it stays absent (the stored number is kept).
 */
export const memberStepBodySchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('basic'), ...basicShape }).superRefine(basicRules),
  z.object({ step: z.literal('preferences'), ...preferencesShape }),
  z
    .object({ step: z.literal('contact'), ...contactShape })
    .superRefine(contactRules)
    .transform(dropBlankContactRows),
  z.object({
    step: z.literal('identity'),
    ...identityShape,
    identityNumber: identityShape.identityNumber.optional(),
  }),
  z.object({ step: z.literal('employment'), ...employmentShape }).superRefine(employmentRules),
]);
export type MemberStepBody = z.output<typeof memberStepBodySchema>;

/** The full member with every cross-field rule; `ssnMasked` accepts the masked 4-digit SSN. */
export const memberSchemaFor = (options: MemberOptions = {}) =>
  z
    .object({
      id: z.string().optional(),
      displaySequence: int4Schema().nullish(),
      ...basicShape,
      ...preferencesShape,
      ...contactShape,
      ...identityShape,
      ...employmentShape,
    })
    .superRefine((v, ctx) => {
      basicRules(v, ctx);
      contactRules(v, ctx);
      identityRules(options)(v, ctx);
      employmentRules(v, ctx);
    })
    .transform(dropBlankContactRows);

export const memberSchema = memberSchemaFor();
export type MemberInput = z.input<typeof memberSchema>;
export type Member = z.output<typeof memberSchema>;

// ---------------------------------------------------------------------------------------------------------
// Dates and other entries (spec §3, §5)

export const specialDateSchema = z.object({
  memberId: memberIdSchema,
  dateType: z.enum(SPECIAL_DATE_TYPES, { error: CLIENT_MESSAGES.required }),
  date: isoDateSchema,
  description: optionalText(SPECIAL_DATE_DESCRIPTION_MAX, CLIENT_MESSAGES.descriptionMax75),
});
export type SpecialDateInput = z.input<typeof specialDateSchema>;
export type SpecialDate = z.output<typeof specialDateSchema>;

/** Special dates of a household: one entry per member and date type. */
export const specialDateListSchema = z.array(specialDateSchema).superRefine((list, ctx) => {
  const seen = new Set<string>();
  list.forEach((entry, index) => {
    const key = `${entry.memberId}|${entry.dateType}`;
    if (seen.has(key)) {
      reporter(ctx)(CLIENT_MESSAGES.specialDateDuplicate, [index, 'dateType']);
    }
    seen.add(key);
  });
});

export const milestoneSchema = z.object({
  memberId: memberIdSchema,
  fullName: nameField({
    max: MILESTONE_FULL_NAME_MAX,
    maxMessage: CLIENT_MESSAGES.milestoneFullNameMax,
    required: true,
  }),
  description: optionalText(MILESTONE_DESCRIPTION_MAX, CLIENT_MESSAGES.descriptionMax300),
  dob: isoDateSchema,
});
export type MilestoneInput = z.input<typeof milestoneSchema>;
export type Milestone = z.output<typeof milestoneSchema>;

export const relationshipSchema = z
  .object({
    memberId: memberIdSchema,
    relation: z
      .string({ error: CLIENT_MESSAGES.required })
      .trim()
      .min(1, CLIENT_MESSAGES.required)
      .max(RELATION_MAX, CLIENT_MESSAGES.relationMax),
    relativeId: memberIdSchema,
  })
  .refine((v) => v.memberId !== v.relativeId, {
    message: CLIENT_MESSAGES.relationSameMember,
    path: ['relativeId'],
  });
export type RelationshipInput = z.input<typeof relationshipSchema>;

/** Other professional (contact) of a household (spec §3 Other, §5 Contact). */
export const otherProfessionalSchema = z.object({
  type: z
    .string({ error: CLIENT_MESSAGES.required })
    .trim()
    .min(1, CLIENT_MESSAGES.required)
    .max(RELATION_MAX, CLIENT_MESSAGES.contactTypeMax),
  fullName: z
    .string({ error: CLIENT_MESSAGES.required })
    .refine((v) => v.length === 0 || v.trim().length > 0, {
      message: CLIENT_MESSAGES.nameOnlySpaces,
      abort: true,
    })
    .trim()
    .min(1, { message: CLIENT_MESSAGES.required, abort: true })
    .min(OTHER_PROFESSIONAL_FULL_NAME_MIN, CLIENT_MESSAGES.fullNameLength)
    .max(OTHER_PROFESSIONAL_FULL_NAME_MAX, CLIENT_MESSAGES.fullNameLength),
  phoneNumber: optionalPhoneText.nullish().transform((v) => (isBlank(v) ? null : (v ?? null))),
  address: optionalText(OTHER_PROFESSIONAL_ADDRESS_MAX, CLIENT_MESSAGES.contactAddressMax),
  city: optionalText(OTHER_PROFESSIONAL_CITY_MAX, CLIENT_MESSAGES.contactCityMax),
  stateId: masterDataIdSchema,
  zip: optionalZip.nullish().transform((v) => (isBlank(v) ? null : (v ?? null))),
  email: emailText(OTHER_PROFESSIONAL_EMAIL_MIN)
    .nullish()
    .transform((v) => (isBlank(v) ? null : (v ?? null))),
  note: optionalText(OTHER_PROFESSIONAL_NOTE_MAX, CLIENT_MESSAGES.noteMax),
});
export type OtherProfessionalInput = z.input<typeof otherProfessionalSchema>;

export const ageRangeSchema = z
  .object({
    minAge: int4Schema({ typeMessage: CLIENT_MESSAGES.required }),
    maxAge: int4Schema({ typeMessage: CLIENT_MESSAGES.required }),
  })
  .refine((v) => v.maxAge > v.minAge, { message: CLIENT_MESSAGES.maxAgeGreater, path: ['maxAge'] });

/** 'MM/dd/yyyy' (the picker) to 'yyyy-MM-dd' (the data); null when not a valid date. */
export const pickerDateToIso = (value: string): string | null => {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[1]}-${match[2]}`;
  return isValidIsoDate(iso) ? iso : null;
};

/** Date range text 'MM/dd/yyyy - MM/dd/yyyy': two valid dates, start not after end. */
export const dateRangeTextSchema = z
  .string({ error: CLIENT_MESSAGES.invalidDateRange })
  .transform((value, ctx) => {
    const parts = value.split(/\s+-\s+/);
    const start = parts.length === 2 ? pickerDateToIso(parts[0] ?? '') : null;
    const end = parts.length === 2 ? pickerDateToIso(parts[1] ?? '') : null;
    if (start === null || end === null || start > end) {
      ctx.addIssue({ code: 'custom', message: CLIENT_MESSAGES.invalidDateRange });
      return z.NEVER;
    }
    return { start, end };
  });

// ---------------------------------------------------------------------------------------------------------
// Display order and age labels (spec §4, §9)

type Sequenced = { subType?: MemberSubType | null; displaySequence?: number | null };

const subTypeRank = (subType: MemberSubType | null | undefined) =>
  subType === 'PRIMARY' ? 0 : subType === 'SECONDARY' ? 1 : 2;

/** Primary first, secondary second, then by displaySequence (missing last); stable otherwise. */
export const sortMembersForDisplay = <T extends Sequenced>(members: readonly T[]): T[] =>
  members
    .map((member, index) => ({ member, index }))
    .sort((a, b) => {
      const rank = subTypeRank(a.member.subType) - subTypeRank(b.member.subType);
      if (rank !== 0) return rank;
      const aSeq = a.member.displaySequence ?? Number.POSITIVE_INFINITY;
      const bSeq = b.member.displaySequence ?? Number.POSITIVE_INFINITY;
      if (aSeq !== bSeq) return aSeq < bSeq ? -1 : 1;
      return a.index - b.index;
    })
    .map(({ member }) => member);

/** Sorts for display and numbers displaySequence 1..n (after a subtype change). Copies; never mutates. */
export const renumberDisplaySequence = <T extends Sequenced>(
  members: readonly T[],
): (T & { displaySequence: number })[] =>
  sortMembersForDisplay(members).map((member, index) => ({ ...member, displaySequence: index + 1 }));

/**
 * Age label of §9: 'Turning 1' for infants, 'Turned n' within 30 days after the n-th birthday,
 * else 'Turning n+1'. Dates are yyyy-MM-dd; null when either is invalid or the birth is after today.
 */
export const ageLabel = (dob: string, today: string): string | null => {
  if (!parseIsoDate(dob) || !parseIsoDate(today) || dob > today) return null;
  const age = ageOn(dob, today);
  if (age < 1) return 'Turning 1';
  const sinceBirthday = daysBetween(anniversaryIn(Number(dob.slice(0, 4)) + age, dob), today);
  return sinceBirthday <= AGE_TURNED_WINDOW_DAYS ? `Turned ${age}` : `Turning ${age + 1}`;
};
