import { useEffect } from 'react';
import {
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormSetError,
  get,
  set,
} from 'react-hook-form';
import { errorMessage, isApiError } from '../../../../lib/api-client.ts';
import { notifyError } from '../../../../lib/notify.ts';

export type ExtraError = { path: string; message: string };

/**
 * A resolver that adds errors the schema cannot know (a phone another member already uses) or could not
 * reach (cross-field rules that zod skips while a field is invalid), on fields that have none yet.
 */
export const withExtraErrors =
  <I extends FieldValues, C, O>(
    base: Resolver<I, C, O>,
    extra: (values: I) => ExtraError[],
  ): Resolver<I, C, O> =>
  async (values, context, options) => {
    const result = await base(values, context, options);
    const more = extra(values).filter((e) => get(result.errors, e.path) === undefined);
    if (more.length === 0) return result;
    const errors = { ...result.errors } as FieldErrors<I>;
    for (const e of more) {
      const field = get(options.fields, e.path) as { ref?: unknown } | undefined;
      set(errors, e.path, { type: 'custom', message: e.message, ref: field?.ref });
    }
    return { values: {}, errors };
  };

/** The field path of a server error, relative to the step's form ('member.firstName' → 'firstName'). */
export const formPathOf = (field: string): string => field.replace(/^body\./, '').replace(/^member\./, '');

/**
 * Puts a refused save's field errors (400 errors[] with field paths) on their fields, the first one
 * focused, and shows the server's message in the error toast.
 */
export const showSaveFailure = <V extends FieldValues>(error: unknown, setError: UseFormSetError<V>) => {
  if (isApiError(error)) {
    error.errors.forEach((fieldError, index) => {
      const path = formPathOf(fieldError.field);
      if (path === '') return;
      setError(
        path as FieldPath<V>,
        { type: 'server', message: fieldError.message },
        { shouldFocus: index === 0 },
      );
    });
  }
  notifyError(errorMessage(error));
};

/** The message of a whole list (e.g. 'You need to add 1 primary phone number for this member.'). */
export const listErrorMessage = (error: unknown): string | undefined => {
  const e = error as { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = e?.root?.message ?? e?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
};

/** Tells the wizard whether the step has unsaved changes (for the Cancel and Back confirmation). */
export const useReportDirty = (dirty: boolean, onDirtyChange: (dirty: boolean) => void) => {
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
};
