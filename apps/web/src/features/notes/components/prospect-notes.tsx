import { Stack, Title } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { usePermission } from '../../../lib/permissions.ts';
import { type NotesSource, useRecordNotes } from '../api/list-notes.ts';
import { mentionUsersSearch } from '../api/mentions.ts';
import type { CreateNoteInput } from '../api/save-note.ts';
import { NoteComposer } from './note-composer.tsx';
import { NoteList } from './note-list.tsx';
import { usePostNote } from './use-post-note.ts';

type RecordNotesProps = {
  /** The name of the record the notes are on ("New note on …"). */
  name: string;
  /** Where a new note goes. */
  target: Omit<CreateNoteInput, 'body'>;
  source: NotesSource;
  /** What the record is called in the empty state: "this prospect". */
  noun: string;
};

/** A record's notes (a prospect's, a workflow request's): the editor, then its notes 10 a page. */
const RecordNotes = ({ name, target, source, noun }: RecordNotesProps) => {
  const headingId = useId();
  const canWrite = usePermission('notes', 'write');
  const [page, setPage] = useState(1);
  const query = useRecordNotes(source, page);
  const searchUsers = useMemo(() => mentionUsersSearch(target.clientId), [target.clientId]);

  const handlePost = usePostNote(target, () => setPage(1));

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        Notes
      </Title>
      {canWrite && (
        <NoteComposer
          label={`New note on ${name}`}
          placeholder="Write a note; @ mentions a colleague"
          searchUsers={searchUsers}
          onSubmit={handlePost}
        />
      )}
      <NoteList
        query={query}
        page={page}
        onPage={setPage}
        searchUsers={searchUsers}
        empty={{
          title: 'No notes yet',
          description: canWrite
            ? `Write the first note about ${noun} above.`
            : `Nobody has written a note about ${noun} yet.`,
        }}
      />
    </Stack>
  );
};

/** A prospect's notes (the notes service's, type PROSPECTS). */
export const ProspectNotes = ({ prospectId, name }: { prospectId: string; name: string }) => (
  <RecordNotes
    name={name}
    target={{ clientId: null, prospectId }}
    source={{ path: `/prospects/${encodeURIComponent(prospectId)}/notes`, scope: `prospect:${prospectId}` }}
    noun="this prospect"
  />
);

/** A workflow request's notes (type WORKFLOW, never deleted), step notes and system notes among them. */
export const RequestNotes = ({
  requestId,
  clientId,
  name,
}: {
  requestId: string;
  clientId: string;
  name: string;
}) => (
  <RecordNotes
    name={name}
    target={{ clientId, requestId }}
    source={{
      path: `/workflow-requests/${encodeURIComponent(requestId)}/notes`,
      scope: `request:${requestId}`,
    }}
    noun="this request"
  />
);
