// Small checks for values read without zod (answers' envelopes, the stored session, other tabs' messages),
// matching what the zod schemas they replace accept. See session-shapes.ts and api-client.ts for why not zod.

export type Fields = Partial<Record<string, unknown>>;

/** A plain object's fields (not an array, not null), as z.object() accepts; else null. */
export const fieldsOf = (value: unknown): Fields | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : null;

export const isString = (value: unknown): value is string => typeof value === 'string';
export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
/** A finite number, as z.number() accepts. */
export const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
/** A safe integer, as z.number().int() accepts. */
export const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);
