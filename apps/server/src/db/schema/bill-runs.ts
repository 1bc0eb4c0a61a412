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
import { payoutBlocks } from './billing.ts';
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
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    live: boolean('live').notNull(),
    active: boolean('active').notNull().default(true),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    billableValue: numeric('billable_value', { precision: 20, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    payMethod: varchar('pay_method', { length: 12 }).notNull(),
    paidByAccountId: uuid('paid_by_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
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
