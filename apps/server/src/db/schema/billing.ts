import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { households, members } from './clients.ts';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './identity.ts';

/**
 * Billing setup (issue 14; spec §3 Payout block, Fee (account), ACH account, Household billing list): the
 * unit's billing information, payout blocks, ACH bank accounts and each unit's readiness. The account's own
 * fee setting lives on `accounts` (fee schedule, pay method, frequency, timing, start, fee-paying account).
 */

/**
 * A household's billing information (spec §2 Billing Information tab): its billing contact and the defaults
 * its new accounts take. One row per household that has set it; a household without one has the defaults.
 */
export const householdBilling = pgTable(
  'household_billing',
  {
    householdId: uuid('household_id')
      .primaryKey()
      .references(() => households.id, { onDelete: 'cascade' }),
    billingContactMemberId: uuid('billing_contact_member_id').references(() => members.id, {
      onDelete: 'set null',
    }),
    payMethod: varchar('pay_method', { length: 12 }).notNull().default('UNASSIGNED'),
    billingFrequency: varchar('billing_frequency', { length: 10 }).notNull().default('QUARTERLY'),
    billingTiming: varchar('billing_timing', { length: 8 }).notNull().default('ARREARS'),
    billingStartDate: date('billing_start_date', { mode: 'string' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('household_billing_pay_method_values', sql`${t.payMethod} in ('UNASSIGNED','ACH','INDIRECT')`),
    check(
      'household_billing_frequency_values',
      sql`${t.billingFrequency} in ('MONTHLY','QUARTERLY','SEMI_ANNUAL','ANNUAL')`,
    ),
    check('household_billing_timing_values', sql`${t.billingTiming} in ('ARREARS','ADVANCE')`),
  ],
);

/**
 * Who is paid from a fee (spec §3 Payout block): at the unit's level (`account_id` null) or an account's
 * (which overrides the unit's for that account; they never stack). A block counts while active: started by
 * the period's end and not yet paid out its number of payments (`payments_made`, counted when a live bill
 * that included it is locked). The firm is a payee with no user.
 */
export const payoutBlocks = pgTable(
  'payout_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 20 }).notNull(),
    payeeUserId: uuid('payee_user_id').references(() => users.id, { onDelete: 'restrict' }),
    payoutPercentage: numeric('payout_percentage', { precision: 5, scale: 2 }).notNull(),
    creditTo: numeric('credit_to', { precision: 5, scale: 2 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    paymentType: varchar('payment_type', { length: 20 }).notNull(),
    numberOfPayments: smallint('number_of_payments'),
    paymentsMade: smallint('payments_made').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payout_blocks_household_idx').on(t.householdId, t.accountId),
    index('payout_blocks_account_idx')
      .on(t.accountId)
      .where(sql`${t.accountId} is not null`),
    index('payout_blocks_payee_idx').on(t.payeeUserId),
    check(
      'payout_blocks_type_values',
      sql`${t.type} in ('WEALTH_ADVISOR_1','WEALTH_ADVISOR_2','WEALTH_ADVISOR_3','BUSINESS_DEVELOPER','SOLICITOR','OTHER','FIRM')`,
    ),
    check('payout_blocks_payee', sql`(${t.type} = 'FIRM') = (${t.payeeUserId} is null)`),
    check('payout_blocks_percentage_range', sql`${t.payoutPercentage} between 0 and 100`),
    check('payout_blocks_credit_range', sql`${t.creditTo} between 0 and 100`),
    check(
      'payout_blocks_payments',
      sql`(${t.paymentType} = 'Forever' and ${t.numberOfPayments} is null) or (${t.paymentType} = 'Number_Of_Payments' and ${t.numberOfPayments} between 1 and 60)`,
    ),
    check('payout_blocks_made_range', sql`${t.paymentsMade} >= 0`),
  ],
);

/**
 * A household's bank account for ACH collection (spec §3 ACH account, §5 ACH). The account and routing
 * numbers are sealed at rest (decision 0010) with their last four digits in clear for display.
 */
export const achAccounts = pgTable(
  'ach_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    accountType: varchar('account_type', { length: 8 }).notNull(),
    accountNumberSealed: text('account_number_sealed').notNull(),
    accountNumberLast4: varchar('account_number_last4', { length: 4 }).notNull(),
    routingNumberSealed: text('routing_number_sealed').notNull(),
    routingNumberLast4: varchar('routing_number_last4', { length: 4 }).notNull(),
    firstName: varchar('first_name', { length: 15 }).notNull(),
    lastName: varchar('last_name', { length: 15 }).notNull(),
    addressLine1: varchar('address_line1', { length: 50 }).notNull(),
    addressLine2: varchar('address_line2', { length: 50 }),
    city: varchar('city', { length: 30 }).notNull(),
    state: varchar('state', { length: 50 }).notNull(),
    country: varchar('country', { length: 50 }),
    email: varchar('email', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 10 }).notNull(),
    zip: varchar('zip', { length: 5 }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('ach_accounts_household_idx').on(t.householdId),
    check('ach_accounts_type_values', sql`${t.accountType} in ('CHECKING','SAVINGS')`),
  ],
);

/**
 * Each billing unit's readiness (issue 14 §1), judged by the one rule set (billing-readiness.ts) in the
 * transaction of every change to its setup or accounts, and again each day (a period starts, a block runs
 * out). The list, its figures and the sidebar badge read it.
 */
export const billingReadiness = pgTable(
  'billing_readiness',
  {
    householdId: uuid('household_id')
      .primaryKey()
      .references(() => households.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).notNull(),
    blocked: boolean('blocked').notNull(),
    missingFeeSchedule: boolean('missing_fee_schedule').notNull(),
    missingPayoutBlocks: boolean('missing_payout_blocks').notNull(),
    /** [{ code, kind, message, accountId }] in READINESS_REASONS order. */
    reasons: jsonb('reasons')
      .$type<{ code: string; kind: string; message: string; accountId: string | null }[]>()
      .notNull(),
    /** The reasons' codes, for the subType filter. */
    codes: text('codes').array().notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('billing_readiness_status_values', sql`${t.status} in ('READY','REQUIRES_ATTENTION')`),
    index('billing_readiness_status_idx').on(t.status),
  ],
);
