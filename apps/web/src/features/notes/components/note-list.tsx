import { NOTES_PAGE_SIZE } from '@centric/contracts';
import { EmptyState, Group, Pagination, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { ResetFiltersButton } from '../../../components/list-actions.tsx';
import type { MentionSearch } from '../../../components/note-editor/mention-suggestion.ts';
import { QueryState, type StateQuery } from '../../../components/query-state.tsx';
import type { NotePage } from '../api/list-notes.ts';
import { NoteCard } from './note-card.tsx';

/** Grey note cards while the first page loads. */
const NotesSkeleton = () => (
  <Stack gap="sm" role="status" aria-live="polite">
    <VisuallyHidden>Loading notes...</VisuallyHidden>
    {Array.from({ length: 3 }, (_, index) => (
      <Paper key={index} withBorder radius="md" p="sm" aria-hidden="true">
        <Group gap="sm" wrap="nowrap" mb="sm">
          <Skeleton circle height={32} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={10} width="40%" radius="sm" />
            <Skeleton height={8} width="25%" radius="sm" />
          </Stack>
        </Group>
        <Skeleton height={10} radius="sm" mb={6} />
        <Skeleton height={10} width="70%" radius="sm" />
      </Paper>
    ))}
  </Stack>
);

type NoteListProps = {
  query: StateQuery<NotePage>;
  page: number;
  onPage: (page: number) => void;
  searchUsers: MentionSearch;
  /** The note a link pointed at, outlined. */
  highlightedId?: string | null;
  showHouseholds?: boolean;
  /** The empty state's words (a filter narrowing the list offers Reset filters instead of the hint). */
  empty: { title: string; description: string };
  onReset?: (() => void) | undefined;
};

/**
 * A page of notes (pinned first, as the server orders them) as cards, with loading cards, the error and Try
 * again, the empty state, and the pages below when there is more than one (10 a page, spec §9).
 */
export const NoteList = ({
  query,
  page,
  onPage,
  searchUsers,
  highlightedId = null,
  showHouseholds = false,
  empty,
  onReset,
}: NoteListProps) => {
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / NOTES_PAGE_SIZE));
  return (
    <QueryState query={query} loading={<NotesSkeleton />}>
      {({ items }) =>
        items.length === 0 ? (
          <Paper withBorder radius="md">
            <EmptyState py="lg" icon={<IconNotes size={26} aria-hidden="true" />} withIndicatorBackground>
              <EmptyState.Title order={3}>{empty.title}</EmptyState.Title>
              <EmptyState.Description>{empty.description}</EmptyState.Description>
              {onReset && (
                <EmptyState.Actions>
                  <ResetFiltersButton variant="light" onClick={onReset} />
                </EmptyState.Actions>
              )}
            </EmptyState>
          </Paper>
        ) : (
          <Stack gap="sm">
            {items.map((note) => (
              <NoteCard
                key={note.id}
                note={note}
                searchUsers={searchUsers}
                highlighted={note.id === highlightedId}
                showHouseholds={showHouseholds}
              />
            ))}
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="xs" c="dimmed" role="status" aria-live="polite">
                {total} {total === 1 ? 'note' : 'notes'}
              </Text>
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={Math.min(page, pages)}
                  onChange={onPage}
                  size="sm"
                  siblings={0}
                  getControlProps={(control) => ({ 'aria-label': `${control} page of notes` })}
                  getItemProps={(item) => ({ 'aria-label': `Page ${item} of notes` })}
                />
              )}
            </Group>
          </Stack>
        )
      }
    </QueryState>
  );
};
