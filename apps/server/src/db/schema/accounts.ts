import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { households, members } from './clients.ts';
import { createdAt, updatedAt } from './columns.ts';
import { feeSchedules } from './fee-schedules.ts';
import { users } from './identity.ts';
import { masterDataItems } from './master-data.ts';

/**
 * Products, managed accounts, holdings, transactions and strategies (issue 13; spec §1, §3 Asset class,
 * Account, Strategy). Orion's depth: household → account (its registration) → holdings of products → transactions.
 * Money is numeric(20,2), prices numeric(20,6), quantities numeric(24,6): never a float.
 */

/**
 * An asset classification (spec §3 Asset class): a category within an asset class ("Equity" / "US Large Cap"),
 * the product type it is for, and whether products in it are ADV and 13F reportable by default.
 */
export const assetClasses = pgTable(
  'asset_classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assetClass: varchar('asset_class', { length: 60 }).notNull(),
    assetCategory: varchar('asset_category', { length: 60 }).notNull(),
    productType: varchar('product_type', { length: 20 }).notNull(),
    advReportable: boolean('adv_reportable').notNull().default(false),
    f13Reportable: boolean('f13_reportable').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('asset_classes_name_idx').on(sql`lower(${t.assetClass})`, sql`lower(${t.assetCategory})`),
  ],
);

/**
 * A security or other product (spec §1 products). A symbol or a CUSIP (or both) names it, each unique
 * whatever its case. A CASH product is worth 1.00 a unit on every date; other products are worth their
 * latest price on or before the date (product_prices).
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 120 }).notNull(),
    symbol: varchar('symbol', { length: 12 }),
    cusip: varchar('cusip', { length: 9 }),
    productType: varchar('product_type', { length: 20 }).notNull(),
    securityTypeId: integer('security_type_id').references(() => masterDataItems.id, {
      onDelete: 'restrict',
    }),
    assetClassId: uuid('asset_class_id').references(() => assetClasses.id, { onDelete: 'restrict' }),
    advReportable: boolean('adv_reportable').notNull().default(false),
    f13Reportable: boolean('f13_reportable').notNull().default(false),
    active: boolean('active').notNull().default(true),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(name || ' ' || coalesce(symbol, '') || ' ' || coalesce(cusip, ''))`,
    ),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_symbol_idx')
      .on(sql`upper(${t.symbol})`)
      .where(sql`${t.symbol} is not null`),
    uniqueIndex('products_cusip_idx')
      .on(sql`upper(${t.cusip})`)
      .where(sql`${t.cusip} is not null`),
    index('products_name_idx').on(t.name, t.id),
    index('products_asset_class_idx').on(t.assetClassId),
    check('products_named', sql`${t.symbol} is not null or ${t.cusip} is not null`),
    check(
      'products_type_values',
      sql`${t.productType} in ('EQUITY','ETF','MUTUAL_FUND','FIXED_INCOME','CASH','ALTERNATIVE','OTHER')`,
    ),
  ],
);

/** A product's price history: one close per date. */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceDate: date('price_date', { mode: 'string' }).notNull(),
    price: numeric('price', { precision: 20, scale: 6 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.priceDate] }),
    check('product_prices_positive', sql`${t.price} >= 0`),
  ],
);

/**
 * A managed account of a household (spec §3 Account): its registration, custodian and custodian number
 * (sealed like identity numbers: only the last four in clear, and a keyed hash so a positions file can find
 * it), objective, dates and status; its bookkeeping review; and the billing fields issue 14 gives screens to.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'restrict' }),
    registrationName: varchar('registration_name', { length: 120 }).notNull(),
    registrationTypeId: integer('registration_type_id').references(() => masterDataItems.id, {
      onDelete: 'restrict',
    }),
    custodian: varchar('custodian', { length: 60 }).notNull(),
    custodianNumberSealed: text('custodian_number_sealed').notNull(),
    custodianNumberLast4: varchar('custodian_number_last4', { length: 4 }).notNull(),
    /** HMAC of the normalized number under a key derived from the encryption key: the lookup, never the number. */
    custodianNumberHash: varchar('custodian_number_hash', { length: 64 }).notNull(),
    accountObjectiveId: integer('account_objective_id').references(() => masterDataItems.id, {
      onDelete: 'restrict',
    }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 8 }).notNull().default('OPEN'),
    closedOn: date('closed_on', { mode: 'string' }),
    // Bookkeeping review (spec §3 review statuses; transitions in docs/architecture.md).
    reviewStatus: varchar('review_status', { length: 16 }).notNull().default('NEEDS_REVIEW'),
    /** The data checks that failed at the last check, e.g. ['UNPRICED_HOLDINGS']. */
    reviewReasons: jsonb('review_reasons').$type<string[]>().notNull().default([]),
    reviewSnoozedUntil: date('review_snoozed_until', { mode: 'string' }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: date('reviewed_at', { mode: 'string' }),
    // Billing (issue 14 gives these their screens).
    feeScheduleId: uuid('fee_schedule_id').references(() => feeSchedules.id, { onDelete: 'restrict' }),
    payMethod: varchar('pay_method', { length: 12 }).notNull().default('UNASSIGNED'),
    billingFrequency: varchar('billing_frequency', { length: 10 }).notNull().default('QUARTERLY'),
    billingStartDate: date('billing_start_date', { mode: 'string' }),
    /** ARREARS (a period billed after it ends) or ADVANCE (ahead, on the prior period's end). */
    billingTiming: varchar('billing_timing', { length: 8 }).notNull().default('ARREARS'),
    feePayingAccountId: uuid('fee_paying_account_id').references((): AnyPgColumn => accounts.id, {
      onDelete: 'restrict',
    }),
    searchName: text('search_name').generatedAlwaysAs(sql`lower(registration_name)`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_custodian_number_idx').on(t.custodianNumberHash),
    index('accounts_household_idx').on(t.householdId, t.registrationName, t.id),
    index('accounts_review_idx')
      .on(t.reviewStatus, t.custodian, t.id)
      .where(sql`${t.reviewStatus} = 'NEEDS_REVIEW'`),
    index('accounts_fee_paying_idx').on(t.feePayingAccountId),
    check('accounts_status_values', sql`${t.status} in ('OPEN','CLOSED')`),
    check(
      'accounts_closed_on',
      sql`(${t.status} = 'CLOSED') = (${t.closedOn} is not null) and (${t.closedOn} is null or ${t.closedOn} >= ${t.startDate})`,
    ),
    check(
      'accounts_review_values',
      sql`${t.reviewStatus} in ('NEEDS_REVIEW','REVIEW_DONE','READY','ADVANCE_REVIEW')`,
    ),
    check('accounts_pay_method_values', sql`${t.payMethod} in ('UNASSIGNED','ACH','INDIRECT')`),
    check(
      'accounts_frequency_values',
      sql`${t.billingFrequency} in ('MONTHLY','QUARTERLY','SEMI_ANNUAL','ANNUAL')`,
    ),
    check('accounts_timing_values', sql`${t.billingTiming} in ('ARREARS','ADVANCE')`),
    // INDIRECT pays through another account (spec §4); no other method names one.
    check('accounts_fee_paying_method', sql`${t.feePayingAccountId} is null or ${t.payMethod} = 'INDIRECT'`),
  ],
);

/** Who owns an account: members of its household, each with a role. A member who owns one cannot be deleted. */
export const accountOwners = pgTable(
  'account_owners',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    role: varchar('role', { length: 12 }).notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.memberId] }),
    index('account_owners_member_idx').on(t.memberId),
    check(
      'account_owners_role_values',
      sql`${t.role} in ('OWNER','JOINT_OWNER','TRUSTEE','BENEFICIARY','POA_HOLDER')`,
    ),
  ],
);

/**
 * A holdings snapshot: what an account held on a date (from a positions file or entered). The value on a date
 * D is the latest snapshot on or before D at the latest prices on or before D.
 */
export const accountSnapshots = pgTable(
  'account_snapshots',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    source: varchar('source', { length: 10 }).notNull().default('MANUAL'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.asOf] }),
    check('account_snapshots_source_values', sql`${t.source} in ('MANUAL','IMPORT','DEMO')`),
  ],
);

/** One position of a snapshot: a quantity of a product (cash is a CASH product). */
export const holdings = pgTable(
  'holdings',
  {
    accountId: uuid('account_id').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: numeric('quantity', { precision: 24, scale: 6 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.asOf, t.productId] }),
    foreignKey({
      name: 'holdings_snapshot_fk',
      columns: [t.accountId, t.asOf],
      foreignColumns: [accountSnapshots.accountId, accountSnapshots.asOf],
    }).onDelete('cascade'),
    index('holdings_product_idx').on(t.productId),
    // The bill run's valuation reads the holdings of the latest snapshots' dates only (householdValuesOn).
    index('holdings_as_of_idx').on(t.asOf),
  ],
);

/**
 * Money and securities that moved (spec §1 transactions). The amount is positive; the type says its direction.
 * Deposits and withdrawals (and transfers in and out) are the cash flows billing prorates.
 */
export const accountTransactions = pgTable(
  'account_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 14 }).notNull(),
    tradeDate: date('trade_date', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'restrict' }),
    quantity: numeric('quantity', { precision: 24, scale: 6 }),
    description: varchar('description', { length: 200 }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_transactions_account_idx').on(t.accountId, t.tradeDate, t.id),
    // The firm's deposits and withdrawals of a period (/billing/cashflows) without reading every trade.
    index('account_transactions_flows_idx')
      .on(t.tradeDate)
      .where(sql`${t.type} in ('DEPOSIT','WITHDRAWAL')`),
    // An account's deposits and withdrawals of a period (a bill run's flows, a thousand accounts a step) from
    // the flows alone: by account_transactions_account_idx it read every trade of the accounts (10 times slower).
    index('account_transactions_account_flows_idx')
      .on(t.accountId, t.tradeDate, t.id)
      .where(sql`${t.type} in ('DEPOSIT','WITHDRAWAL')`),
    check(
      'account_transactions_type_values',
      sql`${t.type} in ('BUY','SELL','DEPOSIT','WITHDRAWAL','TRANSFER_IN','TRANSFER_OUT','FEE','DIVIDEND','INTEREST')`,
    ),
    check('account_transactions_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** A model (spec §3 Strategy): its type, how it shows, how it groups, and a risk number (1–99). */
export const strategies = pgTable(
  'strategies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 60 }).notNull(),
    strategyTypeId: integer('strategy_type_id')
      .notNull()
      .references(() => masterDataItems.id, { onDelete: 'restrict' }),
    description: varchar('description', { length: 300 }),
    viewableByClient: boolean('viewable_by_client').notNull().default(false),
    display: varchar('display', { length: 24 }).notNull().default('MODEL'),
    grouping: varchar('grouping', { length: 16 }).notNull().default('ASSET_CATEGORY'),
    riskNumber: smallint('risk_number').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('strategies_name_idx').on(sql`lower(${t.name})`),
    check('strategies_display_values', sql`${t.display} in ('MODEL','MODEL_AND_PERFORMANCE','HIDDEN')`),
    check('strategies_grouping_values', sql`${t.grouping} in ('ASSET_CATEGORY','CUSIP')`),
    check('strategies_risk_range', sql`${t.riskNumber} between 1 and 99`),
  ],
);

/**
 * A strategy's targets: by asset category (grouping ASSET_CATEGORY) or by product (CUSIP), a target weight
 * 1–100 and tolerances 0–25 in percentage points.
 */
export const strategyTargets = pgTable(
  'strategy_targets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    strategyId: uuid('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    assetClassId: uuid('asset_class_id').references(() => assetClasses.id, { onDelete: 'restrict' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'restrict' }),
    target: numeric('target', { precision: 5, scale: 2 }).notNull(),
    lowerTolerance: numeric('lower_tolerance', { precision: 4, scale: 2 }).notNull(),
    upperTolerance: numeric('upper_tolerance', { precision: 4, scale: 2 }).notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    index('strategy_targets_strategy_idx').on(t.strategyId),
    check('strategy_targets_one_key', sql`(${t.assetClassId} is null) <> (${t.productId} is null)`),
    check('strategy_targets_target_range', sql`${t.target} between 1 and 100`),
    check(
      'strategy_targets_tolerance_range',
      sql`${t.lowerTolerance} between 0 and 25 and ${t.upperTolerance} between 0 and 25`,
    ),
  ],
);

/**
 * A household's strategy assignment (spec §3 Strategy assignment): to all its accounts or to chosen ones, a
 * blend of strategies whose percents (0.01–100) sum to 100. An account follows at most one assignment.
 */
export const strategyAssignments = pgTable(
  'strategy_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    assignmentType: varchar('assignment_type', { length: 12 }).notNull().default('STRATEGY'),
    category: varchar('category', { length: 60 }),
    applyToAllAccounts: boolean('apply_to_all_accounts').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('strategy_assignments_household_idx').on(t.householdId),
    uniqueIndex('strategy_assignments_all_idx')
      .on(t.householdId)
      .where(sql`${t.applyToAllAccounts}`),
  ],
);

export const strategyAssignmentStrategies = pgTable(
  'strategy_assignment_strategies',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => strategyAssignments.id, { onDelete: 'cascade' }),
    strategyId: uuid('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'restrict' }),
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.strategyId] }),
    index('strategy_assignment_strategies_strategy_idx').on(t.strategyId),
    check('strategy_assignment_strategies_percent', sql`${t.percent} between 0.01 and 100`),
  ],
);

export const strategyAssignmentAccounts = pgTable(
  'strategy_assignment_accounts',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => strategyAssignments.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.accountId] }),
    uniqueIndex('strategy_assignment_accounts_account_idx').on(t.accountId),
  ],
);
