import type { NoteCategory } from '@centric/contracts';
import { Select, Stack } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { LazyNoteEditor } from '../../../components/note-editor/lazy-note-editor.tsx';
import type { MentionSearch } from '../../../components/note-editor/mention-suggestion.ts';
import type { NoteEditorSubmit } from '../../../components/note-editor/note-editor.tsx';
import { removeUploadedAttachment, uploadNoteAttachment } from '../api/attachments.ts';
import { searchMentionHouseholds } from '../api/mentions.ts';
import { DEFAULT_NOTE_CATEGORY, isNoteCategory, NOTE_CATEGORY_OPTIONS } from './note-labels.ts';

export type NoteComposerSubmit = { html: string; category: NoteCategory; attachmentIds: string[] };

type NoteComposerProps = {
  /** Saves the note; rejects (after its error toast) to keep what was written. */
  onSubmit: (note: NoteComposerSubmit) => Promise<void>;
  searchUsers: MentionSearch;
  /** Editing: the note's HTML and category (read once: the caller gives a key per note). */
  initialHtml?: string;
  initialCategory?: NoteCategory | null;
  submitLabel?: string;
  onCancel?: () => void;
  /** The editable area's accessible name. */
  label: string;
  placeholder?: string;
  autoFocus?: boolean;
  /** Shown between the category and the editor (an edited note's attachments). */
  children?: ReactNode;
};

/**
 * The note editor with its category (spec §4 categories, General by default) above it: `@` users, `#`
 * households, attachments uploaded through fileAttachment. After a post the category goes back to General.
 */
export const NoteComposer = ({
  onSubmit,
  searchUsers,
  initialHtml,
  initialCategory,
  submitLabel,
  onCancel,
  label,
  placeholder,
  autoFocus,
  children,
}: NoteComposerProps) => {
  const [category, setCategory] = useState<NoteCategory>(initialCategory ?? DEFAULT_NOTE_CATEGORY);
  const editing = initialHtml !== undefined;

  const handleSubmit = async (note: NoteEditorSubmit) => {
    await onSubmit({ html: note.html, category, attachmentIds: note.attachmentIds });
    if (!editing) setCategory(DEFAULT_NOTE_CATEGORY);
  };

  return (
    <Stack gap={6}>
      <Select
        aria-label={`${label}: category`}
        size="xs"
        w={170}
        data={NOTE_CATEGORY_OPTIONS}
        value={category}
        onChange={(value) => isNoteCategory(value) && setCategory(value)}
        allowDeselect={false}
        leftSection={<IconTag size={14} aria-hidden="true" />}
        comboboxProps={{ withinPortal: true }}
      />
      {children}
      <LazyNoteEditor
        aria-label={label}
        onSubmit={handleSubmit}
        searchUsers={searchUsers}
        searchHouseholds={searchMentionHouseholds}
        uploadAttachment={uploadNoteAttachment}
        deleteAttachment={removeUploadedAttachment}
        {...(initialHtml !== undefined ? { initialHtml } : {})}
        {...(submitLabel ? { submitLabel } : {})}
        {...(onCancel ? { onCancel } : {})}
        {...(placeholder ? { placeholder } : {})}
        {...(autoFocus ? { autoFocus } : {})}
      />
    </Stack>
  );
};
