import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { households } from './clients.ts';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './identity.ts';
import { masterDataItems } from './master-data.ts';

/**
 * Receivables (issue 16 §1; spec §3 Receivable, Commission split): commission income from an insurance or
 * annuity product (master data receivable-products) paid by a provider (master data providers) for a
 * household, with its schedule of expected payments and its commission splits. `amount` is per payment; the
 * total is derived (decision 0018).
 */
export const receivables = pgTable(
  'receivables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    productType: varchar('product_type', { length: 60 }).notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => masterDataItems.id, { onDelete: 'restrict' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => masterDataItems.id, { onDelete: 'restrict' }),
    accountHolder: varchar('account_holder', { length: 30 }).notNull(),
    description: varchar('description', { length: 50 }),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    paymentFrequency: varchar('payment_frequency', { length: 12 }).notNull(),
    numberOfPayments: smallint('number_of_payments').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** The policy or contract number the carrier's statements quote (reconciliation matches on it). */
    policyNumber: varchar('policy_number', { length: 30 }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('receivables_household_idx').on(t.householdId),
    index('receivables_product_idx').on(t.productId),
    index('receivables_provider_policy_idx').on(t.providerId, t.policyNumber),
    check('receivables_amount_range', sql`${t.amount} between 1 and 50000000`),
    check(
      'receivables_frequency_values',
      sql`${t.paymentFrequency} in ('MONTHLY','QUARTERLY','SEMI_ANNUAL','ANNUAL','ONE_TIME','PAID_UP')`,
    ),
    check('receivables_payments_range', sql`${t.numberOfPayments} between 1 and 120`),
  ],
);

/** A receivable's commission split (spec §3 Commission split, §5 Commission). */
export const commissionSplits = pgTable(
  'commission_splits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receivableId: uuid('receivable_id')
      .notNull()
      .references(() => receivables.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    type: varchar('type', { length: 20 }).notNull(),
    payeeUserId: uuid('payee_user_id').references(() => users.id, { onDelete: 'restrict' }),
    appPercentage: numeric('app_percentage', { precision: 5, scale: 2 }).notNull(),
    commissionPercentage: numeric('commission_percentage', { precision: 5, scale: 2 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    numberOfPayments: smallint('number_of_payments').notNull(),
    creditTo: numeric('credit_to', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [
    index('commission_splits_receivable_idx').on(t.receivableId, t.position),
    index('commission_splits_payee_idx').on(t.payeeUserId),
    check('commission_splits_payee', sql`(${t.type} = 'FIRM') = (${t.payeeUserId} is null)`),
    check('commission_splits_app_range', sql`${t.appPercentage} between 0 and 100`),
    check('commission_splits_commission_range', sql`${t.commissionPercentage} between 0 and 300`),
    check('commission_splits_credit_range', sql`${t.creditTo} between 0 and 100`),
    check('commission_splits_payments_range', sql`${t.numberOfPayments} between 1 and 120`),
  ],
);

/**
 * A receivable's payments: the schedule's expected payments (`sequence` 1…) and, for a paid-up receivable,
 * payments recorded as received (no sequence). Past due is read, not stored: an EXPECTED payment after its
 * date. `past_due_alerted_at` says the daily sweep raised its alert (once per payment).
 */
export const receivablePayments = pgTable(
  'receivable_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receivableId: uuid('receivable_id')
      .notNull()
      .references(() => receivables.id, { onDelete: 'cascade' }),
    sequence: smallint('sequence'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    state: varchar('state', { length: 12 }).notNull().default('EXPECTED'),
    receivedDate: date('received_date', { mode: 'string' }),
    amountReceived: numeric('amount_received', { precision: 14, scale: 2 }),
    note: varchar('note', { length: 300 }),
    pastDueAlertedAt: timestamp('past_due_alerted_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('receivable_payments_receivable_idx').on(t.receivableId, t.dueDate),
    index('receivable_payments_expected_idx')
      .on(t.dueDate)
      .where(sql`${t.state} = 'EXPECTED'`),
    index('receivable_payments_received_idx')
      .on(t.receivedDate)
      .where(sql`${t.state} = 'RECEIVED'`),
    check('receivable_payments_state_values', sql`${t.state} in ('EXPECTED','RECEIVED','WRITTEN_OFF')`),
    check(
      'receivable_payments_received',
      sql`(${t.state} = 'RECEIVED') = (${t.receivedDate} is not null and ${t.amountReceived} is not null)`,
    ),
    check('receivable_payments_amount_range', sql`${t.amount} >= 0`),
  ],
);

/**
 * A payee's compensation of a period marked paid (issue 16 §3, the firm view): the amount paid, on which day,
 * by whom; one per payee, period and basis (marking again replaces it).
 */
export const compensationPayments = pgTable(
  'compensation_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payeeUserId: uuid('payee_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    basis: varchar('basis', { length: 10 }).notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('compensation_payments_period_idx').on(t.payeeUserId, t.periodFrom, t.periodTo, t.basis),
    check('compensation_payments_basis_values', sql`${t.basis} in ('billed','collected')`),
    check('compensation_payments_period', sql`${t.periodFrom} <= ${t.periodTo}`),
  ],
);
