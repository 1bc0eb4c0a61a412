import { WEIGHT_ONE, formatCents, formatWeight, parseCents, parseWeight } from './exact.ts';
import { fail } from './fee-engine-error.ts';
import { type Money } from './fee-schedule.ts';
import { allocateCents } from './allocate.ts';

/** A payee's part of a fee: `percent` of it, a decimal string from 0 to 100 ("80", "12.5"). */
export type PayoutBlock = { payeeId: string; percent: string };
export type Payouts = { payees: { payeeId: string; amount: Money }[]; firm: Money };

const ALL = 100n * WEIGHT_ONE;

/**
 * Each payee's percent of the fee, with the firm taking the rest, split by `allocate` (largest remainder),
 * so payees and firm add up to the fee exactly. Percents adding up to more than 100 are refused.
 */
export const splitPayouts = (fee: Money, blocks: readonly PayoutBlock[]): Payouts => {
  const cents = parseCents(fee, 'fee', 'The fee');
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
  const shares = allocateCents(cents, [...percents, ALL - total]);
  return {
    payees: blocks.map((block, index) => ({
      payeeId: block.payeeId,
      amount: formatCents(shares[index] as bigint),
    })),
    firm: formatCents(shares[blocks.length] as bigint),
  };
};
