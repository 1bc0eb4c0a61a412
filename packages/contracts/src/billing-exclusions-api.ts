import { z } from 'zod';
import { optionalDate, requiredDate } from './accounts-api.ts';
import { boundedDecimal } from './strategies-api.ts';

/**
 * Excluded assets (issue 14 §5, the unit page's Exclude Assets tab): a holding (a product in one account), a
 * product in every account of the household, or a percentage of one account's value, left out of the fee, of
 * the payout, or both, with a reason and the dates it holds. Excluded from the payout only: the fee is
 * charged, and the fee on those assets is the firm's.
 */

// ---------------------------------------------------------------------------------------------------------
// Enumerations

export const EXCLUSION_KINDS = ['HOLDING', 'PRODUCT', 'PERCENT'] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];
export const EXCLUSION_KIND_LABELS: Readonly<Record<ExclusionKind, string>> = {
  HOLDING: 'Holding',
  PRODUCT: 'Product',
  PERCENT: 'Percentage of account',
};

export const EXCLUSION_APPLIES_TO = ['FEE', 'PAYOUT', 'BOTH'] as const;
export type ExclusionAppliesTo = (typeof EXCLUSION_APPLIES_TO)[number];
export const EXCLUSION_APPLIES_TO_LABELS: Readonly<Record<ExclusionAppliesTo, string>> = {
  FEE: 'Fee',
  PAYOUT: 'Payout',
  BOTH: 'Fee and payout',
};

export const EXCLUSION_REASON_MAX = 200;

// ---------------------------------------------------------------------------------------------------------
// Messages

export const EXCLUSION_MESSAGES = {
  created: 'Excluded asset added successfully.',
  updated: 'Excluded asset updated successfully.',
  deleted: 'Excluded asset deleted successfully.',
  notFound: 'Excluded asset not found.',
  householdNotFound: 'Household not found.',
  kindRequired: 'Exclusion type is required.',
  kindInvalid: `Exclusion type must be one of ${EXCLUSION_KINDS.join(', ')}.`,
  appliesToRequired: 'Applies to is required.',
  appliesToInvalid: `Applies to must be one of ${EXCLUSION_APPLIES_TO.join(', ')}.`,
  accountRequired: 'Account is required.',
  accountNotFound: 'Choose an account of this household.',
  productRequired: 'Product is required.',
  productNotFound: 'Choose a product from the list.',
  percentRequired: 'Percentage is required.',
  percentRange: 'Percentage must be more than 0 and at most 100, with at most two decimals.',
  reasonRequired: 'Reason is required.',
  reasonMax: `Reason must be at most ${EXCLUSION_REASON_MAX} characters.`,
  startDateRequired: 'Start date is required.',
  endBeforeStart: 'End date must be on or after the start date.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Requests

const uuid = (message: string) => z.string({ error: message }).uuid(message);

/**
 * POST/PATCH /api/billing/households/:clientId/exclusions. The fields a kind does not use are dropped (a form
 * that switched kinds may still send them): HOLDING keeps account and product, PRODUCT the product (every
 * account of the household), PERCENT the account and the percentage.
 */
export const exclusionBodySchema = z
  .object({
    kind: z.enum(EXCLUSION_KINDS, { error: EXCLUSION_MESSAGES.kindRequired }),
    accountId: uuid(EXCLUSION_MESSAGES.accountNotFound)
      .nullish()
      .transform((v) => v ?? null),
    productId: uuid(EXCLUSION_MESSAGES.productNotFound)
      .nullish()
      .transform((v) => v ?? null),
    percent: z
      .union([z.literal(''), boundedDecimal('0.01', '100', 2, EXCLUSION_MESSAGES.percentRange)], {
        error: EXCLUSION_MESSAGES.percentRange,
      })
      .nullish()
      .transform((v) => (v ? v : null)),
    appliesTo: z.enum(EXCLUSION_APPLIES_TO, { error: EXCLUSION_MESSAGES.appliesToRequired }),
    reason: z
      .string({ error: EXCLUSION_MESSAGES.reasonRequired })
      .trim()
      .min(1, { message: EXCLUSION_MESSAGES.reasonRequired, abort: true })
      .max(EXCLUSION_REASON_MAX, EXCLUSION_MESSAGES.reasonMax),
    startDate: requiredDate(EXCLUSION_MESSAGES.startDateRequired),
    endDate: optionalDate,
  })
  .superRefine((body, ctx) => {
    if (body.kind !== 'PRODUCT' && !body.accountId) {
      ctx.addIssue({ code: 'custom', path: ['accountId'], message: EXCLUSION_MESSAGES.accountRequired });
    }
    if (body.kind !== 'PERCENT' && !body.productId) {
      ctx.addIssue({ code: 'custom', path: ['productId'], message: EXCLUSION_MESSAGES.productRequired });
    }
    if (body.kind === 'PERCENT' && body.percent === null) {
      ctx.addIssue({ code: 'custom', path: ['percent'], message: EXCLUSION_MESSAGES.percentRequired });
    }
    if (body.endDate !== null && body.endDate < body.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: EXCLUSION_MESSAGES.endBeforeStart });
    }
  })
  .transform((body) => ({
    ...body,
    accountId: body.kind === 'PRODUCT' ? null : body.accountId,
    productId: body.kind === 'PERCENT' ? null : body.productId,
    percent: body.kind === 'PERCENT' ? body.percent : null,
  }));
export type ExclusionBody = z.infer<typeof exclusionBodySchema>;
export type ExclusionFormValues = z.input<typeof exclusionBodySchema>;

export const exclusionParamsSchema = z.object({
  clientId: z.string().uuid(EXCLUSION_MESSAGES.householdNotFound),
  id: z.string().uuid(EXCLUSION_MESSAGES.notFound),
});

// ---------------------------------------------------------------------------------------------------------
// Answers

export const exclusionSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  kind: z.enum(EXCLUSION_KINDS),
  /** HOLDING and PERCENT: the account; PRODUCT: null (every account of the household). */
  account: z.object({ id: z.string(), registrationName: z.string() }).nullable(),
  /** HOLDING and PRODUCT: the product; PERCENT: null. */
  product: z.object({ id: z.string(), symbol: z.string().nullable(), name: z.string() }).nullable(),
  /** PERCENT: the percentage of the account's value ("12.5"). */
  percent: z.string().nullable(),
  appliesTo: z.enum(EXCLUSION_APPLIES_TO),
  reason: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** Whether it holds today (started, not ended). */
  active: z.boolean(),
  /** What it excludes on today's valuation (the latest holdings at the latest prices), a decimal string. */
  excludedValue: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Exclusion = z.infer<typeof exclusionSchema>;

export const exclusionListSchema = z.object({
  /** The day the excluded values are valued on. */
  asOf: z.string(),
  exclusions: z.array(exclusionSchema),
  /** The household's accounts, open first, by name: what a holding or a percentage may be excluded in. */
  accounts: z.array(z.object({ id: z.string(), registrationName: z.string(), open: z.boolean() })),
});
export type ExclusionList = z.infer<typeof exclusionListSchema>;
