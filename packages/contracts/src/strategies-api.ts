import { z } from 'zod';
import { compareDecimal, decimalText } from './accounts-api.ts';
import { isValidIsoDate, type ReviewStatus } from './clients.ts';
import { serialIdSchema } from './ids.ts';
import { listQueryShape } from './list-query.ts';

/**
 * Strategies, their assignment to accounts, drift, and the bookkeeping review (issue 13 §3, §4; spec §3
 * Strategy, §4 review statuses and assignment, §5 strategy target 1–100, tolerances 0–25, transaction
 * percent 0.01–100, review snooze date required). Targets, tolerances and percents are decimal strings.
 */

export const STRATEGY_DISPLAYS = ['MODEL', 'MODEL_AND_PERFORMANCE', 'HIDDEN'] as const;
export type StrategyDisplay = (typeof STRATEGY_DISPLAYS)[number];
export const STRATEGY_DISPLAY_LABELS: Readonly<Record<StrategyDisplay, string>> = {
  MODEL: 'Model',
  MODEL_AND_PERFORMANCE: 'Model and performance',
  HIDDEN: 'Hidden',
};
export const STRATEGY_GROUPINGS = ['ASSET_CATEGORY', 'CUSIP'] as const;
export type StrategyGrouping = (typeof STRATEGY_GROUPINGS)[number];
export const STRATEGY_GROUPING_LABELS: Readonly<Record<StrategyGrouping, string>> = {
  ASSET_CATEGORY: 'Asset category',
  CUSIP: 'CUSIP',
};
export const ASSIGNMENT_TYPES = ['STRATEGY', 'MODEL_BLEND'] as const;
export type AssignmentType = (typeof ASSIGNMENT_TYPES)[number];
export const ASSIGNMENT_TYPE_LABELS: Readonly<Record<AssignmentType, string>> = {
  STRATEGY: 'Single strategy',
  MODEL_BLEND: 'Blend of strategies',
};

export type AccountReviewStatus = ReviewStatus;

/** The data checks that put an account into NEEDS_REVIEW (as Orion's portfolio audit does). */
export const REVIEW_REASONS = [
  'NO_HOLDINGS',
  'OPEN_ZERO_VALUE',
  'CLOSED_WITH_VALUE',
  'UNPRICED_HOLDINGS',
  'TRANSACTION_WITHOUT_PRODUCT',
] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];
export const REVIEW_REASON_LABELS: Readonly<Record<ReviewReason, string>> = {
  NO_HOLDINGS: 'No holdings recorded',
  OPEN_ZERO_VALUE: 'Open with a zero value',
  CLOSED_WITH_VALUE: 'Closed but still holds value',
  UNPRICED_HOLDINGS: 'Holdings not priced for the period',
  TRANSACTION_WITHOUT_PRODUCT: 'A transaction names no product',
};

/** The review's actions and the statuses each may start from (docs/architecture.md, Bookkeeping review). */
export const REVIEW_ACTIONS = ['REVIEW_DONE', 'SNOOZE', 'ESCALATE', 'READY'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
export const REVIEW_TRANSITIONS: Readonly<
  Record<ReviewAction, { from: readonly AccountReviewStatus[]; to: AccountReviewStatus }>
> = {
  REVIEW_DONE: { from: ['NEEDS_REVIEW', 'ADVANCE_REVIEW'], to: 'REVIEW_DONE' },
  SNOOZE: { from: ['NEEDS_REVIEW'], to: 'NEEDS_REVIEW' },
  ESCALATE: { from: ['NEEDS_REVIEW'], to: 'ADVANCE_REVIEW' },
  READY: { from: ['REVIEW_DONE'], to: 'READY' },
};
export const REVIEW_ACTION_LABELS: Readonly<Record<ReviewAction, string>> = {
  REVIEW_DONE: 'Mark review done',
  SNOOZE: 'Snooze',
  ESCALATE: 'Send to advance review',
  READY: 'Mark ready',
};

export const STRATEGY_NAME_MAX = 60;
export const STRATEGY_DESCRIPTION_MAX = 300;
export const STRATEGY_TARGETS_MAX = 60;
export const ASSIGNMENT_STRATEGIES_MAX = 10;
export const ASSIGNMENT_CATEGORY_MAX = 60;
/** Spec §9: the editor's restricted mode (a review's note). */
export const REVIEW_NOTE_MAX = 200;

export const STRATEGY_MESSAGES = {
  created: 'Strategy added successfully.',
  updated: 'Strategy updated successfully.',
  deleted: 'Strategy deleted successfully.',
  notFound: 'Strategy not found.',
  inUse: 'This strategy is assigned to accounts and cannot be deleted.',
  nameRequired: 'Strategy name is required.',
  nameOnlySpaces: 'Strategy name cannot be only spaces.',
  nameMax: `Strategy name can be at most ${STRATEGY_NAME_MAX} characters.`,
  nameTaken: 'A strategy with this name already exists.',
  strategyTypeRequired: 'Strategy type is required.',
  strategyTypeNotFound: 'Choose a strategy type from the list.',
  descriptionMax: `Description can be at most ${STRATEGY_DESCRIPTION_MAX} characters.`,
  displayInvalid: `Display must be one of ${STRATEGY_DISPLAYS.join(', ')}.`,
  groupingInvalid: `Grouping must be one of ${STRATEGY_GROUPINGS.join(', ')}.`,
  riskNumberRange: 'Risk number must be between 1 and 99.',
  targetsRequired: 'Add at least one target.',
  targetsMax: `A strategy can have at most ${STRATEGY_TARGETS_MAX} targets.`,
  targetRange: 'Target must be between 1 and 100.',
  toleranceRange: 'Tolerance must be between 0 and 25.',
  targetsTotal: 'Targets must add up to 100%.',
  assetClassRequired: 'Choose an asset category.',
  productRequired: 'Choose a product.',
  keyTwice: 'This target is already in the strategy.',
  keyNotFound: 'Choose one from the list.',
  // Assignment
  assigned: 'Strategy assigned successfully.',
  assignmentUpdated: 'Assignment updated successfully.',
  assignmentDeleted: 'Assignment removed successfully.',
  assignmentNotFound: 'Assignment not found.',
  assignmentTypeInvalid: `Assignment type must be one of ${ASSIGNMENT_TYPES.join(', ')}.`,
  categoryMax: `Category can be at most ${ASSIGNMENT_CATEGORY_MAX} characters.`,
  accountsRequired: 'Choose at least one account.',
  accountNotInHousehold: 'Choose an account of this household.',
  accountAssigned: 'This account already follows another assignment.',
  allAccountsTaken: 'This household already has an assignment for all its accounts.',
  strategiesRequired: 'Add at least one strategy.',
  strategiesMax: `Blend at most ${ASSIGNMENT_STRATEGIES_MAX} strategies.`,
  strategyTwice: 'This strategy is already in the list.',
  percentRange: 'Percent must be between 0.01 and 100.',
  percentTotal: 'Percents must add up to 100.',
  singleNeedsOne: 'A single strategy assignment has exactly one strategy at 100%.',
  // Review
  reviewDone: 'Review marked done.',
  reviewSnoozed: 'Review snoozed.',
  reviewEscalated: 'Sent to advance review.',
  reviewReady: 'Account marked ready.',
  strategized: (n: number) => `Strategy assigned to ${n} ${n === 1 ? 'account' : 'accounts'}.`,
  reviewNotAllowed: (label: string) => `This account's review is ${label}; this action does not apply.`,
  snoozeDateRequired: 'Snooze date is required.',
  snoozeDateInvalid: 'Please enter a valid date.',
  snoozeDateFuture: 'Snooze date must be after today.',
  noteMax: `Maximum of ${REVIEW_NOTE_MAX} characters are allowed`,
  accountsMax: 'Choose at most 500 accounts at once.',
} as const;

/** A decimal string from `min` to `max` with at most `scale` decimals, answered plain ("40.50" → "40.5"). */
export const boundedDecimal = (min: string, max: string, scale: number, message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const text = decimalText(String(value), scale);
    if (text === null || compareDecimal(text, min) < 0 || compareDecimal(text, max) > 0) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return text;
  });

/** The sum of decimal strings with at most two decimals, in hundredths. */
export const hundredthsOf = (values: readonly string[]) =>
  values.reduce((sum, value) => {
    const [whole = '0', fraction = ''] = value.split('.');
    return sum + BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
  }, 0n);

const uuid = (message: string) => z.string({ error: message }).uuid(message);

const targetSchema = z.object({
  assetClassId: uuid(STRATEGY_MESSAGES.keyNotFound).nullish(),
  productId: uuid(STRATEGY_MESSAGES.keyNotFound).nullish(),
  target: boundedDecimal('1', '100', 2, STRATEGY_MESSAGES.targetRange),
  lowerTolerance: boundedDecimal('0', '25', 2, STRATEGY_MESSAGES.toleranceRange),
  upperTolerance: boundedDecimal('0', '25', 2, STRATEGY_MESSAGES.toleranceRange),
});

export const strategyBodySchema = z
  .object({
    name: z
      .string({ error: STRATEGY_MESSAGES.nameRequired })
      .min(1, { message: STRATEGY_MESSAGES.nameRequired, abort: true })
      .refine((v) => v.trim().length > 0, { message: STRATEGY_MESSAGES.nameOnlySpaces, abort: true })
      .transform((v) => v.trim())
      .pipe(z.string().max(STRATEGY_NAME_MAX, STRATEGY_MESSAGES.nameMax)),
    strategyTypeId: serialIdSchema({ message: STRATEGY_MESSAGES.strategyTypeRequired }),
    description: z
      .string()
      .trim()
      .max(STRATEGY_DESCRIPTION_MAX, STRATEGY_MESSAGES.descriptionMax)
      .nullish()
      .transform((v) => (v ? v : null)),
    viewableByClient: z.boolean().default(false),
    display: z.enum(STRATEGY_DISPLAYS, { error: STRATEGY_MESSAGES.displayInvalid }).default('MODEL'),
    grouping: z
      .enum(STRATEGY_GROUPINGS, { error: STRATEGY_MESSAGES.groupingInvalid })
      .default('ASSET_CATEGORY'),
    riskNumber: z
      .number({ error: STRATEGY_MESSAGES.riskNumberRange })
      .int(STRATEGY_MESSAGES.riskNumberRange)
      .min(1, STRATEGY_MESSAGES.riskNumberRange)
      .max(99, STRATEGY_MESSAGES.riskNumberRange),
    targets: z
      .array(targetSchema, { error: STRATEGY_MESSAGES.targetsRequired })
      .min(1, STRATEGY_MESSAGES.targetsRequired)
      .max(STRATEGY_TARGETS_MAX, STRATEGY_MESSAGES.targetsMax),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.targets.forEach((target, index) => {
      const byCategory = body.grouping === 'ASSET_CATEGORY';
      const key = byCategory ? target.assetClassId : target.productId;
      if (!key) {
        ctx.addIssue({
          code: 'custom',
          path: ['targets', index, byCategory ? 'assetClassId' : 'productId'],
          message: byCategory ? STRATEGY_MESSAGES.assetClassRequired : STRATEGY_MESSAGES.productRequired,
        });
        return;
      }
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['targets', index, byCategory ? 'assetClassId' : 'productId'],
          message: STRATEGY_MESSAGES.keyTwice,
        });
      }
      seen.add(key);
    });
    if (hundredthsOf(body.targets.map((t) => t.target)) !== 10_000n) {
      ctx.addIssue({ code: 'custom', path: ['targets'], message: STRATEGY_MESSAGES.targetsTotal });
    }
  });
export type StrategyBody = z.infer<typeof strategyBodySchema>;
export type StrategyFormValues = z.input<typeof strategyBodySchema>;

export const strategyIdParamsSchema = z.object({ id: uuid(STRATEGY_MESSAGES.notFound) });

export const STRATEGY_SORT_KEYS = ['name', 'riskNumber', 'createdAt'] as const;
export const strategyListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  strategyTypeId: serialIdSchema({ message: STRATEGY_MESSAGES.strategyTypeNotFound }).optional(),
  ...listQueryShape({ sortKeys: STRATEGY_SORT_KEYS, defaultSort: { sortBy: 'name', order: 'ASC' } }),
});
export type StrategyListQuery = z.infer<typeof strategyListQuerySchema>;

/**
 * A household's assignment (spec §3: assignmentType, category, applyToAllAccounts, account; a transaction list
 * of strategies and percents 0.01–100 that sum to 100). Without applyToAllAccounts, accounts are required.
 */
export const assignmentBodySchema = z
  .object({
    assignmentType: z
      .enum(ASSIGNMENT_TYPES, { error: STRATEGY_MESSAGES.assignmentTypeInvalid })
      .default('STRATEGY'),
    category: z
      .string()
      .trim()
      .max(ASSIGNMENT_CATEGORY_MAX, STRATEGY_MESSAGES.categoryMax)
      .nullish()
      .transform((v) => (v ? v : null)),
    applyToAllAccounts: z.boolean().default(false),
    accounts: z
      .array(uuid(STRATEGY_MESSAGES.accountNotInHousehold))
      .max(500, STRATEGY_MESSAGES.accountsMax)
      .default([]),
    transactionList: z
      .array(
        z.object({
          strategyId: uuid(STRATEGY_MESSAGES.notFound),
          percent: boundedDecimal('0.01', '100', 2, STRATEGY_MESSAGES.percentRange),
        }),
        { error: STRATEGY_MESSAGES.strategiesRequired },
      )
      .min(1, STRATEGY_MESSAGES.strategiesRequired)
      .max(ASSIGNMENT_STRATEGIES_MAX, STRATEGY_MESSAGES.strategiesMax),
  })
  .superRefine((body, ctx) => {
    if (!body.applyToAllAccounts && body.accounts.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['accounts'], message: STRATEGY_MESSAGES.accountsRequired });
    }
    const seen = new Set<string>();
    body.transactionList.forEach((row, index) => {
      if (seen.has(row.strategyId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['transactionList', index, 'strategyId'],
          message: STRATEGY_MESSAGES.strategyTwice,
        });
      }
      seen.add(row.strategyId);
    });
    if (body.assignmentType === 'STRATEGY' && body.transactionList.length > 1) {
      ctx.addIssue({ code: 'custom', path: ['transactionList'], message: STRATEGY_MESSAGES.singleNeedsOne });
    } else if (hundredthsOf(body.transactionList.map((r) => r.percent)) !== 10_000n) {
      ctx.addIssue({ code: 'custom', path: ['transactionList'], message: STRATEGY_MESSAGES.percentTotal });
    }
  });
export type AssignmentBody = z.infer<typeof assignmentBodySchema>;
export type AssignmentFormValues = z.input<typeof assignmentBodySchema>;

export const assignmentParamsSchema = z.object({
  clientId: uuid('Household not found.'),
  assignmentId: uuid(STRATEGY_MESSAGES.assignmentNotFound),
});

const reviewNoteSchema = z
  .string()
  .trim()
  .max(REVIEW_NOTE_MAX, STRATEGY_MESSAGES.noteMax)
  .nullish()
  .transform((v) => (v ? v : null));

/** A review action on one or many accounts (the queue's bulk "mark done"); SNOOZE needs its date. */
export const reviewActionBodySchema = z
  .object({
    action: z.enum(REVIEW_ACTIONS, { error: `Action must be one of ${REVIEW_ACTIONS.join(', ')}.` }),
    accountIds: z
      .array(uuid('Account not found.'), { error: STRATEGY_MESSAGES.accountsRequired })
      .min(1, STRATEGY_MESSAGES.accountsRequired)
      .max(500, STRATEGY_MESSAGES.accountsMax),
    snoozeUntil: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : null)),
    note: reviewNoteSchema,
  })
  .superRefine((body, ctx) => {
    if (body.action !== 'SNOOZE') return;
    if (!body.snoozeUntil) {
      ctx.addIssue({ code: 'custom', path: ['snoozeUntil'], message: STRATEGY_MESSAGES.snoozeDateRequired });
    } else if (!isValidIsoDate(body.snoozeUntil)) {
      ctx.addIssue({ code: 'custom', path: ['snoozeUntil'], message: STRATEGY_MESSAGES.snoozeDateInvalid });
    }
  });
export type ReviewActionBody = z.infer<typeof reviewActionBodySchema>;

/**
 * Strategizing from the review queue (spec §7 bookkeeping-strategization): the chosen accounts follow one
 * strategy at 100%, each through its household's single-strategy assignment of chosen accounts.
 */
export const strategizeBodySchema = z.object({
  accountIds: z
    .array(uuid('Account not found.'), { error: STRATEGY_MESSAGES.accountsRequired })
    .min(1, STRATEGY_MESSAGES.accountsRequired)
    .max(500, STRATEGY_MESSAGES.accountsMax),
  strategyId: uuid(STRATEGY_MESSAGES.notFound),
});
export type StrategizeBody = z.infer<typeof strategizeBodySchema>;
export const strategizeResultSchema = z.object({ changed: z.number(), unchanged: z.number() });

export const REVIEW_QUEUE_SORT_KEYS = [
  'registrationName',
  'household',
  'custodian',
  'snoozedUntil',
  'reviewedAt',
] as const;
export type ReviewQueueSortKey = (typeof REVIEW_QUEUE_SORT_KEYS)[number];
/** The queue's views: the review statuses, and SNOOZED (needing review, hidden until their date). */
export const REVIEW_QUEUE_STATUSES = [
  'NEEDS_REVIEW',
  'SNOOZED',
  'ADVANCE_REVIEW',
  'REVIEW_DONE',
  'READY',
] as const;
export type ReviewQueueStatus = (typeof REVIEW_QUEUE_STATUSES)[number];

export const reviewQueueQuerySchema = z.object({
  status: z.enum(REVIEW_QUEUE_STATUSES).default('NEEDS_REVIEW'),
  advisorId: uuid('User not found.').optional(),
  custodian: z.string().trim().max(60).optional(),
  search: z.string().trim().max(100).optional(),
  ...listQueryShape({ sortKeys: REVIEW_QUEUE_SORT_KEYS, defaultSort: { sortBy: 'household', order: 'ASC' } }),
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers

const decimal = z.string();

export const strategyTargetSchema = z.object({
  id: z.string(),
  assetClassId: z.string().nullable(),
  productId: z.string().nullable(),
  /** 'Equity · US Large Cap' or 'VTI · Vanguard Total Stock Market ETF'. */
  label: z.string(),
  target: decimal,
  lowerTolerance: decimal,
  upperTolerance: decimal,
});

export const strategySchema = z.object({
  id: z.string(),
  name: z.string(),
  strategyType: z.object({ id: z.number(), name: z.string() }),
  description: z.string().nullable(),
  viewableByClient: z.boolean(),
  display: z.enum(STRATEGY_DISPLAYS),
  grouping: z.enum(STRATEGY_GROUPINGS),
  riskNumber: z.number(),
  targets: z.array(strategyTargetSchema),
  /** Accounts that follow it (through assignments). */
  accountCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Strategy = z.infer<typeof strategySchema>;

export const assignmentSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  assignmentType: z.enum(ASSIGNMENT_TYPES),
  category: z.string().nullable(),
  applyToAllAccounts: z.boolean(),
  accounts: z.array(z.object({ id: z.string(), registrationName: z.string() })),
  transactionList: z.array(z.object({ strategyId: z.string(), name: z.string(), percent: decimal })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const DRIFT_STATES = ['WITHIN', 'BELOW', 'ABOVE'] as const;
export type DriftState = (typeof DRIFT_STATES)[number];

export const driftRowSchema = z.object({
  label: z.string(),
  target: decimal,
  lower: decimal,
  upper: decimal,
  actual: decimal,
  state: z.enum(DRIFT_STATES),
});
export type DriftRow = z.infer<typeof driftRowSchema>;

export const accountDriftSchema = z.object({
  accountId: z.string(),
  registrationName: z.string(),
  assignmentId: z.string(),
  strategies: z.array(z.object({ id: z.string(), name: z.string(), percent: decimal })),
  marketValue: decimal,
  rows: z.array(driftRowSchema),
  outOfBand: z.number(),
});
export type AccountDrift = z.infer<typeof accountDriftSchema>;

export const reviewQueueItemSchema = z.object({
  accountId: z.string(),
  registrationName: z.string(),
  custodian: z.string(),
  custodianNumber: z.string(),
  clientId: z.string(),
  household: z.string(),
  wealthAdvisor: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  reviewStatus: z.enum(['NEEDS_REVIEW', 'REVIEW_DONE', 'READY', 'ADVANCE_REVIEW']),
  reviewReasons: z.array(z.string()),
  reviewSnoozedUntil: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  marketValue: decimal,
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

export const reviewActionResultSchema = z.object({ changed: z.number(), unchanged: z.number() });
