import { centsOf, formatCents } from '@centric/billing';
import { z } from 'zod';
import {
  ADDRESS_CITY_MAX,
  ADDRESS_LINE_MAX,
  CLIENT_EMAIL_MAX,
  isValidIsoDate,
  normalizePhone,
} from './clients.ts';
import { listQueryShape } from './list-query.ts';

/**
 * Prospects (issue 17 §1; spec §1, §2 /prospects and the prospect form, §3 Prospect, §3 Enumerations, §4, §5
 * Prospect, §7 Prospects calls). Where §5 gives two readings the stricter one is taken (decision 0020): a
 * PERSON needs first and last name, a BUSINESS or TRUST a name of 3-30; worksAt 3-30 when given; at least one
 * service value; the email always required (with §4's own sentence once CONVERTED).
 */

// ---------------------------------------------------------------------------------------------------------
// Words

/** Spec §3 Enumerations: lead status. */
export const LEAD_STATUSES = ['HOT', 'WARM', 'COLD'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Readonly<Record<LeadStatus, string>> = {
  HOT: 'Hot',
  WARM: 'Warm',
  COLD: 'Cold',
};

/** Spec §3 Enumerations: client/prospect status. CONVERTED is set only by conversion, never by the form. */
export const PROSPECT_ACTIVITY_STATUSES = ['ACTIVE', 'INACTIVE', 'CONVERTED'] as const;
export type ProspectActivityStatus = (typeof PROSPECT_ACTIVITY_STATUSES)[number];
/** What the form may choose. */
export const PROSPECT_FORM_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const PROSPECT_ACTIVITY_STATUS_LABELS: Readonly<Record<ProspectActivityStatus, string>> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  CONVERTED: 'Converted',
};

/** Spec §3 Enumerations: activity types. */
export const PROSPECT_ACTIVITY_TYPES = ['IN_PERSON_MEETING', 'PHONE_CALL', 'EMAIL', 'VIDEO_MEETING'] as const;
export type ProspectActivityType = (typeof PROSPECT_ACTIVITY_TYPES)[number];
export const PROSPECT_ACTIVITY_TYPE_LABELS: Readonly<Record<ProspectActivityType, string>> = {
  IN_PERSON_MEETING: 'In-person meeting',
  PHONE_CALL: 'Phone call',
  EMAIL: 'Email',
  VIDEO_MEETING: 'Video meeting',
};

/** A prospect is a person, or a business or trust with one name (the member types a household starts with). */
export const PROSPECT_TYPES = ['PERSON', 'BUSINESS', 'TRUST'] as const;
export type ProspectType = (typeof PROSPECT_TYPES)[number];
export const PROSPECT_TYPE_LABELS: Readonly<Record<ProspectType, string>> = {
  PERSON: 'Person',
  BUSINESS: 'Business',
  TRUST: 'Trust',
};

/** Spec §3 Prospect services/prospectInterests; combineInterests is their total. */
export const PROSPECT_INTERESTS = [
  'financialLifeManagement',
  'riskManagement',
  'assetManagement',
  'legacyPlanning',
  'privateFund',
] as const;
export type ProspectInterest = (typeof PROSPECT_INTERESTS)[number];
export const PROSPECT_INTEREST_LABELS: Readonly<Record<ProspectInterest, string>> = {
  financialLifeManagement: 'Financial life management',
  riskManagement: 'Risk management',
  assetManagement: 'Asset management',
  legacyPlanning: 'Legacy planning',
  privateFund: 'Private fund',
};

/** Days without an activity after which the business developer is alerted (issue 17 §1). */
export const PROSPECT_INACTIVE_DAYS = 30;
/** The colour bands of "days since last activity": up to 7 fresh, up to 29 ageing, 30 and more stale. */
export type ActivityAge = 'fresh' | 'ageing' | 'stale' | 'none';
export const activityAgeOf = (days: number | null): ActivityAge =>
  days === null ? 'none' : days <= 7 ? 'fresh' : days < PROSPECT_INACTIVE_DAYS ? 'ageing' : 'stale';

export const PROSPECT_NAME_MIN = 3;
export const PROSPECT_NAME_MAX = 30;
export const PROSPECT_PERSON_NAME_MAX = 50;
export const PROSPECT_SUFFIX_MAX = 20;
export const PROSPECT_WORKS_AT_MIN = 3;
export const PROSPECT_WORKS_AT_MAX = 30;
export const PROSPECT_OTHER_MAX = 30;
/** Spec §9: interest values at most 100 billion dollars. */
export const PROSPECT_INTEREST_MAX = '100000000000';
export const PROSPECT_MINUTES_MAX = 1440;
export const PROSPECT_ACTIVITIES_MAX = 200;

export const PROSPECT_MESSAGES = {
  required: 'Required',
  nameOnlySpaces: 'Name cannot contain only spaces.',
  nameLength: 'Name must be 3 to 30 characters.',
  firstNameMax: 'First name can be up to 50 characters.',
  lastNameMax: 'Last name can be up to 50 characters.',
  middleNameMax: 'Middle name can be up to 50 characters.',
  nickNameMax: 'Nickname can be up to 50 characters.',
  suffixMax: 'Suffix can be up to 20 characters.',
  typeRequired: 'Please select a type.',
  worksAtLength: 'Works at must be 3 to 30 characters.',
  activityStatusRequired: 'Please select any one activity status',
  leadStatusRequired: 'Please select any one lead status',
  convertedOnlyByConversion: 'A prospect becomes Converted only by converting it into a household.',
  primaryAdvisorRequired: 'Please select a primary advisor.',
  sameAdvisor: 'The same person cannot be both wealth advisor and business developer.',
  advisorNotFound: 'Select an active user.',
  interestMax: 'Max limit should be 100 billion.',
  interestInvalid: 'Enter an amount with up to 2 decimals.',
  interestLeadingZero: 'Remove the leading zero.',
  serviceRequired: 'Please add at least one service value.',
  phoneInvalid: 'Please add valid phone number with area code',
  sourceRequired: 'Please add Source Name',
  otherMax: 'Other can be up to 30 characters.',
  addressMax: 'Address can be up to 50 characters.',
  cityMax: 'City can be up to 30 characters.',
  zipInvalid: 'Zip must be 4 to 5 digits.',
  emailRequired: 'Email is required.',
  emailRequiredConverted: 'Please add email Address',
  emailInvalid: 'Please enter a valid email address.',
  emailMax: 'Email can be up to 255 characters in length.',
  activityRequired: 'Please add at least one activity.',
  activityTypeRequired: 'Activity type is required.',
  activityDateRequired: 'Activity date is required.',
  activityDateInvalid: 'Enter a valid Date',
  activityDateFuture: 'Activity date cannot be in the future.',
  minutesRequired: 'Minutes are required.',
  minutesDigits: 'Minutes must be digits only.',
  minutesRange: 'Minutes must be 1 to 1440.',
  invalidOption: 'Select a valid option.',
  notFound: 'Prospect not found.',
  created: 'Prospect added.',
  updated: 'Prospect updated.',
  leadStatusChanged: 'Lead status updated.',
  activityAdded: 'Activity added.',
  profileImageUpdated: 'Profile image updated.',
  deleted: 'Prospect deleted.',
  convertedNotDeleted: 'A converted prospect cannot be deleted: its records belong to its household now.',
  alert: (name: string, days: number) => `${name} has had no activity for ${days} days.`,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Field schemas

const blankToNull = (v: string | null | undefined) =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim();

const optionalText = (max: number, message: string) =>
  z
    .string()
    .nullish()
    .transform(blankToNull)
    .refine((v) => v === null || v.length <= max, message);

/**
 * An interest: dollars with at most two decimals, no leading zero ("0123" is refused; "0" and "0.50" are
 * not), at most 100 billion; '' or missing is no value. Read with the engine's cents reader, never a number.
 */
export const interestValueSchema = z
  .string({ error: PROSPECT_MESSAGES.interestInvalid })
  .nullish()
  .transform(blankToNull)
  .superRefine((value, ctx) => {
    if (value === null) return;
    const text = value.replace(/,/g, '');
    if (/^0\d/.test(text)) {
      ctx.addIssue({ code: 'custom', message: PROSPECT_MESSAGES.interestLeadingZero });
      return;
    }
    const cents = centsOf(text);
    if (cents === undefined) ctx.addIssue({ code: 'custom', message: PROSPECT_MESSAGES.interestInvalid });
    else if (cents > BigInt(PROSPECT_INTEREST_MAX) * 100n)
      ctx.addIssue({ code: 'custom', message: PROSPECT_MESSAGES.interestMax });
  })
  .transform((value) => (value === null ? null : formatCents(centsOf(value.replace(/,/g, '')) as bigint)));

/** A name part: only spaces is refused ('Name cannot contain only spaces.'); '' or missing is none. */
const nameText = (max: number, message: string) =>
  z
    .string()
    .nullish()
    .refine((v) => !v || v.trim().length > 0, PROSPECT_MESSAGES.nameOnlySpaces)
    .transform(blankToNull)
    .refine((v) => v === null || v.length <= max, message);

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** One activity: type, date (yyyy-MM-dd) and minutes (digits only, 1-1440), each required. */
export const prospectActivityBodySchema = z.object({
  activityType: z.enum(PROSPECT_ACTIVITY_TYPES, { error: PROSPECT_MESSAGES.activityTypeRequired }),
  activityDate: z
    .string({ error: PROSPECT_MESSAGES.activityDateRequired })
    .trim()
    .refine((v) => v.length > 0, PROSPECT_MESSAGES.activityDateRequired)
    .refine((v) => v.length === 0 || isValidIsoDate(v), PROSPECT_MESSAGES.activityDateInvalid),
  minutes: z
    .union([z.string(), z.number()], { error: PROSPECT_MESSAGES.minutesRequired })
    .transform((v) => String(v).trim())
    .refine((v) => v.length > 0, PROSPECT_MESSAGES.minutesRequired)
    .refine((v) => v.length === 0 || /^\d+$/.test(v), PROSPECT_MESSAGES.minutesDigits)
    .refine(
      (v) => !/^\d+$/.test(v) || (Number(v) >= 1 && Number(v) <= PROSPECT_MINUTES_MAX),
      PROSPECT_MESSAGES.minutesRange,
    )
    .transform((v) => Number.parseInt(v, 10)),
});
export type ProspectActivityBody = z.infer<typeof prospectActivityBodySchema>;
export type ProspectActivityFormValues = z.input<typeof prospectActivityBodySchema>;

const uuidOrNull = z
  .string()
  .nullish()
  .transform((v) => blankToNull(v))
  .refine((v) => v === null || z.uuid().safeParse(v).success, PROSPECT_MESSAGES.invalidOption);

const masterIdOrNull = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => (v === undefined || v === null || v === '' ? null : Number(v)))
  .refine((v) => v === null || (Number.isInteger(v) && v > 0), PROSPECT_MESSAGES.invalidOption);

/** The prospect form's fields (info, services, contact), shared by create and update. */
const prospectFieldsShape = {
  // Info
  type: z.enum(PROSPECT_TYPES, { error: PROSPECT_MESSAGES.typeRequired }),
  name: nameText(200, PROSPECT_MESSAGES.nameLength),
  firstName: nameText(PROSPECT_PERSON_NAME_MAX, PROSPECT_MESSAGES.firstNameMax),
  lastName: nameText(PROSPECT_PERSON_NAME_MAX, PROSPECT_MESSAGES.lastNameMax),
  middleName: nameText(PROSPECT_PERSON_NAME_MAX, PROSPECT_MESSAGES.middleNameMax),
  nickName: nameText(PROSPECT_PERSON_NAME_MAX, PROSPECT_MESSAGES.nickNameMax),
  suffix: nameText(PROSPECT_SUFFIX_MAX, PROSPECT_MESSAGES.suffixMax),
  genderId: masterIdOrNull,
  worksAt: optionalText(200, PROSPECT_MESSAGES.worksAtLength).refine(
    (v) => v === null || (v.length >= PROSPECT_WORKS_AT_MIN && v.length <= PROSPECT_WORKS_AT_MAX),
    PROSPECT_MESSAGES.worksAtLength,
  ),
  activityStatus: z.enum(PROSPECT_ACTIVITY_STATUSES, { error: PROSPECT_MESSAGES.activityStatusRequired }),
  leadStatus: z.enum(LEAD_STATUSES, { error: PROSPECT_MESSAGES.leadStatusRequired }),
  wealthAdvisorId: uuidOrNull,
  businessDeveloperId: uuidOrNull,
  // Services
  financialLifeManagement: interestValueSchema,
  riskManagement: interestValueSchema,
  assetManagement: interestValueSchema,
  legacyPlanning: interestValueSchema,
  privateFund: interestValueSchema,
  // Contact
  addressLine1: optionalText(ADDRESS_LINE_MAX, PROSPECT_MESSAGES.addressMax),
  addressLine2: optionalText(ADDRESS_LINE_MAX, PROSPECT_MESSAGES.addressMax),
  city: optionalText(ADDRESS_CITY_MAX, PROSPECT_MESSAGES.cityMax),
  stateId: masterIdOrNull,
  zip: optionalText(5, PROSPECT_MESSAGES.zipInvalid).refine(
    (v) => v === null || /^\d{4,5}$/.test(v),
    PROSPECT_MESSAGES.zipInvalid,
  ),
  sourceId: z
    .union([z.number(), z.string()], { error: PROSPECT_MESSAGES.sourceRequired })
    .nullish()
    .transform((v) => (v === undefined || v === null || v === '' ? null : Number(v)))
    .refine((v) => v !== null && Number.isInteger(v) && v > 0, PROSPECT_MESSAGES.sourceRequired),
  other: optionalText(PROSPECT_OTHER_MAX, PROSPECT_MESSAGES.otherMax),
  phone: z
    .string({ error: PROSPECT_MESSAGES.phoneInvalid })
    .trim()
    .refine((v) => v.length >= 10 && normalizePhone(v) !== null, PROSPECT_MESSAGES.phoneInvalid)
    .transform((v) => normalizePhone(v) ?? v),
  email: z
    .string()
    .nullish()
    .transform((v) => (v ?? '').trim()),
};

/**
 * The rules across fields (§5 Prospect): names by type, primary advisor, two roles, a service, the email.
 * They run even when a field failed (so the form shows every message at once), so they read the values
 * as they may still be: raw input of a field that failed.
 */
const checkAcrossFields = (input: Record<string, unknown>, ctx: z.RefinementCtx) => {
  const text = (key: string) => {
    const v = input[key];
    return typeof v === 'string' ? v.trim() : '';
  };
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (input.type === 'PERSON') {
    if (input.firstName === undefined || input.firstName === null || input.firstName === '')
      issue('firstName', PROSPECT_MESSAGES.required);
    if (input.lastName === undefined || input.lastName === null || input.lastName === '')
      issue('lastName', PROSPECT_MESSAGES.required);
  } else if (input.type === 'BUSINESS' || input.type === 'TRUST') {
    const name = text('name');
    if (name === '') issue('name', PROSPECT_MESSAGES.required);
    else if (name.length < PROSPECT_NAME_MIN || name.length > PROSPECT_NAME_MAX)
      issue('name', PROSPECT_MESSAGES.nameLength);
  }
  const advisor = text('wealthAdvisorId');
  if (advisor === '') issue('wealthAdvisorId', PROSPECT_MESSAGES.primaryAdvisorRequired);
  else if (text('businessDeveloperId').toLowerCase() === advisor.toLowerCase())
    issue('businessDeveloperId', PROSPECT_MESSAGES.sameAdvisor);
  if (PROSPECT_INTERESTS.every((key) => text(key) === ''))
    issue('financialLifeManagement', PROSPECT_MESSAGES.serviceRequired);
  const email = text('email');
  if (email === '') {
    issue(
      'email',
      input.activityStatus === 'CONVERTED'
        ? PROSPECT_MESSAGES.emailRequiredConverted
        : PROSPECT_MESSAGES.emailRequired,
    );
  } else if (email.length > CLIENT_EMAIL_MAX) issue('email', PROSPECT_MESSAGES.emailMax);
  else if (!EMAIL_PATTERN.test(email)) issue('email', PROSPECT_MESSAGES.emailInvalid);
};

/** Cross-field rules run whenever the body is an object, beside the fields' own messages. */
const always = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** POST /api/prospects: the whole form, with at least one activity. */
export const prospectCreateBodySchema = z
  .object({
    ...prospectFieldsShape,
    activities: z
      .array(prospectActivityBodySchema, { error: PROSPECT_MESSAGES.activityRequired })
      .max(PROSPECT_ACTIVITIES_MAX)
      .default([]),
  })
  .superRefine((body, ctx) => {
    checkAcrossFields(body as unknown as Record<string, unknown>, ctx);
    if (Array.isArray(body.activities) && body.activities.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['activities'], message: PROSPECT_MESSAGES.activityRequired });
    }
  }, always);
export type ProspectCreateBody = z.infer<typeof prospectCreateBodySchema>;
export type ProspectFormValues = z.input<typeof prospectCreateBodySchema>;

/** PATCH /api/prospects/:id: info, services and contact (activities are added one by one). */
export const prospectUpdateBodySchema = z
  .object(prospectFieldsShape)
  .superRefine((body, ctx) => checkAcrossFields(body as unknown as Record<string, unknown>, ctx), always);
export type ProspectUpdateBody = z.infer<typeof prospectUpdateBodySchema>;

/** PUT /api/prospects/:id/lead-status: the board's drag (or its keyboard move). */
export const prospectLeadStatusBodySchema = z.object({
  leadStatus: z.enum(LEAD_STATUSES, { error: PROSPECT_MESSAGES.leadStatusRequired }),
});

// ---------------------------------------------------------------------------------------------------------
// Lists

export const PROSPECT_SORT_KEYS = [
  'name',
  'leadStatus',
  'activityStatus',
  'lastActivityDate',
  'combineInterests',
  'createdAt',
] as const;
export type ProspectSortKey = (typeof PROSPECT_SORT_KEYS)[number];

const commaList = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : v.split(',')).filter((x) => x !== '')))
    .pipe(z.array(z.enum(values, { error: message })));

const prospectFilterShape = {
  search: z.string().trim().max(100).optional(),
  leadStatus: commaList(LEAD_STATUSES, 'leadStatus is not a lead status.'),
  activityStatus: commaList(PROSPECT_ACTIVITY_STATUSES, 'activityStatus is not a status.'),
  businessDeveloperId: z.uuid('businessDeveloperId is not a user.').optional(),
  wealthAdvisorId: z.uuid('wealthAdvisorId is not a user.').optional(),
};

export const prospectsQuerySchema = z.object({
  ...prospectFilterShape,
  ...listQueryShape({ sortKeys: PROSPECT_SORT_KEYS, defaultSort: { sortBy: 'createdAt', order: 'DESC' } }),
});
export type ProspectsQuery = z.infer<typeof prospectsQuerySchema>;

export const prospectsExportQuerySchema = z
  .object({
    ...prospectFilterShape,
    ...listQueryShape({ sortKeys: PROSPECT_SORT_KEYS, defaultSort: { sortBy: 'createdAt', order: 'DESC' } }),
    format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx.' }),
  })
  .omit({ page: true, limit: true });
export type ProspectsExportQuery = z.infer<typeof prospectsExportQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers (no transforms: they are response schemas too)

const person = z.object({ id: z.string(), fullName: z.string() });

export const prospectActivitySchema = z.object({
  id: z.string(),
  activityType: z.enum(PROSPECT_ACTIVITY_TYPES),
  activityDate: z.string(),
  minutes: z.number(),
  createdAt: z.string(),
  createdBy: person.nullable(),
});
export type ProspectActivity = z.infer<typeof prospectActivitySchema>;

export const prospectRowSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  type: z.enum(PROSPECT_TYPES),
  leadStatus: z.enum(LEAD_STATUSES),
  activityStatus: z.enum(PROSPECT_ACTIVITY_STATUSES),
  wealthAdvisor: person.nullable(),
  businessDeveloper: person.nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  combineInterests: z.string(),
  lastActivityDate: z.string().nullable(),
  daysSinceLastActivity: z.number().nullable(),
  profileImageUrl: z.string().nullable(),
  /** The household a CONVERTED prospect became (or went into); null before, or once that household is gone. */
  convertedHouseholdId: z.string().nullable(),
  createdAt: z.string(),
});
export type ProspectRow = z.infer<typeof prospectRowSchema>;

const named = z.object({ id: z.number(), name: z.string() }).nullable();

export const prospectSchema = prospectRowSchema.extend({
  name: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  middleName: z.string().nullable(),
  nickName: z.string().nullable(),
  suffix: z.string().nullable(),
  gender: named,
  worksAt: z.string().nullable(),
  financialLifeManagement: z.string().nullable(),
  riskManagement: z.string().nullable(),
  assetManagement: z.string().nullable(),
  legacyPlanning: z.string().nullable(),
  privateFund: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: named,
  zip: z.string().nullable(),
  source: named,
  other: z.string().nullable(),
  convertedAt: z.string().nullable(),
  activities: z.array(prospectActivitySchema),
});
export type Prospect = z.infer<typeof prospectSchema>;

export const prospectStatisticsSchema = z.object({
  byLeadStatus: z.object({ HOT: z.number(), WARM: z.number(), COLD: z.number() }),
  total: z.number(),
  newThisMonth: z.number(),
  convertedThisQuarter: z.number(),
  /** The total of combineInterests over prospects not yet converted (a decimal string). */
  pipelineValue: z.string(),
});
export type ProspectStatistics = z.infer<typeof prospectStatisticsSchema>;

/** combineInterests: the total of the interest values given (decimal strings; '' or null count nothing). */
export const combineInterestsOf = (values: Partial<Record<ProspectInterest, string | null | undefined>>) =>
  formatCents(
    PROSPECT_INTERESTS.reduce((total, key) => {
      const value = values[key];
      const cents = value ? centsOf(value.replace(/,/g, '').trim()) : undefined;
      return total + (cents ?? 0n);
    }, 0n),
  );

/** The display name: a person's "First Last", else the business or trust name. */
export const prospectDisplayName = (p: {
  type: ProspectType;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
}) => (p.type === 'PERSON' ? [p.firstName, p.lastName].filter(Boolean).join(' ') : (p.name ?? ''));
