import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, isApiError } from '../../../../lib/api-client.ts';
import { showFormErrors } from '../../../../lib/form-errors.ts';
import { notifySuccess } from '../../../../lib/notify.ts';

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
 * then `onSaved`; on failure the server's field errors on `fields` (`showFormErrors`), and a 409 on `conflictField`.
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
    const marked = showFormErrors(error, setError, { fields });
    if (conflictField && isApiError(error) && error.status === 409 && !marked.includes(conflictField)) {
      setError(conflictField, { type: 'server', message: errorMessage(error) });
    }
  },
});
