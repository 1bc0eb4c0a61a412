import { centsOf, formatCents } from '@centric/billing';
import { z } from 'zod';
import { optionalDate, requiredDate } from './accounts-api.ts';
import { listQueryShape } from './list-query.ts';
import { signedCents } from './money.ts';

/**
 * Cash flows (issue 14 §5; spec §2 /billing/cashflows): the deposits and withdrawals of accounts by period,
 * from their transactions and from manual entries with a reason, the firm's threshold below which a flow is
 * not prorated, and how each flow will be treated by the next ARREARS bill (charged, credited or not prorated).
 */

// ---------------------------------------------------------------------------------------------------------
// Enumerations

export const CASH_FLOW_DIRECTIONS = ['DEPOSIT', 'WITHDRAWAL'] as const;
export type CashFlowDirection = (typeof CASH_FLOW_DIRECTIONS)[number];
export const CASH_FLOW_DIRECTION_LABELS: Readonly<Record<CashFlowDirection, string>> = {
  DEPOSIT: 'Deposit',
  WITHDRAWAL: 'Withdrawal',
};

/** Where a flow comes from: the account's transactions, or an entry made on the cash flows screen. */
export const CASH_FLOW_SOURCES = ['TRANSACTION', 'MANUAL'] as const;
export type CashFlowSource = (typeof CASH_FLOW_SOURCES)[number];
export const CASH_FLOW_SOURCE_LABELS: Readonly<Record<CashFlowSource, string>> = {
  TRANSACTION: 'Transaction',
  MANUAL: 'Manual',
};

/**
 * What an ARREARS bill does with a flow: a deposit of at least the threshold is CHARGED (a fee for the days it
 * was held), a withdrawal of at least it is CREDITED (the days it was not); smaller flows, and every flow of
 * an ADVANCE account (billed ahead on the prior period's value), are NOT_PRORATED. Decided on the server.
 */
export const CASH_FLOW_TREATMENTS = ['CHARGED', 'CREDITED', 'NOT_PRORATED'] as const;
export type CashFlowTreatment = (typeof CASH_FLOW_TREATMENTS)[number];
export const CASH_FLOW_TREATMENT_LABELS: Readonly<Record<CashFlowTreatment, string>> = {
  CHARGED: 'Charged',
  CREDITED: 'Credited',
  NOT_PRORATED: 'Not prorated',
};

export const CASH_FLOW_SORT_KEYS = ['date', 'account', 'household', 'amount'] as const;
export type CashFlowSortKey = (typeof CASH_FLOW_SORT_KEYS)[number];

/** The largest amount of one flow and the largest threshold (whole dollars). */
export const CASH_FLOW_MAX_DOLLARS = '1000000000';

export const CASH_FLOW_MESSAGES = {
  created: 'Cash flow added successfully.',
  deleted: 'Cash flow deleted successfully.',
  thresholdUpdated: 'Cash flow threshold updated successfully.',
  accountRequired: 'Account is required.',
  accountNotFound: 'Account not found.',
  accountClosed: 'The account is closed: choose an open account.',
  dateRequired: 'Date is required.',
  amountRequired: 'Amount is required.',
  amountInvalid:
    'Amount must be an amount in dollars with at most two decimals: positive for a deposit, negative for a withdrawal.',
  amountZero: 'Amount cannot be zero.',
  amountMax: 'Amount can be at most $1,000,000,000.',
  reasonRequired: 'Reason is required.',
  reasonMax: 'Reason can be at most 200 characters.',
  notFound: 'Cash flow not found.',
  fromTransaction:
    "This cash flow comes from the account's transactions: change or delete the transaction on the account instead.",
  thresholdInvalid: 'Threshold must be an amount in dollars from $0 with at most two decimals.',
  dateRange: 'Please enter a valid date range.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Queries

const uuid = (message: string) => z.string({ error: message }).uuid(message);

const filterShape = {
  from: optionalDate,
  to: optionalDate,
  accountId: uuid(CASH_FLOW_MESSAGES.accountNotFound).optional(),
  householdId: uuid('Household not found.').optional(),
  search: z.string().trim().max(100).optional(),
  direction: z.enum(CASH_FLOW_DIRECTIONS).optional(),
  source: z.enum(CASH_FLOW_SOURCES).optional(),
  treatment: z.enum(CASH_FLOW_TREATMENTS).optional(),
};
const rangeCheck = {
  check: (q: { from: string | null; to: string | null }) => !q.from || !q.to || q.from <= q.to,
  params: { message: CASH_FLOW_MESSAGES.dateRange, path: ['to'] },
};

/** GET /api/billing/cashflows: the flows between two days (both included), filtered, sorted and paged. */
export const cashFlowsQuerySchema = z
  .object({
    ...filterShape,
    ...listQueryShape({ sortKeys: CASH_FLOW_SORT_KEYS, defaultSort: { sortBy: 'date', order: 'DESC' } }),
  })
  .refine(rangeCheck.check, rangeCheck.params);
export type CashFlowsQuery = z.infer<typeof cashFlowsQuerySchema>;

/** GET /api/billing/cashflows/export: the list's filters and order, every match, as CSV or XLSX. */
export const cashFlowsExportQuerySchema = z
  .object({
    ...filterShape,
    ...listQueryShape({ sortKeys: CASH_FLOW_SORT_KEYS, defaultSort: { sortBy: 'date', order: 'DESC' } }),
    format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx.' }),
  })
  .omit({ page: true, limit: true })
  .refine(rangeCheck.check, rangeCheck.params);
export type CashFlowsExportQuery = z.infer<typeof cashFlowsExportQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers

export const cashFlowRowSchema = z.object({
  id: z.string(),
  source: z.enum(CASH_FLOW_SOURCES),
  account: z.object({ id: z.string(), registrationName: z.string() }),
  household: z.object({ id: z.string(), name: z.string() }),
  date: z.string(),
  /** The flow's size, always positive ("2500.00"); `direction` says which way. */
  amount: z.string(),
  direction: z.enum(CASH_FLOW_DIRECTIONS),
  /** A manual entry's reason; null for a transaction. */
  reason: z.string().nullable(),
  treatment: z.enum(CASH_FLOW_TREATMENTS),
  createdBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
});
export type CashFlowRow = z.infer<typeof cashFlowRowSchema>;

/** The list's figures, under all its filters. */
export const cashFlowSummarySchema = z.object({
  deposits: z.string(),
  withdrawals: z.string(),
  count: z.number().int(),
});
export type CashFlowSummary = z.infer<typeof cashFlowSummarySchema>;

/** The firm's threshold: flows below it (in absolute value) are not prorated; null prorates every flow. */
export const cashFlowThresholdSchema = z.object({ threshold: z.string().nullable() });
export type CashFlowThreshold = z.infer<typeof cashFlowThresholdSchema>;

// ---------------------------------------------------------------------------------------------------------
// Bodies

/** POST /api/billing/cashflows: a manual flow (amount signed: positive deposits, negative withdraws). */
export const manualCashFlowBodySchema = z.object({
  accountId: uuid(CASH_FLOW_MESSAGES.accountRequired),
  date: requiredDate(CASH_FLOW_MESSAGES.dateRequired),
  amount: z
    .union([z.string(), z.number()], { error: CASH_FLOW_MESSAGES.amountRequired })
    .transform((value, ctx) => {
      const text = String(value).trim();
      if (text === '') {
        ctx.addIssue({ code: 'custom', message: CASH_FLOW_MESSAGES.amountRequired });
        return z.NEVER;
      }
      const cents = signedCents(text);
      const size = cents === undefined ? undefined : cents < 0n ? -cents : cents;
      const message =
        size === undefined
          ? CASH_FLOW_MESSAGES.amountInvalid
          : size === 0n
            ? CASH_FLOW_MESSAGES.amountZero
            : size > BigInt(CASH_FLOW_MAX_DOLLARS) * 100n
              ? CASH_FLOW_MESSAGES.amountMax
              : null;
      if (message !== null || cents === undefined) {
        ctx.addIssue({ code: 'custom', message: message ?? CASH_FLOW_MESSAGES.amountInvalid });
        return z.NEVER;
      }
      return cents < 0n ? `-${formatCents(-cents)}` : formatCents(cents);
    }),
  reason: z
    .string({ error: CASH_FLOW_MESSAGES.reasonRequired })
    .trim()
    .min(1, { message: CASH_FLOW_MESSAGES.reasonRequired, abort: true })
    .max(200, CASH_FLOW_MESSAGES.reasonMax),
});
export type ManualCashFlowBody = z.input<typeof manualCashFlowBodySchema>;

/** PUT /api/billing/cashflows/threshold: dollars >= 0 with at most two decimals, or null to prorate every flow. */
export const cashFlowThresholdBodySchema = z.object({
  threshold: z
    .union([z.string(), z.number()], { error: CASH_FLOW_MESSAGES.thresholdInvalid })
    .nullable()
    .transform((value, ctx) => {
      if (value === null || String(value).trim() === '') return null;
      const cents = centsOf(String(value).trim().replace(/,/g, ''));
      if (cents === undefined || cents > BigInt(CASH_FLOW_MAX_DOLLARS) * 100n) {
        ctx.addIssue({ code: 'custom', message: CASH_FLOW_MESSAGES.thresholdInvalid });
        return z.NEVER;
      }
      return formatCents(cents);
    }),
});
export type CashFlowThresholdBody = z.input<typeof cashFlowThresholdBodySchema>;
