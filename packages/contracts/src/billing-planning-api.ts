import { centsOf, formatCents, PERIODS_PER_YEAR } from '@centric/billing';
import { z } from 'zod';
import { optionalDate, requiredDate } from './accounts-api.ts';
import {
  BILLING_FREQUENCIES,
  BILLING_SETUP_MESSAGES,
  type BillingFrequency,
  checkFeePayingAccount,
  PAY_METHODS,
  percentTotal,
} from './billing-setup-api.ts';
import { billingPeriodOf } from './dates.ts';
import { moneySchema } from './money.ts';
import { boundedDecimal } from './strategies-api.ts';

/**
 * Financial planning fees and account payees (issue 14; spec "Household also has a financial planning fee",
 * §3 Account payee, §5 payPercent 1–100): a household's flat or periodic planning fee, and the accounts an
 * account's fee is split over by percent.
 */

// ---------------------------------------------------------------------------------------------------------
// Planning fees

/** FLAT is charged once on its start date; PERIODIC each period of its frequency from its start. */
export const PLANNING_FEE_TYPES = ['FLAT', 'PERIODIC'] as const;
export type PlanningFeeType = (typeof PLANNING_FEE_TYPES)[number];
export const PLANNING_FEE_TYPE_LABELS: Readonly<Record<PlanningFeeType, string>> = {
  FLAT: 'One-time',
  PERIODIC: 'Recurring',
};

export const PLANNING_FEE_DESCRIPTION_MAX = 50;
export const PLANNING_FEE_AMOUNT_MAX = '1000000';

export const PLANNING_FEE_MESSAGES = {
  created: 'Planning fee added successfully.',
  updated: 'Planning fee updated successfully.',
  deleted: 'Planning fee deleted successfully.',
  notFound: 'Planning fee not found.',
  descriptionRequired: 'Description is required.',
  descriptionOnlySpaces: 'Description cannot contain only spaces.',
  descriptionMax: `Description can be at most ${PLANNING_FEE_DESCRIPTION_MAX} characters.`,
  feeTypeRequired: `Fee type must be ${PLANNING_FEE_TYPES.join(' or ')}.`,
  amountInvalid: 'Amount must be greater than 0 with at most 2 decimals.',
  amountMax: 'Amount can be at most $1,000,000.00.',
  frequencyRequired: BILLING_SETUP_MESSAGES.frequencyRequired,
  frequencyInvalid: BILLING_SETUP_MESSAGES.frequencyInvalid,
  frequencyOnlyPeriodic: 'Only a recurring fee has a frequency.',
  startDateRequired: BILLING_SETUP_MESSAGES.startDateRequired,
  endDateBeforeStart: 'End date must be on or after the start date.',
  payMethodRequired: BILLING_SETUP_MESSAGES.payMethodRequired,
  feePayingAccountRequired: BILLING_SETUP_MESSAGES.feePayingAccountRequired,
  feePayingAccountNotFound: BILLING_SETUP_MESSAGES.feePayingAccountNotFound,
  feePayingAccountClosed: BILLING_SETUP_MESSAGES.feePayingAccountClosed,
  feePayingAccountOnlyIndirect: BILLING_SETUP_MESSAGES.feePayingAccountOnlyIndirect,
  achWithoutBankAccount: 'This household has no ACH account: add one before choosing ACH.',
} as const;

const uuid = (message: string) => z.string({ error: message }).uuid(message);

/** POST/PATCH /api/billing/households/:clientId/planning-fees. */
export const planningFeeBodySchema = z
  .object({
    description: z
      .string({ error: PLANNING_FEE_MESSAGES.descriptionRequired })
      .min(1, { message: PLANNING_FEE_MESSAGES.descriptionRequired, abort: true })
      .refine((v) => v.trim().length > 0, {
        message: PLANNING_FEE_MESSAGES.descriptionOnlySpaces,
        abort: true,
      })
      .transform((v) => v.trim())
      .pipe(z.string().max(PLANNING_FEE_DESCRIPTION_MAX, PLANNING_FEE_MESSAGES.descriptionMax)),
    feeType: z.enum(PLANNING_FEE_TYPES, { error: PLANNING_FEE_MESSAGES.feeTypeRequired }),
    amount: moneySchema(PLANNING_FEE_AMOUNT_MAX, {
      invalid: PLANNING_FEE_MESSAGES.amountInvalid,
      max: PLANNING_FEE_MESSAGES.amountMax,
    }).refine((v) => v !== '0.00', PLANNING_FEE_MESSAGES.amountInvalid),
    frequency: z
      .enum(BILLING_FREQUENCIES, { error: PLANNING_FEE_MESSAGES.frequencyInvalid })
      .nullish()
      .transform((v) => v ?? null),
    startDate: requiredDate(PLANNING_FEE_MESSAGES.startDateRequired),
    endDate: optionalDate,
    payMethod: z.enum(PAY_METHODS, { error: PLANNING_FEE_MESSAGES.payMethodRequired }),
    feePayingAccountId: uuid(PLANNING_FEE_MESSAGES.feePayingAccountNotFound)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((body, ctx) => {
    if (body.feeType === 'PERIODIC' && !body.frequency) {
      ctx.addIssue({ code: 'custom', path: ['frequency'], message: PLANNING_FEE_MESSAGES.frequencyRequired });
    }
    if (body.feeType === 'FLAT' && body.frequency) {
      ctx.addIssue({
        code: 'custom',
        path: ['frequency'],
        message: PLANNING_FEE_MESSAGES.frequencyOnlyPeriodic,
      });
    }
    if (body.endDate && body.endDate < body.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: PLANNING_FEE_MESSAGES.endDateBeforeStart });
    }
    checkFeePayingAccount(body, ctx);
  });
export type PlanningFeeBody = z.infer<typeof planningFeeBodySchema>;
export type PlanningFeeFormValues = z.input<typeof planningFeeBodySchema>;

export const planningFeeSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  description: z.string(),
  feeType: z.enum(PLANNING_FEE_TYPES),
  amount: z.string(),
  frequency: z.enum(BILLING_FREQUENCIES).nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  payMethod: z.enum(PAY_METHODS),
  feePayingAccount: z
    .object({ id: z.string(), registrationName: z.string(), clientId: z.string(), household: z.string() })
    .nullable(),
  /** The next day it is charged on or after today; null once it is over. */
  nextChargeDate: z.string().nullable(),
  /** What it comes to in a year: a recurring fee times its periods a year; a one-time fee once. */
  annualAmount: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlanningFee = z.infer<typeof planningFeeSchema>;

/** The facts of a fee its schedule reads. */
export type PlanningFeeTerms = {
  feeType: PlanningFeeType;
  amount: string;
  frequency: BillingFrequency | null;
  startDate: string;
  endDate: string | null;
};

/**
 * The next charge on or after `today`: a one-time fee on its start date if that has not passed; a recurring
 * fee on its start date, then on the start of each calendar period of its frequency, up to its end date.
 */
export const nextPlanningCharge = (fee: PlanningFeeTerms, today: string): string | null => {
  if (fee.startDate >= today) return fee.startDate;
  if (fee.feeType === 'FLAT' || !fee.frequency) return null;
  const current = billingPeriodOf(today, fee.frequency).from;
  const next = current >= today ? current : billingPeriodOf(today, fee.frequency, 1).from;
  return fee.endDate && next > fee.endDate ? null : next;
};

/** The fee over a year, exact to the cent: the amount times the periods a year (once for a one-time fee). */
export const annualPlanningAmount = (fee: PlanningFeeTerms): string => {
  const cents = centsOf(fee.amount) ?? 0n;
  const times = fee.feeType === 'PERIODIC' && fee.frequency ? BigInt(PERIODS_PER_YEAR[fee.frequency]) : 1n;
  return formatCents(cents * times);
};

// ---------------------------------------------------------------------------------------------------------
// Account payees

export const ACCOUNT_PAYEES_MAX = 20;

export const ACCOUNT_PAYEE_MESSAGES = {
  updated: 'Account payees updated successfully.',
  accountRequired: 'Choose a paying account.',
  accountNotFound: 'Choose a paying account from the list.',
  accountClosed: 'The paying account is closed: choose an open account.',
  percentRange: 'Pay percent must be between 1 and 100 with at most 2 decimals.',
  duplicate: 'This account is already a payee: each account pays once.',
  total: (total: string) => `The pay percents total ${total}%: they must total exactly 100%.`,
  max: `At most ${ACCOUNT_PAYEES_MAX} paying accounts.`,
} as const;

/** PUT /api/billing/accounts/:accountId/payees: the whole list (empty: the fee-paying account pays all). */
export const accountPayeesBodySchema = z
  .object({
    payees: z
      .array(
        z.object({
          accountId: uuid(ACCOUNT_PAYEE_MESSAGES.accountRequired),
          payPercent: boundedDecimal('1', '100', 2, ACCOUNT_PAYEE_MESSAGES.percentRange),
        }),
      )
      .max(ACCOUNT_PAYEES_MAX, ACCOUNT_PAYEE_MESSAGES.max),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.payees.forEach((payee, index) => {
      if (seen.has(payee.accountId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['payees', index, 'accountId'],
          message: ACCOUNT_PAYEE_MESSAGES.duplicate,
        });
      }
      seen.add(payee.accountId);
    });
    if (body.payees.length > 0) {
      const total = percentTotal(body.payees.map((p) => p.payPercent));
      if (total !== '100') {
        ctx.addIssue({ code: 'custom', path: ['payees'], message: ACCOUNT_PAYEE_MESSAGES.total(total) });
      }
    }
  });
export type AccountPayeesBody = z.infer<typeof accountPayeesBodySchema>;
export type AccountPayeesFormValues = z.input<typeof accountPayeesBodySchema>;

export const accountPayeeSchema = z.object({
  accountId: z.string(),
  registrationName: z.string(),
  clientId: z.string(),
  household: z.string(),
  status: z.enum(['OPEN', 'CLOSED']),
  payPercent: z.string(),
});
export type AccountPayee = z.infer<typeof accountPayeeSchema>;

export const accountPayeeListSchema = z.object({
  accountId: z.string(),
  payees: z.array(accountPayeeSchema),
});
export type AccountPayeeList = z.infer<typeof accountPayeeListSchema>;
