import type { ClientDetail, HouseholdNoteType, NoteCategory } from '@centric/contracts';
import { Alert, CloseButton, Group, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SearchBox } from '../../../components/search-box.tsx';
import { type PickedUser, UserPicker } from '../../../components/user-picker.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { useDebouncedSearch } from '../../../lib/use-debounced-search.ts';
import { useNote } from '../api/get-note.ts';
import { useHouseholdNotes } from '../api/list-notes.ts';
import { mentionUsersSearch } from '../api/mentions.ts';
import { useCreateNote } from '../api/save-note.ts';
import { NoteCard } from './note-card.tsx';
import { type NoteComposerSubmit, NoteComposer } from './note-composer.tsx';
import { isNoteCategory, NOTE_CATEGORY_OPTIONS } from './note-labels.ts';
import { NoteList } from './note-list.tsx';

/** The query parameter of a link to one note (a notification, a dashboard note's household). */
export const NOTE_ID_PARAM = 'noteId';

/**
 * The household's notes beside its highlights (`?leftPanel=notes`): the editor on top (category, Post) for
 * those who may write notes; then its notes 10 a page, pinned first, filtered by category and author and
 * searched in their text (debounced). `?noteId=` outlines that note and scrolls to it, or shows it above
 * the list when it is on another page.
 */
export const NotesPanel = ({
  detail,
  noteType,
  title = 'Notes',
}: {
  detail: ClientDetail;
  /** A tab's own notes (MANAGED_ACCOUNTS): listed by that type, and posted with it. */
  noteType?: HouseholdNoteType;
  title?: string;
}) => {
  const { clientId } = detail;
  const headingId = useId();
  const canWrite = usePermission('notes', 'write');
  const [params, setParams] = useSearchParams();
  const linkedId = params.get(NOTE_ID_PARAM);

  const [page, setPage] = useState(1);
  const [category, setCategory] = useState<NoteCategory | null>(null);
  const [author, setAuthor] = useState<PickedUser | null>(null);
  const [search, setSearch] = useState('');
  const [searchText, setSearchText] = useDebouncedSearch(search, (text) => {
    setSearch(text);
    setPage(1);
  });

  const query = useHouseholdNotes({
    clientId,
    page,
    category: category ?? undefined,
    authorId: author?.id,
    search: search || undefined,
    type: noteType,
  });
  const onPage = query.data?.items.some((note) => note.id === linkedId) ?? false;
  const linked = useNote(linkedId, query.isSuccess && !onPage);
  const create = useCreateNote();
  const searchUsers = useMemo(() => mentionUsersSearch(clientId), [clientId]);

  const filtered = category !== null || author !== null || search !== '';
  const handleFilter = (change: () => void) => {
    change();
    setPage(1);
  };
  const handleReset = () =>
    handleFilter(() => {
      setCategory(null);
      setAuthor(null);
      setSearchText('');
      setSearch('');
    });

  const handlePost = async ({ html, category: noteCategory, attachmentIds }: NoteComposerSubmit) => {
    try {
      const { message } = await create.mutateAsync({
        clientId,
        body: { html, category: noteCategory, attachmentIds, ...(noteType ? { type: noteType } : {}) },
      });
      notifySuccess(message);
      setPage(1);
    } catch (error) {
      notifyError(errorMessage(error));
      throw error;
    }
  };

  const handleCloseLinked = () =>
    setParams(
      (current) => {
        current.delete(NOTE_ID_PARAM);
        return current;
      },
      { replace: true },
    );

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {title}
      </Title>
      {canWrite && (
        <NoteComposer
          label={`New note on ${detail.name}`}
          placeholder="Write a note; @ mentions a colleague, # a household"
          searchUsers={searchUsers}
          onSubmit={handlePost}
        />
      )}

      <Stack gap={6} mt="xs">
        <SearchBox
          label="Search notes"
          placeholder="Search notes"
          value={searchText}
          onChange={setSearchText}
          width="100%"
        />
        <SimpleGrid cols={2} spacing={6}>
          <Select
            label="Category"
            placeholder="All categories"
            data={NOTE_CATEGORY_OPTIONS}
            value={category}
            clearable
            onChange={(value) => handleFilter(() => setCategory(isNoteCategory(value) ? value : null))}
            comboboxProps={{ withinPortal: true }}
          />
          <UserPicker
            label="Author"
            value={author}
            onChange={(user) => handleFilter(() => setAuthor(user))}
          />
        </SimpleGrid>
      </Stack>

      {linkedId && !onPage && linked.data && (
        <Stack gap={4}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap={4} wrap="nowrap">
              <IconLink size={14} aria-hidden="true" />
              <Title order={3} size="xs" c="dimmed" tt="uppercase">
                Linked note
              </Title>
            </Group>
            <CloseButton size="sm" aria-label="Close the linked note" onClick={handleCloseLinked} />
          </Group>
          <NoteCard note={linked.data} searchUsers={searchUsers} highlighted />
        </Stack>
      )}
      {linkedId && linked.isError && (
        <Alert
          color="yellow"
          variant="light"
          withCloseButton
          onClose={handleCloseLinked}
          closeButtonLabel="Dismiss"
        >
          {errorMessage(linked.error)}
        </Alert>
      )}

      <NoteList
        query={query}
        page={page}
        onPage={setPage}
        searchUsers={searchUsers}
        highlightedId={linkedId}
        empty={
          filtered
            ? { title: 'No matching notes', description: 'No note of this household matches these filters.' }
            : {
                title: 'No notes yet',
                description: canWrite
                  ? 'Write the first note about this household above.'
                  : 'Nobody has written a note about this household yet.',
              }
        }
        onReset={filtered ? handleReset : undefined}
      />
    </Stack>
  );
};
