import { NOTE_CATEGORY_LABELS, type Note } from '@centric/contracts';
import {
  ActionIcon,
  Anchor,
  Badge,
  CloseButton,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconDots,
  IconFileTypePdf,
  IconPaperclip,
  IconPencil,
  IconPhoto,
  IconPin,
  IconPinnedOff,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AuthenticatedAvatar } from '../../../components/authenticated-avatar.tsx';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import type { MentionSearch } from '../../../components/note-editor/mention-suggestion.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFirmTimeZone } from '../../../lib/firm-calendar.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * Where a note's household link goes: a managed-accounts note opens the household's Managed Accounts tab
 * (spec §2), any other the household with the note shown in its notes panel.
 */
export const householdLinkOf = (note: Pick<Note, 'id' | 'type'>, clientId: string) =>
  note.type === 'MANAGED_ACCOUNTS'
    ? paths.clientDetail.href(clientId, { tab: 'managed_accounts' })
    : paths.clientDetail.href(clientId, { leftPanel: 'notes', noteId: note.id });
import { openNoteAttachment, useDeleteNoteAttachment } from '../api/attachments.ts';
import { useDeleteNote, usePinNote, useUpdateNote } from '../api/save-note.ts';
import classes from './note-card.module.css';
import { type NoteComposerSubmit, NoteComposer } from './note-composer.tsx';
import { formatNoteTime, NOTE_CATEGORY_COLORS } from './note-labels.ts';

/** Where a workflow note's request link goes (spec §2): Open Requests with that request open. */
export const requestLinkOf = (requestId: string) => paths.openRequests.href({ requestId, redirect: 'true' });

/** Spec §4 and §8: the words of the delete confirmation. */
export const NOTE_DELETE_QUESTION = 'Are you sure you want to delete the note?';

/** The element id of a note's card, for `?noteId=` links. */
export const noteElementId = (noteId: string) => `note-${noteId}`;

type NoteCardProps = {
  note: Note;
  /** `@` suggestions while editing (the household's readers on a household). */
  searchUsers: MentionSearch;
  /** The note a link pointed at (`?noteId=`): outlined and scrolled into view. */
  highlighted?: boolean;
  /** On the dashboard: the households it is on, as links to their notes. */
  showHouseholds?: boolean;
};

const attachmentIcon = (contentType: string) =>
  contentType === 'application/pdf'
    ? IconFileTypePdf
    : contentType.startsWith('image/')
      ? IconPhoto
      : IconPaperclip;

type AttachmentListProps = {
  attachments: Note['attachments'];
  /** While editing: a remove button on each (DELETE fileAttachment/{id}). */
  onRemove?: ((id: string) => void) | undefined;
  removingId?: string | null;
};

/** A note's files as chips; a click opens one in a new tab (fetched with the session's token). */
const AttachmentList = ({ attachments, onRemove, removingId }: AttachmentListProps) => {
  if (attachments.length === 0) return null;
  const handleOpen = (attachment: Note['attachments'][number]) =>
    openNoteAttachment(attachment.url, attachment.name).catch((error: unknown) =>
      notifyError(errorMessage(error)),
    );
  return (
    <Group gap={6} wrap="wrap" role="list" aria-label="Attachments">
      {attachments.map((attachment) => {
        const FileIcon = attachmentIcon(attachment.contentType);
        return (
          <Paper key={attachment.id} withBorder radius="xl" px={8} py={2} role="listitem" maw="100%">
            <Group gap={4} wrap="nowrap">
              <UnstyledButton
                onClick={() => void handleOpen(attachment)}
                aria-label={`Open ${attachment.name}`}
                title={attachment.name}
                style={{ minWidth: 0 }}
              >
                <Group gap={4} wrap="nowrap">
                  <FileIcon size={14} aria-hidden="true" />
                  <Text size="xs" truncate maw={200} c="var(--mantine-color-anchor)">
                    {attachment.name}
                  </Text>
                </Group>
              </UnstyledButton>
              {onRemove && (
                <CloseButton
                  size="xs"
                  aria-label={`Remove ${attachment.name}`}
                  disabled={removingId === attachment.id}
                  onClick={() => onRemove(attachment.id)}
                />
              )}
            </Group>
          </Paper>
        );
      })}
    </Group>
  );
};

/**
 * One note: author, time on the firm's clock, category, "edited", the server's sanitised HTML (mentions as
 * chips), its attachments and (on the dashboard) its households. Pinned notes are tinted with a pin; the
 * actions menu offers what the server allows (canEdit, canPin, canDelete): Edit in place with the same
 * editor, Pin or Unpin, Delete after 'Please Confirm?'. System notes carry a badge and no actions.
 */
export const NoteCard = ({
  note,
  searchUsers,
  highlighted = false,
  showHouseholds = false,
}: NoteCardProps) => {
  const timeZone = useFirmTimeZone();
  const ref = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateNote();
  const pin = usePinNote();
  const remove = useDeleteNote();
  const removeAttachment = useDeleteNoteAttachment();

  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [highlighted]);

  const system = note.isSystemGenerated;
  const canEdit = note.canEdit && !system;
  const canPin = note.canPin && !system;
  const canDelete = note.canDelete && !system;
  const author = note.author?.fullName ?? 'Centric';
  const time = formatNoteTime(note.createdAt, timeZone);

  const handleSave = async ({ html, category, attachmentIds }: NoteComposerSubmit) => {
    try {
      const { message } = await update.mutateAsync({ id: note.id, body: { html, category, attachmentIds } });
      notifySuccess(message);
      setEditing(false);
    } catch (error) {
      notifyError(errorMessage(error));
      throw error;
    }
  };

  const handlePin = () =>
    pin.mutate(
      { id: note.id, isPinned: !note.isPinned },
      {
        onSuccess: ({ message }) => notifySuccess(message),
        onError: (error) => notifyError(errorMessage(error)),
      },
    );

  const handleDelete = () =>
    remove.mutate(note.id, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        setConfirming(false);
      },
      onError: (error) => notifyError(errorMessage(error)),
    });

  const handleRemoveAttachment = (id: string) =>
    removeAttachment.mutate(id, {
      onSuccess: ({ message }) => notifySuccess(message),
      onError: (error) => notifyError(errorMessage(error)),
    });

  const hasActions = canEdit || canPin || canDelete;

  return (
    <Paper
      ref={ref}
      id={noteElementId(note.id)}
      component="article"
      withBorder
      radius="md"
      p="sm"
      className={classes.card}
      aria-label={`Note by ${author}, ${time}`}
      {...(note.isPinned ? { 'data-pinned': true } : {})}
      {...(highlighted ? { 'data-highlighted': true } : {})}
    >
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <AuthenticatedAvatar
            imagePath={note.author?.profileImageUrl}
            name={author}
            size={32}
            radius="xl"
            {...(system ? { color: 'gray' } : {})}
          />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group gap={6} wrap="wrap" align="center">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {author}
              </Text>
              {system && (
                <Badge size="xs" variant="outline" color="gray">
                  System
                </Badge>
              )}
            </Group>
            <Group gap={6} wrap="wrap">
              <Text size="xs" c="dimmed" component="time" dateTime={note.createdAt}>
                {time}
              </Text>
              {note.editedAt && (
                <Tooltip label={`Edited ${formatNoteTime(note.editedAt, timeZone)}`}>
                  <Text size="xs" c="dimmed" fs="italic" tabIndex={0}>
                    (edited)
                  </Text>
                </Tooltip>
              )}
            </Group>
          </Stack>
          <Group gap={4} wrap="nowrap">
            {note.isPinned && (
              <Tooltip label="Pinned">
                <IconPin size={16} color="var(--mantine-color-brand-7)" aria-label="Pinned" role="img" />
              </Tooltip>
            )}
            {note.category && (
              // Dark text, the category's colour on the border: 10 px bold needs 4.5:1 on the pinned card's
              // tint as on white (axe), which orange and teal text do not reach.
              <Badge
                size="sm"
                variant="outline"
                bg="white"
                color={NOTE_CATEGORY_COLORS[note.category]}
                c="dark.7"
              >
                {NOTE_CATEGORY_LABELS[note.category]}
              </Badge>
            )}
            {hasActions && !editing && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={`Actions for the note by ${author}`}>
                    <IconDots size={16} aria-hidden="true" />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {canEdit && (
                    <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
                      Edit
                    </Menu.Item>
                  )}
                  {canPin && (
                    <Menu.Item
                      leftSection={note.isPinned ? <IconPinnedOff size={14} /> : <IconPin size={14} />}
                      onClick={handlePin}
                      disabled={pin.isPending}
                    >
                      {note.isPinned ? 'Unpin' : 'Pin'}
                    </Menu.Item>
                  )}
                  {canDelete && (
                    <Menu.Item
                      color="red.9"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => setConfirming(true)}
                    >
                      Delete
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        </Group>

        {editing ? (
          <NoteComposer
            key={note.id}
            label="Edit note"
            initialHtml={note.html}
            initialCategory={note.category}
            submitLabel="Save"
            onCancel={() => setEditing(false)}
            onSubmit={handleSave}
            searchUsers={searchUsers}
            autoFocus
          >
            <AttachmentList
              attachments={note.attachments}
              onRemove={handleRemoveAttachment}
              removingId={removeAttachment.isPending ? (removeAttachment.variables ?? null) : null}
            />
          </NoteComposer>
        ) : (
          <>
            {/* The server sanitised this HTML (its allow-list): it is the only HTML rendered as such. */}
            <div className={classes.body} dangerouslySetInnerHTML={{ __html: note.html }} />
            <AttachmentList attachments={note.attachments} />
          </>
        )}

        {showHouseholds && note.workflowRequest && (
          <Group gap={6} wrap="wrap">
            <Text size="xs" c="dimmed">
              Request:
            </Text>
            <Anchor
              component={Link}
              size="xs"
              fw={500}
              to={requestLinkOf(note.workflowRequest.id)}
              aria-label={`Open the request ${note.workflowRequest.name}`}
            >
              {note.workflowRequest.name}
            </Anchor>
          </Group>
        )}
        {showHouseholds && note.households.length > 0 && (
          <Group gap={6} wrap="wrap">
            <Text size="xs" c="dimmed">
              {note.households.length === 1 ? 'Household:' : 'Households:'}
            </Text>
            {note.households.map((household) => (
              <Anchor
                key={household.id}
                component={Link}
                size="xs"
                fw={500}
                to={householdLinkOf(note, household.id)}
              >
                {household.name}
              </Anchor>
            ))}
          </Group>
        )}
      </Stack>
      <ConfirmDeleteModal
        opened={confirming}
        loading={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setConfirming(false)}
      >
        {NOTE_DELETE_QUESTION}
      </ConfirmDeleteModal>
    </Paper>
  );
};
