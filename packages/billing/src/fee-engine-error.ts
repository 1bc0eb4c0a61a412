/** Every way the fee engine refuses an input; stable, so callers (forms, API errors) can switch on them. */
export const FEE_ENGINE_ERROR_CODES = [
  // shapes and values
  'INVALID_INPUT',
  'UNKNOWN_VALUE',
  'INVALID_DECIMAL',
  'NEGATIVE_VALUE',
  'VALUE_ABOVE_CEILING',
  'INVALID_DATE',
  'PERIOD_END_BEFORE_START',
  // fee schedules
  'NO_TIERS',
  'TOO_MANY_TIERS',
  'TIERS_NOT_SORTED',
  'TIER_OVERLAP',
  'TIER_GAP',
  'FIRST_TIER_NOT_AT_ZERO',
  'LAST_TIER_NOT_AT_CEILING',
  'TIER_MAXIMUM_NOT_ABOVE_MINIMUM',
  'RATE_OUT_OF_RANGE',
  'ANNUAL_MINIMUM_ABOVE_LIMIT',
  // households, allocation, payouts
  'NO_ACCOUNTS',
  'DUPLICATE_ACCOUNT',
  'CASH_FLOW_OUTSIDE_PERIOD',
  'OPENED_AFTER_PERIOD',
  'NO_WEIGHTS',
  'PERCENT_TOTAL_ABOVE_100',
  // openings, closings and adjustments (issue 15)
  'OPENED_BEFORE_PERIOD',
  'CLOSED_BEFORE_PERIOD',
  'CLOSED_AFTER_PERIOD',
  'CLOSED_BEFORE_OPENING',
  'DUPLICATE_ADJUSTMENT',
] as const;

export type FeeEngineErrorCode = (typeof FEE_ENGINE_ERROR_CODES)[number];

/**
 * One thing wrong with an input. `path` names the field, relative to the argument it is in:
 * `tiers[2].maximum` for a schedule, `accounts[1].cashFlows[0].date` for a household bill.
 */
export type FeeProblem = { code: FeeEngineErrorCode; message: string; path: string };

/** What every engine function throws for an input it refuses; the message is meant for the user. */
export class FeeEngineError extends Error {
  override readonly name = 'FeeEngineError';
  readonly code: FeeEngineErrorCode;
  readonly path: string;
  /** Every problem found (a schedule can have several); the first one is this error's own. */
  readonly problems: readonly FeeProblem[];

  constructor(problems: readonly [FeeProblem, ...FeeProblem[]]) {
    super(problems[0].message);
    this.code = problems[0].code;
    this.path = problems[0].path;
    this.problems = problems;
  }
}

export const fail = (code: FeeEngineErrorCode, path: string, message: string): never => {
  throw new FeeEngineError([{ code, path, message }]);
};
