import { centsOf } from '@centric/billing';
import { hundredthsOf } from '@centric/contracts';

/**
 * What excluded assets (issue 14 §5) take out of an account's value, in cents: the billing inputs' `excluded`
 * and `payoutExcluded`, and the value the Exclude Assets tab shows. Pure: the caller reads the exclusions,
 * the account values and the positions (valued as the accounts' tab values them).
 */

export type ExclusionFacts = {
  kind: string;
  accountId: string | null;
  productId: string | null;
  percent: string | null;
  appliesTo: string;
  startDate: string;
  endDate: string | null;
};

export type PositionValue = { accountId: string; productId: string; marketValue: string };

const cents = (money: string | undefined) => (money === undefined ? 0n : (centsOf(money) ?? 0n));

/** In force for some day of the period: started by its end, not ended before its start. */
export const isExclusionActive = (
  exclusion: Pick<ExclusionFacts, 'startDate' | 'endDate'>,
  period: { start: string; end: string },
) => exclusion.startDate <= period.end && (exclusion.endDate === null || exclusion.endDate >= period.start);

/** A percentage (in hundredths of a percent: 1250n is 12.5 %) of an amount in cents, rounded half up. */
export const percentOfCents = (amount: bigint, hundredths: bigint) =>
  (amount * hundredths * 2n + 10_000n) / 20_000n;

/** The products an account's exclusions of a target name (its holdings and the household's products). */
const productsOf = (exclusions: readonly ExclusionFacts[], accountId: string) =>
  new Set(
    exclusions
      .filter((e) => e.kind === 'PRODUCT' || (e.kind === 'HOLDING' && e.accountId === accountId))
      .map((e) => e.productId as string),
  );

/** The excluded amount of one target: the products' positions (each once) and the percents of the value. */
const amountOf = (
  exclusions: readonly ExclusionFacts[],
  account: { id: string; value: bigint; positions: readonly PositionValue[] },
  skipProducts: ReadonlySet<string> = new Set(),
) => {
  const products = productsOf(exclusions, account.id);
  let held = 0n;
  for (const p of account.positions) {
    if (p.accountId === account.id && products.has(p.productId) && !skipProducts.has(p.productId)) {
      held += cents(p.marketValue);
    }
  }
  const percents = exclusions
    .filter((e) => e.kind === 'PERCENT' && e.accountId === account.id)
    .map((e) => e.percent as string);
  const percent = hundredthsOf(percents);
  const total = held + percentOfCents(account.value, percent > 10_000n ? 10_000n : percent);
  return { total: total > account.value ? account.value : total, products };
};

/**
 * One account's excluded amounts in cents, from the household's exclusions active in its period (the caller
 * filters them): `excluded` (FEE and BOTH: left out of the fee) and `payoutExcluded` (PAYOUT only: billed,
 * the fee on it the firm's). BOTH is in `excluded` only: it bears no fee, so no fee of it is paid out.
 * Neither passes the account's value, and the two together never do (a product excluded from the fee is
 * not counted again for the payout).
 */
export const accountExclusions = (
  exclusions: readonly ExclusionFacts[],
  account: { id: string; value: string; positions: readonly PositionValue[] },
): { excluded: bigint; payoutExcluded: bigint } => {
  const value = cents(account.value);
  const fee = amountOf(
    exclusions.filter((e) => e.appliesTo === 'FEE' || e.appliesTo === 'BOTH'),
    { id: account.id, value, positions: account.positions },
  );
  const payout = amountOf(
    exclusions.filter((e) => e.appliesTo === 'PAYOUT'),
    { id: account.id, value, positions: account.positions },
    fee.products,
  );
  const room = value - fee.total;
  return { excluded: fee.total, payoutExcluded: payout.total > room ? room : payout.total };
};

/**
 * What one exclusion takes out on a valuation, in cents: the holding's value, the product's in every account
 * of the household, or the percentage of the account's value (`values`: account id → decimal string).
 */
export const exclusionValue = (
  exclusion: ExclusionFacts,
  values: ReadonlyMap<string, string>,
  positions: readonly PositionValue[],
): bigint => {
  if (exclusion.kind === 'PERCENT') {
    const value = cents(values.get(exclusion.accountId as string));
    return percentOfCents(value, hundredthsOf([exclusion.percent as string]));
  }
  let total = 0n;
  for (const p of positions) {
    if (
      p.productId === exclusion.productId &&
      (exclusion.kind === 'PRODUCT' || p.accountId === exclusion.accountId)
    ) {
      total += cents(p.marketValue);
    }
  }
  return total;
};
