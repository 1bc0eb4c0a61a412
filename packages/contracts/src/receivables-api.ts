import { centsOf, formatCents } from '@centric/billing';
import { z } from 'zod';
import { requiredDate } from './accounts-api.ts';
import { PAYOUT_TYPES } from './billing-setup-api.ts';
import { nthOccurrence, parseIsoDate } from './dates.ts';
import { listQueryShape } from './list-query.ts';
import { RECEIVABLE_PRODUCT_TYPES, type ReceivableProductType } from './master-data.ts';
import { moneySchema } from './money.ts';
import { boundedDecimal, hundredthsOf } from './strategies-api.ts';

/**
 * Receivables (issue 16 §1; spec §1, §2 /billing/receivables, §3 Receivable and Commission split, §5 Receivable
 * and Commission, §7 Receivables calls): commission income from insurance and annuity products, paid by
 * carriers (providers) over time, its schedule of expected payments, and how each payment is split between
 * the advisors (payees) and the firm.
 *
 * Decided (decision 0018): `amount` is per payment, the total is derived; a payee's share of a payment is
 * payment × appPercentage/100 × commissionPercentage/100, rounded half up to the cent; the rest is the firm's.
 */

// ---------------------------------------------------------------------------------------------------------
// Words

/** Spec §3 Enumerations: payment frequencies. */
export const RECEIVABLE_FREQUENCIES = [
  'MONTHLY',
  'QUARTERLY',
  'SEMI_ANNUAL',
  'ANNUAL',
  'ONE_TIME',
  'PAID_UP',
] as const;
export type ReceivableFrequency = (typeof RECEIVABLE_FREQUENCIES)[number];
export const RECEIVABLE_FREQUENCY_LABELS: Readonly<Record<ReceivableFrequency, string>> = {
  MONTHLY: 'Monthly',
  QUARTERLY: 'Quarterly',
  SEMI_ANNUAL: 'Semi-annual',
  ANNUAL: 'Annual',
  ONE_TIME: 'One time',
  PAID_UP: 'Paid up',
};

/** Months between two expected payments; ONE_TIME and PAID_UP recur never. */
export const RECEIVABLE_FREQUENCY_MONTHS: Readonly<Record<ReceivableFrequency, number | null>> = {
  MONTHLY: 1,
  QUARTERLY: 3,
  SEMI_ANNUAL: 6,
  ANNUAL: 12,
  ONE_TIME: null,
  PAID_UP: null,
};

/** What is stored of a payment; PAST_DUE is read: an EXPECTED payment after its date (no grace). */
export const RECEIVABLE_PAYMENT_STATES = ['EXPECTED', 'PAST_DUE', 'RECEIVED', 'WRITTEN_OFF'] as const;
export type ReceivablePaymentState = (typeof RECEIVABLE_PAYMENT_STATES)[number];
export const RECEIVABLE_PAYMENT_STATE_LABELS: Readonly<Record<ReceivablePaymentState, string>> = {
  EXPECTED: 'Expected',
  PAST_DUE: 'Past due',
  RECEIVED: 'Received',
  WRITTEN_OFF: 'Written off',
};

/**
 * Spec §2 /billing/receivables `tab` (totalReceivables; reconciliation: carrier statements, issue 16 §2),
 * `childTab` and `viewBy`.
 */
export const RECEIVABLE_TABS = ['totalReceivables', 'reconciliation'] as const;
export type ReceivableTab = (typeof RECEIVABLE_TABS)[number];
export const RECEIVABLE_TAB_LABELS: Readonly<Record<ReceivableTab, string>> = {
  totalReceivables: 'Total Receivables',
  reconciliation: 'Reconciliation',
};
/** The reconciliation tab's child tabs: the differences, the aged list by provider, the statements imported. */
export const RECONCILIATION_CHILD_TABS = ['differences', 'aging', 'statements'] as const;
export type ReconciliationChildTab = (typeof RECONCILIATION_CHILD_TABS)[number];
export const RECONCILIATION_CHILD_TAB_LABELS: Readonly<Record<ReconciliationChildTab, string>> = {
  differences: 'Differences',
  aging: 'Aged by provider',
  statements: 'Statements',
};
export const RECEIVABLE_CHILD_TABS = ['projected', 'pastDue', 'received', 'originals'] as const;
export type ReceivableChildTab = (typeof RECEIVABLE_CHILD_TABS)[number];
export const RECEIVABLE_CHILD_TAB_LABELS: Readonly<Record<ReceivableChildTab, string>> = {
  projected: 'Projected',
  pastDue: 'Past Due',
  received: 'Received',
  originals: 'Originals',
};
export const RECEIVABLE_VIEW_BYS = ['products', 'providers', 'advisors', 'households'] as const;
export type ReceivableViewBy = (typeof RECEIVABLE_VIEW_BYS)[number];
export const RECEIVABLE_VIEW_BY_LABELS: Readonly<Record<ReceivableViewBy, string>> = {
  products: 'Products',
  providers: 'Providers',
  advisors: 'Advisors',
  households: 'Households',
};

/** Past due by age (issue 16 §1 charts): days after the payment's date. */
export const PAST_DUE_AGE_BUCKETS = [
  { key: 'd1to30', label: '1–30 days', from: 1, to: 30 },
  { key: 'd31to60', label: '31–60 days', from: 31, to: 60 },
  { key: 'd61to90', label: '61–90 days', from: 61, to: 90 },
  { key: 'over90', label: 'Over 90 days', from: 91, to: null },
] as const;
export type PastDueAgeKey = (typeof PAST_DUE_AGE_BUCKETS)[number]['key'];

// ---------------------------------------------------------------------------------------------------------
// Limits and messages (spec §5 Receivable and Commission)

export const RECEIVABLE_ACCOUNT_HOLDER_MAX = 30;
export const RECEIVABLE_DESCRIPTION_MAX = 50;
export const RECEIVABLE_POLICY_NUMBER_MAX = 30;
export const RECEIVABLE_AMOUNT_MAX = '50000000';
export const RECEIVABLE_PAYMENTS_MAX = 120;
export const RECEIVABLE_NOTE_MAX = 300;
export const COMMISSION_PERCENTAGE_MAX = '300';

export const RECEIVABLE_MESSAGES = {
  created: 'Receivable added successfully.',
  updated: 'Receivable updated successfully.',
  deleted: 'Receivable deleted successfully.',
  notFound: 'Receivable not found.',
  paymentNotFound: 'Payment not found.',
  markedReceived: 'Payment marked as received.',
  writtenOff: 'Payment written off.',
  reopened: 'Payment is expected again.',
  paymentRecorded: 'Payment recorded successfully.',
  productTypeRequired: 'Product type is required.',
  productRequired: 'Receivable product is required.',
  productNotFound: 'Choose a receivable product of this product type.',
  providerRequired: 'Provider is required.',
  providerNotFound: 'Choose a provider from the list.',
  householdRequired: 'Household is required.',
  householdNotFound: 'Household not found.',
  accountHolderRequired: 'Account holder is required.',
  accountHolderOnlySpaces: 'Account holder cannot contain only spaces.',
  accountHolderMax: `Account holder can be at most ${RECEIVABLE_ACCOUNT_HOLDER_MAX} characters.`,
  descriptionMax: `Description can be at most ${RECEIVABLE_DESCRIPTION_MAX} characters.`,
  amountRequired: 'Amount is required.',
  amountRange: 'Amount must be between $1.00 and $50,000,000.00.',
  amountDecimals: 'Amount can have at most 2 decimals.',
  frequencyRequired: 'Payment frequency is required.',
  numberOfPaymentsRange: `Number of payments must be between 1 and ${RECEIVABLE_PAYMENTS_MAX}.`,
  oneTimeSinglePayment: 'A one-time receivable has exactly 1 payment.',
  startDateRequired: 'Start date is required.',
  policyNumberMax: `Policy or contract number can be at most ${RECEIVABLE_POLICY_NUMBER_MAX} characters.`,
  settledPaymentBeyondSchedule: (settled: number) =>
    `Payment ${settled} is already received or written off: the schedule cannot end before it.`,
  // Payments
  receivedDateRequired: 'Received date is required.',
  receivedDateInFuture: 'Received date cannot be in the future.',
  amountReceivedRequired: 'Amount received is required.',
  amountReceivedRange: 'Amount received must be between $0.01 and $50,000,000.00.',
  noteMax: `Note can be at most ${RECEIVABLE_NOTE_MAX} characters.`,
  paymentAlreadySettled: 'This payment is already received or written off.',
  paymentNotSettled: 'This payment is still expected.',
  paymentOnlyPaidUp: 'Only a paid-up receivable records payments outside its schedule.',
  // Commission splits (spec §5 Commission)
  splitTypeRequired: 'Type is required.',
  payeeRequired: 'Payee is required.',
  payeeNotFound: 'Choose an active user as the payee.',
  payeeFirmHasNone: 'The firm is paid as itself: leave the payee empty.',
  appPercentageRange: 'App percentage must be between 0 and 100.',
  commissionPercentageRange: 'Commission percentage must be between 0 and 300.',
  creditToRange: 'Credit to must be between 0 and 100.',
  splitStartDateRequired: 'Start date is required.',
  splitPaymentsRequired: 'Number of payments is required.',
  splitPaymentsMin: 'Number of payments must be at least 1.',
  splitPaymentsAboveTotal: 'The number of payments cannot exceed the total product payment.',
  totalAppPercentageRange: 'Total app percentage must be between 1 and 100.',
  totalCommissionPercentageRange: 'Total commission percentage must be between 0 and 300.',
} as const;

export const RECEIVABLE_ALERT_MESSAGE = (p: {
  household: string;
  product: string;
  provider: string;
  dueDate: string;
  amount: string;
}) =>
  `The ${p.product} payment of ${p.amount} from ${p.provider} for ${p.household}, due ${p.dueDate}, is past due.`;

// ---------------------------------------------------------------------------------------------------------
// The schedule and the split (pure; the server stores what they say, the form previews it)

export type ScheduledPayment = { sequence: number; dueDate: string; amount: string };

/**
 * The expected payments of a receivable: ONE_TIME one on the start date; PAID_UP none (only what is recorded
 * as received); otherwise `numberOfPayments`, the n-th on the start date's day of the month n periods later,
 * clamped to the month's end from the anchor (the 31st monthly: Jan 31, Feb 28, Mar 31 …).
 */
export const receivableSchedule = (terms: {
  paymentFrequency: ReceivableFrequency;
  numberOfPayments: number;
  startDate: string;
  amount: string;
}): ScheduledPayment[] => {
  if (terms.paymentFrequency === 'PAID_UP') return [];
  const months = RECEIVABLE_FREQUENCY_MONTHS[terms.paymentFrequency];
  const count = months === null ? 1 : terms.numberOfPayments;
  return Array.from({ length: count }, (_, index) => ({
    sequence: index + 1,
    dueDate: months === null ? terms.startDate : nthOccurrence(terms.startDate, months, index),
    amount: terms.amount,
  }));
};

/**
 * The derived total (decision 0018): amount × the payments the schedule expects; null for PAID_UP (its total is
 * what was recorded as received). '' amounts or bad ones answer null.
 */
export const receivableTotal = (
  amount: string,
  paymentFrequency: ReceivableFrequency,
  numberOfPayments: number,
) => {
  const cents = centsOf(amount);
  if (cents === undefined || paymentFrequency === 'PAID_UP') return null;
  return formatCents(cents * BigInt(totalProductPayments(paymentFrequency, numberOfPayments)));
};

/** How many payments a receivable expects in all (the bound of a split's number of payments). */
export const totalProductPayments = (paymentFrequency: ReceivableFrequency, numberOfPayments: number) =>
  paymentFrequency === 'ONE_TIME' ? 1 : numberOfPayments;

/** A percentage with at most two decimals in hundredths ("12.5" → 1250n). */
const hundredths = (percent: string) => hundredthsOf([percent]);

/**
 * A payee's share of one payment (decision 0018): payment × appPercentage/100 × commissionPercentage/100, to
 * the cent, half up. E.g. $1,200.00 × 50% × 80% = $480.00.
 */
export const commissionSplitAmount = (
  payment: string,
  appPercentage: string,
  commissionPercentage: string,
) => {
  const cents = centsOf(payment);
  if (cents === undefined) throw new RangeError(`Not an amount: ${payment}`);
  const numerator = cents * hundredths(appPercentage) * hundredths(commissionPercentage);
  const denominator = 100_000_000n;
  return formatCents((numerator * 2n + denominator) / (denominator * 2n));
};

export type SplitTerms = {
  appPercentage: string;
  commissionPercentage: string;
  startDate: string;
  numberOfPayments: number;
};

const signedMoney = (cents: bigint) => (cents < 0n ? `-${formatCents(-cents)}` : formatCents(cents));

/**
 * Each payment's split: a split covers the first `numberOfPayments` payments (by date) on or after its start
 * date; each payee covered takes its share, the firm the rest (negative when the payees' commission is above
 * the payment: shown as it is, the firm pays it from its other income).
 */
export const splitSchedule = <P extends { dueDate: string; amount: string }, S extends SplitTerms>(
  payments: readonly P[],
  splits: readonly S[],
) => {
  const ordered = [...payments].sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0));
  const used = splits.map(() => 0);
  const result = new Map<P, { shares: { split: S; amount: string }[]; firm: string }>();
  for (const payment of ordered) {
    const shares: { split: S; amount: string }[] = [];
    splits.forEach((split, index) => {
      if (payment.dueDate < split.startDate || (used[index] ?? 0) >= split.numberOfPayments) return;
      used[index] = (used[index] ?? 0) + 1;
      shares.push({
        split,
        amount: commissionSplitAmount(payment.amount, split.appPercentage, split.commissionPercentage),
      });
    });
    const paid = shares.reduce((sum, s) => sum + (centsOf(s.amount) ?? 0n), 0n);
    result.set(payment, { shares, firm: signedMoney((centsOf(payment.amount) ?? 0n) - paid) });
  }
  return result;
};

/** The sum of percentages as a plain decimal ("50" + "25.5" → "75.5"). */
export const percentSum = (values: readonly string[]) => {
  const total = hundredthsOf(values);
  const whole = total / 100n;
  const fraction = (total % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
};

// ---------------------------------------------------------------------------------------------------------
// Bodies

const uuid = (message: string) => z.string({ error: message }).uuid(message);
const masterId = (required: string) =>
  z.coerce
    .number({ error: required })
    .int({ message: required })
    .positive({ message: required })
    .max(2_147_483_647, { message: required });

export const commissionSplitBodySchema = z
  .object({
    type: z.enum(PAYOUT_TYPES, { error: RECEIVABLE_MESSAGES.splitTypeRequired }),
    payeeId: uuid(RECEIVABLE_MESSAGES.payeeNotFound)
      .nullish()
      .transform((v) => v ?? null),
    appPercentage: boundedDecimal('0', '100', 2, RECEIVABLE_MESSAGES.appPercentageRange),
    commissionPercentage: boundedDecimal(
      '0',
      COMMISSION_PERCENTAGE_MAX,
      2,
      RECEIVABLE_MESSAGES.commissionPercentageRange,
    ),
    startDate: requiredDate(RECEIVABLE_MESSAGES.splitStartDateRequired),
    numberOfPayments: z
      .number({ error: RECEIVABLE_MESSAGES.splitPaymentsRequired })
      .int(RECEIVABLE_MESSAGES.splitPaymentsMin)
      .min(1, RECEIVABLE_MESSAGES.splitPaymentsMin)
      .max(RECEIVABLE_PAYMENTS_MAX, RECEIVABLE_MESSAGES.splitPaymentsAboveTotal),
    creditTo: boundedDecimal('0', '100', 2, RECEIVABLE_MESSAGES.creditToRange),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'FIRM' && body.payeeId) {
      ctx.addIssue({ code: 'custom', path: ['payeeId'], message: RECEIVABLE_MESSAGES.payeeFirmHasNone });
    }
    if (body.type !== 'FIRM' && !body.payeeId) {
      ctx.addIssue({ code: 'custom', path: ['payeeId'], message: RECEIVABLE_MESSAGES.payeeRequired });
    }
  });
export type CommissionSplitBody = z.infer<typeof commissionSplitBodySchema>;

const trimmedText = (max: number, maxMessage: string) =>
  z
    .string()
    .nullish()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(max, maxMessage))
    .transform((v) => (v === '' ? null : v));

/** POST/PATCH /api/receivables (spec §3 Receivable, §5 Receivable and Commission). */
export const receivableBodySchema = z
  .object({
    productType: z.enum(RECEIVABLE_PRODUCT_TYPES.map((p) => p.value) as [ReceivableProductType], {
      error: RECEIVABLE_MESSAGES.productTypeRequired,
    }),
    receivableProductId: masterId(RECEIVABLE_MESSAGES.productRequired),
    providerId: masterId(RECEIVABLE_MESSAGES.providerRequired),
    clientId: uuid(RECEIVABLE_MESSAGES.householdRequired),
    accountHolder: z
      .string({ error: RECEIVABLE_MESSAGES.accountHolderRequired })
      .min(1, { message: RECEIVABLE_MESSAGES.accountHolderRequired, abort: true })
      .refine((v) => v.trim().length > 0, {
        message: RECEIVABLE_MESSAGES.accountHolderOnlySpaces,
        abort: true,
      })
      .transform((v) => v.trim())
      .pipe(z.string().max(RECEIVABLE_ACCOUNT_HOLDER_MAX, RECEIVABLE_MESSAGES.accountHolderMax)),
    description: trimmedText(RECEIVABLE_DESCRIPTION_MAX, RECEIVABLE_MESSAGES.descriptionMax),
    amount: z
      .string({ error: RECEIVABLE_MESSAGES.amountRequired })
      .trim()
      .min(1, { message: RECEIVABLE_MESSAGES.amountRequired, abort: true })
      .pipe(
        moneySchema(RECEIVABLE_AMOUNT_MAX, {
          invalid: RECEIVABLE_MESSAGES.amountRange,
          max: RECEIVABLE_MESSAGES.amountRange,
          decimals: RECEIVABLE_MESSAGES.amountDecimals,
        }),
      )
      .refine((v) => (centsOf(v) ?? 0n) >= 100n, RECEIVABLE_MESSAGES.amountRange),
    paymentFrequency: z.enum(RECEIVABLE_FREQUENCIES, { error: RECEIVABLE_MESSAGES.frequencyRequired }),
    numberOfPayments: z
      .number({ error: RECEIVABLE_MESSAGES.numberOfPaymentsRange })
      .int(RECEIVABLE_MESSAGES.numberOfPaymentsRange)
      .min(1, RECEIVABLE_MESSAGES.numberOfPaymentsRange)
      .max(RECEIVABLE_PAYMENTS_MAX, RECEIVABLE_MESSAGES.numberOfPaymentsRange),
    startDate: requiredDate(RECEIVABLE_MESSAGES.startDateRequired),
    policyNumber: trimmedText(RECEIVABLE_POLICY_NUMBER_MAX, RECEIVABLE_MESSAGES.policyNumberMax),
    splits: z.array(commissionSplitBodySchema).max(20).default([]),
  })
  .superRefine((body, ctx) => {
    if (body.paymentFrequency === 'ONE_TIME' && body.numberOfPayments !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['numberOfPayments'],
        message: RECEIVABLE_MESSAGES.oneTimeSinglePayment,
      });
    }
    const total = totalProductPayments(body.paymentFrequency, body.numberOfPayments);
    body.splits.forEach((split, index) => {
      if (split.numberOfPayments > total) {
        ctx.addIssue({
          code: 'custom',
          path: ['splits', index, 'numberOfPayments'],
          message: RECEIVABLE_MESSAGES.splitPaymentsAboveTotal,
        });
      }
    });
    if (body.splits.length > 0) {
      const app = hundredthsOf(body.splits.map((s) => s.appPercentage));
      if (app < 100n || app > 10_000n) {
        ctx.addIssue({
          code: 'custom',
          path: ['totalAppPercentage'],
          message: RECEIVABLE_MESSAGES.totalAppPercentageRange,
        });
      }
      const commission = hundredthsOf(body.splits.map((s) => s.commissionPercentage));
      if (commission > 30_000n) {
        ctx.addIssue({
          code: 'custom',
          path: ['totalCommissionPercentage'],
          message: RECEIVABLE_MESSAGES.totalCommissionPercentageRange,
        });
      }
    }
  });
export type ReceivableBody = z.infer<typeof receivableBodySchema>;
export type ReceivableFormValues = z.input<typeof receivableBodySchema>;

const receivedAmount = z
  .string({ error: RECEIVABLE_MESSAGES.amountReceivedRequired })
  .trim()
  .min(1, { message: RECEIVABLE_MESSAGES.amountReceivedRequired, abort: true })
  .pipe(
    moneySchema(RECEIVABLE_AMOUNT_MAX, {
      invalid: RECEIVABLE_MESSAGES.amountReceivedRange,
      max: RECEIVABLE_MESSAGES.amountReceivedRange,
    }),
  )
  .refine((v) => v !== '0.00', RECEIVABLE_MESSAGES.amountReceivedRange);

/** POST /api/receivables/:id/payments/:paymentId/receive, and a paid-up receivable's recorded payment. */
export const receivePaymentBodySchema = z.object({
  receivedDate: requiredDate(RECEIVABLE_MESSAGES.receivedDateRequired),
  amountReceived: receivedAmount,
  note: trimmedText(RECEIVABLE_NOTE_MAX, RECEIVABLE_MESSAGES.noteMax),
});
export type ReceivePaymentBody = z.infer<typeof receivePaymentBodySchema>;
export type ReceivePaymentFormValues = z.input<typeof receivePaymentBodySchema>;

/** POST /api/receivables/:id/payments/:paymentId/write-off. */
export const writeOffPaymentBodySchema = z.object({
  note: trimmedText(RECEIVABLE_NOTE_MAX, RECEIVABLE_MESSAGES.noteMax),
});

// ---------------------------------------------------------------------------------------------------------
// Queries

export const RECEIVABLE_SORT_KEYS = ['group', 'date', 'household', 'amount'] as const;
export type ReceivableSortKey = (typeof RECEIVABLE_SORT_KEYS)[number];

const isoDay = z.string().refine((v) => parseIsoDate(v) !== null, 'Enter a valid Date');

const receivableFilterShape = {
  childTab: z.enum(RECEIVABLE_CHILD_TABS, { error: 'childTab is not one of the tabs.' }).default('projected'),
  viewBy: z.enum(RECEIVABLE_VIEW_BYS, { error: 'viewBy is not one of the views.' }).default('products'),
  search: z.string().trim().max(100).optional(),
  /** Only rows of this group of the view (a product, provider, advisor or household id). */
  groupId: z.string().trim().max(60).optional(),
  clientId: z.string().uuid().optional(),
};

export const receivablesQuerySchema = z.object({
  ...receivableFilterShape,
  ...listQueryShape({ sortKeys: RECEIVABLE_SORT_KEYS, defaultSort: { sortBy: 'group', order: 'ASC' } }),
});
export type ReceivablesQuery = z.infer<typeof receivablesQuerySchema>;

export const receivablesExportQuerySchema = z
  .object({
    ...receivableFilterShape,
    ...listQueryShape({ sortKeys: RECEIVABLE_SORT_KEYS, defaultSort: { sortBy: 'group', order: 'ASC' } }),
    format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx.' }),
  })
  .omit({ page: true, limit: true });
export type ReceivablesExportQuery = z.infer<typeof receivablesExportQuerySchema>;

export const receivableChartsQuerySchema = z.object({
  viewBy: z.enum(RECEIVABLE_VIEW_BYS, { error: 'viewBy is not one of the views.' }).default('products'),
  from: isoDay.optional(),
});

// ---------------------------------------------------------------------------------------------------------
// Answers (no transforms: they are response schemas too)

const named = z.object({ id: z.string(), name: z.string() });

export const commissionSplitSchema = z.object({
  id: z.string(),
  type: z.enum(PAYOUT_TYPES),
  payee: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  appPercentage: z.string(),
  commissionPercentage: z.string(),
  startDate: z.string(),
  numberOfPayments: z.number(),
  creditTo: z.string(),
});
export type CommissionSplit = z.infer<typeof commissionSplitSchema>;

export const receivablePaymentSchema = z.object({
  id: z.string(),
  /** 1… in the schedule; null for a paid-up receivable's recorded payment. */
  sequence: z.number().nullable(),
  dueDate: z.string(),
  amount: z.string(),
  state: z.enum(RECEIVABLE_PAYMENT_STATES),
  receivedDate: z.string().nullable(),
  amountReceived: z.string().nullable(),
  note: z.string().nullable(),
  /** What each payee takes of this payment, and the firm's rest (decision 0018). */
  shares: z.array(z.object({ splitId: z.string(), payee: z.string(), amount: z.string() })),
  firmAmount: z.string(),
});
export type ReceivablePayment = z.infer<typeof receivablePaymentSchema>;

export const receivableSchema = z.object({
  id: z.string(),
  productType: z.string(),
  product: z.object({ id: z.number(), name: z.string(), imageUrl: z.string().nullable() }),
  provider: z.object({ id: z.number(), name: z.string(), imageUrl: z.string().nullable() }),
  household: named,
  accountHolder: z.string(),
  description: z.string().nullable(),
  amount: z.string(),
  paymentFrequency: z.enum(RECEIVABLE_FREQUENCIES),
  numberOfPayments: z.number(),
  /** amount × the payments the schedule expects (derived; a paid-up receivable's is what was received). */
  totalAmount: z.string(),
  startDate: z.string(),
  policyNumber: z.string().nullable(),
  splits: z.array(commissionSplitSchema),
  totalAppPercentage: z.string(),
  totalCommissionPercentage: z.string(),
  payments: z.array(receivablePaymentSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Receivable = z.infer<typeof receivableSchema>;

/** A row of the list: a payment (projected, past due, received) or a receivable (originals). */
export const receivableRowSchema = z.object({
  /** The payment's id, or the receivable's on originals. */
  id: z.string(),
  receivableId: z.string(),
  paymentId: z.string().nullable(),
  /** The row's group under the view: the product, provider, advisor or household. */
  group: z.object({ id: z.string().nullable(), name: z.string() }),
  product: z.object({ id: z.number(), name: z.string(), imageUrl: z.string().nullable() }),
  productType: z.string(),
  provider: z.object({ id: z.number(), name: z.string() }),
  household: named,
  advisor: z.string().nullable(),
  accountHolder: z.string(),
  policyNumber: z.string().nullable(),
  paymentFrequency: z.enum(RECEIVABLE_FREQUENCIES),
  /** The payment's due date (originals: the start date). */
  date: z.string(),
  /** The payment's amount (originals: the amount per payment). */
  amount: z.string(),
  state: z.enum(RECEIVABLE_PAYMENT_STATES).nullable(),
  receivedDate: z.string().nullable(),
  amountReceived: z.string().nullable(),
  /** Days past its date (past due only). */
  daysPastDue: z.number().nullable(),
  /** originals: the number of payments and the derived total. */
  numberOfPayments: z.number().nullable(),
  totalAmount: z.string().nullable(),
});
export type ReceivableRow = z.infer<typeof receivableRowSchema>;

/** The header of the screen: projected this month, quarter, year; past due; received year to date. */
export const receivablesHeaderSchema = z.object({
  today: z.string(),
  projectedThisMonth: z.string(),
  projectedThisQuarter: z.string(),
  projectedThisYear: z.string(),
  pastDueTotal: z.string(),
  pastDueCount: z.number(),
  receivedYearToDate: z.string(),
});
export type ReceivablesHeader = z.infer<typeof receivablesHeaderSchema>;

export const receivableChartsSchema = z.object({
  /** Projected by month, the next 12 months from this one: each stack's amounts by product or provider. */
  stackBy: z.enum(['products', 'providers']),
  months: z.array(
    z.object({ month: z.string(), total: z.string(), parts: z.record(z.string(), z.string()) }),
  ),
  series: z.array(z.string()),
  pastDueByAge: z.array(
    z.object({ key: z.string(), label: z.string(), amount: z.string(), count: z.number() }),
  ),
});
export type ReceivableCharts = z.infer<typeof receivableChartsSchema>;

export const receivableOptionsSchema = z.object({
  products: z.array(z.object({ id: z.number(), name: z.string(), productType: z.string().nullable() })),
  providers: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type ReceivableOptions = z.infer<typeof receivableOptionsSchema>;
