import { Stack, Title } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { usePermission } from '../../../lib/permissions.ts';
import { useProspectNotes } from '../api/list-notes.ts';
import { mentionUsersSearch } from '../api/mentions.ts';
import { NoteComposer } from './note-composer.tsx';
import { NoteList } from './note-list.tsx';
import { usePostNote } from './use-post-note.ts';

/** A prospect's notes (the notes service's, type PROSPECTS): the editor, then its notes 10 a page. */
export const ProspectNotes = ({ prospectId, name }: { prospectId: string; name: string }) => {
  const headingId = useId();
  const canWrite = usePermission('notes', 'write');
  const [page, setPage] = useState(1);
  const query = useProspectNotes({ prospectId, page });
  const searchUsers = useMemo(() => mentionUsersSearch(null), []);

  const handlePost = usePostNote({ clientId: null, prospectId }, () => setPage(1));

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
            ? 'Write the first note about this prospect above.'
            : 'Nobody has written a note about this prospect yet.',
        }}
      />
    </Stack>
  );
};
