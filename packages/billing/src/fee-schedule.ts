import {
  MICRO_PER_CENT,
  distributeCents,
  divRoundHalfUp,
  dollars,
  formatCents,
  parseCents,
  parseEnum,
  parseRateHundredths,
} from './exact.ts';
import { FeeEngineError, type FeeProblem } from './fee-engine-error.ts';

/** Money travels as a decimal string of dollars ("13750.00"); results always have exactly two decimals. */
export type Money = string;

export const FEE_TYPES = ['PERCENTAGE', 'FIXED'] as const;
export const FEE_STRUCTURES = ['TIERED', 'LINEAR'] as const;
export type FeeType = (typeof FEE_TYPES)[number];
export type FeeStructure = (typeof FEE_STRUCTURES)[number];

/** `rate`: basis points a year for PERCENTAGE schedules (100 = 1.00 %), dollars a year for FIXED ones. */
export type FeeTier = { minimum: Money; maximum: Money; rate: string };
export type FeeSchedule = {
  type: FeeType;
  structure: FeeStructure;
  annualMinimum: Money | null;
  tiers: FeeTier[];
};

export const MAX_TIERS = 7;
/** Where the last tier ends, and the largest value any schedule covers. */
export const TIER_CEILING: Money = '10000000000';
export const MIN_RATE = '1';
export const MAX_RATE = '1000000';
export const MAX_ANNUAL_MINIMUM: Money = '100000';

/** The texts of the product spec (§5 Fee tier, Fee schedule), shown by the structure editor as they are. */
export const FEE_SCHEDULE_MESSAGES = {
  maximumNotAboveMinimum: 'Maximum ($) Value can never be equal to or less than Min ($) value',
  overlap: 'This value is already added in the structure.',
  incomplete: 'Please enter the structure fields',
} as const;

/** One line of a fee's explanation: the part of the value in a tier, the tier's rate and what it costs. */
export type FeeLine = { minimum: Money; maximum: Money; base: Money; rate: string; amount: Money };
export type AnnualFee = { amount: Money; minimumApplied: boolean; lines: FeeLine[] };

type ParsedTier = {
  minimum: bigint;
  maximum: bigint;
  rate: bigint;
  source: FeeTier;
  minimumText: Money;
  maximumText: Money;
};
/** A checked schedule: bounds and minimum in cents, rates in hundredths (of a basis point or a dollar). */
export type ParsedSchedule = {
  type: FeeType;
  structure: FeeStructure;
  annualMinimum: bigint | null;
  tiers: ParsedTier[];
};

// The limits above in the engine's units: cents for money, hundredths for rates.
const CEILING = BigInt(TIER_CEILING) * 100n;
const RATE_MIN = BigInt(MIN_RATE) * 100n;
const RATE_MAX = BigInt(MAX_RATE) * 100n;
const ANNUAL_MINIMUM_MAX = BigInt(MAX_ANNUAL_MINIMUM) * 100n;
/**
 * Fee lines are exact in micro-cents: a PERCENTAGE line is its base (cents) × its rate (hundredths of a basis
 * point), in units of 1e-2 × 1e-2 × 1e-4 dollars = 1e-6 cents; a FIXED rate (hundredths of a dollar) is cents.
 */
const FIXED_TO_MICRO = MICRO_PER_CENT;

type Bounds = { minimum: bigint; maximum: bigint };

/** Runs `parse`; a refusal becomes a problem in the list and `undefined`. */
const collect = <T>(problems: FeeProblem[], parse: () => T): T | undefined => {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof FeeEngineError)) throw error;
    problems.push(...error.problems);
    return undefined;
  }
};

const parseTierBound = (value: unknown, path: string, label: string): bigint => {
  const bound = parseCents(value, path, label);
  if (bound > CEILING) {
    throw new FeeEngineError([
      { code: 'VALUE_ABOVE_CEILING', path, message: `${label} can be at most ${dollars(CEILING)}.` },
    ]);
  }
  return bound;
};

const parseRate = (value: unknown, path: string, type: FeeType | undefined): bigint => {
  const unit =
    type === 'FIXED' ? 'dollars' : type === 'PERCENTAGE' ? 'basis points' : 'basis points or dollars';
  const rate = parseRateHundredths(value);
  if (rate === undefined || rate < RATE_MIN || rate > RATE_MAX) {
    throw new FeeEngineError([
      {
        code:
          typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)
            ? 'RATE_OUT_OF_RANGE'
            : 'INVALID_DECIMAL',
        path,
        message: `Rate must be from 1 to 1,000,000 ${unit} a year, with at most 2 decimals (got ${JSON.stringify(value)}).`,
      },
    ]);
  }
  return rate;
};

/**
 * How the tiers fit together (the tiers that could not be read are skipped): sorted by minimum; then the
 * first starting at 0, each starting where the previous ends, the last ending at the ceiling. Tiers out of
 * order give that one problem only: gaps and overlaps between unsorted tiers would only mislead.
 */
const sequenceProblems = (tiers: readonly (Bounds | undefined)[]): FeeProblem[] => {
  const unsorted = tiers.findIndex((tier, index) => {
    const previous = tiers[index - 1];
    return index > 0 && tier !== undefined && previous !== undefined && tier.minimum < previous.minimum;
  });
  if (unsorted > 0) {
    return [
      {
        code: 'TIERS_NOT_SORTED',
        path: `tiers[${unsorted}].minimum`,
        message: 'Tiers must be listed by their Min ($), lowest first.',
      },
    ];
  }
  const problems: FeeProblem[] = [];
  tiers.forEach((tier, index) => {
    const previous = tiers[index - 1];
    const path = `tiers[${index}].minimum`;
    if (!tier) return;
    if (index === 0 && tier.minimum !== 0n) {
      problems.push({ code: 'FIRST_TIER_NOT_AT_ZERO', path, message: 'The first tier must start at $0.' });
    } else if (previous && tier.minimum < previous.maximum) {
      problems.push({ code: 'TIER_OVERLAP', path, message: FEE_SCHEDULE_MESSAGES.overlap });
    } else if (previous && tier.minimum > previous.maximum) {
      problems.push({
        code: 'TIER_GAP',
        path,
        message:
          `Tier ${index + 1} must start at ${dollars(previous.maximum)}, where tier ${index} ends: ` +
          'values between them would have no rate.',
      });
    }
  });
  const last = tiers[tiers.length - 1];
  if (last && last.maximum !== CEILING) {
    problems.push({
      code: 'LAST_TIER_NOT_AT_CEILING',
      path: `tiers[${tiers.length - 1}].maximum`,
      message: FEE_SCHEDULE_MESSAGES.incomplete,
    });
  }
  return problems;
};

/** Checks a schedule and returns what it found: every problem, or the parsed schedule when there is none. */
const checkSchedule = (schedule: unknown): { problems: FeeProblem[]; parsed?: ParsedSchedule } => {
  const problems: FeeProblem[] = [];
  if (typeof schedule !== 'object' || schedule === null) {
    return {
      problems: [{ code: 'INVALID_INPUT', path: '', message: 'A fee schedule is required.' }],
    };
  }
  const raw = schedule as Record<string, unknown>;
  const type = collect(problems, () => parseEnum(raw.type, FEE_TYPES, 'type', 'Fee type'));
  const structure = collect(problems, () =>
    parseEnum(raw.structure, FEE_STRUCTURES, 'structure', 'Fee structure'),
  );
  let annualMinimum: bigint | null | undefined = null;
  if (raw.annualMinimum !== null && raw.annualMinimum !== undefined) {
    annualMinimum = collect(problems, () => parseCents(raw.annualMinimum, 'annualMinimum', 'Annual minimum'));
    if (annualMinimum !== undefined && annualMinimum !== null && annualMinimum > ANNUAL_MINIMUM_MAX) {
      problems.push({
        code: 'ANNUAL_MINIMUM_ABOVE_LIMIT',
        path: 'annualMinimum',
        message: `Annual minimum can be at most ${dollars(ANNUAL_MINIMUM_MAX)}.`,
      });
    }
  }

  const tiers: unknown[] = Array.isArray(raw.tiers) ? raw.tiers : [];
  if (tiers.length === 0) {
    problems.push({ code: 'NO_TIERS', path: 'tiers', message: FEE_SCHEDULE_MESSAGES.incomplete });
  } else if (tiers.length > MAX_TIERS) {
    problems.push({
      code: 'TOO_MANY_TIERS',
      path: 'tiers',
      message: `A fee schedule has at most ${MAX_TIERS} tiers (this one has ${tiers.length}): merge or remove some.`,
    });
  }

  // A tier whose bounds could be read takes part in the sequence checks, even with a bad rate.
  const parsedTiers: (Bounds | undefined)[] = tiers.map((tier, index) => {
    const path = `tiers[${index}]`;
    if (typeof tier !== 'object' || tier === null) {
      problems.push({ code: 'INVALID_INPUT', path, message: FEE_SCHEDULE_MESSAGES.incomplete });
      return undefined;
    }
    const t = tier as Record<string, unknown>;
    const minimum = collect(problems, () => parseTierBound(t.minimum, `${path}.minimum`, 'Min ($)'));
    const maximum = collect(problems, () => parseTierBound(t.maximum, `${path}.maximum`, 'Maximum ($)'));
    const rate = collect(problems, () => parseRate(t.rate, `${path}.rate`, type));
    if (minimum !== undefined && maximum !== undefined && maximum <= minimum) {
      problems.push({
        code: 'TIER_MAXIMUM_NOT_ABOVE_MINIMUM',
        path: `${path}.maximum`,
        message: FEE_SCHEDULE_MESSAGES.maximumNotAboveMinimum,
      });
    }
    if (minimum === undefined || maximum === undefined) return undefined;
    return rate === undefined
      ? { minimum, maximum }
      : {
          minimum,
          maximum,
          rate,
          source: tier as FeeTier,
          minimumText: formatCents(minimum),
          maximumText: formatCents(maximum),
        };
  });

  problems.push(...sequenceProblems(parsedTiers));

  if (problems.length > 0 || !type || !structure || annualMinimum === undefined) return { problems };
  return { problems, parsed: { type, structure, annualMinimum, tiers: parsedTiers as ParsedTier[] } };
};

/**
 * Every problem of a schedule, in the order of its fields (empty when it is valid), with the spec's
 * messages where the spec has one. The structure editor shows them next to their fields (`path`).
 */
export const validateFeeSchedule = (schedule: unknown): FeeProblem[] => checkSchedule(schedule).problems;

// A billing run bills many households on one schedule: keep its parsed form while its content is unchanged.
const parsedCache = new WeakMap<object, { key: string; parsed: ParsedSchedule }>();

const fingerprint = (schedule: FeeSchedule): string => {
  let key = `${String(schedule.type)}|${String(schedule.structure)}|${String(schedule.annualMinimum)}`;
  if (Array.isArray(schedule.tiers)) {
    for (const tier of schedule.tiers)
      key += `|${String(tier?.minimum)},${String(tier?.maximum)},${String(tier?.rate)}`;
  }
  return key;
};

/**
 * The schedule parsed, or a FeeEngineError carrying every problem (paths prefixed with `at`, the
 * schedule's place in the caller's input: "schedule." for a household bill).
 */
export const parseSchedule = (schedule: FeeSchedule, at = ''): ParsedSchedule => {
  const isObject = typeof schedule === 'object' && schedule !== null;
  const key = isObject ? fingerprint(schedule) : '';
  const cached = isObject ? parsedCache.get(schedule) : undefined;
  if (cached && cached.key === key) return cached.parsed;
  const { problems, parsed } = checkSchedule(schedule);
  const [first, ...rest] = problems.map((problem) => ({
    ...problem,
    path: at && problem.path ? `${at}.${problem.path}` : at || problem.path,
  }));
  if (first) throw new FeeEngineError([first, ...rest]);
  if (!parsed) throw new Error('internal: schedule without problems was not parsed');
  parsedCache.set(schedule, { key, parsed });
  return parsed;
};

/** The tiers charged for a value: TIERED every tier the value reaches, LINEAR the value's own tier. */
const chargedTiers = (schedule: ParsedSchedule, value: bigint): ParsedTier[] => {
  if (schedule.structure === 'TIERED') return schedule.tiers.filter((tier) => tier.minimum < value);
  // minimum < value <= maximum; 0 belongs to the first tier.
  const own = schedule.tiers.find((tier) => value <= tier.maximum);
  return own ? [own] : [];
};

export type ExactAnnualFee = {
  /** The annual fee in micro-cents, exact: the tiers' sum, raised to the annual minimum where it applies. */
  micro: bigint;
  minimumApplied: boolean;
  lines: FeeLine[];
};

/** The annual fee of a value in cents (already checked: not negative, at most the ceiling), exact. */
export const exactAnnualFee = (schedule: ParsedSchedule, value: bigint): ExactAnnualFee => {
  const tiers = chargedTiers(schedule, value);
  const bases: bigint[] = [];
  const amounts: bigint[] = [];
  let tierTotal = 0n;
  for (const tier of tiers) {
    const top = value < tier.maximum ? value : tier.maximum;
    const base = schedule.structure === 'TIERED' ? top - tier.minimum : value;
    const amount = schedule.type === 'PERCENTAGE' ? base * tier.rate : tier.rate * FIXED_TO_MICRO;
    bases.push(base);
    amounts.push(amount);
    tierTotal += amount;
  }
  // The lines add up to the tiers' total rounded once: their cents are split by largest remainder.
  const lineCents = distributeCents(divRoundHalfUp(tierTotal, MICRO_PER_CENT), amounts, MICRO_PER_CENT);
  const lines = tiers.map((tier, index) => ({
    minimum: tier.minimumText,
    maximum: tier.maximumText,
    base: formatCents(bases[index] as bigint),
    rate: tier.source.rate,
    amount: formatCents(lineCents[index] as bigint),
  }));
  const minimum = schedule.annualMinimum;
  const minimumMicro = minimum === null ? 0n : minimum * MICRO_PER_CENT;
  const minimumApplied = minimum !== null && value > 0n && tierTotal < minimumMicro;
  return { micro: minimumApplied ? minimumMicro : tierTotal, minimumApplied, lines };
};

/** Checks a billable value (an amount, not negative, within the schedules' ceiling); in cents. */
export const parseBillableValue = (value: unknown, path: string, label: string): bigint =>
  checkBillableCents(parseCents(value, path, label), path, label);

export const checkBillableCents = (cents: bigint, path: string, label: string): bigint => {
  if (cents > CEILING) {
    throw new FeeEngineError([
      {
        code: 'VALUE_ABOVE_CEILING',
        path,
        message: `${label} (${dollars(cents)}) is above ${dollars(CEILING)}, where every fee schedule ends.`,
      },
    ]);
  }
  return cents;
};

/**
 * The annual fee of a billable value under a schedule, rounded once, half up, to the cent.
 * `lines`: the tiers charged (TIERED: every tier the value reaches; LINEAR: the value's tier), each with the
 * part of the value in it (`base`) and its cost; they add up to the tiers' total, before any minimum.
 */
export const annualFee = (schedule: FeeSchedule, billableValue: Money): AnnualFee => {
  const parsed = parseSchedule(schedule);
  const value = parseBillableValue(billableValue, 'billableValue', 'Billable value');
  const fee = exactAnnualFee(parsed, value);
  return {
    amount: formatCents(divRoundHalfUp(fee.micro, MICRO_PER_CENT)),
    minimumApplied: fee.minimumApplied,
    lines: fee.lines,
  };
};
