import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, isApiError } from '../../../../lib/api-client.ts';
import { notifyError } from '../../../../lib/notify.ts';

/**
 * A refused save: the server's field errors land on the form's fields (those it has), its message in the
 * error toast. Returns the fields that received an error.
 */
export const showSaveError = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): Path<T>[] => {
  const set: Path<T>[] = [];
  if (isApiError(error)) {
    for (const fieldError of error.errors) {
      const key = fieldError.field.split('.')[0] as Path<T>;
      if (fields.includes(key) && !set.includes(key)) {
        setError(key, { type: 'server', message: fieldError.message });
        set.push(key);
      }
    }
  }
  notifyError(errorMessage(error));
  return set;
};
