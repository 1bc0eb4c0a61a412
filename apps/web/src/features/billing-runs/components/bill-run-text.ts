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
import { formatMoney } from '../../../lib/money.ts';

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

/** The custodian fee file's formats (the server's exporters). */
export const FEE_FILE_FORMATS = [
  { value: 'generic-csv', label: 'Generic CSV' },
  { value: 'generic-tsv', label: 'Generic TSV' },
] as const;
export type FeeFileFormat = (typeof FEE_FILE_FORMATS)[number]['value'];

/** A checksum short enough for a table cell: its first 12 characters and an ellipsis. */
export const shortChecksum = (checksum: string) =>
  checksum.length > 12 ? `${checksum.slice(0, 12)}…` : checksum;

/** Which way a change goes: up, down or none. */
export const changeDirection = (value: string): 'up' | 'down' | 'none' => {
  const text = value.trim();
  if (/^[0.]*$/.test(text.replace(/^[-+]/, ''))) return 'none';
  return text.startsWith('-') ? 'down' : 'up';
};

/** A change with its sign: '+$500.00', '-$120.00', '$0.00'. */
export const signedMoney = (value: string) => {
  const direction = changeDirection(value);
  if (direction === 'none') return formatMoney('0');
  return direction === 'up' ? `+${formatMoney(value)}` : formatMoney(value);
};
