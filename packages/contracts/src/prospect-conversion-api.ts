import { z } from 'zod';
import { type MemberInput, masterDataIdSchema, memberSchema, optionalIsoDateSchema } from './clients.ts';
import { type ProspectType, PROSPECT_MESSAGES } from './prospects-api.ts';

/*
 * Converting a prospect into a household (issue 17 §2, decision 0022): into a new household (its primary member
 * made from the prospect's info and contact, with what a primary member needs and a prospect does not have),
 * or into an existing one (only its empty fields filled). What hangs on the prospect moves; nothing is copied.
 */

export const PROSPECT_CONVERSION_MESSAGES = {
  converted: 'Prospect converted into a household.',
  alreadyConverted: 'This prospect is already converted.',
  notConverted: 'This prospect is not converted yet.',
  householdRequired: 'Select a household.',
  noPrimaryMember: 'This household has no primary member to fill.',
  clientsWriteRequired: 'Converting a prospect needs permission to write clients.',
} as const;

export const CONVERSION_MODES = ['NEW', 'EXISTING'] as const;
export type ConversionMode = (typeof CONVERSION_MODES)[number];

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));

/**
 * What a primary member needs that a prospect does not have (spec §5 Person/member): the date (of birth, or
 * when a trust was formed or a business established), gender and marriage status of a person, employment
 * status of a person, an address when the prospect has none, and the member's first and last name of a
 * business or trust (a prospect has one name). Checked with the member's own schema once made.
 */
export const conversionMemberAnswersSchema = z.object({
  firstName: optionalText(50),
  lastName: optionalText(50),
  date: optionalIsoDateSchema,
  gender: masterDataIdSchema.nullish().transform((v) => v ?? null),
  marriageStatus: masterDataIdSchema.nullish().transform((v) => v ?? null),
  employmentStatus: z.array(masterDataIdSchema).max(20).default([]),
  addressLine1: optionalText(50),
  addressLine2: optionalText(50),
  city: optionalText(30),
  stateId: masterDataIdSchema.nullish().transform((v) => v ?? null),
  zip: optionalText(5),
});
export type ConversionMemberAnswers = z.output<typeof conversionMemberAnswersSchema>;
export type ConversionMemberFormValues = z.input<typeof conversionMemberAnswersSchema>;

export const prospectConversionBodySchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('NEW'), member: conversionMemberAnswersSchema }),
  z.object({
    mode: z.literal('EXISTING'),
    clientId: z.uuid(PROSPECT_CONVERSION_MESSAGES.householdRequired),
  }),
]);
export type ProspectConversionBody = z.output<typeof prospectConversionBodySchema>;

export const prospectConversionQuerySchema = z.object({
  clientId: z.uuid(PROSPECT_CONVERSION_MESSAGES.householdRequired).optional(),
});

/** What the prospect brings to a member (the fields of its info and contact a member also has). */
export type ProspectForMember = {
  type: ProspectType;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  middleName: string | null;
  nickName: string | null;
  suffix: string | null;
  genderId: number | null;
  worksAt: string | null;
  phone: string | null;
  email: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  stateId: number | null;
  zip: string | null;
};

/** A business or trust's one name as a member's first and last name: "Acme Holdings LLC" → "Acme Holdings", "LLC". */
export const splitOrganisationName = (name: string): { firstName: string; lastName: string | null } => {
  const trimmed = name.trim();
  const cut = trimmed.lastIndexOf(' ');
  return cut > 0
    ? { firstName: trimmed.slice(0, cut), lastName: trimmed.slice(cut + 1) }
    : { firstName: trimmed, lastName: null };
};

/** The answers' starting values: what the prospect already says (its gender, address, names). */
export const conversionAnswerDefaults = (p: ProspectForMember): ConversionMemberFormValues => {
  const names =
    p.type === 'PERSON'
      ? { firstName: p.firstName, lastName: p.lastName }
      : splitOrganisationName(p.name ?? '');
  return {
    firstName: names.firstName ?? '',
    lastName: names.lastName ?? '',
    date: '',
    gender: p.type === 'PERSON' ? p.genderId : null,
    marriageStatus: null,
    employmentStatus: [],
    addressLine1: p.addressLine1 ?? '',
    addressLine2: p.addressLine2 ?? '',
    city: p.city ?? '',
    stateId: p.stateId,
    zip: p.zip ?? '',
  };
};

/**
 * The new household's primary member: the prospect's info and contact with the answers, as the member wizard
 * would have saved it on all its steps. Its phone and email are the primary ones; its address the home one.
 */
export const memberFromProspect = (p: ProspectForMember, answers: ConversionMemberAnswers): MemberInput => {
  const person = p.type === 'PERSON';
  return {
    type: p.type,
    subType: 'PRIMARY',
    firstName: (person ? p.firstName : answers.firstName) ?? '',
    lastName: (person ? p.lastName : answers.lastName) ?? '',
    middleName: (person ? p.middleName : null) ?? undefined,
    nickName: p.nickName ?? undefined,
    suffix: (person ? p.suffix : null) ?? undefined,
    date: answers.date,
    gender: person ? (answers.gender ?? p.genderId) : null,
    marriageStatus: person ? answers.marriageStatus : null,
    deceased: false,
    deceasedDate: null,
    interests: [],
    phoneNumbers: p.phone ? [{ phone: p.phone, type: 'Mobile', isPrimary: true }] : [],
    emailAddresses: p.email ? [{ email: p.email, type: 'Personal', isPrimary: true }] : [],
    addresses: [
      {
        addressLine1: answers.addressLine1 ?? '',
        addressLine2: answers.addressLine2 ?? '',
        city: answers.city ?? '',
        stateId: answers.stateId,
        zip: answers.zip ?? '',
        type: 'Home',
        isPrimary: true,
      },
    ],
    employer: p.worksAt ?? undefined,
    employmentStatus: person ? answers.employmentStatus : [],
  };
};

/** Where a member's field is answered in the conversion's form (its path under `member`). */
export const answerPathOf = (memberPath: readonly PropertyKey[]): PropertyKey[] => {
  const [head, , field] = memberPath;
  if (head === 'addresses') return ['member', typeof field === 'string' ? field : 'addressLine1'];
  if (head === 'phoneNumbers') return ['phone'];
  if (head === 'emailAddresses') return ['email'];
  if (head === 'employer') return ['worksAt'];
  return ['member', ...memberPath];
};

/**
 * The member's rules (spec §5 Person/member) on the member the prospect and the answers make, reported at the
 * answers' fields; the email is required with §4's sentence ('Please add email Address').
 */
export const conversionIssues = (p: ProspectForMember, answers: ConversionMemberAnswers) => {
  const issues: { path: PropertyKey[]; message: string }[] = [];
  if (!p.email) issues.push({ path: ['email'], message: PROSPECT_MESSAGES.emailRequiredConverted });
  const parsed = memberSchema.safeParse(memberFromProspect(p, answers));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === 'emailAddresses' && !p.email) continue;
      issues.push({ path: answerPathOf(issue.path), message: issue.message });
    }
  }
  return { issues, member: parsed.success ? parsed.data : null };
};

// ---------------------------------------------------------------------------------------------------------
// Answers

export const CONVERSION_MOVE_KINDS = ['notes', 'activities', 'tasks', 'meetings', 'attachments'] as const;
export type ConversionMoveKind = (typeof CONVERSION_MOVE_KINDS)[number];
export const CONVERSION_MOVE_LABELS: Readonly<Record<ConversionMoveKind, string>> = {
  notes: 'Notes',
  activities: 'Activities',
  tasks: 'Tasks',
  meetings: 'Meetings',
  attachments: 'Attachments',
};

const movesSchema = z.object({
  notes: z.number(),
  activities: z.number(),
  tasks: z.number(),
  meetings: z.number(),
  attachments: z.number(),
});
export type ConversionMoves = z.infer<typeof movesSchema>;

const fieldChangeSchema = z.object({ field: z.string(), label: z.string(), value: z.string() });
export type ConversionFieldChange = z.infer<typeof fieldChangeSchema>;

export const prospectConversionPreviewSchema = z.object({
  prospectId: z.string(),
  displayName: z.string(),
  type: z.enum(['PERSON', 'BUSINESS', 'TRUST']),
  mode: z.enum(CONVERSION_MODES),
  /** Set once converted: the household it became (or went into). */
  convertedHouseholdId: z.string().nullable(),
  /** The existing household, when converting into one. */
  household: z.object({ clientId: z.string(), name: z.string() }).nullable(),
  moves: movesSchema,
  /** The fields the conversion fills (of the new household, or the empty ones of the existing household). */
  fills: z.array(fieldChangeSchema),
  /** The existing household's fields already filled, which stay as they are. */
  kept: z.array(fieldChangeSchema),
});
export type ProspectConversionPreview = z.infer<typeof prospectConversionPreviewSchema>;

export const prospectConversionResultSchema = z.object({
  clientId: z.string(),
  /** True when the prospect was already converted (a second click, another tab): nothing changed. */
  alreadyConverted: z.boolean(),
  moved: movesSchema,
});
export type ProspectConversionResult = z.infer<typeof prospectConversionResultSchema>;

/** An activity of a prospect that became (or went into) the household, on the household's page. */
export const householdProspectActivitySchema = z.object({
  id: z.string(),
  prospectId: z.string(),
  prospectName: z.string(),
  activityType: z.enum(['IN_PERSON_MEETING', 'PHONE_CALL', 'EMAIL', 'VIDEO_MEETING']),
  activityDate: z.string(),
  minutes: z.number(),
  createdBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
});
export type HouseholdProspectActivity = z.infer<typeof householdProspectActivitySchema>;
