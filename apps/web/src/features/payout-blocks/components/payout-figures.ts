import {
  type PayoutBlock,
  type PayoutBlockFormValues,
  type PayoutBlockList,
  decimalText,
  hundredthsOf,
  isValidIsoDate,
} from '@centric/contracts';

const HUNDRED = 10_000n;

/** Hundredths of a percent as the server writes a percent: 1050n → '10.5', -250n → '-2.5'. */
export const percentOfHundredths = (hundredths: bigint) => {
  const negative = hundredths < 0n;
  const abs = negative ? -hundredths : hundredths;
  const fraction = (abs % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${abs / 100n}${fraction ? `.${fraction}` : ''}`;
};

/** '33.33' → '33.33%'. */
export const percentLabel = (value: string) => `${value}%`;

/** What a block is in the list's period. */
export type PayoutBlockState = 'ACTIVE' | 'NOT_STARTED' | 'PAID_OUT' | 'ENDED';

export const PAYOUT_BLOCK_STATE_LABELS: Readonly<Record<PayoutBlockState, string>> = {
  ACTIVE: 'Active',
  NOT_STARTED: 'Not yet started',
  PAID_OUT: 'Paid out',
  ENDED: 'Ended',
};

/**
 * Active as the server judged it (started by the period's end, not paid out, still covering the period);
 * otherwise not started yet, paid out its number of payments, or past the periods its payments cover.
 */
export const blockStateOf = (
  block: Pick<PayoutBlock, 'active' | 'startDate' | 'numberOfPayments' | 'paymentsMade'>,
  period: PayoutBlockList['period'],
): PayoutBlockState => {
  if (block.active) return 'ACTIVE';
  if (block.startDate > period.end) return 'NOT_STARTED';
  if (block.numberOfPayments !== null && block.paymentsMade >= block.numberOfPayments) return 'PAID_OUT';
  return 'ENDED';
};

/** A percent field as typed, in hundredths; 0 while it is not a percent yet. */
const typedHundredths = (value: PayoutBlockFormValues['payoutPercentage'] | undefined) => {
  const text = decimalText(String(value ?? ''), 2);
  return text === null ? 0n : hundredthsOf([text]);
};

export type LiveTotals = {
  /** The active blocks' totals with the edited block in (or in place of its saved self), as decimal strings. */
  payoutPercentageTotal: string;
  creditToTotal: string;
  /** What the firm keeps: 100 less the payout total, '0' at or above 100. */
  firmResidual: string;
  /** The payout total passes 100: the server will refuse the save. */
  overHundred: boolean;
  /** Whether the edited block counts in the period (it has started by its end and is not paid out). */
  editedCounts: boolean;
};

/**
 * The totals the form shows as it is filled (spec §3: creditToTotal and payoutPercentageTotal shown live):
 * the period's active blocks, the edited one left out, plus the form's block when it counts in the period:
 * its start date (none typed yet: assumed in the period) by the period's end, and payments left to make.
 */
export const liveTotalsOf = (
  list: Pick<PayoutBlockList, 'blocks' | 'period'>,
  edited: Pick<PayoutBlock, 'id' | 'paymentsMade'> | null,
  values: Partial<
    Pick<
      PayoutBlockFormValues,
      'payoutPercentage' | 'creditTo' | 'startDate' | 'payoutBlockPaymentType' | 'numberOfPayments'
    >
  >,
): LiveTotals => {
  const others = list.blocks.filter((block) => block.active && block.id !== edited?.id);
  const startDate = values.startDate ?? '';
  const started = !isValidIsoDate(startDate) || startDate <= list.period.end;
  const paidOut =
    values.payoutBlockPaymentType === 'Number_Of_Payments' &&
    typeof values.numberOfPayments === 'number' &&
    values.numberOfPayments <= (edited?.paymentsMade ?? 0);
  const editedCounts = started && !paidOut;
  const payout =
    hundredthsOf(others.map((block) => block.payoutPercentage)) +
    (editedCounts ? typedHundredths(values.payoutPercentage) : 0n);
  const credit =
    hundredthsOf(others.map((block) => block.creditTo)) +
    (editedCounts ? typedHundredths(values.creditTo) : 0n);
  return {
    payoutPercentageTotal: percentOfHundredths(payout),
    creditToTotal: percentOfHundredths(credit),
    firmResidual: percentOfHundredths(payout >= HUNDRED ? 0n : HUNDRED - payout),
    overHundred: payout > HUNDRED,
    editedCounts,
  };
};
