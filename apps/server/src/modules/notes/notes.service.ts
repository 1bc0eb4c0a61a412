import {
  addDays,
  isAllowed,
  MENTION_SUGGESTIONS_MAX,
  NOTE_MAX_LENGTH,
  NOTE_MESSAGES,
  periodRange,
  ROLE_IDS,
  type dashboardNotesQuerySchema,
  type householdNotesQuerySchema,
  type LinkedSubject,
  type Note,
  type NoteCategory,
  type noteCreateBodySchema,
  type NoteSubType,
  type NoteType,
  type noteUpdateBodySchema,
} from '@centric/contracts';
import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { attachmentsPlatform, type AttachmentRow, type AttachmentType } from '../../platform/attachments.ts';
import { auditWriter, systemAuditContext, type AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import {
  badRequest,
  fieldError,
  forbidden,
  HttpError,
  notFound,
  validationError,
} from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { lockHousehold } from '../../platform/households.ts';
import { lockProspect } from '../../platform/prospects.ts';
import type { NotificationDraft, Notifications } from '../../platform/notifications.ts';
import { loadPermissions } from '../../platform/permissions.ts';
import { recordLinksService, type RecordRef } from '../../platform/record-links.ts';
import { sanitizeRichText } from '../../platform/rich-text.ts';
import type { AuthenticatedSession } from '../../platform/sessions.ts';
import { profileImageUrl } from '../profile/profile.service.ts';
import {
  dayStartIn,
  findReadableNote,
  householdIdsOfNote,
  householdsByIds,
  householdsOfNotes,
  insertNote,
  listNotes,
  lockNote,
  mentionableHouseholds,
  mentionableUsers,
  mentionedUserIdsOf,
  mentionsOfNotes,
  replaceMentions,
  requestsOfNotes,
  updateNoteRow,
  usersWithAccess,
  type NoteListRow,
  type NoteRow,
} from './notes.repository.ts';

/** What notes hang on records as (record_links.subject_kind, attachments.subject_kind). */
export const NOTE_SUBJECT: LinkedSubject = 'note';
export type { RecordRef };

export type NoteCreateInput = z.output<typeof noteCreateBodySchema>;
export type NoteUpdateInput = z.output<typeof noteUpdateBodySchema>;
export type HouseholdNotesInput = z.output<typeof householdNotesQuerySchema>;
export type DashboardNotesInput = z.output<typeof dashboardNotesQuerySchema>;

/** Who is asking, with what their role allows that the note rules need. */
export type NoteCaller = {
  id: string;
  fullName: string;
  roleId: number;
  notesRead: boolean;
  notesWrite: boolean;
  notesDelete: boolean;
  clientsRead: boolean;
  prospectsRead: boolean;
};

/** Where a caller's note goes: a household, a prospect, or a workflow request (on its household). */
export type NoteTarget =
  { clientId: string } | { prospectId: string } | { clientId: string; requestId: string };

export type SystemNoteInput = {
  /** The records it hangs on (a household now; a request, account or review later). */
  records: readonly RecordRef[];
  html: string;
  type: NoteType;
  subType?: NoteSubType | null;
  /** Who or what wrote it, for the trail; the system by default. */
  context?: AuditContext;
};

const AUDIT_ENTITY = 'note';
const ATTACHMENT_AUDIT_ENTITY = 'attachment';
/** Uploads not attached to a note within a day are let go (the editor was closed without posting). */
const UNATTACHED_TTL_MS = 24 * 60 * 60 * 1000;
const PREVIEW_LENGTH = 200;

const householdLink = (clientId: string, noteId: string) =>
  `/client-detail/${clientId}?leftPanel=notes&noteId=${noteId}`;
const dashboardLink = (noteId: string) => `/dashboard?tab=updates&noteId=${noteId}`;
const prospectLink = (prospectId: string) => `/prospects?prospectId=${prospectId}`;

const preview = (text: string) =>
  text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;

const htmlError = (message: string) => badRequest(message, [{ field: 'html', message }]);

export type NotesServiceDeps = {
  db: Db;
  clock: Clock;
  files: FileStorage;
  today: FirmToday;
  config: { FIRM_TIME_ZONE: string };
  notifications: Pick<Notifications, 'notify'>;
};

export const createNotesService = (deps: NotesServiceDeps) => {
  const { db, clock, today, notifications } = deps;
  const writeAudit = auditWriter(clock);
  const attachments = attachmentsPlatform(deps.files);

  const callerOf = async (session: AuthenticatedSession): Promise<NoteCaller> => {
    const permissions = await loadPermissions(db, session.user.roleId);
    return {
      id: session.user.id,
      fullName: session.user.fullName,
      roleId: session.user.roleId,
      notesRead: isAllowed(permissions, 'notes', 'read'),
      notesWrite: isAllowed(permissions, 'notes', 'write'),
      notesDelete: isAllowed(permissions, 'notes', 'delete'),
      clientsRead: isAllowed(permissions, 'clients', 'read'),
      prospectsRead: isAllowed(permissions, 'prospects', 'read'),
    };
  };

  const attachmentOut = (row: AttachmentRow) => ({
    id: row.id,
    name: row.fileName,
    contentType: row.contentType,
    size: row.sizeBytes,
    url: `/api/fileAttachment/${row.id}`,
  });

  const permissionsOn = (note: NoteRow, caller: NoteCaller) => {
    const locked = note.isSystemGenerated;
    return {
      canEdit: !locked && note.authorId === caller.id && caller.notesWrite,
      canDelete:
        !locked &&
        note.type !== 'WORKFLOW' &&
        (note.authorId === caller.id || caller.roleId === ROLE_IDS.administrator) &&
        caller.notesDelete,
      canPin: !locked && caller.notesWrite,
    };
  };

  /** The notes as answered: with attachments, households, mentions and what the caller may do. */
  const toNotes = async (rows: NoteListRow[], caller: NoteCaller): Promise<Note[]> => {
    const ids = rows.map((r) => r.note.id);
    const [files, linked, mentioned, requests] = await Promise.all([
      attachments.ofSubjects(db, NOTE_SUBJECT, ids),
      householdsOfNotes(db, ids),
      mentionsOfNotes(db, ids),
      requestsOfNotes(db, ids),
    ]);
    return rows.map(({ note, authorName, authorImagePath, authorUpdatedAt }) => ({
      id: note.id,
      html: note.bodyHtml,
      text: note.bodyText,
      category: note.category as NoteCategory | null,
      type: note.type as NoteType,
      subType: note.subType as NoteSubType | null,
      isPinned: note.isPinned,
      isSystemGenerated: note.isSystemGenerated,
      author:
        note.authorId && authorName !== null
          ? {
              id: note.authorId,
              fullName: authorName,
              profileImageUrl: profileImageUrl({
                id: note.authorId,
                profileImagePath: authorImagePath,
                updatedAt: authorUpdatedAt ?? new Date(0),
              }),
            }
          : null,
      createdAt: note.createdAt.toISOString(),
      editedAt: note.editedAt?.toISOString() ?? null,
      attachments: (files.get(note.id) ?? []).map(attachmentOut),
      households: linked.get(note.id) ?? [],
      workflowRequest: requests.get(note.id) ?? null,
      mentionedUsers: mentioned.get(note.id) ?? [],
      ...permissionsOn(note, caller),
    }));
  };

  const get = async (caller: NoteCaller, id: string) => {
    const row = await findReadableNote(db, caller, id);
    if (!row) throw notFound(NOTE_MESSAGES.noteNotFound);
    const [note] = await toNotes([row], caller);
    if (!note) throw notFound(NOTE_MESSAGES.noteNotFound);
    return note;
  };

  /**
   * The sanitised content of a post, its mentions checked: each mentioned user exists, is active and may
   * open the note (notes read, and households read when the note hangs on a household), each mentioned
   * household exists and the writer may read households. The mention spans show the current names.
   */
  const prepareContent = async (
    tx: Db,
    caller: NoteCaller,
    html: string,
    options: { onHousehold: boolean; onProspect?: boolean },
  ) => {
    const first = sanitizeRichText(html);
    const mentionCount = first.mentionedUserIds.length + first.mentionedHouseholdIds.length;
    if (first.text.trim() === '' && mentionCount === 0) throw htmlError(NOTE_MESSAGES.empty);
    const mentionedUsers = await usersWithAccess(tx, first.mentionedUserIds);
    const usersById = new Map(mentionedUsers.map((u) => [u.id, u]));
    for (const id of first.mentionedUserIds) {
      const user = usersById.get(id);
      if (!user || user.roleId === ROLE_IDS.system) throw htmlError(NOTE_MESSAGES.userNotFound);
      if (user.status !== 'ACTIVE') throw htmlError(NOTE_MESSAGES.mentionInactive(user.fullName));
      if (
        !user.notesRead ||
        (options.onHousehold && !user.clientsRead) ||
        (options.onProspect === true && !user.prospectsRead)
      ) {
        throw htmlError(NOTE_MESSAGES.mentionCannotRead(user.fullName));
      }
    }
    if (first.mentionedHouseholdIds.length > 0 && !caller.clientsRead) {
      throw forbidden(NOTE_MESSAGES.householdsNeedClientsRead);
    }
    const mentionedHouseholds = await householdsByIds(tx, first.mentionedHouseholdIds);
    if (mentionedHouseholds.length !== first.mentionedHouseholdIds.length) {
      throw htmlError(NOTE_MESSAGES.householdNotFound);
    }
    const labels = new Map<string, string>([
      ...mentionedUsers.map((u) => [u.id, u.fullName] as const),
      ...mentionedHouseholds.map((h) => [h.id, h.name] as const),
    ]);
    const content = sanitizeRichText(html, { labels });
    if (content.text.length > NOTE_MAX_LENGTH) throw htmlError(NOTE_MESSAGES.maxLength);
    return content;
  };

  /** Attaches the caller's uploads to the note, or refuses naming each id that cannot be attached. */
  const attachUploads = async (tx: Db, ids: readonly string[], caller: NoteCaller, noteId: string) => {
    const refused = await attachments.attach(tx, ids, caller.id, { kind: NOTE_SUBJECT, id: noteId });
    if (refused.length > 0) {
      throw validationError(
        refused.map((id) => ({
          path: ['attachmentIds', ids.indexOf(id)],
          message: NOTE_MESSAGES.attachmentNotFound,
        })),
      );
    }
  };

  const mentionDrafts = (
    userIds: readonly string[],
    draft: Omit<NotificationDraft, 'userId'>,
  ): NotificationDraft[] => userIds.map((userId) => ({ ...draft, userId }));

  /** Where a notification about the note opens: its household's notes panel, or the dashboard. */
  const linkOf = (note: Pick<NoteRow, 'id' | 'type'>, clientIds: readonly string[]) => {
    const clientId = clientIds[0];
    return note.type === 'DASHBOARD' || !clientId ? dashboardLink(note.id) : householdLink(clientId, note.id);
  };

  /** The live note the caller may read, locked; 404 otherwise. */
  const lockReadable = async (tx: Db, caller: NoteCaller, id: string) => {
    const note = await lockNote(tx, id);
    if (!note || !(await findReadableNote(tx, caller, id))) throw notFound(NOTE_MESSAGES.noteNotFound);
    return note;
  };

  /**
   * Writes a caller's note in `tx`: on a household (a workflow request's too: type WORKFLOW, linked to both),
   * a prospect, or the dashboard (null). Answers its id.
   */
  const write = async (
    tx: Db,
    caller: NoteCaller,
    target: NoteTarget | null,
    body: NoteCreateInput,
    context: AuditContext,
  ) => {
    const prospectId = target && 'prospectId' in target ? target.prospectId.toLowerCase() : null;
    const householdTarget = target && 'clientId' in target ? target : null;
    if (householdTarget) {
      if (!caller.clientsRead) throw forbidden(NOTE_MESSAGES.householdsNeedClientsRead);
      await lockHousehold(tx, householdTarget.clientId);
    }
    if (prospectId) await lockProspect(tx, prospectId);
    const content = await prepareContent(tx, caller, body.html, {
      onHousehold: householdTarget !== null,
      onProspect: prospectId !== null,
    });
    const now = clock.now();
    if (!target && body.type && body.type !== 'NONE')
      throw fieldError('type', NOTE_MESSAGES.dashboardNoteType);
    // A prospect's notes are of the spec's type PROSPECTS: who may read prospects reads them.
    const requestId = target && 'requestId' in target ? target.requestId : null;
    const type: NoteType = prospectId
      ? 'PROSPECTS'
      : requestId
        ? 'WORKFLOW'
        : target
          ? (body.type ?? 'NONE')
          : 'DASHBOARD';
    const note = await insertNote(tx, {
      bodyHtml: content.html,
      bodyText: content.text,
      category: body.category ?? null,
      type,
      authorId: caller.id,
      createdAt: now,
      updatedAt: now,
    });
    await replaceMentions(tx, note.id, content.mentionedUserIds);
    const clientIds = [
      ...new Set([
        ...(householdTarget ? [householdTarget.clientId.toLowerCase()] : []),
        ...content.mentionedHouseholdIds,
      ]),
    ];
    await recordLinksService.link(tx, { kind: NOTE_SUBJECT, id: note.id }, [
      ...clientIds.map((clientId) => ({ kind: 'household' as const, id: clientId })),
      ...(prospectId ? [{ kind: 'prospect' as const, id: prospectId }] : []),
      ...(requestId ? [{ kind: 'workflowRequest' as const, id: requestId }] : []),
    ]);
    await attachUploads(tx, body.attachmentIds, caller, note.id);
    await writeAudit(tx, context, {
      action: 'CREATE',
      entity: AUDIT_ENTITY,
      entityId: note.id,
      after: {
        type,
        category: note.category,
        text: content.text,
        clientIds,
        ...(prospectId ? { prospectId } : {}),
        ...(requestId ? { requestId } : {}),
        mentionedUserIds: content.mentionedUserIds,
        attachmentIds: body.attachmentIds,
      },
    });
    await notifications.notify(
      tx,
      mentionDrafts(content.mentionedUserIds, {
        kind: 'MENTIONED',
        causeKey: `mentioned:${note.id}`,
        title: `${caller.fullName} mentioned you in a note`,
        body: preview(content.text),
        link: prospectId ? prospectLink(prospectId) : linkOf(note, clientIds),
        actorId: caller.id,
      }),
    );
    return note.id;
  };

  const create = async (
    caller: NoteCaller,
    target: NoteTarget | null,
    body: NoteCreateInput,
    context: AuditContext,
  ) => {
    const id = await db.transaction((tx) => write(tx, caller, target, body, context));
    return get(caller, id);
  };

  return {
    callerOf,
    get,

    /** A household's notes (its left panel): pinned first, then newest; 10 a page by default. */
    async listOfHousehold(caller: NoteCaller, clientId: string, query: HouseholdNotesInput) {
      if (!caller.clientsRead) throw forbidden(NOTE_MESSAGES.householdsNeedClientsRead);
      const [household] = await householdsByIds(db, [clientId]);
      if (!household) throw notFound(NOTE_MESSAGES.householdNotFound);
      const { rows, total } = await listNotes(
        db,
        caller,
        {
          clientId,
          category: query.category,
          type: query.type,
          authorId: query.authorId,
          search: query.search,
        },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { items: await toNotes(rows, caller), total };
    },

    /**
     * The dashboard's notes: those created in the duration (the firm's calendar: weeks from Monday) that the
     * caller may read, pinned first, then newest.
     */
    async listOfDashboard(caller: NoteCaller, query: DashboardNotesInput) {
      const range = periodRange(query.duration, today());
      const zone = deps.config.FIRM_TIME_ZONE;
      const { rows, total } = await listNotes(
        db,
        caller,
        { createdFrom: dayStartIn(range.from, zone), createdBefore: dayStartIn(addDays(range.to, 1), zone) },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { items: await toNotes(rows, caller), total, from: range.from, to: range.to };
    },

    createOnHousehold: (caller: NoteCaller, clientId: string, body: NoteCreateInput, context: AuditContext) =>
      create(caller, { clientId }, body, context),

    createOnDashboard: (caller: NoteCaller, body: NoteCreateInput, context: AuditContext) =>
      create(caller, null, body, context),

    /**
     * A caller's note on a workflow request (type WORKFLOW: never deleted), on its household too, written in
     * the request's transaction (completing a step with its note or document). Answers the note's id.
     */
    createOnRequest: (
      caller: NoteCaller,
      target: { clientId: string; requestId: string },
      body: NoteCreateInput,
      context: AuditContext,
    ) => create(caller, target, body, context),

    writeOnRequest: (
      tx: Db,
      caller: NoteCaller,
      target: { clientId: string; requestId: string },
      body: NoteCreateInput,
      context: AuditContext,
    ) => write(tx, caller, target, body, context),

    /** A workflow request's notes (the checked request's), pinned first, then newest. */
    async listOfRequest(caller: NoteCaller, requestId: string, query: { page: number; limit: number }) {
      if (!caller.clientsRead) throw forbidden(NOTE_MESSAGES.householdsNeedClientsRead);
      const { rows, total } = await listNotes(
        db,
        caller,
        { requestId },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { items: await toNotes(rows, caller), total };
    },

    /** A prospect's notes (its timeline): pinned first, then newest; who may read prospects reads them. */
    async listOfProspect(caller: NoteCaller, prospectId: string, query: HouseholdNotesInput) {
      if (!caller.prospectsRead) throw forbidden();
      await lockProspect(db, prospectId, { lock: false });
      const { rows, total } = await listNotes(
        db,
        caller,
        { prospectId, category: query.category, authorId: query.authorId, search: query.search },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { items: await toNotes(rows, caller), total };
    },

    createOnProspect: (
      caller: NoteCaller,
      prospectId: string,
      body: NoteCreateInput,
      context: AuditContext,
    ) => {
      if (!caller.prospectsRead) throw forbidden();
      return create(caller, { prospectId }, body, context);
    },

    /**
     * An edit by its author (never of a system note): the new content, category and added attachments. The
     * users still mentioned learn of the edit (once per edit), the newly mentioned that they are mentioned;
     * households newly mentioned are linked (an edit never takes a note off a household's panel).
     */
    async update(caller: NoteCaller, id: string, body: NoteUpdateInput, context: AuditContext) {
      await db.transaction(async (tx) => {
        const note = await lockReadable(tx, caller, id);
        if (note.isSystemGenerated) throw forbidden(NOTE_MESSAGES.systemNoteLocked);
        if (note.authorId !== caller.id) throw forbidden(NOTE_MESSAGES.editOwnOnly);
        const clientIdsBefore = await householdIdsOfNote(tx, id);
        const content = await prepareContent(tx, caller, body.html, {
          onHousehold: note.type !== 'DASHBOARD' && clientIdsBefore.length > 0,
        });
        const category = body.category === undefined ? note.category : body.category;
        const mentionedBefore = (await mentionedUserIdsOf(tx, id)).sort();
        const mentionedAfter = [...content.mentionedUserIds].sort();
        const unchanged =
          content.html === note.bodyHtml && category === note.category && body.attachmentIds.length === 0;
        if (unchanged) return;
        const editedAt = clock.now();
        await updateNoteRow(tx, id, {
          bodyHtml: content.html,
          bodyText: content.text,
          category,
          editedAt,
          updatedAt: editedAt,
        });
        await replaceMentions(tx, id, content.mentionedUserIds);
        const clientIds = [...new Set([...clientIdsBefore, ...content.mentionedHouseholdIds])];
        const added = clientIds.filter((c) => !clientIdsBefore.includes(c));
        await recordLinksService.link(
          tx,
          { kind: NOTE_SUBJECT, id },
          added.map((clientId) => ({ kind: 'household', id: clientId })),
        );
        await attachUploads(tx, body.attachmentIds, caller, id);
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        const record = (field: string, from: unknown, to: unknown) => {
          if (JSON.stringify(from) === JSON.stringify(to)) return;
          before[field] = from;
          after[field] = to;
        };
        record('text', note.bodyText, content.text);
        record('category', note.category, category);
        record('mentionedUserIds', mentionedBefore, mentionedAfter);
        record('clientIds', clientIdsBefore, clientIds);
        if (body.attachmentIds.length > 0) record('attachmentIds', [], body.attachmentIds);
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: AUDIT_ENTITY,
          entityId: id,
          before,
          after,
        });
        const link = linkOf(note, clientIds);
        const still = mentionedAfter.filter((u) => mentionedBefore.includes(u));
        const newly = mentionedAfter.filter((u) => !mentionedBefore.includes(u));
        await notifications.notify(tx, [
          ...mentionDrafts(still, {
            kind: 'MENTION_EDITED',
            causeKey: `mention-edited:${id}:${editedAt.toISOString()}`,
            title: `${caller.fullName} edited a note you are mentioned in`,
            body: preview(content.text),
            link,
            actorId: caller.id,
          }),
          ...mentionDrafts(newly, {
            kind: 'MENTIONED',
            causeKey: `mentioned:${id}`,
            title: `${caller.fullName} mentioned you in a note`,
            body: preview(content.text),
            link,
            actorId: caller.id,
          }),
        ]);
      });
      return get(caller, id);
    },

    /** Pins or unpins a note (never a system note); pinned notes are listed first. */
    async pin(caller: NoteCaller, id: string, isPinned: boolean, context: AuditContext) {
      await db.transaction(async (tx) => {
        const note = await lockReadable(tx, caller, id);
        if (note.isSystemGenerated) throw forbidden(NOTE_MESSAGES.systemNoteLocked);
        if (note.isPinned === isPinned) return;
        await updateNoteRow(tx, id, { isPinned, updatedAt: clock.now() });
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: AUDIT_ENTITY,
          entityId: id,
          before: { isPinned: note.isPinned },
          after: { isPinned },
        });
      });
      return get(caller, id);
    },

    /**
     * Deletes a note (spec §6): by its creator or an administrator (role id 1), never a workflow or system
     * note. The row stays (deleted_at) for the trail and compliance; the mentioned users are told.
     */
    async remove(caller: NoteCaller, id: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        const note = await lockReadable(tx, caller, id);
        if (note.isSystemGenerated) throw forbidden(NOTE_MESSAGES.systemNoteLocked);
        if (note.type === 'WORKFLOW') throw forbidden(NOTE_MESSAGES.workflowNoteLocked);
        if (note.authorId !== caller.id && caller.roleId !== ROLE_IDS.administrator) {
          throw forbidden(NOTE_MESSAGES.deleteOwnOnly);
        }
        const now = clock.now();
        await updateNoteRow(tx, id, { deletedAt: now, deletedBy: caller.id, updatedAt: now });
        const clientIds = await householdIdsOfNote(tx, id);
        const mentioned = await mentionedUserIdsOf(tx, id);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: AUDIT_ENTITY,
          entityId: id,
          before: {
            type: note.type,
            category: note.category,
            text: note.bodyText,
            authorId: note.authorId,
            clientIds,
            mentionedUserIds: mentioned,
          },
        });
        const link =
          note.type === 'DASHBOARD' || !clientIds[0]
            ? '/dashboard?tab=updates'
            : `/client-detail/${clientIds[0]}?leftPanel=notes`;
        await notifications.notify(
          tx,
          mentionDrafts(mentioned, {
            kind: 'MENTION_DELETED',
            causeKey: `mention-deleted:${id}`,
            title: `${caller.fullName} deleted a note you were mentioned in`,
            body: preview(note.bodyText),
            link,
            actorId: caller.id,
          }),
        );
      });
    },

    /**
     * A record goes (a prospect deleted): the notes that hang on it are deleted with it, in the caller's
     * transaction: kept as deleted notes (deleted_at) for the audit trail and compliance, each audited. A note
     * that also hangs on another record (a household it mentions) stays, without this record. How many went.
     */
    async removeAllOf(tx: Db, record: RecordRef, context: AuditContext) {
      const now = clock.now();
      const gone = rowsOf<{ id: string; type: string; body_text: string; author_id: string | null }>(
        await tx.execute(sql`update notes n set deleted_at = ${now.toISOString()}::timestamptz,
            deleted_by = ${context.actorId}, updated_at = ${now.toISOString()}::timestamptz
          where n.deleted_at is null
            and exists (select 1 from record_links l where l.subject_kind = 'note' and l.subject_id = n.id
              and l.record_kind = ${record.kind} and l.record_id = ${record.id}::uuid)
            and not exists (select 1 from record_links l where l.subject_kind = 'note' and l.subject_id = n.id
              and not (l.record_kind = ${record.kind} and l.record_id = ${record.id}::uuid))
          returning n.id, n.type, n.body_text, n.author_id`),
      );
      for (const note of gone) {
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: AUDIT_ENTITY,
          entityId: note.id,
          before: {
            type: note.type,
            text: note.body_text,
            authorId: note.author_id,
            [record.kind]: record.id,
          },
        });
      }
      return gone.length;
    },

    /**
     * Up to 10 active users to mention, by name or email: only those who may read notes, and households when
     * the note is on one (clientId), so nobody is told about a record they cannot open.
     */
    async mentionUsers(
      _caller: NoteCaller,
      query: { search?: string | undefined; clientId?: string | undefined },
    ) {
      const rows = await mentionableUsers(db, {
        search: query.search ?? '',
        withClients: query.clientId !== undefined,
        limit: MENTION_SUGGESTIONS_MAX,
      });
      return rows.map((u) => ({
        id: u.id,
        fullName: u.fullName,
        email: u.email,
        profileImageUrl: profileImageUrl(u),
      }));
    },

    /** Up to 10 households to mention, by name: none for a caller who may not read households. */
    async mentionHouseholds(caller: NoteCaller, query: { search?: string | undefined }) {
      if (!caller.clientsRead) return [];
      return mentionableHouseholds(db, { search: query.search ?? '', limit: MENTION_SUGGESTIONS_MAX });
    },

    /**
     * A note written by the system (a workflow step, a review done, a snooze) on records: it cannot be edited,
     * pinned or deleted. Runs in the caller's transaction; mentioned users who may read it are told.
     */
    async createSystemNote(tx: Db, input: SystemNoteInput) {
      const content = sanitizeRichText(input.html);
      const onHousehold = input.records.some((r) => r.kind === 'household');
      const readers = (await usersWithAccess(tx, content.mentionedUserIds)).filter(
        (u) => u.status === 'ACTIVE' && u.notesRead && (!onHousehold || u.clientsRead),
      );
      const mentioned = content.mentionedUserIds.filter((id) => readers.some((u) => u.id === id));
      const now = clock.now();
      const note = await insertNote(tx, {
        bodyHtml: content.html,
        bodyText: content.text,
        type: input.type,
        subType: input.subType ?? null,
        isSystemGenerated: true,
        authorId: null,
        createdAt: now,
        updatedAt: now,
      });
      await replaceMentions(tx, note.id, mentioned);
      await recordLinksService.link(tx, { kind: NOTE_SUBJECT, id: note.id }, input.records);
      const clientIds = input.records.filter((r) => r.kind === 'household').map((r) => r.id);
      await writeAudit(tx, input.context ?? systemAuditContext('system'), {
        action: 'CREATE',
        entity: AUDIT_ENTITY,
        entityId: note.id,
        after: {
          type: input.type,
          subType: input.subType ?? null,
          text: content.text,
          clientIds,
          mentionedUserIds: mentioned,
          isSystemGenerated: true,
        },
      });
      await notifications.notify(
        tx,
        mentionDrafts(mentioned, {
          kind: 'MENTIONED',
          causeKey: `mentioned:${note.id}`,
          title: 'You were mentioned in a note',
          body: preview(content.text),
          link: linkOf(note, clientIds),
          actorId: null,
        }),
      );
      return note.id;
    },

    /** Stores an upload (checked by the route) as the caller's, unattached; lets go of stale ones. */
    async uploadAttachment(
      caller: NoteCaller,
      upload: { data: Buffer; fileName: string; contentType: AttachmentType },
      context: AuditContext,
    ) {
      const row = await attachments.store(db, upload, caller.id);
      const stale = await db.transaction(async (tx) => {
        await writeAudit(tx, context, {
          action: 'CREATE',
          entity: ATTACHMENT_AUDIT_ENTITY,
          entityId: row.id,
          after: { fileName: row.fileName, contentType: row.contentType, size: row.sizeBytes },
        });
        const now = clock.now();
        return attachments.expireUnattached(tx, new Date(now.getTime() - UNATTACHED_TTL_MS), now);
      });
      await attachments.purge(stale);
      return attachmentOut(row);
    },

    /**
     * An attachment's row and bytes for the caller: an unattached upload only for its uploader, an attached
     * one for whoever may read its note; 404 for anyone else.
     */
    async downloadAttachment(caller: NoteCaller, id: string) {
      const row = await attachments.find(db, id);
      if (!row) throw notFound(NOTE_MESSAGES.attachmentNotFound);
      if (row.subjectId === null) {
        if (row.uploadedBy !== caller.id) throw notFound(NOTE_MESSAGES.attachmentNotFound);
      } else if (row.subjectKind !== NOTE_SUBJECT || !(await findReadableNote(db, caller, row.subjectId))) {
        throw notFound(NOTE_MESSAGES.attachmentNotFound);
      }
      const data = await attachments.read(row);
      if (!data) throw notFound(NOTE_MESSAGES.attachmentNotFound);
      return { row, data };
    },

    /**
     * Deletes an attachment: an unattached upload by its uploader (its file goes too), an attached one by
     * whoever may edit its note (the file is kept with the row, like a deleted note).
     */
    async deleteAttachment(caller: NoteCaller, id: string, context: AuditContext) {
      const purge = await db.transaction(async (tx) => {
        const row = await attachments.lock(tx, id);
        if (!row) throw notFound(NOTE_MESSAGES.attachmentNotFound);
        if (row.subjectId === null) {
          if (row.uploadedBy !== caller.id) throw notFound(NOTE_MESSAGES.attachmentNotFound);
        } else {
          if (row.subjectKind !== NOTE_SUBJECT) throw notFound(NOTE_MESSAGES.attachmentNotFound);
          const note = await lockReadable(tx, caller, row.subjectId).catch((err: unknown) => {
            throw err instanceof HttpError && err.statusCode === 404
              ? notFound(NOTE_MESSAGES.attachmentNotFound)
              : err;
          });
          if (note.isSystemGenerated) throw forbidden(NOTE_MESSAGES.systemNoteLocked);
          if (note.authorId !== caller.id) throw forbidden(NOTE_MESSAGES.attachmentEditOnly);
        }
        await attachments.markDeleted(tx, id, clock.now());
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: ATTACHMENT_AUDIT_ENTITY,
          entityId: id,
          before: {
            fileName: row.fileName,
            contentType: row.contentType,
            size: row.sizeBytes,
            noteId: row.subjectId,
          },
        });
        return row.subjectId === null ? [row.storageKey] : [];
      });
      await attachments.purge(purge);
    },
  };
};

export type NotesService = ReturnType<typeof createNotesService>;
