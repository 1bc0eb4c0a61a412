import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type CreateNoteInput, useCreateNote } from '../api/save-note.ts';
import type { NoteComposerSubmit } from './note-composer.tsx';

/**
 * The composer's submit for a list of notes: posts to `target` (the dashboard, a prospect), toasts the answer,
 * and calls `onPosted` (back to the first page); a refusal is toasted and rethrown so the editor keeps its text.
 */
export const usePostNote = (target: Omit<CreateNoteInput, 'body'>, onPosted: () => void) => {
  const create = useCreateNote();
  return async ({ html, category, attachmentIds }: NoteComposerSubmit) => {
    try {
      const { message } = await create.mutateAsync({ ...target, body: { html, category, attachmentIds } });
      notifySuccess(message);
      onPosted();
    } catch (error) {
      notifyError(errorMessage(error));
      throw error;
    }
  };
};
