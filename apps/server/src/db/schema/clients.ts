import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { masterDataItems } from './master-data.ts';
import { createdAt, updatedAt } from './columns.ts';

const masterRef = (name: string) =>
  integer(name).references(() => masterDataItems.id, { onDelete: 'restrict' });

/**
 * A household (= client = billing unit). Its name is kept in step with the primary member
 * ("Last, First") unless someone renames it. Service flags are columns so the list can filter on them
 * with plain indexes; "no service" means none is set.
 */
export const households = pgTable(
  'households',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 120 }).notNull(),
    /** The billing unit's number (spec's unitId: the billing list sorts by it), given in order of creation. */
    unitNumber: integer('unit_number').notNull().generatedAlwaysAsIdentity(),
    status: varchar('status', { length: 12 }).notNull().default('ACTIVE'),
    reviewStatus: varchar('review_status', { length: 16 }),
    rating: smallint('rating').notNull().default(0),
    influencerTier: varchar('influencer_tier', { length: 10 }).notNull().default('NO_STATUS'),
    financialLifeManagement: boolean('financial_life_management').notNull().default(false),
    riskManagement: boolean('risk_management').notNull().default(false),
    assetManagement: boolean('asset_management').notNull().default(false),
    legacyPlanning: boolean('legacy_planning').notNull().default(false),
    privateFund: boolean('private_fund').notNull().default(false),
    nextFollowUp: date('next_follow_up', { mode: 'string' }),
    /**
     * Started by the member wizard and not finished yet (decision 13): listed only under Drafts, never in
     * the clients list, search, export or pickers. Existing households are not drafts.
     */
    draft: boolean('draft').notNull().default(false),
    /** Colour of the household's avatar tag (0–7). */
    tagIndex: smallint('tag_index').notNull().default(0),
    introducedByClientId: uuid('introduced_by_client_id').references((): AnyPgColumn => households.id, {
      onDelete: 'set null',
    }),
    introducedByProfessionalId: uuid('introduced_by_professional_id').references(
      (): AnyPgColumn => otherProfessionals.id,
      { onDelete: 'set null' },
    ),
    /** Lower-cased name for trigram search (index in migration 0004). */
    searchName: text('search_name').generatedAlwaysAs(sql`lower(name)`),
    /**
     * What the clients list searches, one line each: the household's name, its members' names with
     * nicknames, their emails and phones (lower case). Kept current by triggers in the transaction of every
     * write (migration 0007) and searched through one trigram index.
     */
    searchDocument: text('search_document').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('households_rating_range', sql`${t.rating} between 0 and 5`),
    check('households_status_values', sql`${t.status} in ('ACTIVE','INACTIVE','CONVERTED')`),
    check('households_tier_values', sql`${t.influencerTier} in ('GOLD','SILVER','BRONZE','NO_STATUS')`),
    index('households_follow_up_idx').on(t.nextFollowUp, t.name, t.id),
    index('households_name_idx').on(t.name, t.id),
    uniqueIndex('households_unit_number_idx').on(t.unitNumber),
    index('households_created_idx').on(t.createdAt, t.id),
    index('households_status_idx').on(t.status),
    index('households_introduced_by_idx').on(t.introducedByClientId),
    index('households_drafts_idx')
      .on(t.createdAt)
      .where(sql`${t.draft}`),
    // The list's count (the listed households, drafts left out, with the list's filters): an index-only scan
    // of this narrow index (6 MB at 100,000 households) instead of the whole heap (95 MB, the search document
    // included): 48 → about 20 ms unfiltered, 60 → 20 ms with filters (docs/performance.md).
    index('households_listed_idx')
      .on(
        t.id,
        t.rating,
        t.influencerTier,
        t.status,
        t.financialLifeManagement,
        t.riskManagement,
        t.assetManagement,
        t.legacyPlanning,
        t.privateFund,
      )
      .where(sql`not ${t.draft}`),
  ],
);

/** The advisor team: one user per role per household. */
export const householdAdvisors = pgTable(
  'household_advisors',
  {
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 24 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.householdId, t.role] }),
    index('household_advisors_user_idx').on(t.userId, t.role),
  ],
);

/**
 * A member of a household. Identity numbers (SSN/TIN) are sealed with the secret box
 * (`identity_number_sealed`), and only the last four characters are kept in clear for display.
 */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 10 }).notNull(),
    subType: varchar('sub_type', { length: 20 }),
    displaySequence: integer('display_sequence').notNull().default(0),
    /** How many wizard steps have been saved (0–5); the wizard's progress. */
    completedSteps: smallint('completed_steps').notNull().default(0),
    firstName: varchar('first_name', { length: 50 }).notNull(),
    middleName: varchar('middle_name', { length: 50 }),
    lastName: varchar('last_name', { length: 50 }).notNull(),
    nickName: varchar('nick_name', { length: 50 }),
    suffix: varchar('suffix', { length: 20 }),
    profileImagePath: text('profile_image_path'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    genderId: masterRef('gender_id'),
    marriageStatusId: masterRef('marriage_status_id'),
    sexualOrientationId: masterRef('sexual_orientation_id'),
    politicalPartyId: masterRef('political_party_id'),
    religionId: masterRef('religion_id'),
    parentReligionId: masterRef('parent_religion_id'),
    riskScore: smallint('risk_score'),
    annualIncome: numeric('annual_income', { precision: 20, scale: 2 }),
    linkedinUrl: varchar('linkedin_url', { length: 255 }),
    identityNumberSealed: text('identity_number_sealed'),
    identityNumberLast4: varchar('identity_number_last4', { length: 4 }),
    driverLicenseNum: varchar('driver_license_num', { length: 30 }),
    driverLicenseStateId: masterRef('driver_license_state_id'),
    employer: varchar('employer', { length: 30 }),
    jobTitle: varchar('job_title', { length: 30 }),
    industryId: masterRef('industry_id'),
    parentIndustryId: masterRef('parent_industry_id'),
    deceased: boolean('deceased').notNull().default(false),
    deceasedDate: date('deceased_date', { mode: 'string' }),
    /** Lower-cased "first middle last nick" for trigram search (index in migration 0004). */
    searchName: text('search_name').generatedAlwaysAs(
      sql`lower(first_name || ' ' || coalesce(middle_name || ' ', '') || last_name || coalesce(' ' || nick_name, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('members_type_values', sql`${t.type} in ('PERSON','PET','TRUST','BUSINESS')`),
    check('members_risk_score_range', sql`${t.riskScore} is null or ${t.riskScore} between 1 and 100`),
    uniqueIndex('members_one_primary_idx')
      .on(t.householdId)
      .where(sql`${t.subType} = 'PRIMARY'`),
    uniqueIndex('members_one_secondary_idx')
      .on(t.householdId)
      .where(sql`${t.subType} = 'SECONDARY'`),
    index('members_household_idx').on(t.householdId, t.displaySequence),
    // Birthdays by month-day (MMDD, special-days.repository.ts monthDayOf), with what their count filters on
    // and their page sorts on: the special days of a period are counted and paged from this index alone.
    index('members_birth_md_idx')
      .on(
        sql`((extract(month from ${t.dateOfBirth}) * 100 + extract(day from ${t.dateOfBirth}))::int)`,
        t.dateOfBirth,
        t.householdId,
        t.id,
        t.lastName,
        t.firstName,
      )
      .where(sql`${t.dateOfBirth} is not null and not ${t.deceased}`),
    index('members_last_name_idx').on(t.lastName),
  ],
);

export const memberInterests = pgTable(
  'member_interests',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    interestId: integer('interest_id')
      .notNull()
      .references(() => masterDataItems.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.interestId] }),
    index('member_interests_item_idx').on(t.interestId),
  ],
);

export const memberEmploymentStatuses = pgTable(
  'member_employment_statuses',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    statusId: integer('status_id')
      .notNull()
      .references(() => masterDataItems.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.statusId] }),
    index('member_employment_statuses_item_idx').on(t.statusId),
  ],
);

/**
 * Phones are stored as +1XXXXXXXXXX. A phone not linked to the primary's belongs to one member only
 * ('This phone number is already in use.').
 */
export const memberPhones = pgTable(
  'member_phones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    phone: varchar('phone', { length: 16 }).notNull(),
    type: varchar('type', { length: 10 }).notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    linkedToPrimary: boolean('linked_to_primary').notNull().default(false),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    index('member_phones_member_idx').on(t.memberId, t.position),
    uniqueIndex('member_phones_one_primary_idx')
      .on(t.memberId)
      .where(sql`${t.isPrimary}`),
    uniqueIndex('member_phones_in_use_idx')
      .on(t.phone)
      .where(sql`not ${t.linkedToPrimary}`),
    index('member_phones_phone_idx').on(t.phone),
  ],
);

export const memberEmails = pgTable(
  'member_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 255 }).notNull(),
    type: varchar('type', { length: 10 }).notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    linkedToPrimary: boolean('linked_to_primary').notNull().default(false),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    index('member_emails_member_idx').on(t.memberId, t.position),
    uniqueIndex('member_emails_one_primary_idx')
      .on(t.memberId)
      .where(sql`${t.isPrimary}`),
    index('member_emails_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const memberAddresses = pgTable(
  'member_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    addressLine1: varchar('address_line1', { length: 50 }).notNull().default(''),
    addressLine2: varchar('address_line2', { length: 50 }).notNull().default(''),
    addressLine3: varchar('address_line3', { length: 50 }).notNull().default(''),
    city: varchar('city', { length: 30 }).notNull().default(''),
    stateId: masterRef('state_id'),
    zip: varchar('zip', { length: 5 }).notNull().default(''),
    country: varchar('country', { length: 50 }).notNull().default(''),
    type: varchar('type', { length: 10 }),
    isPrimary: boolean('is_primary').notNull().default(false),
    linkedToPrimary: boolean('linked_to_primary').notNull().default(false),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    index('member_addresses_member_idx').on(t.memberId, t.position),
    uniqueIndex('member_addresses_one_primary_idx')
      .on(t.memberId)
      .where(sql`${t.isPrimary}`),
  ],
);

/** One special date per member and date type. */
export const specialDates = pgTable(
  'special_dates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    dateType: varchar('date_type', { length: 24 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    description: varchar('description', { length: 75 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('special_dates_member_type_idx').on(t.memberId, t.dateType),
    index('special_dates_household_idx').on(t.householdId),
  ],
);

/** Family/milestone entries (a grandchild born, a wedding …) attached to a member. */
export const milestones = pgTable(
  'milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    fullName: varchar('full_name', { length: 60 }).notNull(),
    description: varchar('description', { length: 300 }),
    dob: date('dob', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('milestones_household_idx').on(t.householdId)],
);

/** "member is {relation} of relative", both in the same household. */
export const memberRelationships = pgTable(
  'member_relationships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    relation: varchar('relation', { length: 50 }).notNull(),
    relativeId: uuid('relative_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('member_relationships_pair_idx').on(t.memberId, t.relativeId),
    index('member_relationships_household_idx').on(t.householdId),
    check('member_relationships_not_self', sql`${t.memberId} <> ${t.relativeId}`),
  ],
);

/** Attorneys, CPAs, bankers … that the firm works with, linked to households. */
export const otherProfessionals = pgTable(
  'other_professionals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: varchar('type', { length: 50 }).notNull(),
    fullName: varchar('full_name', { length: 75 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 16 }),
    address: varchar('address', { length: 50 }),
    city: varchar('city', { length: 50 }),
    stateId: masterRef('state_id'),
    zip: varchar('zip', { length: 5 }),
    email: varchar('email', { length: 255 }),
    note: varchar('note', { length: 150 }),
    searchName: text('search_name').generatedAlwaysAs(sql`lower(full_name)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('other_professionals_name_idx').on(t.fullName)],
);

export const householdProfessionals = pgTable(
  'household_professionals',
  {
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => otherProfessionals.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.householdId, t.professionalId] }),
    index('household_professionals_professional_idx').on(t.professionalId),
  ],
);
