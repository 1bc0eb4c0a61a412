import {
  BILL_KIND_LABELS,
  BILL_RUN_PERIOD_LABELS,
  BILL_SCOPE_LABELS,
  type BillRun,
  type BillRunStage,
  type BillRunStatus,
  type BillStatus,
  type BillUnitOutcome,
} from '@centric/contracts';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney, formatMoneyBrief, formatPercent } from '../../../lib/money.ts';

/** The run as the firm names it: 'Run 12'. */
export const runTitle = (run: Pick<BillRun, 'number'>) => `Run ${run.number}`;

/** '04/01/2026 – 06/30/2026'. */
export const periodText = (start: string, end: string) => `${formatDate(start)} – ${formatDate(end)}`;

/** 'Quarter, 04/01/2026 – 06/30/2026'. */
export const runPeriodText = (run: Pick<BillRun, 'period' | 'periodStart' | 'periodEnd'>) =>
  `${BILL_RUN_PERIOD_LABELS[run.period]}, ${periodText(run.periodStart, run.periodEnd)}`;

/** 'All units', or the scope with what it names: 'Single unit: Adams, Betty'. */
export const scopeText = (run: Pick<BillRun, 'scope' | 'scopeName'>) =>
  run.scopeName ? `${BILL_SCOPE_LABELS[run.scope]}: ${run.scopeName}` : BILL_SCOPE_LABELS[run.scope];

/** 'Live bill · Run 12'. */
export const kindText = (run: Pick<BillRun, 'kind'>) => BILL_KIND_LABELS[run.kind];

export const RUN_STATUS_COLORS: Readonly<Record<BillRunStatus, string>> = {
  in_progress: 'blue',
  completed: 'green',
  Failed: 'red',
};

export const RUN_STAGE_COLORS: Readonly<Record<BillRunStage, string>> = {
  GENERATED: 'gray',
  APPROVED: 'teal',
  LOCKED: 'violet',
  EXPORTED: 'indigo',
};

export const BILL_STATUS_COLORS: Readonly<Record<BillStatus, string>> = {
  ...RUN_STAGE_COLORS,
  VOIDED: 'red',
  PULLED: 'orange',
};

export const OUTCOME_COLORS: Readonly<Record<BillUnitOutcome, string>> = {
  BILLED: 'green',
  SKIPPED: 'orange',
  ALREADY_BILLED: 'gray',
  NOTHING_TO_BILL: 'gray',
  FAILED: 'red',
};

/** Whole percent of the run's billing groups done (0 when it has none). */
export const progressPercent = (progress: BillRun['progress']) =>
  progress.total === 0 ? 0 : Math.min(100, Math.round((progress.done / progress.total) * 100));

/**
 * Basis points ('100', '87.5') as a percentage ('1.00%', '0.875%'): the decimal point moves two places, as
 * text (never a JavaScript number).
 */
export const bpsAsPercent = (bps: string): string => {
  const [whole = '0', decimals = ''] = bps.trim().split('.');
  const digits = whole.replace(/^0+/, '').padStart(3, '0');
  return formatPercent(`${digits.slice(0, -2).replace(/^0+(?=\d)/, '')}.${digits.slice(-2)}${decimals}`);
};

type TierLine = { minimum: string; maximum: string; base: string; rate: string; amount: string };

/** The tier a line fills: '$0 – $1,000,000'. */
export const tierRangeText = (line: Pick<TierLine, 'minimum' | 'maximum'>) =>
  `${formatMoneyBrief(line.minimum)} – ${formatMoneyBrief(line.maximum)}`;

/**
 * A tier line in plain words: '$1,000,000.00 at 1.00% = $10,000.00' for a percentage schedule (its rates in
 * basis points), '$1,000,000.00 in the tier: $2,500 a year' for a fixed one (its rates dollars a year).
 */
export const tierLineText = (type: string, line: TierLine) =>
  type === 'PERCENTAGE'
    ? `${formatMoney(line.base)} at ${bpsAsPercent(line.rate)} = ${formatMoney(line.amount)}`
    : `${formatMoney(line.base)} in the tier: ${formatMoneyBrief(line.rate)} a year = ${formatMoney(line.amount)}`;
