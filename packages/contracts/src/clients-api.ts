import { z } from 'zod';
import {
  ADDRESS_TYPES,
  ADVISOR_ROLES,
  CLIENT_STATUSES,
  EMAIL_TYPES,
  INFLUENCER_TIERS,
  isValidIsoDate,
  MEMBER_SUBTYPES,
  MEMBER_TYPES,
  MEMBER_WIZARD_STEPS,
  memberBasicStepSchema,
  PHONE_TYPES,
  REVIEW_STATUSES,
  SPECIAL_DATE_TYPES,
} from './clients.ts';
import { listQueryShape, pagingShape } from './list-query.ts';

/**
 * The clients API (spec §7 Client calls, API.md): request and response shapes shared by the server routes
 * and the web fetchers. Validation rules of the member itself live in clients.ts.
 */

export const CLIENT_API_MESSAGES = {
  householdCreated: 'Household created successfully.',
  householdUpdated: 'Household updated successfully.',
  householdNotFound: 'Household not found.',
  draftDeleted: 'Draft household deleted.',
  notADraft: 'This household is no longer a draft.',
  memberAdded: 'Member added successfully.',
  memberSaved: 'Member saved successfully.',
  memberDeleted: 'Member deleted successfully.',
  memberNotFound: 'Member not found.',
  primaryCannotBeDeleted: 'The primary member cannot be deleted.',
  primaryExists: 'This household already has a primary member.',
  secondaryExists: 'This household already has a secondary member.',
  primaryRequired: 'The first member of a household must be the primary member.',
  primarySubTypeLocked: 'The primary member must stay the primary member.',
  teamUpdated: 'Team updated successfully.',
  advisorNotAssignable: 'Select an active user for each advisor role.',
  specialDateAdded: 'Special date added successfully.',
  specialDateUpdated: 'Special date updated successfully.',
  specialDateDeleted: 'Special date deleted successfully.',
  milestoneAdded: 'Milestone added successfully.',
  milestoneUpdated: 'Milestone updated successfully.',
  milestoneDeleted: 'Milestone deleted successfully.',
  relationshipAdded: 'Relationship added successfully.',
  relationshipDeleted: 'Relationship deleted successfully.',
  relationshipDuplicate: 'This relationship is already added.',
  entryNotFound: 'Entry not found.',
  memberNotInHousehold: 'Select a member of this household.',
  introducedBySelf: 'A household cannot introduce itself.',
  phoneAvailable: 'This phone number is available.',
  identityNumberRevealed: 'Identity number shown.',
  noIdentityNumber: 'This member has no identity number.',
  exported: 'Households exported.',
  professionalAdded: 'Other professional added successfully.',
  professionalUpdated: 'Other professional updated successfully.',
  professionalDeleted: 'Other professional deleted successfully.',
  professionalNotFound: 'Other professional not found.',
  professionalsLinked: 'Other professionals updated successfully.',
  searchEmpty: 'Sorry, we could not find anything for the entered text.',
  searchTextRequired: 'Enter at least 1 character to search.',
  searchTextMax: 'Search text can be up to 100 characters.',
  profileImageUpdated: 'Profile image updated successfully.',
} as const;

const uuid = (message = 'Not found.') => z.string().uuid(message);

// ---------------------------------------------------------------------------------------------------------
// The household list (GET /api/clients)

export const CLIENT_VIEWS = ['Default', 'Mine'] as const;
export type ClientView = (typeof CLIENT_VIEWS)[number];
export const CLIENT_VIEW_LABELS: Readonly<Record<ClientView, string>> = {
  Default: 'All households',
  Mine: 'My households',
};

export const CLIENT_SORT_KEYS = [
  'nextFollowUp',
  'name',
  'rating',
  'status',
  'influencerTier',
  'createdAt',
] as const;
export type ClientSortKey = (typeof CLIENT_SORT_KEYS)[number];
export const CLIENT_SORT_LABELS: Readonly<Record<ClientSortKey, string>> = {
  nextFollowUp: 'Next follow-up',
  name: 'Household',
  rating: 'Rating',
  status: 'Status',
  influencerTier: 'Influencer tier',
  createdAt: 'Created',
};

/** The influencer filter values of the URL (spec §2 /clients) and the tier each stands for. */
export const INFLUENCER_FILTERS = ['gold', 'silver', 'bronze', 'noStatus'] as const;
export type InfluencerFilter = (typeof INFLUENCER_FILTERS)[number];
export const INFLUENCER_FILTER_TIERS: Readonly<Record<InfluencerFilter, (typeof INFLUENCER_TIERS)[number]>> =
  {
    gold: 'GOLD',
    silver: 'SILVER',
    bronze: 'BRONZE',
    noStatus: 'NO_STATUS',
  };

export const CLIENT_RATINGS = [0, 1, 2, 3, 4, 5] as const;

/** Defaults of /clients (spec §2): also what the server assumes when a parameter is absent. */
export const CLIENT_LIST_DEFAULTS = {
  view: 'Default' as ClientView,
  sortBy: ['nextFollowUp', 'name', 'createdAt'] as ClientSortKey[],
  order: ['ASC', 'ASC', 'DESC'] as ('ASC' | 'DESC')[],
  rating: [0, 1, 2, 3, 4, 5],
  services: [
    'financialLifeManagement',
    'riskManagement',
    'assetManagement',
    'legacyPlanning',
    'privateFund',
    'noService',
  ] as const,
  influencer: ['gold', 'silver', 'bronze', 'noStatus'] as InfluencerFilter[],
  page: 1,
  limit: 10,
};

export const CLIENT_LIST_MAX_LIMIT = 100;
export const CLIENT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/**
 * A comma-separated query parameter of allowed values; empty means "none selected". Repeated values are
 * dropped, except for a positional list (order: one direction per sort key, DESC,DESC is two keys).
 */
const csvParam = <T extends string>(values: readonly T[], label: string, positional = false) =>
  z
    .string()
    .max(500)
    .transform((value, ctx) => {
      const parts = value
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p.length > 0);
      for (const part of parts) {
        if (!(values as readonly string[]).includes(part)) {
          ctx.addIssue({ code: 'custom', message: `${label}: unknown value '${part.slice(0, 40)}'.` });
          return z.NEVER;
        }
      }
      return (positional ? parts : [...new Set(parts)]) as T[];
    });

const SERVICE_FILTER_VALUES = CLIENT_LIST_DEFAULTS.services;
export type ServiceFilter = (typeof SERVICE_FILTER_VALUES)[number];

export const clientListQuerySchema = z
  .object({
    view: z.enum(CLIENT_VIEWS).default('Default'),
    sortBy: csvParam(CLIENT_SORT_KEYS, 'sortBy').optional(),
    order: csvParam(['ASC', 'DESC'] as const, 'order', true).optional(),
    rating: csvParam(['0', '1', '2', '3', '4', '5'] as const, 'rating').optional(),
    services: csvParam(SERVICE_FILTER_VALUES, 'services').optional(),
    influencer: csvParam(INFLUENCER_FILTERS, 'influencer').optional(),
    status: csvParam(CLIENT_STATUSES, 'status').optional(),
    search: z.string().trim().max(100, CLIENT_API_MESSAGES.searchTextMax).optional(),
    // Several sort keys at once (sortBy=a,b&order=ASC,DESC), so only the paging is the common one.
    ...pagingShape({ maxLimit: CLIENT_LIST_MAX_LIMIT }),
    format: z.enum(CLIENT_EXPORT_FORMATS).optional(),
  })
  .transform((q, ctx) => {
    const sortBy = q.sortBy && q.sortBy.length > 0 ? q.sortBy : CLIENT_LIST_DEFAULTS.sortBy;
    if (sortBy.length > 3) {
      ctx.addIssue({ code: 'custom', message: 'sortBy takes at most 3 keys.', path: ['sortBy'] });
      return z.NEVER;
    }
    const given = q.order ?? [];
    const order = sortBy.map((_, i) => given[i] ?? CLIENT_LIST_DEFAULTS.order[i] ?? 'ASC');
    return {
      view: q.view,
      sortBy,
      order,
      rating: (q.rating ?? CLIENT_LIST_DEFAULTS.rating.map(String)).map(Number),
      services: q.services ?? [...CLIENT_LIST_DEFAULTS.services],
      influencer: q.influencer ?? [...CLIENT_LIST_DEFAULTS.influencer],
      status: q.status ?? [],
      search: q.search ?? '',
      page: q.page,
      limit: q.limit,
      format: q.format,
    };
  });
export type ClientListQuery = z.output<typeof clientListQuerySchema>;

const userRefSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type UserRef = z.infer<typeof userRefSchema>;

/** A member as the avatar group shows it. */
export const memberAvatarSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  type: z.enum(MEMBER_TYPES),
  subType: z.enum(MEMBER_SUBTYPES).nullable(),
  profileImageUrl: z.string().nullable(),
});
export type MemberAvatar = z.infer<typeof memberAvatarSchema>;

const serviceFlagsSchema = z.object({
  financialLifeManagement: z.boolean(),
  riskManagement: z.boolean(),
  assetManagement: z.boolean(),
  legacyPlanning: z.boolean(),
  privateFund: z.boolean(),
});
export type ServiceFlags = z.infer<typeof serviceFlagsSchema>;
export const SERVICE_FLAG_KEYS = [
  'financialLifeManagement',
  'riskManagement',
  'assetManagement',
  'legacyPlanning',
  'privateFund',
] as const;
export const SERVICE_LABELS: Readonly<Record<ServiceFilter, string>> = {
  financialLifeManagement: 'Financial Life Management',
  riskManagement: 'Risk Management',
  assetManagement: 'Asset Management',
  legacyPlanning: 'Legacy Planning',
  privateFund: 'Private Fund',
  noService: 'No Service',
};
export const INFLUENCER_TIER_LABELS: Readonly<Record<(typeof INFLUENCER_TIERS)[number], string>> = {
  GOLD: 'Gold',
  SILVER: 'Silver',
  BRONZE: 'Bronze',
  NO_STATUS: 'No status',
};

export const clientListItemSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  status: z.enum(CLIENT_STATUSES),
  reviewStatus: z.enum(REVIEW_STATUSES).nullable(),
  rating: z.number().int(),
  influencerTier: z.enum(INFLUENCER_TIERS),
  services: serviceFlagsSchema,
  nextFollowUp: z.string().nullable(),
  tagIndex: z.number().int(),
  primaryEmail: z.string().nullable(),
  primaryPhone: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  wealthAdvisor: userRefSchema.nullable(),
  members: z.array(memberAvatarSchema),
  createdAt: z.string(),
});
export type ClientListItem = z.infer<typeof clientListItemSchema>;

// ---------------------------------------------------------------------------------------------------------
// Households: create, update, team

export const clientIdParamsSchema = z.object({ clientId: uuid(CLIENT_API_MESSAGES.householdNotFound) });
export const memberParamsSchema = z.object({
  clientId: uuid(CLIENT_API_MESSAGES.householdNotFound),
  memberId: uuid(CLIENT_API_MESSAGES.memberNotFound),
});
export const entryParamsSchema = z.object({
  clientId: uuid(CLIENT_API_MESSAGES.householdNotFound),
  id: uuid(CLIENT_API_MESSAGES.entryNotFound),
});

/** POST /api/clients: a new household from its primary member's basic step (field paths as the step's). */
export const createClientBodySchema = memberBasicStepSchema;
export type CreateClientBody = z.input<typeof createClientBodySchema>;
/** The answer of POST /api/clients: the new household and its primary member. */
export const createClientResultSchema = z.object({ clientId: z.string(), memberId: z.string() });
export type CreateClientResult = z.infer<typeof createClientResultSchema>;

/**
 * A household whose member wizard was not finished (decision 13): listed only under Drafts, never in the
 * clients list, the global search, the export or a picker. Resuming opens the primary's wizard at the step
 * after `completedSteps`.
 */
export const clientDraftSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  /** The primary member, whose wizard finishes the draft. */
  memberId: z.string().nullable(),
  completedSteps: z.number().int(),
  createdAt: z.string(),
  /** Full name of the user who started it, when that user still exists. */
  createdBy: z.string().nullable(),
});
export type ClientDraft = z.infer<typeof clientDraftSchema>;

/** PATCH /api/clients/:clientId: the household's own fields; absent fields are left as they are. */
export const updateClientBodySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Required')
      .max(120, 'Household name can be up to 120 characters.')
      .optional(),
    status: z.enum(CLIENT_STATUSES).optional(),
    reviewStatus: z.enum(REVIEW_STATUSES).nullable().optional(),
    rating: z
      .number()
      .int()
      .min(0, 'Rating ranges from 0 to 5.')
      .max(5, 'Rating ranges from 0 to 5.')
      .optional(),
    influencerTier: z.enum(INFLUENCER_TIERS).optional(),
    services: serviceFlagsSchema.partial().optional(),
    nextFollowUp: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a valid Date')
      .refine(isValidIsoDate, 'Enter a valid Date')
      .nullable()
      .optional(),
    tagIndex: z.number().int().min(0).max(7).optional(),
    introducedByClientId: uuid(CLIENT_API_MESSAGES.householdNotFound).nullable().optional(),
    introducedByProfessionalId: uuid(CLIENT_API_MESSAGES.professionalNotFound).nullable().optional(),
  })
  .refine((v) => !(v.introducedByClientId && v.introducedByProfessionalId), {
    message: 'A household is introduced by a household or by a professional, not both.',
    path: ['introducedByProfessionalId'],
  });
export type UpdateClientBody = z.input<typeof updateClientBodySchema>;

/** PUT /api/clients/:clientId/team: one user (or nobody) per advisor role. */
export const updateClientTeamBodySchema = z.object(
  Object.fromEntries(ADVISOR_ROLES.map((role) => [role, z.string().uuid().nullable().optional()])) as Record<
    (typeof ADVISOR_ROLES)[number],
    z.ZodOptional<z.ZodNullable<z.ZodString>>
  >,
);
export type UpdateClientTeamBody = z.input<typeof updateClientTeamBodySchema>;

// ---------------------------------------------------------------------------------------------------------
// Members

/** PUT /api/clients/:clientId/members/:memberId/steps/:step: the step's schema (MEMBER_STEP_SCHEMAS). */
export const memberStepParamsSchema = z.object({
  clientId: uuid(CLIENT_API_MESSAGES.householdNotFound),
  memberId: uuid(CLIENT_API_MESSAGES.memberNotFound),
  step: z.enum(MEMBER_WIZARD_STEPS),
});

const masterRefSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const memberPhoneSchema = z.object({
  id: z.string(),
  phone: z.string(),
  type: z.enum(PHONE_TYPES),
  isPrimary: z.boolean(),
  linkedToPrimary: z.boolean(),
});
export const memberEmailSchema = z.object({
  id: z.string(),
  email: z.string(),
  type: z.enum(EMAIL_TYPES),
  isPrimary: z.boolean(),
  linkedToPrimary: z.boolean(),
});
export const memberAddressSchema = z.object({
  id: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  addressLine3: z.string(),
  city: z.string(),
  stateId: z.number().int().nullable(),
  state: z.object({ id: z.number().int(), name: z.string(), abbrevation: z.string().nullable() }).nullable(),
  zip: z.string(),
  country: z.string(),
  type: z.enum(ADDRESS_TYPES).nullable(),
  isPrimary: z.boolean(),
  linkedToPrimary: z.boolean(),
});

/** A member as the wizard and the highlights read it. The identity number is never sent in clear here. */
export const memberDetailSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  type: z.enum(MEMBER_TYPES),
  subType: z.enum(MEMBER_SUBTYPES).nullable(),
  displaySequence: z.number().int(),
  completedSteps: z.number().int(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  nickName: z.string().nullable(),
  suffix: z.string().nullable(),
  fullName: z.string(),
  profileImageUrl: z.string().nullable(),
  date: z.string().nullable(),
  ageLabel: z.string().nullable(),
  gender: z.number().int().nullable(),
  genderName: z.string().nullable(),
  marriageStatus: z.number().int().nullable(),
  marriageStatusName: z.string().nullable(),
  sexualOrientation: z.number().int().nullable(),
  politicalParty: z.number().int().nullable(),
  religion: z.number().int().nullable(),
  parentReligion: z.number().int().nullable(),
  interests: z.array(z.number().int()),
  riskScore: z.number().int().nullable(),
  annualIncome: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  /** '***-**-1234' (SSN) or '*******1234' (TIN); null when none is stored. */
  identityNumberMasked: z.string().nullable(),
  hasIdentityNumber: z.boolean(),
  driverLicenseNum: z.string().nullable(),
  driverLicenseState: z.number().int().nullable(),
  employer: z.string().nullable(),
  jobTitle: z.string().nullable(),
  employmentStatus: z.array(z.number().int()),
  industry: z.number().int().nullable(),
  industryName: z.string().nullable(),
  parentIndustry: z.number().int().nullable(),
  deceased: z.boolean(),
  deceasedDate: z.string().nullable(),
  phoneNumbers: z.array(memberPhoneSchema),
  emailAddresses: z.array(memberEmailSchema),
  addresses: z.array(memberAddressSchema),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;
// Keep the masterRef shape exported for screens that show names next to ids.
export const masterRefResultSchema = masterRefSchema;

/** GET /api/clients/phone-availability?phone=&memberId= (memberId: the member being edited, if any). */
export const phoneAvailabilityQuerySchema = z.object({
  phone: z.string().max(40),
  memberId: z.string().uuid().optional(),
});
export const phoneAvailabilitySchema = z.object({ available: z.boolean(), message: z.string() });

/** GET …/members/:memberId/identity-number (clients write; audited). */
export const identityNumberSchema = z.object({ identityNumber: z.string() });

// ---------------------------------------------------------------------------------------------------------
// Special dates, milestones, relationships (bodies: specialDateSchema, milestoneSchema, relationshipSchema)

export const specialDateItemSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  fullName: z.string(),
  dob: z.string().nullable(),
  dateType: z.enum(SPECIAL_DATE_TYPES),
  date: z.string(),
  description: z.string().nullable(),
});
export type SpecialDateItem = z.infer<typeof specialDateItemSchema>;

export const milestoneItemSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  fullName: z.string(),
  description: z.string().nullable(),
  dob: z.string(),
});
export type MilestoneItem = z.infer<typeof milestoneItemSchema>;

export const relationshipItemSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  relation: z.string(),
  relativeId: z.string(),
  relativeName: z.string(),
});
export type RelationshipItem = z.infer<typeof relationshipItemSchema>;

// ---------------------------------------------------------------------------------------------------------
// Other professionals

export const otherProfessionalItemSchema = z.object({
  id: z.string(),
  type: z.string(),
  fullName: z.string(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  stateId: z.number().int().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  email: z.string().nullable(),
  note: z.string().nullable(),
  households: z.array(z.object({ clientId: z.string(), name: z.string() })),
  createdAt: z.string(),
});
export type OtherProfessionalItem = z.infer<typeof otherProfessionalItemSchema>;

export const OTHER_PROFESSIONAL_SORT_KEYS = ['fullName', 'type', 'city', 'createdAt'] as const;
export const otherProfessionalListQuerySchema = z.object({
  search: z.string().trim().max(100, CLIENT_API_MESSAGES.searchTextMax).optional(),
  type: z.string().trim().max(50).optional(),
  clientId: z.string().uuid().optional(),
  ...listQueryShape({
    sortKeys: OTHER_PROFESSIONAL_SORT_KEYS,
    defaultSort: { sortBy: 'fullName', order: 'ASC' },
  }),
});
export const professionalIdParamsSchema = z.object({ id: uuid(CLIENT_API_MESSAGES.professionalNotFound) });
/** PUT /api/other-professionals/:id/households and PUT /api/clients/:clientId/other-professionals. */
export const linkHouseholdsBodySchema = z.object({ clientIds: z.array(z.string().uuid()).max(500) });
export const linkProfessionalsBodySchema = z.object({ professionalIds: z.array(z.string().uuid()).max(500) });
/** Suggestions for the contact type field (spec: the values are not shown; these are the usual ones). */
export const OTHER_PROFESSIONAL_TYPE_SUGGESTIONS = [
  'Attorney',
  'CPA',
  'Estate Planning Attorney',
  'Insurance Agent',
  'Banker',
  'Mortgage Broker',
  'Tax Preparer',
  'Trustee',
  'Physician',
  'Other',
] as const;

// ---------------------------------------------------------------------------------------------------------
// The household detail (GET /api/clients/:clientId): everything the highlights tab shows

export const clientDetailSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  status: z.enum(CLIENT_STATUSES),
  reviewStatus: z.enum(REVIEW_STATUSES).nullable(),
  rating: z.number().int(),
  influencerTier: z.enum(INFLUENCER_TIERS),
  services: serviceFlagsSchema,
  nextFollowUp: z.string().nullable(),
  tagIndex: z.number().int(),
  createdAt: z.string(),
  members: z.array(memberDetailSchema),
  team: z.array(z.object({ role: z.enum(ADVISOR_ROLES), title: z.string(), user: userRefSchema })),
  specialDates: z.array(specialDateItemSchema),
  milestones: z.array(milestoneItemSchema),
  relationships: z.array(relationshipItemSchema),
  introducedBy: z
    .object({
      kind: z.enum(['client', 'professional']),
      id: z.string(),
      name: z.string(),
    })
    .nullable(),
  introductions: z.array(
    z.object({ clientId: z.string(), name: z.string(), status: z.enum(CLIENT_STATUSES) }),
  ),
  otherProfessionals: z.array(otherProfessionalItemSchema.omit({ households: true })),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;

// ---------------------------------------------------------------------------------------------------------
// Global search (POST /api/globalSearch)

export const SEARCH_RESULT_TYPES = ['client', 'unit', 'account'] as const;
export const globalSearchBodySchema = z.object({
  searchText: z
    .string({ error: CLIENT_API_MESSAGES.searchTextRequired })
    .trim()
    .min(1, CLIENT_API_MESSAGES.searchTextRequired)
    .max(100, CLIENT_API_MESSAGES.searchTextMax),
});
export const searchResultSchema = z.object({
  resultType: z.enum(SEARCH_RESULT_TYPES),
  clientId: z.string().nullable(),
  accountId: z.string().nullable(),
  title: z.string(),
  /** What matched, for the second line of the result (an email, a phone, a nickname …). */
  subtitle: z.string().nullable(),
  memberId: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const GLOBAL_SEARCH_MAX_RESULTS = 20;
export const GLOBAL_SEARCH_DEBOUNCE_MS = 500;
export const PROFILE_IMAGE_REFRESH_MS = 15 * 60 * 1000;
