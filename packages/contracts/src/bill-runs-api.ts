import { z } from 'zod';
import { optionalDate, requiredDate } from './accounts-api.ts';
import { BILLING_FREQUENCIES, type BillingFrequency } from './billing-setup-api.ts';
import { billingPeriodOf, daysBetween } from './dates.ts';
import { listQueryShape, pagingShape } from './list-query.ts';

/**
 * Bill runs (issue 15; spec §1 live and forecast bills, §2 /billing/billingInstances, §3 Bill and Live bill,
 * §3 Enumerations, §4 bill process states, §7 Billing calls): a run (a billing instance) bills the units of its
 * scope for one period, as a durable job with one unit of work per billing group; a live run's bills are
 * approved, locked and exported together.
 */

export const BILL_KINDS = ['FORECAST_BILL', 'LIVE_BILL'] as const;
export type BillKind = (typeof BILL_KINDS)[number];
export const BILL_KIND_LABELS: Readonly<Record<BillKind, string>> = {
  FORECAST_BILL: 'Forecast bill',
  LIVE_BILL: 'Live bill',
};

export const BILL_SCOPES = ['ALL_UNITS', 'SINGLE_UNIT', 'SINGLE_ACCOUNT', 'WEALTH_ADVISOR'] as const;
export type BillScope = (typeof BILL_SCOPES)[number];
export const BILL_SCOPE_LABELS: Readonly<Record<BillScope, string>> = {
  ALL_UNITS: 'All units',
  SINGLE_UNIT: 'Single unit',
  SINGLE_ACCOUNT: 'Single account',
  WEALTH_ADVISOR: 'Wealth Advisor 1',
};

/** The run's period: a calendar period of a billing frequency, or CUSTOM (always prorated by actual days). */
export const BILL_RUN_PERIODS = [...BILLING_FREQUENCIES, 'CUSTOM'] as const;
export type BillRunPeriod = (typeof BILL_RUN_PERIODS)[number];
export const BILL_RUN_PERIOD_LABELS: Readonly<Record<BillRunPeriod, string>> = {
  MONTHLY: 'Month',
  QUARTERLY: 'Quarter',
  SEMI_ANNUAL: 'Half year',
  ANNUAL: 'Year',
  CUSTOM: 'Custom',
};

/** The process (spec §4, spelled as the spec spells them). */
export const BILL_RUN_STATUSES = ['in_progress', 'completed', 'Failed'] as const;
export type BillRunStatus = (typeof BILL_RUN_STATUSES)[number];
export const BILL_RUN_STATUS_LABELS: Readonly<Record<BillRunStatus, string>> = {
  in_progress: 'In progress',
  completed: 'Completed',
  Failed: 'Failed',
};

/** A live run's bills, together: generated → approved → locked → exported. */
export const BILL_RUN_STAGES = ['GENERATED', 'APPROVED', 'LOCKED', 'EXPORTED'] as const;
export type BillRunStage = (typeof BILL_RUN_STAGES)[number];
export const BILL_RUN_STAGE_LABELS: Readonly<Record<BillRunStage, string>> = {
  GENERATED: 'Generated',
  APPROVED: 'Approved',
  LOCKED: 'Locked',
  EXPORTED: 'Exported',
};

/** One bill: its run's stage, or taken out of it (voided, or pulled out to be billed later). */
export const BILL_STATUSES = [...BILL_RUN_STAGES, 'VOIDED', 'PULLED'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
export const BILL_STATUS_LABELS: Readonly<Record<BillStatus, string>> = {
  ...BILL_RUN_STAGE_LABELS,
  VOIDED: 'Voided',
  PULLED: 'Pulled out',
};

/** What a run did with each unit of its scope. */
export const BILL_UNIT_OUTCOMES = [
  'BILLED',
  'SKIPPED',
  'ALREADY_BILLED',
  'NOTHING_TO_BILL',
  'FAILED',
] as const;
export type BillUnitOutcome = (typeof BILL_UNIT_OUTCOMES)[number];
export const BILL_UNIT_OUTCOME_LABELS: Readonly<Record<BillUnitOutcome, string>> = {
  BILLED: 'Billed',
  SKIPPED: 'Skipped',
  ALREADY_BILLED: 'Already billed',
  NOTHING_TO_BILL: 'Nothing to bill',
  FAILED: 'Failed',
};

export const BILL_RUN_MESSAGES = {
  created: 'Bill run started.',
  retried: 'The failed households are billed again.',
  approved: 'Bill run approved.',
  locked: 'Bill run locked.',
  unlocked: 'Bill run unlocked.',
  voided: 'Bill voided.',
  pulled: 'Household pulled out of the run.',
  regenerated: 'The household is billed again.',
  notFound: 'Bill run not found.',
  billNotFound: 'Bill not found.',
  kindRequired: 'Please select the kind of bill.',
  scopeRequired: 'Please select what to bill.',
  unitRequired: 'Please select a unit.',
  accountRequired: 'Please select an account.',
  advisorRequired: 'Please select a Wealth Advisor 1.',
  unitNotFound: 'Unit not found.',
  accountNotFound: 'Account not found.',
  advisorNotFound: 'Wealth Advisor 1 not found.',
  periodRequired: 'Please select the period.',
  periodStartRequired: 'Period start is required.',
  periodEndRequired: 'Period end is required for a custom period.',
  periodEndBeforeStart: 'Period end must be on or after the period start.',
  periodTooLong: 'A custom period can be at most one year.',
  valuationBeforeStart: 'The valuation date must be on or after the period start.',
  nothingInScope: 'There is nothing to bill in this scope: no unit with an account.',
  stillRunning: 'The run is still in progress: wait for it to finish.',
  notLive: 'Only a live bill is approved, locked and exported.',
  failedGroups: 'Some households failed: retry them or pull them out before approving.',
  notGenerated: 'Only a generated run can be approved.',
  notApproved: 'Approve the run before locking it.',
  notLocked: 'Only a locked run can be unlocked.',
  onlyAdministratorUnlocks: 'Only an administrator can unlock a bill run.',
  reasonRequired: 'A reason is required.',
  reasonMax: 'The reason can be at most 200 characters.',
  billLocked: 'This bill is locked: nothing changes it now. A correction is an adjustment in a later run.',
  exported: 'This bill was exported: a correction is an adjustment in a later run.',
  noFailures: 'No household of this run failed.',
  alreadyOut: 'This bill was already taken out of its run.',
} as const;

const uuidOf = (message: string) => z.string({ error: message }).uuid(message);
const nullableId = (message: string) =>
  uuidOf(message)
    .nullish()
    .transform((v) => v ?? null);

/** The days of a custom period at most: one year (366 days in a leap year). */
export const CUSTOM_PERIOD_MAX_DAYS = 366;

/** The run's period: a calendar period holding `periodStart`, or the custom dates as given. */
export const billRunPeriodOf = (body: {
  period: BillRunPeriod;
  periodStart: string;
  periodEnd?: string | null;
}): { start: string; end: string } => {
  if (body.period === 'CUSTOM') return { start: body.periodStart, end: body.periodEnd ?? body.periodStart };
  const range = billingPeriodOf(body.periodStart, body.period as BillingFrequency);
  return { start: range.from, end: range.to };
};

/** POST /api/bill-runs (spec §7 "bill generate"). */
export const billRunBodySchema = z
  .object({
    kind: z.enum(BILL_KINDS, { error: BILL_RUN_MESSAGES.kindRequired }),
    scope: z.enum(BILL_SCOPES, { error: BILL_RUN_MESSAGES.scopeRequired }),
    clientId: nullableId(BILL_RUN_MESSAGES.unitNotFound),
    accountId: nullableId(BILL_RUN_MESSAGES.accountNotFound),
    wealthAdvisorId: nullableId(BILL_RUN_MESSAGES.advisorNotFound),
    period: z.enum(BILL_RUN_PERIODS, { error: BILL_RUN_MESSAGES.periodRequired }),
    /** Any day of a calendar period (the period holding it is billed), or a custom period's first day. */
    periodStart: requiredDate(BILL_RUN_MESSAGES.periodStartRequired),
    periodEnd: optionalDate,
    /** ARREARS accounts are valued on it (default: the period's end); ADVANCE ones on the prior period's end. */
    valuationDate: optionalDate,
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (body.scope === 'SINGLE_UNIT' && !body.clientId) issue('clientId', BILL_RUN_MESSAGES.unitRequired);
    if (body.scope === 'SINGLE_ACCOUNT' && !body.accountId) {
      issue('accountId', BILL_RUN_MESSAGES.accountRequired);
    }
    if (body.scope === 'WEALTH_ADVISOR' && !body.wealthAdvisorId) {
      issue('wealthAdvisorId', BILL_RUN_MESSAGES.advisorRequired);
    }
    if (body.period === 'CUSTOM') {
      if (!body.periodEnd) issue('periodEnd', BILL_RUN_MESSAGES.periodEndRequired);
      else if (body.periodEnd < body.periodStart) issue('periodEnd', BILL_RUN_MESSAGES.periodEndBeforeStart);
      else if (daysBetween(body.periodStart, body.periodEnd) + 1 > CUSTOM_PERIOD_MAX_DAYS) {
        issue('periodEnd', BILL_RUN_MESSAGES.periodTooLong);
      }
    }
    if (body.valuationDate && body.period !== 'CUSTOM') {
      const { start } = billRunPeriodOf(body);
      if (body.valuationDate < start) issue('valuationDate', BILL_RUN_MESSAGES.valuationBeforeStart);
    } else if (body.valuationDate && body.valuationDate < body.periodStart) {
      issue('valuationDate', BILL_RUN_MESSAGES.valuationBeforeStart);
    }
  });
export type BillRunBody = z.infer<typeof billRunBodySchema>;
export type BillRunFormValues = z.input<typeof billRunBodySchema>;

const personSchema = z.object({ id: z.string(), fullName: z.string() }).nullable();

export const billRunSchema = z.object({
  id: z.string(),
  /** The instance's number, in order of creation ("Run 12"). */
  number: z.number().int(),
  kind: z.enum(BILL_KINDS),
  scope: z.enum(BILL_SCOPES),
  /** What the scope names: the unit's, account's or advisor's name; null for all units. */
  scopeName: z.string().nullable(),
  clientId: z.string().nullable(),
  accountId: z.string().nullable(),
  wealthAdvisorId: z.string().nullable(),
  period: z.enum(BILL_RUN_PERIODS),
  periodStart: z.string(),
  periodEnd: z.string(),
  valuationDate: z.string(),
  proration: z.enum(['FREQUENCY', 'ACTUAL_DAYS']),
  status: z.enum(BILL_RUN_STATUSES),
  /** A live run's bills together; null for a forecast. */
  stage: z.enum(BILL_RUN_STAGES).nullable(),
  progress: z.object({
    /** Billing groups (a household with the households linked to it by fee-paying accounts). */
    done: z.number().int(),
    total: z.number().int(),
    failed: z.number().int(),
  }),
  units: z.object({
    billed: z.number().int(),
    skipped: z.number().int(),
    alreadyBilled: z.number().int(),
    failed: z.number().int(),
  }),
  bills: z.number().int(),
  /** The bills' total (voided and pulled ones left out). */
  total: z.string(),
  createdBy: personSchema,
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  approvedBy: personSchema,
  approvedAt: z.string().nullable(),
  lockedBy: personSchema,
  lockedAt: z.string().nullable(),
});
export type BillRun = z.infer<typeof billRunSchema>;

export const BILL_RUN_SORT_KEYS = ['number', 'createdAt', 'periodEnd', 'total'] as const;
export const billRunsQuerySchema = z.object({
  ...listQueryShape({ sortKeys: BILL_RUN_SORT_KEYS, defaultSort: { sortBy: 'number', order: 'DESC' } }),
  kind: z.enum(BILL_KINDS).optional(),
  status: z.enum(BILL_RUN_STATUSES).optional(),
});
export type BillRunsQuery = z.infer<typeof billRunsQuerySchema>;

/** One unit of a run: what the run did with it, and why. */
export const billRunUnitSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  unitNumber: z.number().int().nullable(),
  outcome: z.enum(BILL_UNIT_OUTCOMES),
  /** The readiness reasons (skipped: those that block; billed: those that require attention), or the error. */
  reasons: z.array(z.object({ code: z.string(), message: z.string() })),
  billId: z.string().nullable(),
  amount: z.string().nullable(),
});
export type BillRunUnit = z.infer<typeof billRunUnitSchema>;
export const billRunUnitsQuerySchema = z.object({
  ...pagingShape(),
  outcome: z.enum(BILL_UNIT_OUTCOMES).optional(),
});
export type BillRunUnitsQuery = z.infer<typeof billRunUnitsQuerySchema>;

/** A bill in a list: a run's, or a unit's or account's live bills (spec §3 Live bill). */
export const billRowSchema = z.object({
  id: z.string(),
  runId: z.string(),
  runNumber: z.number().int(),
  kind: z.enum(BILL_KINDS),
  /** The bill's number (spec billNo), in order of creation. */
  billNo: z.number().int(),
  /** Of a unit's live bills, which this is, first to last (spec liveBillSeq). */
  liveBillSeq: z.number().int().nullable(),
  clientId: z.string(),
  household: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(BILL_STATUSES),
  billableValue: z.string(),
  amount: z.string(),
  /** What is still to be collected. */
  balance: z.string(),
  accounts: z.number().int(),
  createdBy: personSchema,
  createdAt: z.string(),
});
export type BillRow = z.infer<typeof billRowSchema>;
export const BILL_SORT_KEYS = ['household', 'amount', 'billNo'] as const;
export const billsQuerySchema = z.object({
  ...listQueryShape({ sortKeys: BILL_SORT_KEYS, defaultSort: { sortBy: 'household', order: 'ASC' } }),
  search: z.string().trim().max(100).optional(),
});
export type BillsQuery = z.infer<typeof billsQuerySchema>;

const feeLineSchema = z.object({
  minimum: z.string(),
  maximum: z.string(),
  base: z.string(),
  rate: z.string(),
  amount: z.string(),
});

/** One account of a bill, as billed: the value basis, proration, flows, exclusions and who pays. */
export const billAccountSchema = z.object({
  accountId: z.string(),
  registrationName: z.string(),
  payMethod: z.string(),
  timing: z.enum(['ARREARS', 'ADVANCE']),
  frequency: z.enum(BILLING_FREQUENCIES),
  valuationDate: z.string(),
  value: z.string(),
  excluded: z.string(),
  payoutExcluded: z.string(),
  billableValue: z.string(),
  /** Days of the period the account was billed for, of the period's days. */
  openDays: z.number().int(),
  periodDays: z.number().int(),
  openedOn: z.string().nullable(),
  closedOn: z.string().nullable(),
  cashFlows: z.array(z.object({ date: z.string(), amount: z.string() })),
  amount: z.string(),
  line: z.enum(['DIRECT', 'INDIRECT']),
  paidBy: z.object({ id: z.string(), registrationName: z.string() }),
  /** Split across paying accounts (account payees), exact to the cent; absent when one account pays. */
  split: z
    .array(z.object({ accountId: z.string(), registrationName: z.string(), amount: z.string() }))
    .optional(),
});
export type BillAccount = z.infer<typeof billAccountSchema>;

export const billPayoutSchema = z.object({
  accountId: z.string().nullable(),
  type: z.string(),
  payee: z.object({ id: z.string().nullable(), fullName: z.string() }),
  percent: z.string(),
  amount: z.string(),
  /** "payment n of m" for a block of a number of payments; null for Forever. */
  paymentNumber: z.number().int().nullable(),
  numberOfPayments: z.number().int().nullable(),
});
export type BillPayout = z.infer<typeof billPayoutSchema>;

/** What a line added to an account's fee is (issue 15 §1: adjustments, advance part-periods and refunds). */
export const BILL_EXTRA_KINDS = ['ADJUSTMENT', 'PART_PERIOD', 'REFUND'] as const;
export type BillExtraKind = (typeof BILL_EXTRA_KINDS)[number];
export const BILL_EXTRA_KIND_LABELS: Readonly<Record<BillExtraKind, string>> = {
  ADJUSTMENT: 'Adjustment',
  PART_PERIOD: 'Part-period',
  REFUND: 'Refund of unused days',
};

/**
 * A line added to an account's fee by its bill: a reason-coded adjustment (as far as a credit fitted), the first
 * part-period of an advance account opened inside the previous period, or the credit for the unused days of an
 * advance account closed inside the period. Signed: a credit is negative.
 */
export const billExtraLineSchema = z.object({
  accountId: z.string(),
  registrationName: z.string(),
  kind: z.enum(BILL_EXTRA_KINDS),
  /** In plain words: the adjustment's reason and note, or the days charged or refunded. */
  description: z.string(),
  amount: z.string(),
  /** For an adjustment: its id, and the credit carried to the account's next bill ("0.00" when none). */
  adjustmentId: z.string().nullable(),
  carriedForward: z.string().nullable(),
});
export type BillExtraLine = z.infer<typeof billExtraLineSchema>;

/** A financial planning fee billed as its own line (issue 15 §1), paid like the advisory fee. */
export const billPlanningLineSchema = z.object({
  planningFeeId: z.string(),
  description: z.string(),
  feeType: z.enum(['FLAT', 'PERIODIC']),
  amount: z.string(),
  payMethod: z.string(),
  paidBy: z.object({ id: z.string(), registrationName: z.string() }).nullable(),
});
export type BillPlanningLine = z.infer<typeof billPlanningLineSchema>;

/** A bill with its explanation down to the tier line (spec: each bill opens to its explanation). */
export const billDetailSchema = billRowSchema.extend({
  valuation: z.literal('PERIOD_END_VALUE'),
  proration: z.enum(['FREQUENCY', 'ACTUAL_DAYS']),
  cashFlowThreshold: z.string().nullable(),
  schedules: z.array(
    z.object({
      scheduleId: z.string(),
      name: z.string(),
      type: z.string(),
      billableValue: z.string(),
      annualAmount: z.string(),
      lines: z.array(feeLineSchema),
    }),
  ),
  accountLines: z.array(billAccountSchema),
  /** Accounts of the unit this bill leaves out, and why (already billed, other frequency, opens later …). */
  leftOut: z.array(z.object({ accountId: z.string(), registrationName: z.string(), reason: z.string() })),
  /** Adjustments, part-periods and refunds, each on its account; the bill's amount includes them. */
  extraLines: z.array(billExtraLineSchema).default([]),
  /** Financial planning fees billed with the advisory fee; the bill's amount includes them. */
  planningLines: z.array(billPlanningLineSchema).default([]),
  payouts: z.array(billPayoutSchema),
  /** What the payees do not take: the firm's. */
  firm: z.string(),
  reasons: z.array(z.object({ code: z.string(), message: z.string() })),
});
export type BillDetail = z.infer<typeof billDetailSchema>;

/** A reason for a run-wide action that needs one (unlock, void). */
export const billReasonBodySchema = z.object({
  reason: z
    .string({ error: BILL_RUN_MESSAGES.reasonRequired })
    .trim()
    .min(1, BILL_RUN_MESSAGES.reasonRequired)
    .max(200, BILL_RUN_MESSAGES.reasonMax),
});
export type BillReasonBody = z.infer<typeof billReasonBodySchema>;
