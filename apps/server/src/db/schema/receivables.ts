import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
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
    index('receivables_product_idx').on(t.productId, t.startDate, t.id),
    index('receivables_provider_idx').on(t.providerId, t.startDate, t.id),
    index('receivables_start_idx').on(t.startDate, t.id),
    index('receivables_provider_policy_idx').on(t.providerId, t.policyNumber),
    // Statements quote the number in any case: lines are matched on it upper-cased (decision 0019).
    index('receivables_provider_policy_upper_idx').on(t.providerId, sql`upper(${t.policyNumber})`),
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
    /**
     * The receivable's product, provider and household, copied onto each payment by a trigger when it is
     * written (a receivable never changes them): the screen's pages walk a group's payments by date in one
     * index (issue 16 §5, decision 0021).
     */
    productId: integer('product_id'),
    providerId: integer('provider_id'),
    householdId: uuid('household_id'),
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
    // The received tab's payments by date (the advisors view walks them, filtering by household).
    index('receivable_payments_received_due_idx')
      .on(t.dueDate, t.receivableId, t.id)
      .where(sql`${t.state} = 'RECEIVED'`),
    index('receivable_payments_product_idx').on(t.productId, t.state, t.dueDate, t.receivableId, t.id),
    index('receivable_payments_provider_idx').on(t.providerId, t.state, t.dueDate, t.receivableId, t.id),
    index('receivable_payments_household_idx').on(t.householdId, t.state, t.dueDate, t.receivableId, t.id),
    check('receivable_payments_state_values', sql`${t.state} in ('EXPECTED','RECEIVED','WRITTEN_OFF')`),
    check(
      'receivable_payments_received',
      sql`(${t.state} = 'RECEIVED') = (${t.receivedDate} is not null and ${t.amountReceived} is not null)`,
    ),
    check('receivable_payments_amount_range', sql`${t.amount} >= 0`),
  ],
);

/**
 * The payments summed by day, kept by triggers on `receivable_payments` as they are written (migration 0029,
 * decision 0021): kind DUE by due date and state (the payments' count and scheduled amount), kind RECEIVED by
 * received date (the count and amount received). The screen's header and its tabs' counts add up days here
 * instead of reading millions of payments.
 */
export const receivablePaymentDays = pgTable(
  'receivable_payment_days',
  {
    kind: varchar('kind', { length: 8 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    state: varchar('state', { length: 12 }).notNull(),
    payments: integer('payments').notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.day, t.state] }),
    check('receivable_payment_days_kind_values', sql`${t.kind} in ('DUE','RECEIVED')`),
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

/**
 * How a provider's commission statements name their columns (issue 16 §2), saved at each import and offered
 * again at the next one: the policy or contract number, the payment date, the amount and (optional) the kind.
 */
export const carrierStatementMappings = pgTable('carrier_statement_mappings', {
  providerId: integer('provider_id')
    .primaryKey()
    .references(() => masterDataItems.id, { onDelete: 'cascade' }),
  policyColumn: varchar('policy_column', { length: 60 }).notNull(),
  dateColumn: varchar('date_column', { length: 60 }).notNull(),
  amountColumn: varchar('amount_column', { length: 60 }).notNull(),
  kindColumn: varchar('kind_column', { length: 60 }),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * A carrier statement imported for a provider (decision 0019): one per provider and file content (sha256), so
 * the same file imported again is the same statement.
 */
export const carrierStatements = pgTable(
  'carrier_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => masterDataItems.id, { onDelete: 'restrict' }),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    jobId: uuid('job_id'),
    dateFrom: date('date_from', { mode: 'string' }),
    dateTo: date('date_to', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('carrier_statements_file_idx').on(t.providerId, t.sha256)],
);

/**
 * A statement's reconciliation lines (decision 0019): each line of the file matched to an expected payment
 * (MATCHED, SHORT_PAID, OVERPAID), a CHARGEBACK, or UNKNOWN (not on the book); and each expected payment of
 * the statement's period that no line paid (UNPAID, no line of the file). A line is known by its key (a
 * hash of its policy, date, kind, amount and occurrence) per provider: a line imported again is not added.
 * `difference` is the amount in question (0 when MATCHED); a flag is open until accepted or written off
 * (a disputed one stays open).
 */
export const carrierStatementLines = pgTable(
  'carrier_statement_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => carrierStatements.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => masterDataItems.id, { onDelete: 'restrict' }),
    lineNo: integer('line_no'),
    lineKey: varchar('line_key', { length: 64 }),
    policyNumber: varchar('policy_number', { length: 60 }).notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 12 }),
    amount: numeric('amount', { precision: 14, scale: 2 }),
    expected: numeric('expected', { precision: 14, scale: 2 }),
    difference: numeric('difference', { precision: 14, scale: 2 }).notNull(),
    flag: varchar('flag', { length: 12 }).notNull(),
    receivableId: uuid('receivable_id').references(() => receivables.id, { onDelete: 'set null' }),
    paymentId: uuid('payment_id').references(() => receivablePayments.id, { onDelete: 'set null' }),
    resolution: varchar('resolution', { length: 12 }),
    note: varchar('note', { length: 300 }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('carrier_statement_lines_statement_idx').on(t.statementId, t.lineNo),
    uniqueIndex('carrier_statement_lines_key_idx')
      .on(t.providerId, t.lineKey)
      .where(sql`${t.lineKey} is not null`),
    // A payment is paid by one line at most, and flagged unpaid once.
    uniqueIndex('carrier_statement_lines_paid_idx')
      .on(t.paymentId)
      .where(sql`${t.flag} in ('MATCHED','SHORT_PAID','OVERPAID')`),
    uniqueIndex('carrier_statement_lines_unpaid_idx')
      .on(t.paymentId)
      .where(sql`${t.flag} = 'UNPAID'`),
    index('carrier_statement_lines_open_idx')
      .on(t.providerId, t.paymentDate)
      .where(sql`${t.flag} <> 'MATCHED' and (${t.resolution} is null or ${t.resolution} = 'DISPUTED')`),
    index('carrier_statement_lines_chargeback_idx')
      .on(t.paymentDate)
      .where(sql`${t.flag} = 'CHARGEBACK' and ${t.resolution} = 'ACCEPTED'`),
    check(
      'carrier_statement_lines_flag_values',
      sql`${t.flag} in ('MATCHED','SHORT_PAID','OVERPAID','UNPAID','UNKNOWN','CHARGEBACK')`,
    ),
    check(
      'carrier_statement_lines_kind_values',
      sql`${t.kind} is null or ${t.kind} in ('NEW_BUSINESS','RENEWAL','CHARGEBACK')`,
    ),
    check(
      'carrier_statement_lines_resolution_values',
      sql`${t.resolution} is null or ${t.resolution} in ('ACCEPTED','WRITTEN_OFF','DISPUTED')`,
    ),
    check('carrier_statement_lines_difference', sql`${t.difference} >= 0`),
  ],
);
