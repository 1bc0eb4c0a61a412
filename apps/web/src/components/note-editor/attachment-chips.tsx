import { CloseButton, Group, Loader, Paper, Text } from '@mantine/core';
import { IconAlertCircle, IconPaperclip } from '@tabler/icons-react';
import classes from './note-editor.module.css';
import type { NoteAttachment } from './use-note-attachments.ts';

/** Spec §8: an attachment on its way up. */
export const UPLOADING_MESSAGE = 'Uploading...';

type AttachmentChipsProps = {
  attachments: NoteAttachment[];
  onRemove: (attachment: NoteAttachment) => void;
};

const AttachmentChip = ({
  attachment,
  onRemove,
}: {
  attachment: NoteAttachment;
  onRemove: (attachment: NoteAttachment) => void;
}) => {
  const failed = attachment.status === 'failed';
  return (
    <Paper
      withBorder
      radius="xl"
      px={8}
      py={2}
      data-status={attachment.status}
      aria-label={`Attachment ${attachment.name}`}
      role="group"
      style={failed ? { borderColor: 'var(--mantine-color-red-9)' } : undefined}
    >
      <Group gap={4} wrap="nowrap">
        {attachment.status === 'uploading' ? (
          <Loader size={12} aria-hidden="true" />
        ) : failed ? (
          <IconAlertCircle size={14} color="var(--mantine-color-red-9)" aria-hidden="true" />
        ) : (
          <IconPaperclip size={14} aria-hidden="true" />
        )}
        <Text size="xs" truncate maw={180} title={attachment.name}>
          {attachment.name}
        </Text>
        {attachment.status === 'uploading' ? (
          <Text size="xs" c="dimmed">
            {UPLOADING_MESSAGE}
          </Text>
        ) : null}
        {failed ? (
          <Text size="xs" c="red.9" role="alert">
            {attachment.error}
          </Text>
        ) : null}
        <CloseButton
          size="xs"
          aria-label={`Remove ${attachment.name}`}
          disabled={attachment.status === 'uploaded' && attachment.removing}
          onClick={() => onRemove(attachment)}
        />
      </Group>
    </Paper>
  );
};

/** The note's attachments as chips: 'Uploading...', then the name, or the server's message when it failed. */
export const AttachmentChips = ({ attachments, onRemove }: AttachmentChipsProps) =>
  attachments.length === 0 ? null : (
    <div className={classes.chips}>
      {attachments.map((attachment) => (
        <AttachmentChip key={attachment.key} attachment={attachment} onRemove={onRemove} />
      ))}
    </div>
  );
