import {
  PAYOUT_TYPE_LABELS,
  type PayeePayout,
  type PayoutType,
  signedCents,
  sumMoney,
} from '@centric/contracts';
import type { PayoutBasis } from '../hooks/use-payouts-params.ts';

const centsOf = (value: string) => signedCents(value) ?? 0n;

/** 'WEALTH_ADVISOR_1' → 'Wealth Advisor 1'; a type the labels do not know as it comes. */
export const payoutTypeLabel = (type: string) =>
  (PAYOUT_TYPE_LABELS as Readonly<Record<string, string>>)[type as PayoutType] ?? type;

/** What was collected of what was billed, to a tenth of a percent ('87.5%'); '—' when nothing was billed. */
export const collectedShare = (collected: string, billed: string): string => {
  const billedCents = centsOf(billed);
  if (billedCents <= 0n) return '—';
  const tenths = (centsOf(collected) * 2000n + billedCents) / (2n * billedCents);
  return `${tenths / 10n}.${tenths % 10n}%`;
};

/** The payees, largest first by the chosen basis (then by name). */
export const sortedByBasis = (rows: readonly PayeePayout[], basis: PayoutBasis): PayeePayout[] =>
  [...rows].sort((a, b) => {
    const diff = centsOf(b[basis]) - centsOf(a[basis]);
    return diff !== 0n ? (diff > 0n ? 1 : -1) : a.payee.fullName.localeCompare(b.payee.fullName);
  });

/** A payee's name as the table and chart show it ('—' for a payee without one). */
export const payeeName = (row: PayeePayout) => row.payee.fullName.trim() || '—';

/** The chart's category of each row: the payee's name, with the type when the name is there twice. */
export const chartLabels = (rows: readonly PayeePayout[]): string[] => {
  const names = rows.map(payeeName);
  return rows.map((row, index) =>
    names.filter((name) => name === names[index]).length > 1
      ? `${names[index]} (${payoutTypeLabel(row.type)})`
      : (names[index] ?? ''),
  );
};

/** The totals row: billed and collected summed exactly. */
export const totalsOf = (rows: readonly PayeePayout[]) => ({
  billed: sumMoney(rows.map((row) => row.billed)),
  collected: sumMoney(rows.map((row) => row.collected)),
});

/** A unique key of a row: a payee may be paid under two types. */
export const rowKey = (row: PayeePayout) => `${row.payee.id ?? row.payee.fullName}:${row.type}`;
