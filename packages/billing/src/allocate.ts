import { distributeCents, formatCents, parseCents, parseWeight } from './exact.ts';
import { fail } from './fee-engine-error.ts';
import { type Money } from './fee-schedule.ts';

/**
 * Splits `totalCents` (not negative) in proportion to `weights` (not negative, in any one unit), in cents:
 * each exact share rounded down to the cent, the cents left over given one at a time to the largest
 * remainders, ties to the earlier position. All-zero weights split equally. The shares add up to the total.
 */
export const allocateCents = (totalCents: bigint, weights: readonly bigint[]): bigint[] => {
  if (weights.length === 1) return [totalCents];
  let sum = 0n;
  for (const weight of weights) sum += weight;
  if (sum === 0n) {
    return distributeCents(
      totalCents,
      weights.map(() => totalCents),
      BigInt(weights.length),
    );
  }
  return distributeCents(
    totalCents,
    weights.map((weight) => totalCents * weight),
    sum,
  );
};

/**
 * `total` split in proportion to `weights` (decimal strings, not negative: values, percents, counts), by
 * largest remainder; the result always adds up to `total` and no share is a cent or more from its exact
 * share. All-zero weights split the total equally (the earlier positions get the odd cents).
 */
export const allocate = (total: Money, weights: readonly string[]): Money[] => {
  const cents = parseCents(total, 'total', 'The total to allocate');
  if (!Array.isArray(weights) || weights.length === 0) {
    return fail('NO_WEIGHTS', 'weights', 'Give at least one weight to allocate the total over.');
  }
  const parsed = weights.map((weight, index) => parseWeight(weight, `weights[${index}]`, 'A weight'));
  return allocateCents(cents, parsed).map(formatCents);
};
