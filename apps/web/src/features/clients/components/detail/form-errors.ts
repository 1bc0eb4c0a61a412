import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, isApiError } from '../../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';

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

type SaveCallbacksOptions<T extends FieldValues> = {
  setError: UseFormSetError<T>;
  /** The form's fields, which may receive the server's field errors. */
  fields: readonly Path<T>[];
  /** The success toast when the server's answer has no message. */
  fallbackMessage: string;
  /** After a successful save (the modal closes). */
  onSaved: () => void;
  /** Where a duplicate (409) belongs when the server's field errors do not already put it there. */
  conflictField?: Path<T>;
};

/**
 * The mutation callbacks of an entry form: on success the server's message (or `fallbackMessage`) in a toast,
 * then `onSaved`; on failure `showSaveError`, and a 409 on `conflictField`.
 */
export const saveCallbacks = <T extends FieldValues>({
  setError,
  fields,
  fallbackMessage,
  onSaved,
  conflictField,
}: SaveCallbacksOptions<T>) => ({
  onSuccess: ({ message }: { message: string }) => {
    notifySuccess(message || fallbackMessage);
    onSaved();
  },
  onError: (error: unknown) => {
    const marked = showSaveError(error, setError, fields);
    if (conflictField && isApiError(error) && error.status === 409 && !marked.includes(conflictField)) {
      setError(conflictField, { type: 'server', message: errorMessage(error) });
    }
  },
});
