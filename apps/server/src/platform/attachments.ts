import { randomUUID } from 'node:crypto';
import { ATTACHMENT_MAX_BYTES, type LinkedSubject, NOTE_MESSAGES } from '@centric/contracts';
import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { attachments } from '../db/schema/index.ts';
import { HttpError } from './errors.ts';
import { sniffImageType, type FileStorage } from './files.ts';

/**
 * Attachments (spec §5 Files, §7 fileAttachment): jpg, jpeg, png or pdf up to 15 MB, the type read from the
 * content (magic bytes) and required to match the name. An upload is stored under a random key and has no
 * subject until the note (or later a comment) it belongs to is posted with its id; only its uploader may
 * attach it. Any area that takes attachments uses these functions, not the table.
 */

export type AttachmentType = 'image/jpeg' | 'image/png' | 'application/pdf';
export type AttachmentRow = typeof attachments.$inferSelect;

/** Which extensions each content type may carry. */
const EXTENSIONS: Record<AttachmentType, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'application/pdf': ['pdf'],
};

/** The type by the first bytes only: PNG, JPEG, or a PDF (`%PDF-`). */
export const sniffAttachmentType = (data: Buffer): AttachmentType | null => {
  const image = sniffImageType(data);
  if (image) return image;
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
};

const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot >= 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};

/** The type of a file by its content, when its name's extension agrees; null when either refuses it. */
export const attachmentTypeOf = (fileName: string, data: Buffer): AttachmentType | null => {
  const type = sniffAttachmentType(data);
  return type && EXTENSIONS[type].includes(extensionOf(fileName)) ? type : null;
};

/** A file name as stored and sent back: its last path segment, no control characters, at most 255. */
export const cleanFileName = (fileName: string) => {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  if (clean.length <= 255) return clean;
  const extension = extensionOf(clean);
  return `${clean.slice(0, 254 - extension.length)}.${extension}`;
};

const formatError = (status: number) => new HttpError(status, NOTE_MESSAGES.attachmentFormat);

/**
 * The one file of a multipart body, checked: 415 when the body is not multipart or the file is not a jpg,
 * jpeg, png or pdf by content and name, 413 when over 15 MB, 400 when no file came.
 */
export const readAttachmentUpload = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw formatError(415);
  let part;
  try {
    part = await request.file({ limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1 } });
  } catch {
    throw formatError(400);
  }
  if (!part) throw formatError(400);
  const data = await part.toBuffer().catch(() => {
    throw formatError(413);
  });
  if (part.file.truncated || data.length > ATTACHMENT_MAX_BYTES) throw formatError(413);
  const fileName = cleanFileName(part.filename);
  const contentType = attachmentTypeOf(fileName, data);
  if (!contentType || data.length === 0) throw formatError(415);
  return { data, fileName, contentType };
};

export type SubjectRef = { kind: LinkedSubject; id: string };

export const attachmentsPlatform = (files: FileStorage) => ({
  /** Stores the file under a random key and records it, unattached, as the user's upload. */
  async store(
    db: Db,
    upload: { data: Buffer; fileName: string; contentType: AttachmentType },
    userId: string,
  ): Promise<AttachmentRow> {
    const storageKey = `attachments/${randomUUID()}`;
    await files.put(storageKey, upload.data);
    try {
      const [row] = await db
        .insert(attachments)
        .values({
          storageKey,
          fileName: upload.fileName,
          contentType: upload.contentType,
          sizeBytes: upload.data.length,
          uploadedBy: userId,
        })
        .returning();
      if (!row) throw new Error('attachment insert returned nothing');
      return row;
    } catch (err) {
      await files.remove(storageKey);
      throw err;
    }
  },

  /** The attachment (not deleted), or null. */
  async find(db: Db, id: string): Promise<AttachmentRow | null> {
    const [row] = await db
      .select()
      .from(attachments)
      .where(and(eq(attachments.id, id), isNull(attachments.deletedAt)))
      .limit(1);
    return row ?? null;
  },

  /** The same, locked until the transaction ends. */
  async lock(tx: Db, id: string): Promise<AttachmentRow | null> {
    const [row] = await tx
      .select()
      .from(attachments)
      .where(and(eq(attachments.id, id), isNull(attachments.deletedAt)))
      .for('update')
      .limit(1);
    return row ?? null;
  },

  /**
   * Attaches the user's own unattached uploads to a subject. Returns the ids that could not be attached
   * (unknown, deleted, someone else's, or already on a subject), in the order given; nothing is attached then.
   */
  async attach(tx: Db, ids: readonly string[], userId: string, subject: SubjectRef) {
    const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
    if (wanted.length === 0) return [];
    const rows = await tx
      .select()
      .from(attachments)
      .where(and(inArray(attachments.id, wanted), isNull(attachments.deletedAt)))
      .for('update');
    const usable = new Set(
      rows.filter((r) => r.uploadedBy === userId && r.subjectId === null).map((r) => r.id),
    );
    const refused = ids.filter((id) => !usable.has(id.toLowerCase()));
    if (refused.length > 0) return refused;
    await tx
      .update(attachments)
      .set({ subjectKind: subject.kind, subjectId: subject.id })
      .where(inArray(attachments.id, wanted));
    return [];
  },

  /** The live attachments of subjects, oldest first, by subject id. */
  async ofSubjects(db: Db, kind: LinkedSubject, subjectIds: readonly string[]) {
    const bySubject = new Map<string, AttachmentRow[]>();
    if (subjectIds.length === 0) return bySubject;
    const rows = await db
      .select()
      .from(attachments)
      .where(
        and(
          eq(attachments.subjectKind, kind),
          inArray(attachments.subjectId, [...subjectIds]),
          isNull(attachments.deletedAt),
        ),
      )
      .orderBy(asc(attachments.createdAt), asc(attachments.id));
    for (const row of rows) {
      const list = bySubject.get(row.subjectId!) ?? [];
      list.push(row);
      bySubject.set(row.subjectId!, list);
    }
    return bySubject;
  },

  /**
   * Marks the attachment deleted. An unattached upload loses its file too (after the commit, by `purge`);
   * an attached one keeps it, like the deleted notes the trail and compliance may show.
   */
  async markDeleted(tx: Db, id: string, at: Date) {
    await tx.update(attachments).set({ deletedAt: at }).where(eq(attachments.id, id));
  },

  /** The stored bytes. */
  read: (row: AttachmentRow) => files.get(row.storageKey),

  /** Removes stored files (after the transaction that let them go has committed). */
  async purge(storageKeys: readonly string[]) {
    for (const key of storageKeys) await files.remove(key);
  },

  /**
   * Uploads made before `before` and never attached (the editor was closed without posting): marked deleted
   * at `at`, at most `limit` at a time; answers their storage keys for `purge` after the commit.
   */
  async expireUnattached(tx: Db, before: Date, at: Date, limit = 50) {
    const stale = await tx
      .select({ id: attachments.id, storageKey: attachments.storageKey })
      .from(attachments)
      .where(
        and(isNull(attachments.subjectId), isNull(attachments.deletedAt), lt(attachments.createdAt, before)),
      )
      .limit(limit)
      .for('update', { skipLocked: true });
    if (stale.length === 0) return [];
    await tx
      .update(attachments)
      .set({ deletedAt: at })
      .where(
        inArray(
          attachments.id,
          stale.map((s) => s.id),
        ),
      );
    return stale.map((s) => s.storageKey);
  },
});

export type AttachmentsPlatform = ReturnType<typeof attachmentsPlatform>;

/** An ASCII stand-in of a file name for the plain `filename` parameter. */
const asciiName = (fileName: string) => fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');

/**
 * Sends a stored attachment with its stored type, never sniffed by the browser: a PDF as a download, an
 * image inline (both with the name), private to this browser.
 */
export const sendAttachment = (reply: FastifyReply, row: AttachmentRow, data: Buffer) => {
  const disposition = row.contentType === 'application/pdf' ? 'attachment' : 'inline';
  return reply
    .header('content-type', row.contentType)
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-disposition',
      `${disposition}; filename="${asciiName(row.fileName)}"; filename*=UTF-8''${encodeURIComponent(row.fileName)}`,
    )
    .header('cache-control', 'private, max-age=300')
    .send(data);
};
