import { noteSchema } from '@centric/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/notes/:id: one note, for a link (`?noteId=`) to a note that is not on the page shown. */
export const getNote = async (noteId: string, signal?: AbortSignal) =>
  (
    await api.get(`/notes/${encodeURIComponent(noteId)}`, {
      schema: noteSchema,
      ...(signal ? { signal } : {}),
    })
  ).result;

export const useNote = (noteId: string | null, enabled = true) =>
  useQuery({
    queryKey: queryKeys.notes.detail(noteId ?? ''),
    queryFn: ({ signal }) => getNote(noteId ?? '', signal),
    enabled: enabled && !!noteId,
    retry: false,
  });
