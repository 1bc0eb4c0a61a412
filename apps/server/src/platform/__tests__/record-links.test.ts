import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertHousehold } from '../../../test/factories.ts';
import { recordLinksService } from '../record-links.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const newNote = async () => {
  const [row] = await t.db
    .insert(notes)
    .values({ bodyHtml: '<p>Linked</p>', bodyText: 'Linked' })
    .returning({ id: notes.id });
  return row!.id;
};

const onHousehold = async (id: string) =>
  (await t.db.select({ on: notes.onHousehold }).from(notes).where(eq(notes.id, id)))[0]?.on;

describe('a note’s on_household follows its links to households', () => {
  it('is set by a link, kept while one is left, cleared with the last, and moved by a relink', async () => {
    const a = (await insertHousehold(t.db, { members: [{ firstName: 'Ada', lastName: 'Linked' }] })).clientId;
    const b = (await insertHousehold(t.db, { members: [{ firstName: 'Bo', lastName: 'Linked' }] })).clientId;
    const id = await newNote();
    const note = { kind: 'note' as const, id };
    expect(await onHousehold(id)).toBe(false);

    await t.db.transaction((tx) =>
      recordLinksService.link(tx, note, [
        { kind: 'household', id: a },
        { kind: 'household', id: b },
      ]),
    );
    expect(await onHousehold(id)).toBe(true);

    await t.db.transaction((tx) => recordLinksService.setLinks(tx, note, [{ kind: 'household', id: b }]));
    expect(await onHousehold(id)).toBe(true);

    await t.db.transaction((tx) =>
      recordLinksService.relink(tx, { kind: 'household', id: b }, { kind: 'household', id: a }),
    );
    expect(await onHousehold(id)).toBe(true);

    await t.db.transaction((tx) => recordLinksService.setLinks(tx, note, []));
    expect(await onHousehold(id)).toBe(false);
  });

  it('another subject’s links (a task on a household) leave notes alone', async () => {
    const a = (await insertHousehold(t.db, { members: [{ firstName: 'Cy', lastName: 'Linked' }] })).clientId;
    const id = await newNote();
    // A task that happens to have the note's id: only note links count.
    await t.db.transaction((tx) =>
      recordLinksService.link(tx, { kind: 'task', id }, [{ kind: 'household', id: a }]),
    );
    expect(await onHousehold(id)).toBe(false);
  });
});
