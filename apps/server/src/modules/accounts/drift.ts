import type { DriftRow } from '@centric/contracts';
import { centsOf, formatCents } from '@centric/billing';

/**
 * Drift: an account's current weights against its strategy's targets (issue 13 §3). Targets, tolerances and
 * percents have two decimals and are computed in hundredths (bigint), so a blend of strategies is exact.
 */

export type StrategyTarget = {
  assetClassId: string | null;
  productId: string | null;
  label: string;
  target: string;
  lowerTolerance: string;
  upperTolerance: string;
};

/** The strategies an account follows, each with its percent of the blend (percents sum to 100). */
export type Blend = readonly { percent: string; targets: readonly StrategyTarget[] }[];

export type DriftPosition = { assetClassId: string | null; productId: string; marketValue: string };

/** Holdings that no target names: shown on one row, targeted at 0% with this upper tolerance (points). */
export const OUTSIDE_STRATEGY_LABEL = 'Not in the strategy';
export const OUTSIDE_STRATEGY_TOLERANCE = '5.00';

const hundredths = (value: string): bigint => centsOf(value) ?? 0n;

/** a × b / 10,000 rounded half up, for hundredths × hundredths. */
const scaleDown = (product: bigint) => {
  const quotient = product / 10_000n;
  return product % 10_000n >= 5_000n ? quotient + 1n : quotient;
};

const keyOf = (t: { assetClassId: string | null; productId: string | null }) =>
  t.assetClassId ? `ac:${t.assetClassId}` : `p:${t.productId}`;

type Blended = { label: string; target: bigint; lower: bigint; upper: bigint };

/** The blend's targets and tolerances, each weighted by its strategy's percent. */
export const blendTargets = (blend: Blend): Map<string, Blended> => {
  const out = new Map<string, Blended>();
  for (const { percent, targets } of blend) {
    const share = hundredths(percent);
    for (const t of targets) {
      const key = keyOf(t);
      const current = out.get(key) ?? { label: t.label, target: 0n, lower: 0n, upper: 0n };
      current.target += share * hundredths(t.target);
      current.lower += share * hundredths(t.lowerTolerance);
      current.upper += share * hundredths(t.upperTolerance);
      out.set(key, current);
    }
  }
  for (const value of out.values()) {
    value.target = scaleDown(value.target);
    value.lower = scaleDown(value.lower);
    value.upper = scaleDown(value.upper);
  }
  return out;
};

/** Weight of part in total, in hundredths of a percent, rounded half up. */
const weightOf = (part: bigint, total: bigint) => {
  if (total === 0n) return 0n;
  const scaled = part * 10_000n;
  const quotient = scaled / total;
  return (scaled % total) * 2n >= total ? quotient + 1n : quotient;
};

const stateOf = (actual: bigint, target: bigint, lower: bigint, upper: bigint): DriftRow['state'] =>
  actual < target - lower ? 'BELOW' : actual > target + upper ? 'ABOVE' : 'WITHIN';

/**
 * The drift rows of an account: each target with its band and the actual weight, largest target first, and
 * the holdings no target names on one row. An account with no value has no drift (every row WITHIN).
 */
export const driftRows = (blend: Blend, positions: readonly DriftPosition[]): DriftRow[] => {
  const targets = blendTargets(blend);
  const total = positions.reduce((sum, p) => sum + hundredths(p.marketValue), 0n);
  const byKey = new Map<string, bigint>();
  let outside = 0n;
  for (const p of positions) {
    const value = hundredths(p.marketValue);
    const keys = [`p:${p.productId}`, ...(p.assetClassId ? [`ac:${p.assetClassId}`] : [])].filter((k) =>
      targets.has(k),
    );
    if (keys.length === 0) outside += value;
    for (const key of keys) byKey.set(key, (byKey.get(key) ?? 0n) + value);
  }
  const rows = [...targets.entries()]
    .sort(([, a], [, b]) =>
      a.target === b.target ? a.label.localeCompare(b.label) : a.target > b.target ? -1 : 1,
    )
    .map(([key, t]) => {
      const actual = weightOf(byKey.get(key) ?? 0n, total);
      return {
        label: t.label,
        target: formatCents(t.target),
        lower: formatCents(t.lower),
        upper: formatCents(t.upper),
        actual: formatCents(actual),
        state: total === 0n ? ('WITHIN' as const) : stateOf(actual, t.target, t.lower, t.upper),
      };
    });
  if (outside > 0n) {
    const actual = weightOf(outside, total);
    const upper = hundredths(OUTSIDE_STRATEGY_TOLERANCE);
    rows.push({
      label: OUTSIDE_STRATEGY_LABEL,
      target: '0.00',
      lower: '0.00',
      upper: formatCents(upper),
      actual: formatCents(actual),
      state: stateOf(actual, 0n, 0n, upper),
    });
  }
  return rows;
};

/** "US Large Cap 52.10% (target 40.00% −5.00/+5.00)" for each row out of its band, joined. */
export const driftSummary = (rows: readonly DriftRow[]) =>
  rows
    .filter((r) => r.state !== 'WITHIN')
    .map((r) => `${r.label} ${r.actual}% (target ${r.target}% −${r.lower}/+${r.upper})`)
    .join('; ');
