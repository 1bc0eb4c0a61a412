import type { DashboardDuration } from '@centric/contracts';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { usePermission } from '../../../lib/permissions.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useDashboardNotes } from '../api/list-notes.ts';
import { mentionUsersSearch } from '../api/mentions.ts';
import { NoteComposer } from './note-composer.tsx';
import { NoteList } from './note-list.tsx';
import { usePostNote } from './use-post-note.ts';

/**
 * The dashboard's Notes (Updates tab): a composer for a dashboard note (POST /api/notes) on top, then the
 * notes of the period, pinned first then newest, 10 a page, each with links to its households' notes.
 * Refresh (spec §4: lists reset on demand) goes back to the first page and fetches it again.
 */
export const DashboardNotes = ({ duration }: { duration: DashboardDuration }) => {
  const headingId = useId();
  const queryClient = useQueryClient();
  const canWrite = usePermission('notes', 'write');
  const [page, setPage] = useState(1);
  const [periodOfPage, setPeriodOfPage] = useState(duration);
  // Another period starts on its first page.
  if (periodOfPage !== duration) {
    setPeriodOfPage(duration);
    setPage(1);
  }
  const query = useDashboardNotes({ duration, page });
  const searchUsers = useMemo(() => mentionUsersSearch(null), []);

  const handleRefresh = () => {
    setPage(1);
    void queryClient.invalidateQueries({ queryKey: queryKeys.notes.scope('dashboard') });
  };

  const handlePost = usePostNote({ clientId: null }, () => setPage(1));

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h4" id={headingId}>
          Notes
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconRefresh size={16} aria-hidden="true" />}
          onClick={handleRefresh}
          loading={query.isFetching && !query.isPending}
        >
          Refresh
        </Button>
      </Group>
      {canWrite && (
        <NoteComposer
          label="New dashboard note"
          placeholder="Write a note; @ mentions a colleague, # a household"
          searchUsers={searchUsers}
          onSubmit={handlePost}
        />
      )}
      <NoteList
        query={query}
        page={page}
        onPage={setPage}
        searchUsers={searchUsers}
        showHouseholds
        empty={{
          title: 'No notes yet',
          description: canWrite
            ? 'No note was written in this period. Write the first one above.'
            : 'No note was written in this period.',
        }}
      />
    </Stack>
  );
};
