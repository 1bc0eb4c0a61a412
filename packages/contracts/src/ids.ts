import { z } from 'zod';

/**
 * The range of a PostgreSQL `integer` (int4) column. A number outside it would reach the database and fail
 * there ("out of range for type integer", a 500), so every integer the API accepts states its column's range.
 */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

type IntegerOptions = {
  /** The message of any failure (e.g. "Team not found."); zod's own when absent. */
  message?: string | undefined;
  /** The message when the value is not a number at all (e.g. "Required"); `message` when absent. */
  typeMessage?: string | undefined;
};

const numberOf = ({ message, typeMessage = message }: IntegerOptions) =>
  z.number(typeMessage ? { error: typeMessage } : undefined);

/**
 * A serial id (roles, teams, master-data values) in a JSON body: a whole number from 1 to INT4_MAX. An id
 * no row can have is answered like any malformed id: 400 with `message` (e.g. "Team not found.").
 */
export const serialIdSchema = (options: IntegerOptions = {}) =>
  numberOf(options).int(options.message).min(1, options.message).max(INT4_MAX, options.message);

/** A serial id in a path or a query string (text coerced to a number), with the same range. */
export const serialIdParamSchema = (options: IntegerOptions = {}) => {
  const { message, typeMessage = message } = options;
  return z.coerce
    .number(typeMessage ? { error: typeMessage } : undefined)
    .int(message)
    .min(1, message)
    .max(INT4_MAX, message);
};

/** Any other whole number stored in an int4 column, from `min` (0 unless said) to INT4_MAX. */
export const int4Schema = (options: IntegerOptions & { min?: number } = {}) =>
  numberOf(options)
    .int(options.message)
    .min(options.min ?? 0, options.message)
    .max(INT4_MAX, options.message);
