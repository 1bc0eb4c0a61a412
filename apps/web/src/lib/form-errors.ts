import type { FieldError } from '@centric/contracts';
import type { FieldErrors, FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { errorMessage, isApiError } from './api-client.ts';
import { notifyError } from './notify.ts';

/** A refused call's field errors (`errors` of a 400 or 409 answer: field path and message), [] for anything else. */
export const serverFieldErrors = (error: unknown): readonly FieldError[] =>
  isApiError(error) ? error.errors : [];

/**
 * Which of the server's field paths a form has. A list of the form's top-level fields: a path lands on its
 * first segment ('addresses.0.city' on 'addresses') when that field is listed. A function: the form's path
 * for a server path, or undefined to leave it out. Left out: every path lands on itself (the server's paths
 * are the form's).
 */
export type FormFieldsOf<T extends FieldValues> =
  readonly FieldPath<T>[] | ((serverField: string) => FieldPath<T> | undefined);

export type ShowFormErrorsOptions<T extends FieldValues> = {
  fields?: FormFieldsOf<T>;
  /** Focus the first field that received an error. */
  focus?: boolean;
  /** Show the server's message in the error toast (default true). */
  toast?: boolean;
};

const formPathOf = <T extends FieldValues>(
  serverField: string,
  fields: FormFieldsOf<T> | undefined,
): FieldPath<T> | undefined => {
  if (serverField === '') return undefined;
  if (fields === undefined) return serverField as FieldPath<T>;
  if (typeof fields === 'function') return fields(serverField);
  const top = serverField.split('.')[0] as FieldPath<T>;
  return fields.includes(top) ? top : undefined;
};

/**
 * A refused save on a react-hook-form form: each field error of the answer lands on its field (the first
 * message per field), the server's message goes to the error toast. Returns the fields that received an error.
 */
export const showFormErrors = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  { fields, focus = false, toast = true }: ShowFormErrorsOptions<T> = {},
): FieldPath<T>[] => {
  const marked: FieldPath<T>[] = [];
  for (const fieldError of serverFieldErrors(error)) {
    const path = formPathOf(fieldError.field, fields);
    if (path === undefined || marked.includes(path)) continue;
    setError(
      path,
      { type: 'server', message: fieldError.message },
      { shouldFocus: focus && marked.length === 0 },
    );
    marked.push(path);
  }
  if (toast) notifyError(errorMessage(error));
  return marked;
};

/**
 * A contract schema's issues (the same messages the server answers with) as a form's errors: each issue on
 * the form field `fieldOf` names for its path (none: left out), the first message per field. For resolvers
 * that check a form by the body it would send.
 */
export const contractFieldErrors = <T extends FieldValues>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fieldOf: (path: string) => (keyof T & string) | undefined,
): FieldErrors<T> => {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path.map(String).join('.'));
    if (field && !errors[field]) errors[field] = { type: 'validate', message: issue.message };
  }
  return errors as FieldErrors<T>;
};
