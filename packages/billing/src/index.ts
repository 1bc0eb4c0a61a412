export * from './money.ts';
export { centsOf, dollars, formatCents } from './exact.ts';
export {
  FEE_ENGINE_ERROR_CODES,
  FeeEngineError,
  type FeeEngineErrorCode,
  type FeeProblem,
} from './fee-engine-error.ts';
export {
  FEE_SCHEDULE_MESSAGES,
  FEE_STRUCTURES,
  FEE_TYPES,
  MAX_ANNUAL_MINIMUM,
  MAX_RATE,
  MAX_TIERS,
  MIN_RATE,
  TIER_CEILING,
  annualFee,
  validateFeeSchedule,
  type AnnualFee,
  type FeeLine,
  type FeeSchedule,
  type FeeStructure,
  type FeeTier,
  type FeeType,
  type Money,
} from './fee-schedule.ts';
export {
  FREQUENCIES,
  PERIODS_PER_YEAR,
  PRORATIONS,
  periodFee,
  type Frequency,
  type IsoDate,
  type PeriodFee,
  type PeriodFeeInput,
  type PeriodInput,
  type Proration,
} from './period-fee.ts';
export { allocate } from './allocate.ts';
export {
  TIMINGS,
  householdBill,
  mixedHouseholdBill,
  type AccountBill,
  type MixedHouseholdAccount,
  type MixedHouseholdBill,
  type MixedHouseholdBillInput,
  type PeriodGroupBill,
  type ScheduleGroupBill,
  type CashFlow,
  type HouseholdAccount,
  type HouseholdBill,
  type HouseholdBillInput,
  type Timing,
} from './household-bill.ts';
export { splitPayouts, type PayoutBlock, type Payouts, type SplitPayoutsOptions } from './payouts.ts';
export {
  advancePartPeriod,
  advanceRefund,
  type AdvancePartPeriod,
  type AdvancePartPeriodInput,
  type AdvanceRefund,
  type AdvanceRefundInput,
} from './part-period.ts';
export { applyAdjustments, type AdjustedFee, type Adjustment } from './adjustments.ts';
