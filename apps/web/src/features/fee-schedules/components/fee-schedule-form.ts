import {
  FEE_STRUCTURE_LABELS,
  FEE_STRUCTURES,
  FEE_TYPE_LABELS,
  FEE_TYPES,
  type FeeScheduleBody,
  type FeeScheduleItem,
  type FeeSchedule,
  MAX_TIERS,
  TIER_CEILING,
  engineScheduleOf,
  feeScheduleBodySchema,
  feeStructureProblems,
  liveTiersOf,
} from '@centric/contracts';
import { moneyForInput, moneyFromInput } from '../../../lib/money.ts';

/**
 * The fee-schedule editor's state as typed (money with thousands commas), and the rules that turn it into
 * the API's body: the contract's schema for the fields and the engine's own rules for the structure.
 */

export type FeeType = FeeScheduleBody['type'];
export type FeeStructure = FeeScheduleBody['structure'];

/** The type and structure choices (the editor's switches, the list's filters), labelled as contracts name them. */
export const FEE_TYPE_OPTIONS = FEE_TYPES.map((value) => ({ value, label: FEE_TYPE_LABELS[value] }));
export const FEE_STRUCTURE_OPTIONS = FEE_STRUCTURES.map((value) => ({
  value,
  label: FEE_STRUCTURE_LABELS[value],
}));

/** One structure row; `key` identifies it on screen while it moves (sorting) and `id` is the saved tier's. */
export type TierRow = {
  key: string;
  id?: string | undefined;
  minimum: string;
  maximum: string;
  rate: string;
};
export type TierField = 'minimum' | 'maximum' | 'rate';
export const TIER_FIELDS: readonly TierField[] = ['minimum', 'maximum', 'rate'];

/** Every field of the row is typed (Add tier waits for the last row to be). */
export const isTierRowFilled = (row: TierRow) => TIER_FIELDS.every((field) => row[field].trim() !== '');

export type FeeScheduleFormValues = {
  name: string;
  type: FeeType;
  structure: FeeStructure;
  description: string;
  annualMinimum: string;
  tiers: TierRow[];
};

/** The whole-form field names: 'name', … and per row `${row.key}.minimum`. */
export type FieldKey = 'name' | 'description' | 'annualMinimum' | 'tiers' | `${string}.${TierField}`;
export type FormErrors = Partial<Record<FieldKey, string>>;

export const MAX_TIER_ROWS = MAX_TIERS;
export const CEILING_INPUT = moneyForInput(TIER_CEILING);

let nextKey = 0;
export const newRowKey = () => {
  nextKey += 1;
  return `row-${nextKey}`;
};

/** A new schedule: one tier covering every value, so only its rate is left to type. */
export const emptyFeeScheduleValues = (): FeeScheduleFormValues => ({
  name: '',
  type: 'PERCENTAGE',
  structure: 'TIERED',
  description: '',
  annualMinimum: '',
  tiers: [{ key: newRowKey(), minimum: '0', maximum: CEILING_INPUT, rate: '' }],
});

/** A saved schedule as the editor shows it (its live tiers come sorted by minimum). */
export const feeScheduleValuesOf = (item: FeeScheduleItem): FeeScheduleFormValues => ({
  name: item.name,
  type: item.type,
  structure: item.structure,
  description: item.description ?? '',
  annualMinimum: moneyForInput(item.annualMinimum),
  tiers: item.tiers.map((tier) => ({
    key: newRowKey(),
    id: tier.id,
    minimum: moneyForInput(tier.minimum) || '0',
    maximum: moneyForInput(tier.maximum),
    // Dollar fees with thousands commas, like every amount; basis points as they are.
    rate: item.type === 'FIXED' ? moneyForInput(tier.rate) : tier.rate,
  })),
});

/** The body the API takes: commas dropped; rows without an id are new, saved rows left out get deleted. */
export const feeScheduleBodyInputOf = (values: FeeScheduleFormValues) => ({
  name: values.name,
  type: values.type,
  structure: values.structure,
  description: values.description,
  annualMinimum: moneyFromInput(values.annualMinimum),
  tiers: values.tiers.map((row) => ({
    ...(row.id ? { id: row.id } : {}),
    minimum: moneyFromInput(row.minimum),
    maximum: moneyFromInput(row.maximum),
    rate: moneyFromInput(row.rate),
  })),
});

/** An issue path (['tiers', 2, 'maximum'], ['name']) as the editor's field key, or undefined. */
export const fieldKeyOf = (path: readonly PropertyKey[], tiers: readonly TierRow[]): FieldKey | undefined => {
  const [head, index, field] = path;
  if (head === 'name' || head === 'description' || head === 'annualMinimum') return head;
  if (head !== 'tiers') return undefined;
  if (index === undefined) return 'tiers';
  const row = tiers[Number(index)];
  if (!row) return 'tiers';
  return field === 'minimum' || field === 'maximum' || field === 'rate' ? `${row.key}.${field}` : 'tiers';
};

export type FeeScheduleCheck =
  | { ok: true; body: FeeScheduleBody; schedule: FeeSchedule; errors: FormErrors }
  | { ok: false; errors: FormErrors };

/**
 * Every problem of the form, by field: the contract's field rules, and the engine's structure rules even
 * while other fields are still wrong (the structure is checked on its own, as the user types it).
 */
export const checkFeeSchedule = (values: FeeScheduleFormValues): FeeScheduleCheck => {
  const input = feeScheduleBodyInputOf(values);
  const errors: FormErrors = {};
  const add = (path: readonly PropertyKey[], message: string) => {
    const key = fieldKeyOf(path, values.tiers);
    if (key && errors[key] === undefined) errors[key] = message;
  };
  const parsed = feeScheduleBodySchema.safeParse(input);
  if (parsed.success) {
    return { ok: true, body: parsed.data, schedule: engineScheduleOf(parsed.data), errors };
  }
  for (const issue of parsed.error.issues) add(issue.path, issue.message);
  for (const problem of feeStructureProblems(input)) add(problem.path, problem.message);
  return { ok: false, errors };
};

/** The rows sorted by minimum (spec §4), by the contract's rule: rows without a readable minimum go last. */
export const sortTierRows = (rows: readonly TierRow[]): TierRow[] =>
  liveTiersOf(rows.map((row) => ({ ...row, minimum: moneyFromInput(row.minimum) }))).map(
    ({ index }) => rows[index] as TierRow,
  );

/**
 * A row's field changed. A maximum carries on into the next row's minimum when that one was blank or
 * still equal to the old maximum, so the tiers stay contiguous while the breakpoints are typed.
 */
export const setTierField = (
  rows: readonly TierRow[],
  key: string,
  field: TierField,
  value: string,
): TierRow[] => {
  const index = rows.findIndex((row) => row.key === key);
  const current = rows[index];
  if (!current) return [...rows];
  const next = rows.map((row) => (row.key === key ? { ...row, [field]: value } : row));
  const following = next[index + 1];
  if (
    field === 'maximum' &&
    following &&
    (following.minimum === '' || following.minimum === current.maximum)
  ) {
    next[index + 1] = { ...following, minimum: value };
  }
  return next;
};

/**
 * Add tier: splits the last tier. When it ends at $10,000,000,000 the new tier takes that end and the last
 * one's end is left blank to type the breakpoint (which then carries on into the new tier's minimum).
 */
export const addTierRow = (rows: readonly TierRow[]): TierRow[] => {
  if (rows.length >= MAX_TIER_ROWS) return [...rows];
  const last = rows[rows.length - 1];
  if (!last) return [{ key: newRowKey(), minimum: '0', maximum: CEILING_INPUT, rate: '' }];
  if (moneyFromInput(last.maximum) === TIER_CEILING || last.maximum === '') {
    return [
      ...rows.slice(0, -1),
      { ...last, maximum: '' },
      { key: newRowKey(), minimum: '', maximum: CEILING_INPUT, rate: '' },
    ];
  }
  return [...rows, { key: newRowKey(), minimum: last.maximum, maximum: CEILING_INPUT, rate: '' }];
};

/**
 * Remove a row (a saved tier removed here is deleted on save). Its neighbours are joined: the next row starts
 * where the removed one started, or, for the last row, the row before it takes its end.
 */
export const removeTierRow = (rows: readonly TierRow[], key: string): TierRow[] => {
  const index = rows.findIndex((row) => row.key === key);
  const removed = rows[index];
  if (!removed || rows.length <= 1) return [...rows];
  const next = rows.filter((row) => row.key !== key);
  const following = next[index];
  const previous = next[index - 1];
  if (following) next[index] = { ...following, minimum: removed.minimum };
  else if (previous) next[index - 1] = { ...previous, maximum: removed.maximum };
  return next;
};

/**
 * The schedule the preview can show while the form is still incomplete: only the structure (and the annual
 * minimum, when it is readable) has to be right; the name and the description do not matter to a fee.
 */
export const previewScheduleOf = (values: FeeScheduleFormValues): FeeSchedule | null => {
  const forPreview = { ...values, name: 'Preview', description: '' };
  const result = checkFeeSchedule(forPreview);
  if (result.ok) return result.schedule;
  const withoutMinimum = checkFeeSchedule({ ...forPreview, annualMinimum: '' });
  return withoutMinimum.ok ? withoutMinimum.schedule : null;
};
