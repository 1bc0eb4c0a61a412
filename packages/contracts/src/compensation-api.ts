import { z } from 'zod';
import { requiredDate } from './accounts-api.ts';
import { parseIsoDate } from './dates.ts';
import { moneySchema } from './money.ts';

/**
 * Compensation (issue 16 §3; spec §7 myCompensation): what each payee earns in a period, from the payout lines
 * of locked live bills (fees) and from the commission splits of receivables (decision 0018), billed or
 * collected. "My compensation" is the signed-in user's; the firm view lists every payee with the period's
 * payable, marked paid with a date.
 */

export const COMPENSATION_BASES = ['billed', 'collected'] as const;
export type CompensationBasis = (typeof COMPENSATION_BASES)[number];
export const COMPENSATION_BASIS_LABELS: Readonly<Record<CompensationBasis, string>> = {
  billed: 'Billed',
  collected: 'Collected',
};

/** CHARGEBACKS: a carrier's chargebacks on reconciled statements, taken back from the payees (negative). */
export const COMPENSATION_SOURCES = ['FEES', 'COMMISSIONS', 'CHARGEBACKS'] as const;
export type CompensationSource = (typeof COMPENSATION_SOURCES)[number];
export const COMPENSATION_SOURCE_LABELS: Readonly<Record<CompensationSource, string>> = {
  FEES: 'Advisory fees',
  COMMISSIONS: 'Commissions',
  CHARGEBACKS: 'Chargebacks',
};

export const COMPENSATION_MESSAGES = {
  rangeInvalid: 'Please enter a valid date range.',
  payeeNotFound: 'Choose an active user as the payee.',
  markedPaid: 'Compensation marked as paid.',
  paidOnRequired: 'Paid date is required.',
  paidOnInFuture: 'Paid date cannot be in the future.',
  amountInvalid: 'Amount must be an amount in dollars with at most two decimals.',
} as const;

const isoDay = (message: string) =>
  z.string({ error: message }).refine((v) => parseIsoDate(v) !== null, message);

/** The period (both days included) and the basis: billed (bills' payouts, commissions due) or collected. */
export const compensationQuerySchema = z
  .object({
    from: isoDay(COMPENSATION_MESSAGES.rangeInvalid),
    to: isoDay(COMPENSATION_MESSAGES.rangeInvalid),
    basis: z.enum(COMPENSATION_BASES, { error: 'basis must be billed or collected.' }).default('billed'),
  })
  .refine((q) => q.from <= q.to, { message: COMPENSATION_MESSAGES.rangeInvalid, path: ['to'] });
export type CompensationQuery = z.infer<typeof compensationQuerySchema>;

export const compensationExportQuerySchema = compensationQuerySchema.and(
  z.object({ format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx.' }) }),
);

/** POST /api/compensation/payments: a payee's payable of a period marked paid on a day. */
export const compensationPaidBodySchema = z
  .object({
    payeeId: z
      .string({ error: COMPENSATION_MESSAGES.payeeNotFound })
      .uuid(COMPENSATION_MESSAGES.payeeNotFound),
    from: isoDay(COMPENSATION_MESSAGES.rangeInvalid),
    to: isoDay(COMPENSATION_MESSAGES.rangeInvalid),
    basis: z.enum(COMPENSATION_BASES, { error: 'basis must be billed or collected.' }),
    amount: moneySchema('1000000000', {
      invalid: COMPENSATION_MESSAGES.amountInvalid,
      max: COMPENSATION_MESSAGES.amountInvalid,
    }),
    paidOn: requiredDate(COMPENSATION_MESSAGES.paidOnRequired),
  })
  .refine((q) => q.from <= q.to, { message: COMPENSATION_MESSAGES.rangeInvalid, path: ['to'] });
export type CompensationPaidBody = z.infer<typeof compensationPaidBodySchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers (no transforms)

/** One line of a payee's compensation and where it comes from: which bill, which receivable payment. */
export const compensationLineSchema = z.object({
  source: z.enum(COMPENSATION_SOURCES),
  /** The bill's period end, or the payment's due date (billed) or received date (collected). */
  date: z.string(),
  amount: z.string(),
  household: z.object({ id: z.string(), name: z.string() }),
  origin: z.object({
    kind: z.enum(['bill', 'receivable', 'chargeback']),
    id: z.string(),
    /**
     * 'Bill 1042 (10/01/2026–12/31/2026)', '20-Year Term Life, Prudential, payment 3', or 'Chargeback:
     * 20-Year Term Life, Prudential, policy PR-1234 (statement prudential-june.csv, line 12)' (its id: the
     * receivable's).
     */
    label: z.string(),
  }),
});
export type CompensationLine = z.infer<typeof compensationLineSchema>;

/** `commissions` is net of the chargebacks (decision 0019). */
const figures = z.object({ fees: z.string(), commissions: z.string(), total: z.string() });
export type CompensationFigures = z.infer<typeof figures>;

export const myCompensationSchema = z.object({
  payee: z.object({ id: z.string(), fullName: z.string() }),
  from: z.string(),
  to: z.string(),
  basis: z.enum(COMPENSATION_BASES),
  thisPeriod: figures,
  yearToDate: figures,
  /** The commissions the schedules expect in the next 12 months (fees count once their bills are locked). */
  projected: z.object({
    total: z.string(),
    months: z.array(z.object({ month: z.string(), amount: z.string() })),
  }),
  lines: z.array(compensationLineSchema),
});
export type MyCompensation = z.infer<typeof myCompensationSchema>;

export const payeeCompensationSchema = z.object({
  payee: z.object({ id: z.string(), fullName: z.string() }),
  fees: z.string(),
  commissions: z.string(),
  total: z.string(),
  paid: z.object({ amount: z.string(), paidOn: z.string() }).nullable(),
});
export type PayeeCompensation = z.infer<typeof payeeCompensationSchema>;
