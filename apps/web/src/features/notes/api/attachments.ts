import { noteAttachmentSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DeleteAttachment,
  UploadAttachment,
} from '../../../components/note-editor/use-note-attachments.ts';
import { api, apiFetchBlob, apiUpload } from '../../../lib/api-client.ts';
import { invalidateNotes } from './invalidate.ts';

/** POST /api/fileAttachment (multipart field `file`): the stored attachment, attached when the note is saved. */
export const uploadNoteAttachment: UploadAttachment = async (file, signal) => {
  const { result } = await apiUpload('/fileAttachment', file, { schema: noteAttachmentSchema, signal });
  return { id: result.id, name: result.name };
};

/** DELETE /api/fileAttachment/:id: one's own upload, or an attachment of a note one may edit. */
export const deleteNoteAttachment = async (id: string) => ({
  message: (await api.delete(`/fileAttachment/${encodeURIComponent(id)}`)).message,
});

/** The editor's removal of an upload it made (it shows 'Attachment deleted successfully.' itself). */
export const removeUploadedAttachment: DeleteAttachment = async (id) => {
  await deleteNoteAttachment(id);
};

/**
 * Opens an attachment (GET /api/fileAttachment/:id needs the bearer header, so a plain link cannot): fetched
 * as a blob and shown in a new tab (images and PDFs open there; the browser offers to save anything else).
 * The tab is opened before the download, in the click, so that pop-up blockers let it through.
 */
export const openNoteAttachment = async (url: string, name: string) => {
  const opened = window.open('', '_blank');
  try {
    const blob = await apiFetchBlob(url);
    const objectUrl = URL.createObjectURL(blob);
    if (opened) {
      opened.location.href = objectUrl;
    } else {
      const link = document.createElement('a');
      link.href = objectUrl;
      link.download = name;
      link.click();
    }
    // The new tab has loaded it by then; the object URL is released.
    window.setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  } catch (error) {
    opened?.close();
    throw error;
  }
};

/** Removing an attachment from a saved note (its author, while editing): the note's lists show it gone. */
export const useDeleteNoteAttachment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNoteAttachment,
    onSuccess: () => invalidateNotes(queryClient),
  });
};
