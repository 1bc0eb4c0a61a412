import { ActionIcon, Button, FileButton, Group, Text, Tooltip } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { IconPaperclip } from '@tabler/icons-react';
import { getText, getTextSerializersFromSchema } from '@tiptap/core';
import { CharacterCount, Placeholder } from '@tiptap/extensions';
import { useEditor, useEditorState } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import {
  ATTACHMENT_FORMAT_MESSAGE,
  ATTACHMENT_MAX_BYTES,
  DEFAULT_ATTACHMENT_ACCEPT,
  isAcceptedAttachment,
} from './attachment-rules.ts';
import { AttachmentChips } from './attachment-chips.tsx';
import { createMentionExtension, createSubmitShortcut } from './mention-extensions.ts';
import { MentionList, mentionOptionId } from './mention-list.tsx';
import { type MentionSearch, createMentionController } from './mention-suggestion.ts';
import {
  NOTE_MAX_LENGTH,
  NOTE_RESTRICTED_MAX_LENGTH,
  type NoteContent,
  collectMentions,
  hasPostableContent,
  maxLengthMessage,
} from './note-content.ts';
import classes from './note-editor.module.css';
import { type DeleteAttachment, type UploadAttachment, useNoteAttachments } from './use-note-attachments.ts';

/** What `onSubmit` receives: the HTML the server stores (sanitised there), its plain text, mentions, files. */
export type NoteEditorSubmit = NoteContent & { attachmentIds: string[] };

export type NoteEditorProps = {
  /**
   * Posts the note. While it runs the button shows loading and the text cannot change; when it resolves the
   * editor and its attachments clear; when it rejects everything stays (the caller shows the error toast).
   */
  onSubmit: (note: NoteEditorSubmit) => Promise<void>;
  /** `@` suggestions: users (only those who may read the note's record: the server decides). */
  searchUsers: MentionSearch;
  /** `#` suggestions: households. Without it `#` is plain text. */
  searchHouseholds?: MentionSearch;
  /** Without it there is no paperclip. */
  uploadAttachment?: UploadAttachment;
  /** Called when the user removes an uploaded attachment (DELETE fileAttachment/{id}). */
  deleteAttachment?: DeleteAttachment;
  /** Spec §5: callers may override the accepted types (default '.jpg,.jpeg,.png,.pdf') and the message. */
  acceptedFileTypes?: string;
  fileFormatMessage?: string;
  /** Restricted mode: 200 characters instead of 1,500. */
  restricted?: boolean;
  /** Overrides the limit of the mode. */
  maxLength?: number;
  /** An existing note's HTML, when editing it (read once, at mount: give the editor a `key` per note). */
  initialHtml?: string;
  placeholder?: string;
  autoFocus?: boolean;
  /** The editable area's accessible name. */
  'aria-label'?: string;
  /** The submit button's label: 'Post' by default ('Save' when editing). */
  submitLabel?: string;
  /** When given, a Cancel button beside submit (editing an existing note). */
  onCancel?: () => void;
};

/** The document's plain text as posted and counted: paragraphs on their own lines, mentions as '@Name'. */
const plainTextOf = (editor: {
  state: { doc: Parameters<typeof getText>[0] };
  schema: Parameters<typeof getTextSerializersFromSchema>[0];
}) =>
  getText(editor.state.doc, {
    blockSeparator: '\n',
    textSerializers: getTextSerializersFromSchema(editor.schema),
  });

/**
 * CharacterCount, counting what the server counts: the posted plain text (a mention counts as its '@Name',
 * a line break as one character), not ProseMirror's one character per mention. It refuses any change that
 * would pass the limit and trims a paste to fit.
 */
const PlainTextCharacterCount = CharacterCount.extend({
  onBeforeCreate(event) {
    this.parent?.(event);
    this.storage.characters = (options) => {
      const node = options?.node ?? this.editor.state.doc;
      return getText(node, {
        blockSeparator: '\n',
        textSerializers: getTextSerializersFromSchema(this.editor.schema),
      }).length;
    };
  },
});

/**
 * The one rich-text editor of notes and comments (spec §2, §5): bold, italic, lists and links; `@` mentions
 * users and `#` households from the given searches (debounced 500 ms, at most 10, stale answers dropped);
 * 1,500 characters (200 restricted) with the spec's message; attachments with the spec's types and size;
 * Post (or Ctrl/Cmd+Enter) once there is text or a mention and no upload is pending.
 */
export const NoteEditor = ({
  onSubmit,
  searchUsers,
  searchHouseholds,
  uploadAttachment,
  deleteAttachment,
  acceptedFileTypes = DEFAULT_ATTACHMENT_ACCEPT,
  fileFormatMessage = ATTACHMENT_FORMAT_MESSAGE,
  restricted = false,
  maxLength = restricted ? NOTE_RESTRICTED_MAX_LENGTH : NOTE_MAX_LENGTH,
  initialHtml,
  placeholder,
  autoFocus = false,
  'aria-label': ariaLabel = 'Note',
  submitLabel = 'Post',
  onCancel,
}: NoteEditorProps) => {
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [submitting, setSubmitting] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);

  // The extensions are built once; they read the latest props through these refs.
  const searches = useRef({ searchUsers, searchHouseholds });
  searches.current = { searchUsers, searchHouseholds };
  const submitRef = useRef<() => void>(() => {});

  const controller = useMemo(() => createMentionController(), []);
  useEffect(() => () => controller.destroy(), [controller]);
  const mentionList = useSyncExternalStore(controller.subscribe, controller.getState);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: false,
      }),
      Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
      PlainTextCharacterCount.configure({ limit: maxLength }),
      createMentionExtension({
        kind: 'user',
        controller,
        getSearch: () => searches.current.searchUsers,
      }),
      createMentionExtension({
        kind: 'household',
        controller,
        getSearch: () => searches.current.searchHouseholds,
      }),
      createSubmitShortcut(() => submitRef.current()),
    ],
    content: initialHtml ?? '',
    autofocus: autoFocus ? 'end' : false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': ariaLabel },
    },
  });

  const content = useEditorState({
    editor,
    selector: ({ editor: current }) => {
      // A destroyed editor (the panel re-created it, or it is unmounting) has no schema left to read.
      if (!current?.schema) return { characters: 0, postable: false, focused: false };
      const { mentionedUserIds, mentionedHouseholdIds } = collectMentions(current.getJSON());
      const text = plainTextOf(current);
      return {
        characters: current.storage.characterCount.characters(),
        postable: hasPostableContent(text, mentionedUserIds.length + mentionedHouseholdIds.length),
        focused: current.isFocused,
      };
    },
  });

  const attachments = useNoteAttachments({ uploadAttachment, deleteAttachment });

  // The list shows while the editor has the focus (a click elsewhere hides it; coming back shows it again).
  const listShown = mentionList.open && (content?.focused ?? false);
  // The editable area names the open list and its active option (the focus stays in it). No aria-expanded:
  // ARIA does not allow it on a textbox (axe: aria-allowed-attr).
  const activeOption =
    listShown && mentionList.activeIndex >= 0 ? mentionOptionId(listId, mentionList.activeIndex) : null;
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': ariaLabel,
          'aria-autocomplete': 'list',
          ...(listShown ? { 'aria-controls': listId } : {}),
          ...(activeOption ? { 'aria-activedescendant': activeOption } : {}),
        },
      },
    });
  }, [editor, ariaLabel, listShown, listId, activeOption]);

  const characters = content?.characters ?? 0;
  const atLimit = characters >= maxLength;
  const canSubmit =
    !!editor &&
    !submitting &&
    !attachments.uploading &&
    (content?.postable ?? false) &&
    characters <= maxLength;

  const handleSubmit = async () => {
    if (!editor || !canSubmit) return;
    const mentions = collectMentions(editor.getJSON());
    const note: NoteEditorSubmit = {
      html: editor.getHTML(),
      text: plainTextOf(editor).trim(),
      ...mentions,
      attachmentIds: attachments.uploadedIds,
    };
    setSubmitting(true);
    editor.setEditable(false);
    try {
      await onSubmit(note);
      editor.commands.clearContent(true);
      attachments.clear();
      setFileError(null);
    } catch {
      // The caller's mutation shows the server's message; the note stays for another try.
    } finally {
      if (!editor.isDestroyed) editor.setEditable(true);
      setSubmitting(false);
    }
  };
  submitRef.current = () => void handleSubmit();

  const handleFiles = (files: File[]) => {
    const accepted = files.filter((file) =>
      isAcceptedAttachment(file, acceptedFileTypes, ATTACHMENT_MAX_BYTES),
    );
    setFileError(accepted.length < files.length ? fileFormatMessage : null);
    for (const file of accepted) attachments.add(file);
  };

  return (
    <div className={classes.root} ref={rootRef}>
      <RichTextEditor editor={editor} variant="subtle" classNames={{ toolbar: classes.toolbar }}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content className={classes.content} />
        <div className={classes.footer}>
          {uploadAttachment ? (
            <FileButton onChange={handleFiles} accept={acceptedFileTypes} multiple>
              {(buttonProps) => (
                <Tooltip label="Attach a file">
                  <ActionIcon
                    {...buttonProps}
                    variant="subtle"
                    aria-label="Attach a file"
                    disabled={submitting}
                  >
                    <IconPaperclip size={18} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              )}
            </FileButton>
          ) : null}
          <AttachmentChips
            attachments={attachments.attachments}
            onRemove={(item) => void attachments.remove(item)}
          />
          {fileError ? (
            <Text size="xs" c="red.9" role="alert">
              {fileError}
            </Text>
          ) : null}
          <Group gap="xs" className={classes.counter} wrap="nowrap">
            {atLimit ? (
              <Text size="xs" c="red.9" role="alert">
                {maxLengthMessage(maxLength)}
              </Text>
            ) : null}
            <Text size="xs" c={atLimit ? 'red.9' : 'dimmed'}>
              {`${characters} / ${maxLength}`}
            </Text>
            {onCancel ? (
              <Button size="xs" variant="default" onClick={onCancel} disabled={submitting}>
                Cancel
              </Button>
            ) : null}
            <Button
              size="xs"
              onClick={() => void handleSubmit()}
              disabled={!canSubmit && !submitting}
              loading={submitting}
            >
              {submitLabel}
            </Button>
          </Group>
        </div>
      </RichTextEditor>
      {listShown && mentionList.open ? (
        <MentionList state={mentionList} controller={controller} id={listId} container={rootRef.current} />
      ) : null}
    </div>
  );
};
