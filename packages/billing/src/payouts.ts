import { WEIGHT_ONE, formatCents, formatWeight, parseCents, parseWeight } from './exact.ts';
import { fail } from './fee-engine-error.ts';
import { type Money } from './fee-schedule.ts';
import { allocateCents } from './allocate.ts';

/** A payee's part of a fee: `percent` of it, a decimal string from 0 to 100 ("80", "12.5"). */
export type PayoutBlock = { payeeId: string; percent: string };
export type Payouts = { payees: { payeeId: string; amount: Money }[]; firm: Money };

const ALL = 100n * WEIGHT_ONE;

/**
 * What else decides a split. `firmOnly`: the part of the fee that is the firm's alone (the fee on assets
 * excluded from the payout only, issue 14 §5), from 0 to the fee; payees share only the rest.
 */
export type SplitPayoutsOptions = { firmOnly?: Money | null };

/**
 * Each payee's percent of the fee, with the firm taking the rest, split by `allocate` (largest remainder),
 * so payees and firm add up to the fee exactly. Percents adding up to more than 100 are refused. With
 * `firmOnly`, the payees' percents apply to the fee less that part, which goes to the firm on top of its own
 * rest; without it (or at 0) the split is the plain one.
 */
export const splitPayouts = (
  fee: Money,
  blocks: readonly PayoutBlock[],
  options: SplitPayoutsOptions = {},
): Payouts => {
  const cents = parseCents(fee, 'fee', 'The fee');
  const firmOnly =
    options.firmOnly === undefined || options.firmOnly === null
      ? 0n
      : parseCents(options.firmOnly, 'firmOnly', "The firm's own part of the fee");
  if (firmOnly > cents) {
    return fail(
      'INVALID_INPUT',
      'firmOnly',
      `The firm's own part of the fee (${formatCents(firmOnly)}) is more than the fee (${formatCents(cents)}).`,
    );
  }
  if (!Array.isArray(blocks)) return fail('INVALID_INPUT', 'blocks', 'The payout blocks are required.');
  const percents = blocks.map((block, index) =>
    parseWeight((block as PayoutBlock | null)?.percent, `blocks[${index}].percent`, 'A payout percent'),
  );
  let total = 0n;
  for (const percent of percents) total += percent;
  if (total > ALL) {
    return fail(
      'PERCENT_TOTAL_ABOVE_100',
      'blocks',
      `The payout percents add up to ${formatWeight(total)} %, more than 100 %: lower them so that they fit in the fee.`,
    );
  }
  const shares = allocateCents(cents - firmOnly, [...percents, ALL - total]);
  return {
    payees: blocks.map((block, index) => ({
      payeeId: block.payeeId,
      amount: formatCents(shares[index] as bigint),
    })),
    firm: formatCents((shares[blocks.length] as bigint) + firmOnly),
  };
};
