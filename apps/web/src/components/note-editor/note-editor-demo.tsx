import { notifySuccess } from '../../lib/notify.ts';
import type { MentionItem, MentionSearch } from './mention-suggestion.ts';
import { NoteEditor } from './note-editor.tsx';

type NoteEditorDemoProps = {
  /** The people who may be mentioned, e.g. the firm's users from the lookups. */
  users: MentionItem[];
  households: MentionItem[];
};

/** A search over a list already at hand, as a caller without a search endpoint would write it. */
const searchIn =
  (items: MentionItem[]): MentionSearch =>
  async (query, signal) => {
    if (signal.aborted) throw signal.reason;
    const needle = query.trim().toLowerCase();
    return items.filter((item) => item.label.toLowerCase().includes(needle));
  };

/**
 * How a screen uses the editor (not mounted anywhere): mentions from two lists, no attachments, a post that
 * only says what it would send. A real screen passes its notes mutation as `onSubmit`, the user search of
 * spec §7 as `searchUsers`, and the file upload and `DELETE fileAttachment/{id}` calls for attachments.
 */
export const NoteEditorDemo = ({ users, households }: NoteEditorDemoProps) => (
  <NoteEditor
    aria-label="Note"
    placeholder="Write a note; @ mentions a user, # a household"
    searchUsers={searchIn(users)}
    searchHouseholds={searchIn(households)}
    onSubmit={async (note) => {
      notifySuccess(
        `${note.text.length} characters, ${note.mentionedUserIds.length} user and ` +
          `${note.mentionedHouseholdIds.length} household mentions.`,
      );
    }}
  />
);
