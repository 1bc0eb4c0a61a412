import { Extension } from '@tiptap/core';
import { Mention } from '@tiptap/extension-mention';
import type { SuggestionProps } from '@tiptap/suggestion';
import type { MentionController, MentionKind, MentionSearch } from './mention-suggestion.ts';

/** The node names, which are also the `data-type` of the mention spans the server reads. */
export const USER_MENTION = 'mention';
export const HOUSEHOLD_MENTION = 'householdMention';

const TRIGGERS: Record<MentionKind, { name: string; char: string }> = {
  user: { name: USER_MENTION, char: '@' },
  household: { name: HOUSEHOLD_MENTION, char: '#' },
};

type MentionExtensionOptions = {
  kind: MentionKind;
  controller: MentionController;
  /** Read at each trigger, so that the latest prop is used; undefined: the trigger does nothing. */
  getSearch: () => MentionSearch | undefined;
};

/**
 * A TipTap Mention node for one kind. Its HTML is exactly
 * `<span data-type="mention" data-id="…" data-label="…">@Label</span>` (users) or
 * `<span data-type="householdMention" data-id="…" data-label="…">#Label</span>` (households): the trigger
 * character is fixed per node, so TipTap's `data-mention-suggestion-char` attribute is neither written nor read.
 * The suggestion list is not TipTap's: the plugin reports the query and keys to the mention controller.
 */
export const createMentionExtension = ({ kind, controller, getSearch }: MentionExtensionOptions) => {
  const { name, char } = TRIGGERS[kind];
  const base = kind === 'user' ? Mention : Mention.extend({ name });
  return base
    .extend({
      addAttributes() {
        return {
          ...this.parent?.(),
          mentionSuggestionChar: {
            default: char,
            parseHTML: () => char,
            renderHTML: () => ({}),
          },
        };
      },
    })
    .configure({
      deleteTriggerWithBackspace: false,
      suggestion: {
        char,
        allowSpaces: false,
        allow: ({ state, range }) => {
          if (!getSearch()) return false;
          const type = state.schema.nodes[name];
          return !!type && !!state.doc.resolve(range.from).parent.type.contentMatch.matchType(type);
        },
        items: () => [],
        render: () => {
          let latest: SuggestionProps | null = null;
          const anchorOf = (props: SuggestionProps) => props.clientRect?.() ?? null;
          return {
            onStart: (props) => {
              latest = props;
              const search = getSearch();
              if (!search) return;
              controller.start(
                {
                  kind,
                  search,
                  choose: (item) => latest?.command({ id: item.id, label: item.label }),
                },
                props.query,
                anchorOf(props),
              );
            },
            onUpdate: (props) => {
              latest = props;
              controller.update(kind, props.query, anchorOf(props));
            },
            onKeyDown: ({ event }) => controller.keyDown(event.key),
            onExit: () => {
              latest = null;
              controller.end(kind);
            },
          };
        },
      },
    });
};

/** Ctrl/Cmd+Enter posts. */
export const createSubmitShortcut = (submit: () => void) =>
  Extension.create({
    name: 'noteSubmitShortcut',
    addKeyboardShortcuts() {
      return {
        'Mod-Enter': () => {
          submit();
          return true;
        },
      };
    },
  });
