import { z } from 'zod';
import {
  NOTE_MAX_LENGTH,
  NOTE_SUB_TYPES,
  NOTE_TYPES,
  NOTES_PAGE_SIZE,
  noteCategorySchema,
} from './activity.ts';
import { dashboardDurationSchema } from './dashboard-api.ts';
import { pagingShape } from './list-query.ts';

/**
 * The notes API (issue 12 §1; spec §3 Note, §4, §5 Files and editor, §6, §7, §8): request and response
 * shapes shared by the server routes and the web fetchers, and the messages they answer with.
 */

export const NOTE_MESSAGES = {
  /** A type given to a note on no household. */
  dashboardNoteType: 'Only a note on a household can have a type.',
  /** Spec §5: the main editor's limit, counted in plain-text characters. */
  maxLength: `Maximum of ${NOTE_MAX_LENGTH} characters are allowed`,
  /** Spec §5: a post must have text or a mention. */
  empty: 'Write some text or mention someone to post a note.',
  htmlTooLong: 'The note is too long.',
  noteAdded: 'Note added successfully.',
  noteUpdated: 'Note updated successfully.',
  noteDeleted: 'Note deleted successfully.',
  notePinned: 'Note pinned successfully.',
  noteUnpinned: 'Note unpinned successfully.',
  noteNotFound: 'Note not found.',
  /** Spec §6: users edit only their own notes. */
  editOwnOnly: 'You can edit only your own notes.',
  /** Spec §4: system-generated notes cannot be edited, pinned or deleted. */
  systemNoteLocked: 'System-generated notes cannot be edited, pinned or deleted.',
  /** Spec §6: a note is deleted only by its creator or role id 1. */
  deleteOwnOnly: 'Only the creator of a note or an administrator can delete it.',
  workflowNoteLocked: 'Workflow notes cannot be deleted.',
  /** Spec §5 Files. */
  attachmentFormat: 'File format accepted only .jpg,.jpeg,.png,.pdf up to 15 MB',
  /** Spec §8. */
  attachmentDeleted: 'Attachment deleted successfully.',
  attachmentUploaded: 'Attachment uploaded successfully.',
  attachmentNotFound: 'Attachment not found.',
  attachmentNotYours: 'Only the user who uploaded this attachment can use or delete it.',
  attachmentEditOnly: 'Only the author of the note can delete its attachments.',
  tooManyAttachments: 'A note can have at most 10 attachments.',
  householdNotFound: 'Household not found.',
  userNotFound: 'User not found.',
  /** A mentioned user must be able to open what they are told about. */
  mentionCannotRead: (fullName: string) => `${fullName} cannot be mentioned: they cannot open this note.`,
  mentionInactive: (fullName: string) => `${fullName} cannot be mentioned: the user is not active.`,
  householdsNeedClientsRead: 'You do not have permission to view households.',
} as const;

/** The HTML a note body may send (the body limit applies as well); the text limit is checked on the server. */
export const NOTE_HTML_MAX = 100_000;
export const NOTE_ATTACHMENTS_MAX = 10;

const uuid = (message: string) => z.string().uuid(message);

export const noteIdParamsSchema = z.object({ id: uuid(NOTE_MESSAGES.noteNotFound) });
export const noteClientParamsSchema = z.object({ clientId: uuid(NOTE_MESSAGES.householdNotFound) });
export const attachmentIdParamsSchema = z.object({ id: uuid(NOTE_MESSAGES.attachmentNotFound) });

export const noteHtmlSchema = z
  .string({ error: NOTE_MESSAGES.empty })
  .max(NOTE_HTML_MAX, NOTE_MESSAGES.htmlTooLong);

export const attachmentIdsSchema = z
  .array(uuid(NOTE_MESSAGES.attachmentNotFound))
  .max(NOTE_ATTACHMENTS_MAX, NOTE_MESSAGES.tooManyAttachments)
  .default([]);

/** A new note: the editor's HTML (sanitised on the server), a category, attachments uploaded before. */
/**
 * The types a person may give a household note (spec §3 Note type): a plain note, or one of an area's (a
 * managed-accounts note, shown on that tab and linking to it). Workflow, suitability and prospect notes come
 * with their areas; dashboard notes are those on no household.
 */
export const HOUSEHOLD_NOTE_TYPES = ['NONE', 'MANAGED_ACCOUNTS'] as const;
export type HouseholdNoteType = (typeof HOUSEHOLD_NOTE_TYPES)[number];

export const noteCreateBodySchema = z.object({
  html: noteHtmlSchema,
  category: noteCategorySchema.nullable().optional(),
  attachmentIds: attachmentIdsSchema,
  /** A household note's type (NONE by default); a dashboard note has none. */
  type: z
    .enum(HOUSEHOLD_NOTE_TYPES, { error: `type must be one of ${HOUSEHOLD_NOTE_TYPES.join(', ')}.` })
    .optional(),
});
export type NoteCreateBody = z.input<typeof noteCreateBodySchema>;

/** An edit: the new HTML, the category (null clears it, absent keeps it), attachments added. */
export const noteUpdateBodySchema = z.object({
  html: noteHtmlSchema,
  category: noteCategorySchema.nullable().optional(),
  attachmentIds: attachmentIdsSchema,
});
export type NoteUpdateBody = z.input<typeof noteUpdateBodySchema>;

export const notePinBodySchema = z.object({
  isPinned: z.boolean({ error: 'isPinned must be true or false.' }),
});

const searchSchema = z.string().trim().max(100, 'Search text can be up to 100 characters.').optional();

/** A household's notes (the left panel): 10 a page, pinned first then newest; filters and text search. */
export const householdNotesQuerySchema = z.object({
  ...pagingShape({ defaultLimit: NOTES_PAGE_SIZE }),
  category: noteCategorySchema.optional(),
  authorId: uuid(NOTE_MESSAGES.userNotFound).optional(),
  search: searchSchema,
  /** Only the notes of a type (the managed accounts tab's MANAGED_ACCOUNTS). */
  type: z.enum(NOTE_TYPES, { error: `type must be one of ${NOTE_TYPES.join(', ')}.` }).optional(),
});
export type HouseholdNotesQuery = z.input<typeof householdNotesQuerySchema>;

/** The dashboard's notes: those created in the duration (the firm's calendar), pinned first then newest. */
export const dashboardNotesQuerySchema = z.object({
  ...pagingShape({ defaultLimit: NOTES_PAGE_SIZE }),
  duration: dashboardDurationSchema.default('THIS_MONTH'),
});
export type DashboardNotesQuery = z.input<typeof dashboardNotesQuerySchema>;

export const mentionUsersQuerySchema = z.object({
  search: searchSchema,
  /** The household the note is on: only users who may read households are offered. */
  clientId: uuid(NOTE_MESSAGES.householdNotFound).optional(),
});
export const mentionHouseholdsQuerySchema = z.object({ search: searchSchema });

export const noteAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Where it is downloaded (spec §7 attachmentUrl). */
  url: z.string(),
});
export type NoteAttachment = z.infer<typeof noteAttachmentSchema>;

export const noteSchema = z.object({
  id: z.string(),
  html: z.string(),
  text: z.string(),
  category: noteCategorySchema.nullable(),
  type: z.enum(NOTE_TYPES),
  subType: z.enum(NOTE_SUB_TYPES).nullable(),
  isPinned: z.boolean(),
  isSystemGenerated: z.boolean(),
  author: z
    .object({ id: z.string(), fullName: z.string(), profileImageUrl: z.string().nullable() })
    .nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  attachments: z.array(noteAttachmentSchema),
  households: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The workflow request a workflow note is on (its template's name): the dashboard links to it (spec §2). */
  workflowRequest: z.object({ id: z.string(), name: z.string() }).nullable(),
  mentionedUsers: z.array(z.object({ id: z.string(), fullName: z.string() })),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canPin: z.boolean(),
});
export type Note = z.infer<typeof noteSchema>;

export const mentionUserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type MentionUser = z.infer<typeof mentionUserSchema>;
export const mentionHouseholdSchema = z.object({ id: z.string(), name: z.string() });
export type MentionHousehold = z.infer<typeof mentionHouseholdSchema>;
