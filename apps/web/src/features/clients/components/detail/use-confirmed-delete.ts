import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';

/** What the delete flow gives a card: the entry asked about (null when none), and the user's answers. */
export type ConfirmedDelete<T> = {
  deleting: T | null;
  ask: (entry: T) => void;
  cancel: () => void;
  confirm: () => void;
  isPending: boolean;
};

/**
 * The delete flow of a detail card: remember which entry the user asked to delete (the confirmation modal
 * is open while it is set), and on confirmation run the mutation, toast its answer (or `fallbackMessage`)
 * or its error, and close the confirmation either way.
 */
export const useConfirmedDelete = <T, V>(
  mutation: Pick<UseMutationResult<{ message: string }, Error, V>, 'mutate' | 'isPending'>,
  variablesOf: (entry: T) => V,
  fallbackMessage: string,
): ConfirmedDelete<T> => {
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
