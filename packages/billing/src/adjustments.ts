import { formatCents, parseCents } from './exact.ts';
import { fail } from './fee-engine-error.ts';
import { type Money } from './fee-schedule.ts';

/**
 * A signed amount added to an account's fee by its next live bill (issue 15): a charge when positive, a
 * credit when negative. The reason code stays with the caller; the engine needs only the id and the amount.
 */
export type Adjustment = { id: string; amount: Money };
/**
 * `net`: the fee with the adjustments; `applied`: each adjustment, in the order given, with the part of it
 * used (a charge whole; a credit as far as it fitted, "0.00" when nothing did); `carriedForward`: the credit
 * left for the account's next bill, "0.00" or negative.
 */
export type AdjustedFee = { net: Money; applied: Adjustment[]; carriedForward: Money };

/**
 * An account's fee with its adjustments, applied in the order given: a charge adds to it; a credit lowers it
 * but never below 0.00, and the part that does not fit is carried forward. So net − Σ applied = fee, and the
 * credits used plus `carriedForward` are the credits. The order matters: a credit given before a charge
 * cannot pay for it (the caller lists charges first to let credits cover them). A negative fee (an ARREARS
 * amount from flows) takes no credit and stays visible, as the bill shows it. Payouts are split from `net`.
 */
export const applyAdjustments = (fee: Money, adjustments: readonly Adjustment[]): AdjustedFee => {
  let net = parseCents(fee, 'fee', 'The fee', true);
  if (!Array.isArray(adjustments)) {
    return fail('INVALID_INPUT', 'adjustments', 'The adjustments must be a list.');
  }
  const seen = new Set<string>();
  let carried = 0n;
  const applied = adjustments.map((raw: unknown, index): Adjustment => {
    const path = `adjustments[${index}]`;
    const adjustment = raw as Partial<Adjustment> | null;
    const id = typeof adjustment === 'object' && adjustment !== null ? adjustment.id : undefined;
    if (typeof id !== 'string' || id === '') {
      return fail('INVALID_INPUT', `${path}.id`, `Adjustment ${index + 1} needs an id.`);
    }
    // Applied once: the same adjustment twice would charge or credit it twice.
    if (seen.has(id)) fail('DUPLICATE_ADJUSTMENT', `${path}.id`, `Adjustment ${id} is in the list twice.`);
    seen.add(id);
    const amount = parseCents(adjustment?.amount, `${path}.amount`, `The amount of adjustment ${id}`, true);
    if (amount >= 0n) {
      net += amount;
      return { id, amount: formatCents(amount) };
    }
    const room = net > 0n ? net : 0n;
    const used = -amount < room ? -amount : room;
    net -= used;
    carried += -amount - used;
    return { id, amount: formatCents(-used) };
  });
  return { net: formatCents(net), applied, carriedForward: formatCents(-carried) };
};
