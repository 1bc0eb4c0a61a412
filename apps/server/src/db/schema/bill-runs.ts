import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { payoutBlocks, planningFees } from './billing.ts';
import { households } from './clients.ts';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './identity.ts';
import { jobs } from './platform.ts';

/**
 * Bill runs (issue 15; docs/decisions/0016-bill-runs.md): a run (a billing instance) bills the units of its
 * scope for one period. Its work is one row per billing group (a household with every household linked to it
 * by a fee-paying account), done once: a group's bills are written in the same transaction that marks it done,
 * and a bill is unique per run and household, so a retry or a crash never doubles one.
 */
export const billRuns = pgTable(
  'bill_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().generatedAlwaysAsIdentity(),
    kind: varchar('kind', { length: 14 }).notNull(),
    scope: varchar('scope', { length: 14 }).notNull(),
    householdId: uuid('household_id').references(() => households.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'restrict' }),
    wealthAdvisorId: uuid('wealth_advisor_id').references(() => users.id, { onDelete: 'restrict' }),
    period: varchar('period', { length: 12 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    valuationDate: date('valuation_date', { mode: 'string' }).notNull(),
    proration: varchar('proration', { length: 12 }).notNull(),
    /** The settings the run bills with, as they were (threshold, proration, the day it read values on). */
    settings: jsonb('settings').notNull(),
    status: varchar('status', { length: 12 }).notNull().default('in_progress'),
    stage: varchar('stage', { length: 10 }),
    groupsTotal: integer('groups_total').notNull().default(0),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    lockedBy: uuid('locked_by').references(() => users.id, { onDelete: 'set null' }),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    exportedBy: uuid('exported_by').references(() => users.id, { onDelete: 'set null' }),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
  },
  (t) => [
    check('bill_runs_kind_values', sql`${t.kind} in ('FORECAST_BILL','LIVE_BILL')`),
    check(
      'bill_runs_scope_values',
      sql`(${t.scope} = 'ALL_UNITS') or (${t.scope} = 'SINGLE_UNIT' and ${t.householdId} is not null)
        or (${t.scope} = 'SINGLE_ACCOUNT' and ${t.accountId} is not null)
        or (${t.scope} = 'WEALTH_ADVISOR' and ${t.wealthAdvisorId} is not null)`,
    ),
    check('bill_runs_status_values', sql`${t.status} in ('in_progress','completed','Failed')`),
    check(
      'bill_runs_stage_values',
      sql`(${t.kind} = 'FORECAST_BILL' and ${t.stage} is null) or (${t.kind} = 'LIVE_BILL' and ${t.stage} in ('GENERATED','APPROVED','LOCKED','EXPORTED'))`,
    ),
    check('bill_runs_period', sql`${t.periodEnd} >= ${t.periodStart}`),
    check('bill_runs_proration_values', sql`${t.proration} in ('FREQUENCY','ACTUAL_DAYS')`),
    index('bill_runs_created_idx').on(t.createdAt),
  ],
);

/**
 * A run's units of work: each billing group once. PENDING until its bills are written (DONE), or FAILED with
 * the error (retried alone). `household_ids` are the group's units in the run's scope.
 */
export const billRunGroups = pgTable(
  'bill_run_groups',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => billRuns.id, { onDelete: 'cascade' }),
    groupKey: uuid('group_key').notNull(),
    householdIds: uuid('household_ids').array().notNull(),
    status: varchar('status', { length: 8 }).notNull().default('PENDING'),
    error: text('error'),
    attempts: smallint('attempts').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.groupKey] }),
    index('bill_run_groups_pending_idx')
      .on(t.runId, t.groupKey)
      .where(sql`${t.status} = 'PENDING'`),
    check('bill_run_groups_status_values', sql`${t.status} in ('PENDING','DONE','FAILED')`),
  ],
);

/** What a run did with each unit of its scope (billed, skipped with its reasons, already billed …). */
export const billRunUnits = pgTable(
  'bill_run_units',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => billRuns.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'restrict' }),
    groupKey: uuid('group_key').notNull(),
    outcome: varchar('outcome', { length: 16 }).notNull(),
    reasons: jsonb('reasons').$type<{ code: string; message: string }[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.householdId] }),
    index('bill_run_units_outcome_idx').on(t.runId, t.outcome),
    check(
      'bill_run_units_outcome_values',
      sql`${t.outcome} in ('BILLED','SKIPPED','ALREADY_BILLED','NOTHING_TO_BILL','FAILED')`,
    ),
  ],
);

/**
 * One household's bill of a run: its amount, its status in the run's stages, and what it was computed from
 * (`explanation`: the inputs as read and the engine's answer, so it can be printed and explained years later).
 */
export const bills = pgTable(
  'bills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    billNo: integer('bill_no').notNull().generatedAlwaysAsIdentity(),
    runId: uuid('run_id')
      .notNull()
      .references(() => billRuns.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'restrict' }),
    groupKey: uuid('group_key').notNull(),
    kind: varchar('kind', { length: 14 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    billableValue: numeric('billable_value', { precision: 20, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    collected: numeric('collected', { precision: 20, scale: 2 }).notNull().default('0'),
    explanation: jsonb('explanation').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bills_run_household_idx').on(t.runId, t.householdId),
    index('bills_household_idx').on(t.householdId, t.periodEnd),
    check('bills_kind_values', sql`${t.kind} in ('FORECAST_BILL','LIVE_BILL')`),
    check(
      'bills_status_values',
      sql`${t.status} in ('GENERATED','APPROVED','LOCKED','EXPORTED','VOIDED','PULLED')`,
    ),
  ],
);

/**
 * Each account a bill bills. A live line holds its account and period while it is active (not voided or pulled
 * out): at most one live bill per account and period (checked for overlapping periods when a run bills, and
 * enforced for the same period by the unique index).
 */
export const billAccounts = pgTable(
  'bill_accounts',
  {
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    // The account (and the one paying its fee) is kept by the trigger accounts_keep_billed (migration 0027),
    // not by foreign keys: a bill run writes a firm's lines, and a key's check and row lock on each account
    // was most of the time their writing took (decision 0017).
    accountId: uuid('account_id').notNull(),
    live: boolean('live').notNull(),
    active: boolean('active').notNull().default(true),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    billableValue: numeric('billable_value', { precision: 20, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    payMethod: varchar('pay_method', { length: 12 }).notNull(),
    paidByAccountId: uuid('paid_by_account_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.billId, t.accountId] }),
    uniqueIndex('bill_accounts_live_once_idx')
      .on(t.accountId, t.periodStart, t.periodEnd)
      .where(sql`${t.live} and ${t.active}`),
    index('bill_accounts_account_idx').on(t.accountId, t.periodEnd),
  ],
);

/** Who is paid from a bill: a payout block's part of an account's fee (the firm's rest is on the bill). */
export const billPayouts = pgTable(
  'bill_payouts',
  {
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'restrict' }),
    payoutBlockId: uuid('payout_block_id').references(() => payoutBlocks.id, { onDelete: 'set null' }),
    payeeUserId: uuid('payee_user_id').references(() => users.id, { onDelete: 'restrict' }),
    type: varchar('type', { length: 20 }).notNull(),
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    paymentNumber: smallint('payment_number'),
    numberOfPayments: smallint('number_of_payments'),
  },
  (t) => [
    primaryKey({ columns: [t.billId, t.seq] }),
    index('bill_payouts_payee_idx').on(t.payeeUserId),
    index('bill_payouts_block_idx').on(t.payoutBlockId),
  ],
);

/**
 * An adjustment entered on an account (issue 15 §1): a reason code and a signed amount (a credit is negative),
 * applied once by the account's next live bill; what a credit larger than the fee leaves is carried to the bill
 * after. What is left of it is its amount less what active live bills applied (`bill_lines`), so voiding a bill
 * gives back what it applied.
 */
export const billingAdjustments = pgTable(
  'billing_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    reasonCode: varchar('reason_code', { length: 24 }).notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    note: varchar('note', { length: 200 }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('billing_adjustments_account_idx').on(t.accountId),
    index('billing_adjustments_household_idx').on(t.householdId, t.createdAt),
    check('billing_adjustments_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);

/**
 * The lines a bill adds to its accounts' fees: adjustments as applied, the part-period of an advance account
 * opened in the previous period, the refund of an advance account's unused days, and financial planning fees.
 * A live line is active while its bill is (voiding or pulling a bill frees it); a part-period, a refund or a
 * planning fee is billed live once per period.
 */
export const billLines = pgTable(
  'bill_lines',
  {
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    kind: varchar('kind', { length: 12 }).notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'restrict' }),
    adjustmentId: uuid('adjustment_id').references(() => billingAdjustments.id, { onDelete: 'restrict' }),
    planningFeeId: uuid('planning_fee_id').references(() => planningFees.id, { onDelete: 'set null' }),
    live: boolean('live').notNull(),
    active: boolean('active').notNull().default(true),
    /** The period the line is for: the run's, or the previous period of a part-period or refund. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    carriedForward: numeric('carried_forward', { precision: 20, scale: 2 }),
    payMethod: varchar('pay_method', { length: 12 }).notNull(),
    paidByAccountId: uuid('paid_by_account_id').references(() => accounts.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.billId, t.seq] }),
    index('bill_lines_adjustment_idx').on(t.adjustmentId),
    uniqueIndex('bill_lines_period_once_idx')
      .on(t.kind, t.accountId, t.periodStart)
      .where(sql`${t.live} and ${t.active} and ${t.kind} in ('PART_PERIOD','REFUND')`),
    uniqueIndex('bill_lines_planning_once_idx')
      .on(t.planningFeeId, t.periodStart)
      .where(sql`${t.live} and ${t.active} and ${t.kind} = 'PLANNING'`),
    check('bill_lines_kind_values', sql`${t.kind} in ('ADJUSTMENT','PART_PERIOD','REFUND','PLANNING')`),
  ],
);

/**
 * A pre-export check a bill failed (issue 15 §2) that someone let through, with their reason: approval and
 * export block on a failing check until it is fixed or overridden.
 */
export const billCheckOverrides = pgTable(
  'bill_check_overrides',
  {
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 32 }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.billId, t.code] })],
);

/**
 * A file exported from a locked run (issue 15 §3): a custodian fee file batch or a NACHA file, kept as written
 * with its checksum and control totals; exporting the same kind again is confirmed and logged.
 */
export const billExports = pgTable(
  'bill_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => billRuns.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 12 }).notNull(),
    exporter: varchar('exporter', { length: 32 }).notNull(),
    custodian: varchar('custodian', { length: 100 }),
    batch: smallint('batch').notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    content: text('content').notNull(),
    rowCount: integer('row_count').notNull(),
    total: numeric('total', { precision: 20, scale: 2 }).notNull(),
    checksum: varchar('checksum', { length: 64 }).notNull(),
    /** The export (one click) the batch belongs to: the second export of a kind is a new one. */
    exportNo: smallint('export_no').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('bill_exports_run_idx').on(t.runId, t.kind, t.exportNo),
    check('bill_exports_kind_values', sql`${t.kind} in ('CUSTODIAN','NACHA')`),
  ],
);

/**
 * Money collected on a bill (issue 15 §3 Collections): from a custodian's or bank's confirmation file, or
 * entered by hand. The bill's `collected` is their sum; its balance is its amount less that.
 */
export const billCollections = pgTable(
  'bill_collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'restrict' }),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    collectedOn: date('collected_on', { mode: 'string' }).notNull(),
    source: varchar('source', { length: 12 }).notNull(),
    reference: varchar('reference', { length: 100 }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('bill_collections_bill_idx').on(t.billId),
    check('bill_collections_source_values', sql`${t.source} in ('CUSTODIAN','BANK','MANUAL')`),
    check('bill_collections_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);
