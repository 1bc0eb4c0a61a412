import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { errorMessage } from './api-client.ts';
import { showFormErrors } from './form-errors.ts';
import { notifyError, notifySuccess } from './notify.ts';

/**
 * A list's add, edit and delete of its records (tasks, meetings): which record the form modal holds ('new'
 * for a new one), which one waits for the delete confirmation, and the confirmed delete (the server's
 * message as a toast; a refusal as an error toast, the confirmation left open).
 */
export const useRecordActions = <T extends { id: string }>(
  remove: UseMutationResult<{ message: string }, unknown, string>,
) => {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        setDeleting(null);
      },
      onError: (error) => notifyError(errorMessage(error)),
    });
  };
  return { editing, setEditing, deleting, setDeleting, confirmDelete, deletePending: remove.isPending };
};

/**
 * A record form's save: a new record (id null) or the record's changes; on success the server's message as a
 * toast and the form closes; a refusal puts each field error on its field (the first one focused).
 */
export const saveRecord = <I, V extends FieldValues>(
  save: UseMutationResult<{ message: string }, unknown, I>,
  input: I,
  form: {
    onClose: () => void;
    setError: UseFormSetError<V>;
    fields: (field: string) => FieldPath<V> | undefined;
  },
) =>
  save.mutate(input, {
    onSuccess: ({ message }) => {
      notifySuccess(message);
      form.onClose();
    },
    onError: (error) => {
      showFormErrors(error, form.setError, { fields: form.fields, focus: true });
    },
  });
