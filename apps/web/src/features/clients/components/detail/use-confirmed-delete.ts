import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';

/**
 * The delete flow of a detail card: remember which entry the user asked to delete (the confirmation modal
 * is open while it is set), and on confirmation run the mutation, toast its answer (or `fallbackMessage`)
 * or its error, and close the confirmation either way.
 */
export const useConfirmedDelete = <T, V>(
  mutation: Pick<UseMutationResult<{ message: string }, Error, V>, 'mutate' | 'isPending'>,
  variablesOf: (entry: T) => V,
  fallbackMessage: string,
) => {
  const [deleting, setDeleting] = useState<T | null>(null);
  const confirm = () => {
    if (deleting === null) return;
    mutation.mutate(variablesOf(deleting), {
      onSuccess: ({ message }) => notifySuccess(message || fallbackMessage),
      onError: (error) => notifyError(errorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };
  return {
    deleting,
    ask: setDeleting,
    cancel: () => setDeleting(null),
    confirm,
    isPending: mutation.isPending,
  };
};
