import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts, products } from './accounts.ts';
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
    /** Every open account billed live for the period already (a live bill holds it): shown as billed. */
    billed: boolean('billed').notNull().default(false),
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

/**
 * A household's financial planning fees (spec §2 Financial Planning Fees tab, §3 "Household also has a
 * financial planning fee"): a flat fee charged once on its start date, or a periodic fee charged each period
 * of its frequency from its start until its end date. Paid by ACH, or deducted (INDIRECT) from an account.
 */
export const planningFees = pgTable(
  'planning_fees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    description: varchar('description', { length: 50 }).notNull(),
    feeType: varchar('fee_type', { length: 10 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    frequency: varchar('frequency', { length: 12 }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    payMethod: varchar('pay_method', { length: 12 }).notNull(),
    feePayingAccountId: uuid('fee_paying_account_id').references(() => accounts.id, {
      onDelete: 'restrict',
    }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('planning_fees_household_idx').on(t.householdId),
    check('planning_fees_type_values', sql`${t.feeType} in ('FLAT','PERIODIC')`),
    check(
      'planning_fees_frequency',
      sql`(${t.feeType} = 'FLAT' and ${t.frequency} is null) or (${t.feeType} = 'PERIODIC' and ${t.frequency} in ('MONTHLY','QUARTERLY','SEMI_ANNUAL','ANNUAL'))`,
    ),
    check('planning_fees_amount_range', sql`${t.amount} > 0`),
    check('planning_fees_pay_method_values', sql`${t.payMethod} in ('UNASSIGNED','ACH','INDIRECT')`),
    check(
      'planning_fees_paying_account',
      sql`(${t.payMethod} = 'INDIRECT') = (${t.feePayingAccountId} is not null)`,
    ),
    check('planning_fees_dates', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * Assets left out of the fee, of the payout, or both (issue 14 §5): a holding (a product in one account), a
 * product in every account of the household, or a percentage of one account's value, with a reason and the
 * dates it holds. Excluded from the payout only: the fee is charged, and the fee on those assets is the firm's.
 */
export const excludedAssets = pgTable(
  'excluded_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'restrict' }),
    percent: numeric('percent', { precision: 5, scale: 2 }),
    appliesTo: varchar('applies_to', { length: 8 }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('excluded_assets_household_idx').on(t.householdId),
    index('excluded_assets_account_idx').on(t.accountId),
    check('excluded_assets_kind_values', sql`${t.kind} in ('HOLDING','PRODUCT','PERCENT')`),
    check('excluded_assets_applies_values', sql`${t.appliesTo} in ('FEE','PAYOUT','BOTH')`),
    check(
      'excluded_assets_shape',
      sql`(${t.kind} = 'HOLDING' and ${t.accountId} is not null and ${t.productId} is not null and ${t.percent} is null)
        or (${t.kind} = 'PRODUCT' and ${t.accountId} is null and ${t.productId} is not null and ${t.percent} is null)
        or (${t.kind} = 'PERCENT' and ${t.accountId} is not null and ${t.productId} is null and ${t.percent} > 0 and ${t.percent} <= 100)`,
    ),
    check('excluded_assets_dates', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * Who pays an account's fee when it is split (spec §3 Account payee: accountPayee, payPercent 1–100): the
 * paying accounts and their percents, totalling 100. Without rows the account's fee-paying account pays all.
 */
export const accountPayees = pgTable(
  'account_payees',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    payeeAccountId: uuid('payee_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    payPercent: numeric('pay_percent', { precision: 5, scale: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.payeeAccountId] }),
    index('account_payees_payee_idx').on(t.payeeAccountId),
    check('account_payees_percent_range', sql`${t.payPercent} >= 1 and ${t.payPercent} <= 100`),
  ],
);

/**
 * A cash flow entered by hand (issue 14 §5 /billing/cashflows): a deposit (positive) or withdrawal (negative)
 * the custodian's transactions do not carry, with its reason. Billing reads it with the transactions' flows.
 */
export const manualCashFlows = pgTable(
  'manual_cash_flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    flowDate: date('flow_date', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('manual_cash_flows_account_idx').on(t.accountId, t.flowDate),
    index('manual_cash_flows_date_idx').on(t.flowDate),
    check('manual_cash_flows_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);
