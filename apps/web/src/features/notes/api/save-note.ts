import { type Note, type NoteCreateBody, type NoteUpdateBody, noteSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateNotes } from './invalidate.ts';

/** Where a new note goes: a prospect, a household (POST /api/clients/:clientId/notes) or the dashboard (POST /api/notes). */
export type CreateNoteInput = {
  clientId: string | null;
  prospectId?: string;
  /** A workflow request's note (type WORKFLOW, on its household too). */
  requestId?: string;
  body: NoteCreateBody;
};

export const createNote = async ({
  clientId,
  prospectId,
  requestId,
  body,
}: CreateNoteInput): Promise<{ note: Note; message: string }> => {
  const path = requestId
    ? `/workflow-requests/${encodeURIComponent(requestId)}/notes`
    : prospectId
      ? `/prospects/${encodeURIComponent(prospectId)}/notes`
      : clientId
        ? `/clients/${encodeURIComponent(clientId)}/notes`
        : '/notes';
  const { result, message } = await api.post(path, body, { schema: noteSchema });
  return { note: result, message };
};

export const useCreateNote = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createNote, onSuccess: () => invalidateNotes(queryClient) });
};

export type UpdateNoteInput = { id: string; body: NoteUpdateBody };

/** PATCH /api/notes/:id: the author's new text and category, attachments added. */
export const updateNote = async ({ id, body }: UpdateNoteInput): Promise<{ note: Note; message: string }> => {
  const { result, message } = await api.patch(`/notes/${encodeURIComponent(id)}`, body, {
    schema: noteSchema,
  });
  return { note: result, message };
};

export const useUpdateNote = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateNote, onSuccess: () => invalidateNotes(queryClient) });
};

/** PUT /api/notes/:id/pin {isPinned}: pinned notes come first. */
export const pinNote = async ({ id, isPinned }: { id: string; isPinned: boolean }) => {
  const { result, message } = await api.put(
    `/notes/${encodeURIComponent(id)}/pin`,
    { isPinned },
    { schema: noteSchema },
  );
  return { note: result, message };
};

export const usePinNote = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: pinNote, onSuccess: () => invalidateNotes(queryClient) });
};

/** DELETE /api/notes/:id (kept on the server for the audit trail, gone from every list). */
export const deleteNote = async (id: string) => ({
  message: (await api.delete(`/notes/${encodeURIComponent(id)}`)).message,
});

export const useDeleteNote = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteNote, onSuccess: () => invalidateNotes(queryClient) });
};
