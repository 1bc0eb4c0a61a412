// The fee engine's own validation is the structure's contract: the editor and the server share it.
import {
  annualFee,
  centsOf,
  formatCents,
  FEE_SCHEDULE_MESSAGES,
  FEE_STRUCTURES,
  FEE_TYPES,
  type FeeSchedule,
  MAX_ANNUAL_MINIMUM,
  MAX_TIERS,
  periodFee,
  TIER_CEILING,
  validateFeeSchedule,
} from '@centric/billing';
import { z } from 'zod';
import { AUTH_MESSAGES } from './messages.ts';
import { listQueryShape } from './list-query.ts';
import { moneySchema } from './money.ts';

/**
 * Fee schedules (spec §2 /billing/fee, §3 Fee schedule, §5 Fee tier and Fee schedule). The structure is
 * validated by the fee engine's own `validateFeeSchedule`, so the editor and the server share one rule set.
 */

export { FEE_SCHEDULE_MESSAGES, FEE_STRUCTURES, FEE_TYPES, MAX_TIERS, TIER_CEILING, type FeeSchedule };

export const FEE_SCHEDULE_NAME_MAX = 50;
export const FEE_SCHEDULE_DESCRIPTION_MAX = 50;
/** Tiers sent in one body, live and deleted together (at most 7 of them live). */
export const FEE_SCHEDULE_SENT_TIERS_MAX = 50;

export const FEE_SCHEDULE_API_MESSAGES = {
  created: 'Fee schedule added successfully.',
  updated: 'Fee schedule updated successfully.',
  deleted: 'Fee schedule deleted successfully.',
  notFound: 'This fee schedule does not exist.',
  duplicateName: 'A fee schedule with this name already exists.',
  /** `inUse('2 billing accounts')` → 'This fee schedule is used by 2 billing accounts and cannot be deleted.' */
  inUse: (where: string) => `This fee schedule is used by ${where} and cannot be deleted.`,
  inUseUnknown: 'This fee schedule is in use and cannot be deleted.',
  nameRequired: 'Name is required.',
  nameMax: `Name can be at most ${FEE_SCHEDULE_NAME_MAX} characters.`,
  nameOnlySpaces: AUTH_MESSAGES.nameOnlySpaces,
  descriptionMax: `Description can be at most ${FEE_SCHEDULE_DESCRIPTION_MAX} characters.`,
  typeInvalid: `Fee type must be one of ${FEE_TYPES.join(', ')}.`,
  structureInvalid: `Fee structure must be one of ${FEE_STRUCTURES.join(', ')}.`,
  annualMinimumInvalid: 'Annual minimum must be an amount in dollars, like 2500.00.',
  annualMinimumDecimals: 'Annual minimum can have at most 2 decimals.',
  annualMinimumMax: 'Annual minimum can be at most $100,000.',
  valueInvalid: 'Value must be an amount in dollars with at most 2 decimals, like 1000000.00.',
  valueMax: 'Value can be at most $10,000,000,000.',
  tiersTooMany: `Send at most ${FEE_SCHEDULE_SENT_TIERS_MAX} structure rows.`,
  // A tier's own fields (spec §5 Fee tier), in the spec's words rather than the engine's diagnostics.
  rateMin: (label: string) => `${label} must be at least 1.`,
  rateMax: (label: string) => `${label} can be at most 1,000,000.`,
  decimals: (label: string) => `${label} can have at most 2 decimals.`,
  invalid: (label: string) => `Please enter a valid ${label}.`,
  boundNegative: (label: string) => `${label} must be at least $0.`,
} as const;

/** The rate column as the editor names it: basis points for PERCENTAGE, dollars a year for FIXED. */
const rateLabelOf = (type: string) => (type === 'FIXED' ? 'Fee' : 'Rate');
const BOUND_LABELS = { minimum: 'Min ($)', maximum: 'Max ($)' } as const;
const RATE_MIN_HUNDREDTHS = 100n;
const RATE_MAX_HUNDREDTHS = 100_000_000n;

/**
 * A tier field the engine could not read, said the way the spec says it ('… can have at most 2 decimals.'):
 * the engine's own text names the value it got, which is for logs, not for the person typing.
 */
const tierFieldMessage = (field: 'minimum' | 'maximum' | 'rate', raw: string, type: string): string => {
  const value = raw.trim();
  const label = field === 'rate' ? rateLabelOf(type) : BOUND_LABELS[field];
  if (/^-/.test(value) && field !== 'rate') return FEE_SCHEDULE_API_MESSAGES.boundNegative(label);
  if (/^\d+\.\d{3,}$/.test(value)) return FEE_SCHEDULE_API_MESSAGES.decimals(label);
  const hundredths = centsOf(value);
  if (hundredths === undefined) return FEE_SCHEDULE_API_MESSAGES.invalid(label);
  if (field === 'rate' && hundredths < RATE_MIN_HUNDREDTHS) return FEE_SCHEDULE_API_MESSAGES.rateMin(label);
  if (field === 'rate' && hundredths > RATE_MAX_HUNDREDTHS) return FEE_SCHEDULE_API_MESSAGES.rateMax(label);
  return FEE_SCHEDULE_API_MESSAGES.invalid(label);
};

/** Engine codes of a tier field it could not read; their texts are replaced by `tierFieldMessage`. */
const UNREADABLE_CODES: ReadonlySet<string> = new Set([
  'INVALID_DECIMAL',
  'NEGATIVE_VALUE',
  'RATE_OUT_OF_RANGE',
]);

export const feeTypeSchema = z.enum(FEE_TYPES, { error: FEE_SCHEDULE_API_MESSAGES.typeInvalid });
export const feeStructureSchema = z.enum(FEE_STRUCTURES, {
  error: FEE_SCHEDULE_API_MESSAGES.structureInvalid,
});

export const FEE_SCHEDULE_SORT_KEYS = ['name', 'type', 'structure', 'annualMinimum', 'createdAt'] as const;
export type FeeScheduleSortKey = (typeof FEE_SCHEDULE_SORT_KEYS)[number];

/** GET /api/fee-schedules */
export const feeScheduleListQuerySchema = z.object({
  search: z.string().trim().max(100, 'Search text can be at most 100 characters.').optional(),
  type: feeTypeSchema.optional(),
  structure: feeStructureSchema.optional(),
  ...listQueryShape({ sortKeys: FEE_SCHEDULE_SORT_KEYS, defaultSort: { sortBy: 'name', order: 'ASC' } }),
});
export type FeeScheduleListQuery = z.output<typeof feeScheduleListQuerySchema>;

export const feeScheduleIdParamsSchema = z.object({
  id: z.uuid({ error: FEE_SCHEDULE_API_MESSAGES.notFound }),
});

// ---- Money helpers (no JS numbers for money) -----------------------------------------------------------

/** A stored numeric as money: exactly two decimals ("4000" → "4000.00"). */
export const toMoney = (value: string): string => {
  const cents = centsOf(value.trim());
  if (cents !== undefined) return formatCents(cents);
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
};

/** A stored rate (numeric(12,4)) without trailing zeros: "100.0000" → "100", "62.5000" → "62.5". */
export const toRate = (value: string): string => {
  const text = value.trim();
  if (!text.includes('.')) return text;
  return text.replace(/0+$/, '').replace(/\.$/, '');
};

const annualMinimumSchema = moneySchema(MAX_ANNUAL_MINIMUM, {
  invalid: FEE_SCHEDULE_API_MESSAGES.annualMinimumInvalid,
  max: FEE_SCHEDULE_API_MESSAGES.annualMinimumMax,
  decimals: FEE_SCHEDULE_API_MESSAGES.annualMinimumDecimals,
});

const structureField = z
  .string({ error: FEE_SCHEDULE_MESSAGES.incomplete })
  .trim()
  .min(1, FEE_SCHEDULE_MESSAGES.incomplete)
  .max(40, FEE_SCHEDULE_MESSAGES.incomplete);

export const feeTierInputSchema = z.object({
  id: z.uuid().optional(),
  minimum: structureField,
  maximum: structureField,
  rate: structureField,
  isDeleted: z.boolean().optional(),
});
export type FeeTierInput = z.output<typeof feeTierInputSchema>;

/** The live tiers of a sent structure (isDeleted dropped), sorted by minimum, each with its place in the list. */
export const liveTiersOf = <T extends { minimum: string; isDeleted?: boolean | undefined }>(tiers: T[]) =>
  tiers
    .map((tier, index) => ({ tier, index }))
    .filter(({ tier }) => !tier.isDeleted)
    .sort((a, b) => {
      const x = centsOf(a.tier.minimum);
      const y = centsOf(b.tier.minimum);
      if (x === undefined || y === undefined) {
        return x === undefined && y === undefined ? a.index - b.index : x === undefined ? 1 : -1;
      }
      return x < y ? -1 : x > y ? 1 : a.index - b.index;
    });

/** 'tiers[2].maximum' (engine, live-sorted index) → ['tiers', <index in the sent list>, 'maximum']. */
const pathOf = (enginePath: string, sentIndexOf: (liveIndex: number) => number): (string | number)[] => {
  const match = /^tiers(?:\[(\d+)\])?(?:\.(\w+))?$/.exec(enginePath);
  if (!match) return enginePath ? enginePath.split('.') : [];
  const path: (string | number)[] = ['tiers'];
  if (match[1] !== undefined) path.push(sentIndexOf(Number(match[1])));
  if (match[2] !== undefined) path.push(match[2]);
  return path;
};

const feeScheduleFields = z.object({
  name: z
    .string({ error: FEE_SCHEDULE_API_MESSAGES.nameRequired })
    .min(1, { error: FEE_SCHEDULE_API_MESSAGES.nameRequired, abort: true })
    .refine((v) => v.trim().length > 0, FEE_SCHEDULE_API_MESSAGES.nameOnlySpaces)
    .transform((v) => v.trim())
    .pipe(z.string().max(FEE_SCHEDULE_NAME_MAX, FEE_SCHEDULE_API_MESSAGES.nameMax)),
  type: feeTypeSchema,
  structure: feeStructureSchema,
  description: z
    .string()
    .trim()
    .max(FEE_SCHEDULE_DESCRIPTION_MAX, FEE_SCHEDULE_API_MESSAGES.descriptionMax)
    .nullish()
    .transform((v) => (v ? v : null)),
  annualMinimum: z
    .preprocess((v) => (v === '' ? null : v), annualMinimumSchema.nullish())
    .transform((v) => v ?? null),
  tiers: z
    .array(feeTierInputSchema, { error: FEE_SCHEDULE_MESSAGES.incomplete })
    .max(FEE_SCHEDULE_SENT_TIERS_MAX, FEE_SCHEDULE_API_MESSAGES.tiersTooMany),
});

/** The engine's problems with how the tiers join (rather than with one tier's own fields). */
const SEQUENCE_CODES: ReadonlySet<string> = new Set([
  'TIERS_NOT_SORTED',
  'FIRST_TIER_NOT_AT_ZERO',
  'TIER_OVERLAP',
  'TIER_GAP',
  'LAST_TIER_NOT_AT_CEILING',
]);

export type FeeStructureProblem = { path: (string | number)[]; message: string };

/**
 * The engine's problems with a structure: the live tiers, sorted by minimum, go through
 * `validateFeeSchedule`; each problem comes back at the tier's place in the sent list
 * (['tiers', 2, 'maximum']). Blank fields are left to the field rules ('Please enter the structure fields').
 * The editor runs it on every change, whatever the other fields hold; the body schema runs it on save.
 */
export const feeStructureProblems = (input: {
  type: string;
  structure: string;
  tiers: readonly { minimum: string; maximum: string; rate: string; isDeleted?: boolean | undefined }[];
}): FeeStructureProblem[] => {
  const live = liveTiersOf([...input.tiers]);
  // While a bound is blank the tiers cannot be put in order: how they join is checked once it is typed.
  const boundMissing = live.some(({ tier }) => !tier.minimum.trim() || !tier.maximum.trim());
  const blank = (path: (string | number)[]) => {
    const [, index, field] = path;
    const tier = typeof index === 'number' ? input.tiers[index] : undefined;
    return tier !== undefined && (field === 'minimum' || field === 'maximum' || field === 'rate')
      ? tier[field].trim() === ''
      : false;
  };
  return (
    validateFeeSchedule({
      type: input.type,
      structure: input.structure,
      annualMinimum: null,
      tiers: live.map(({ tier }) => ({
        minimum: tier.minimum.trim(),
        maximum: tier.maximum.trim(),
        rate: tier.rate.trim(),
      })),
    })
      .filter((problem) => problem.path.startsWith('tiers'))
      .filter((problem) => !(boundMissing && SEQUENCE_CODES.has(problem.code)))
      .map((problem) => {
        const path = pathOf(problem.path, (i) => live[i]?.index ?? i);
        const [, index, field] = path;
        const tier = typeof index === 'number' ? input.tiers[index] : undefined;
        const readable =
          !UNREADABLE_CODES.has(problem.code) ||
          !tier ||
          (field !== 'minimum' && field !== 'maximum' && field !== 'rate');
        return {
          path,
          message: readable ? problem.message : tierFieldMessage(field, tier[field], input.type),
        };
      })
      // A blank field already says 'Please enter the structure fields'; the rest of the structure is
      // still checked, so a wrong maximum shows while another tier is being typed.
      .filter((problem) => !blank(problem.path))
  );
};

/** POST/PATCH /api/fee-schedules body: the fields, then the structure through the engine's own rules. */
export const feeScheduleBodySchema = feeScheduleFields.superRefine((body, ctx) => {
  for (const problem of feeStructureProblems(body)) {
    ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  }
});
export type FeeScheduleBody = z.output<typeof feeScheduleBodySchema>;

/** The engine's schedule of a valid body (live tiers sorted by minimum). */
export const engineScheduleOf = (body: FeeScheduleBody): FeeSchedule => ({
  type: body.type,
  structure: body.structure,
  annualMinimum: body.annualMinimum,
  tiers: liveTiersOf(body.tiers).map(({ tier }) => ({
    minimum: tier.minimum,
    maximum: tier.maximum,
    rate: tier.rate,
  })),
});

export const feeTierSchema = z.object({
  id: z.string(),
  minimum: z.string(),
  maximum: z.string(),
  rate: z.string(),
});
export type FeeTierItem = z.output<typeof feeTierSchema>;

/** One schedule as the API returns it: live tiers sorted by minimum, money with two decimals. */
export const feeScheduleItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(FEE_TYPES),
  structure: z.enum(FEE_STRUCTURES),
  description: z.string().nullable(),
  annualMinimum: z.string().nullable(),
  tiers: z.array(feeTierSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FeeScheduleItem = z.output<typeof feeScheduleItemSchema>;

// ---- Preview --------------------------------------------------------------------------------------------

/** A value to preview: dollars, at most 2 decimals, from $0 to $10,000,000,000. */
export const feePreviewValueSchema = moneySchema(TIER_CEILING, {
  invalid: FEE_SCHEDULE_API_MESSAGES.valueInvalid,
  max: FEE_SCHEDULE_API_MESSAGES.valueMax,
});

/** POST /api/fee-schedules/preview */
export const feeSchedulePreviewBodySchema = z.object({
  schedule: feeScheduleBodySchema,
  value: feePreviewValueSchema,
});
export type FeeSchedulePreviewBody = z.output<typeof feeSchedulePreviewBodySchema>;

export const feeSchedulePreviewSchema = z.object({
  value: z.string(),
  annual: z.string(),
  quarterly: z.string(),
  minimumApplied: z.boolean(),
  /** annual / value as a percentage with 4 decimals ("0.8750"); "0.0000" for a value of 0. */
  effectiveRate: z.string(),
  lines: z.array(
    z.object({
      minimum: z.string(),
      maximum: z.string(),
      base: z.string(),
      rate: z.string(),
      amount: z.string(),
    }),
  ),
  curve: z.array(z.object({ value: z.string(), annualFee: z.string(), effectiveRate: z.string() })),
});
export type FeeSchedulePreview = z.output<typeof feeSchedulePreviewSchema>;

export const FEE_PREVIEW_CURVE_POINTS = 40;

/** annual / value × 100 with 4 decimals, half up (both in dollars with two decimals). */
export const effectiveRateOf = (annual: string, value: string): string => {
  const a = centsOf(annual) ?? 0n;
  const v = centsOf(value) ?? 0n;
  if (v === 0n) return '0.0000';
  const scaled = (a * 1_000_000n * 2n + v) / (2n * v); // round(a × 100 × 10^4 / v), half up
  return `${scaled / 10_000n}.${(scaled % 10_000n).toString().padStart(4, '0')}`;
};

/**
 * The preview of a valid schedule at a value: the annual fee with its lines, the quarter by FREQUENCY, the
 * effective rate, and a curve for the effective-rate chart: 40 values evenly from 0 to 1.5 × the last finite
 * breakpoint (or 1.25 × the value when that is higher; $1,000,000 or twice the value without a breakpoint),
 * with each breakpoint and the cent above it, so a LINEAR schedule's drop shows as a step.
 */
export const feeSchedulePreview = (schedule: FeeSchedule, value: string): FeeSchedulePreview => {
  const annual = annualFee(schedule, value);
  const quarter = periodFee({
    schedule,
    billableValue: value,
    periodStart: '2026-01-01',
    periodEnd: '2026-03-31',
    frequency: 'QUARTERLY',
    proration: 'FREQUENCY',
  });
  const ceiling = BigInt(TIER_CEILING) * 100n;
  const breakpoints = schedule.tiers
    .map((tier) => centsOf(tier.maximum) as bigint)
    .filter((cents) => cents > 0n && cents < ceiling);
  const last = breakpoints.reduce((max, cents) => (cents > max ? cents : max), 0n);
  const valueCents = centsOf(value) ?? 0n;
  const fallback = valueCents * 2n > 100_000_000n ? valueCents * 2n : 100_000_000n; // $1,000,000
  let top = last > 0n ? (last * 3n) / 2n : fallback;
  if ((valueCents * 5n) / 4n > top) top = (valueCents * 5n) / 4n;
  if (top > ceiling) top = ceiling;
  const steps = BigInt(FEE_PREVIEW_CURVE_POINTS - 1);
  const points = new Set<bigint>();
  for (let i = 0n; i <= steps; i += 1n) points.add((top * i) / steps);
  for (const cents of breakpoints) {
    if (cents < top) points.add(cents).add(cents + 1n);
  }
  const curve = [...points]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((cents) => {
      const at = formatCents(cents);
      const fee = annualFee(schedule, at).amount;
      return { value: at, annualFee: fee, effectiveRate: effectiveRateOf(fee, at) };
    });
  return {
    value,
    annual: annual.amount,
    quarterly: quarter.amount,
    minimumApplied: annual.minimumApplied,
    effectiveRate: effectiveRateOf(annual.amount, value),
    lines: annual.lines,
    curve,
  };
};
