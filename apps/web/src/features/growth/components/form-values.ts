import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { contractFieldErrors } from '../../../lib/form-errors.ts';

/** A number field's value as the contract takes it: a number, or missing when the field is empty. */
export const numberFromField = (value: number | string): number | undefined =>
  typeof value === 'number' ? value : value.trim() === '' ? undefined : Number(value);

/**
 * A form's resolver from the contract's schema: the body the form stands for (`bodyOf`) is checked with the
 * server's own messages, each put on the form field its path names (`fieldOf`).
 */
export const contractResolver =
  <F extends FieldValues, S extends z.ZodType<FieldValues>>(
    schema: S,
    bodyOf: (values: F) => unknown,
    fieldOf: (path: string) => (keyof F & string) | undefined,
  ): Resolver<F, unknown, z.output<S>> =>
  (values) => {
    const parsed = schema.safeParse(bodyOf(values));
    return parsed.success
      ? { values: parsed.data, errors: {} }
      : { values: {}, errors: contractFieldErrors<F>(parsed.error.issues, fieldOf) };
  };
