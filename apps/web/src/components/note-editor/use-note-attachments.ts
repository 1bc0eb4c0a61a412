import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';

/** Spec §8: the toast after an attachment is removed. */
export const ATTACHMENT_DELETED_MESSAGE = 'Attachment deleted successfully.';

/** Uploads one file; answers the stored attachment. `signal` aborts when the user removes it while it goes up. */
export type UploadAttachment = (file: File, signal: AbortSignal) => Promise<{ id: string; name: string }>;
/** Deletes an uploaded attachment (DELETE fileAttachment/{id}). */
export type DeleteAttachment = (id: string) => Promise<void>;

/** An attachment of the note being written, as its chip shows it. */
export type NoteAttachment =
  | { key: string; name: string; status: 'uploading' }
  | { key: string; name: string; status: 'uploaded'; id: string; removing: boolean }
  | { key: string; name: string; status: 'failed'; error: string };

type Options = {
  uploadAttachment: UploadAttachment | undefined;
  deleteAttachment: DeleteAttachment | undefined;
};

/**
 * The attachments of the note being written: each picked file goes up at once ('Uploading...'), then shows its
 * name, or the server's message when it failed. Removing an uploaded one deletes it on the server.
 */
export const useNoteAttachments = ({ uploadAttachment, deleteAttachment }: Options) => {
  const [attachments, setAttachments] = useState<NoteAttachment[]>([]);
  const uploads = useRef(new Map<string, AbortController>());
  const nextKey = useRef(0);

  useEffect(() => {
    const pending = uploads.current;
    return () => {
      for (const controller of pending.values()) controller.abort();
      pending.clear();
    };
  }, []);

  const replace = (key: string, next: (current: NoteAttachment) => NoteAttachment | null) =>
    setAttachments((current) =>
      current.flatMap((item) => {
        if (item.key !== key) return [item];
        const updated = next(item);
        return updated ? [updated] : [];
      }),
    );

  const add = useCallback(
    (file: File) => {
      if (!uploadAttachment) return;
      nextKey.current += 1;
      const key = `attachment-${nextKey.current}`;
      const controller = new AbortController();
      uploads.current.set(key, controller);
      setAttachments((current) => [...current, { key, name: file.name, status: 'uploading' }]);
      uploadAttachment(file, controller.signal).then(
        (stored) => {
          uploads.current.delete(key);
          if (controller.signal.aborted) return;
          replace(key, () => ({
            key,
            name: stored.name,
            status: 'uploaded',
            id: stored.id,
            removing: false,
          }));
        },
        (error: unknown) => {
          uploads.current.delete(key);
          if (controller.signal.aborted) return;
          replace(key, (item) => ({ key, name: item.name, status: 'failed', error: errorMessage(error) }));
        },
      );
    },
    [uploadAttachment],
  );

  const remove = useCallback(
    async (item: NoteAttachment) => {
      if (item.status !== 'uploaded') {
        uploads.current.get(item.key)?.abort();
        uploads.current.delete(item.key);
        replace(item.key, () => null);
        return;
      }
      if (item.removing) return;
      if (!deleteAttachment) {
        replace(item.key, () => null);
        return;
      }
      replace(item.key, () => ({ ...item, removing: true }));
      try {
        await deleteAttachment(item.id);
        replace(item.key, () => null);
        notifySuccess(ATTACHMENT_DELETED_MESSAGE);
      } catch (error) {
        replace(item.key, () => ({ ...item, removing: false }));
        notifyError(errorMessage(error));
      }
    },
    [deleteAttachment],
  );

  /** After a post: the attachments now belong to the note; the list starts empty. */
  const clear = useCallback(() => {
    for (const controller of uploads.current.values()) controller.abort();
    uploads.current.clear();
    setAttachments([]);
  }, []);

  return {
    attachments,
    add,
    remove,
    clear,
    uploading: attachments.some((item) => item.status === 'uploading'),
    uploadedIds: attachments.flatMap((item) => (item.status === 'uploaded' ? [item.id] : [])),
  };
};
