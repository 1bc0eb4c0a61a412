import type { LinkedSubject, RecordKind } from '@centric/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { recordLinks } from '../db/schema/index.ts';

/** A record something hangs on: a household now; a prospect, request, account or review later. */
export type RecordRef = { kind: RecordKind; id: string };

/**
 * The one generic link between what many areas attach (notes, tasks, meetings, alerts) and the record it
 * is about (docs/architecture.md, "Seams"). Every area reads and writes links only through these.
 */
export const recordLinksService = {
  /** Links a subject to records (already linked: nothing changes). */
  async link(tx: Db, subject: { kind: LinkedSubject; id: string }, records: readonly RecordRef[]) {
    if (records.length === 0) return;
    await tx
      .insert(recordLinks)
      .values(
        records.map((r) => ({
          subjectKind: subject.kind,
          subjectId: subject.id,
          recordKind: r.kind,
          recordId: r.id,
        })),
      )
      .onConflictDoNothing();
  },

  /** Makes the subject's links exactly `records` (an edited note's households). */
  async setLinks(tx: Db, subject: { kind: LinkedSubject; id: string }, records: readonly RecordRef[]) {
    await tx
      .delete(recordLinks)
      .where(and(eq(recordLinks.subjectKind, subject.kind), eq(recordLinks.subjectId, subject.id)));
    await recordLinksService.link(tx, subject, records);
  },

  /** The records each subject hangs on, by subject id. */
  async recordsOf(db: Db, kind: LinkedSubject, subjectIds: readonly string[]) {
    const byId = new Map<string, RecordRef[]>();
    if (subjectIds.length === 0) return byId;
    const rows = await db
      .select()
      .from(recordLinks)
      .where(and(eq(recordLinks.subjectKind, kind), inArray(recordLinks.subjectId, [...subjectIds])));
    for (const row of rows) {
      const list = byId.get(row.subjectId) ?? [];
      list.push({ kind: row.recordKind as RecordKind, id: row.recordId });
      byId.set(row.subjectId, list);
    }
    return byId;
  },

  /** SQL: the subject (its id column given) hangs on this record; for a list's WHERE. */
  hangsOn(kind: LinkedSubject, subjectIdColumn: AnyPgColumn, record: RecordRef) {
    return sql`exists (select 1 from ${recordLinks} where ${recordLinks.subjectKind} = ${kind}
      and ${recordLinks.subjectId} = ${subjectIdColumn} and ${recordLinks.recordKind} = ${record.kind}
      and ${recordLinks.recordId} = ${record.id})`;
  },

  /** A record is gone: nothing hangs on it any more (what hung on it stays, without this link). */
  async unlinkRecord(tx: Db, record: RecordRef) {
    await tx
      .delete(recordLinks)
      .where(and(eq(recordLinks.recordKind, record.kind), eq(recordLinks.recordId, record.id)));
  },

  /**
   * Moves everything hanging on one record to another (a prospect converting into a household): one
   * statement, in the caller's transaction, never copying; a subject already on the target keeps one link.
   */
  async relink(tx: Db, from: RecordRef, to: RecordRef) {
    await tx.execute(sql`insert into ${recordLinks} (subject_kind, subject_id, record_kind, record_id)
      select subject_kind, subject_id, ${to.kind}, ${to.id}::uuid from ${recordLinks}
      where record_kind = ${from.kind} and record_id = ${from.id}::uuid
      on conflict do nothing`);
    await recordLinksService.unlinkRecord(tx, from);
  },
};
