import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptionKeyOf } from '../../../config.ts';
import { createDiskStorage, type FileStorage } from '../../../platform/files.ts';
import { createSecretBox } from '../../../platform/secret-box.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { attachments, meetings, notes, notifications, recordLinks, tasks } from '../../schema/index.ts';
import { seedDemoActivity } from '../demo-activity.ts';
import { seedDemoClients } from '../demo-clients.ts';
import { demoChartPng, demoPdf } from '../demo-files.ts';
import path from 'node:path';

const TODAY = '2026-11-24';
let ctx: TestContext;
let files: FileStorage;
beforeAll(async () => {
  ctx = await createTestContext();
  files = createDiskStorage(path.join(ctx.config.DATA_DIR, 'files'));
  await seedDemoClients(ctx.db, { secrets: createSecretBox(encryptionKeyOf(ctx.config)), today: TODAY });
  await seedDemoActivity(ctx.db, { files, today: TODAY, now: new Date('2026-11-24T15:00:00Z') });
});
afterAll(() => ctx.close());

const count = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);

describe('the demo activity', () => {
  it('writes household notes (some pinned, some mentioning a colleague) and dashboard notes', async () => {
    const n = sql<number>`count(*)::int`;
    expect(await count(ctx.db.select({ n }).from(notes).where(eq(notes.type, 'NONE')))).toBeGreaterThan(30);
    expect(await count(ctx.db.select({ n }).from(notes).where(eq(notes.isPinned, true)))).toBeGreaterThan(2);
    expect(await count(ctx.db.select({ n }).from(notes).where(eq(notes.type, 'DASHBOARD')))).toBe(2);
    // Every household note hangs on a household; mentions left a notification each.
    const unlinked = await ctx.db.execute(sql`select count(*)::int as n from notes n where n.type = 'NONE'
      and not exists (select 1 from record_links l where l.subject_kind = 'note' and l.subject_id = n.id)`);
    expect((unlinked as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    const mentioned = await count(
      ctx.db.select({ n }).from(notifications).where(eq(notifications.kind, 'MENTIONED')),
    );
    expect(mentioned).toBeGreaterThan(0);
    const mentionsInHtml = await count(
      ctx.db
        .select({ n })
        .from(notes)
        .where(sql`${notes.bodyHtml} like '%data-type="mention"%'`),
    );
    expect(mentionsInHtml).toBe(mentioned);
  });

  it('stores a real PDF and a real PNG as attachments of notes', async () => {
    const rows = await ctx.db.select().from(attachments).orderBy(attachments.contentType);
    expect(rows.map((r) => r.contentType)).toEqual(['application/pdf', 'image/png']);
    for (const row of rows) {
      const data = await files.get(row.storageKey);
      expect(data?.length).toBe(row.sizeBytes);
      expect(row.subjectKind).toBe('note');
    }
    const pdf = (await files.get(rows[0]!.storageKey))!.toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    // The cross-reference table points at each object.
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    for (const [i, offset] of [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1])).entries()) {
      expect(pdf.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj`.padEnd(8, '\n').slice(0, 8));
    }
  });

  it('writes tasks (open, done, overdue, one repeating) and meetings (one past still Upcoming)', async () => {
    const all = await ctx.db.select().from(tasks);
    expect(all.length).toBe(24);
    expect(all.some((t) => t.status === 'DONE')).toBe(true);
    expect(all.some((t) => t.status === 'OPEN' && t.dueDate < TODAY)).toBe(true);
    expect(all.filter((t) => t.recurrenceUnit === 'MONTH')).toHaveLength(1);
    const links = await ctx.db.select().from(recordLinks).where(eq(recordLinks.subjectKind, 'task'));
    expect(links).toHaveLength(24);
    const past = await ctx.db
      .select()
      .from(meetings)
      .where(and(eq(meetings.status, 'UPCOMING'), sql`${meetings.endsAt} < '2026-11-24T15:00:00Z'`));
    expect(past).toHaveLength(1);
  });

  it('runs once: a second run adds nothing', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(notes);
    await seedDemoActivity(ctx.db, { files, today: TODAY, now: new Date('2026-11-24T15:00:00Z') });
    expect(await ctx.db.select({ n: sql<number>`count(*)::int` }).from(notes)).toEqual(before);
  });
});

describe('the demo files', () => {
  it('are a PDF and a PNG by their first bytes', () => {
    expect(demoPdf('T', ['a']).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(demoChartPng([0.5]).subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
