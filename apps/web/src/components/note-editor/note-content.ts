import type { JSONContent } from '@tiptap/core';
import { HOUSEHOLD_MENTION, USER_MENTION } from './mention-extensions.ts';

/** Spec §5 and §9: the main editor takes 1,500 plain-text characters, the restricted one 200. */
export const NOTE_MAX_LENGTH = 1500;
export const NOTE_RESTRICTED_MAX_LENGTH = 200;

/** Spec §5: 'Maximum of 1500 characters are allowed' (and 200 in restricted mode). */
export const maxLengthMessage = (maxLength: number) => `Maximum of ${maxLength} characters are allowed`;

/** What a post sends: the editor's HTML, its plain text and what it mentions. */
export type NoteContent = {
  html: string;
  text: string;
  mentionedUserIds: string[];
  mentionedHouseholdIds: string[];
};

/** The ids of the user and household mentions in a document, each once, in order of appearance. */
export const collectMentions = (doc: JSONContent) => {
  const users = new Set<string>();
  const households = new Set<string>();
  const visit = (node: JSONContent) => {
    const id: unknown = node.attrs?.['id'];
    if (typeof id === 'string' && id !== '') {
      if (node.type === USER_MENTION) users.add(id);
      if (node.type === HOUSEHOLD_MENTION) households.add(id);
    }
    for (const child of node.content ?? []) visit(child);
  };
  visit(doc);
  return { mentionedUserIds: [...users], mentionedHouseholdIds: [...households] };
};

/** Spec §5: a post needs text (not only white space) or a mention. */
export const hasPostableContent = (text: string, mentionCount: number) =>
  text.trim() !== '' || mentionCount > 0;
