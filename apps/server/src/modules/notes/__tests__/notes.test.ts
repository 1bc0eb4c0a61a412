import { NOTE_MESSAGES } from '@centric/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, auditLog, notes, notifications, recordLinks } from '../../../db/schema/index.ts';
import { DEMO_ADMIN, DEMO_USERS } from '../../../db/seed/demo.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';
import { insertHousehold, insertUserWithGrants, userIdByEmail } from '../../../../test/factories.ts';
import { putFile, TINY_PNG } from '../../../../test/uploads.ts';

let t: TestContext;
const token = { admin: '', olivia: '', marcus: '', priya: '', noClients: '', noDelete: '' };
const id = { admin: '', olivia: '', marcus: '', priya: '', noClients: '', noDelete: '' };
const household = { a: '', b: '', paging: '' };

const NO_CLIENTS = 'notes.only@centric.local';
const NO_DELETE = 'notes.nodelete@centric.local';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
  household.a = (
    await insertHousehold(t.db, { members: [{ firstName: 'Ada', lastName: 'Lovelace' }] })
  ).clientId;
  household.b = (
    await insertHousehold(t.db, { members: [{ firstName: 'Alan', lastName: 'Turing' }] })
  ).clientId;
  household.paging = (
    await insertHousehold(t.db, { members: [{ firstName: 'Grace', lastName: 'Hopper' }] })
  ).clientId;
  id.noClients = (
    await insertUserWithGrants(t.db, NO_CLIENTS, { notes: ['read', 'write', 'delete'] })
  ).userId;
  id.noDelete = (
    await insertUserWithGrants(t.db, NO_DELETE, { notes: ['read', 'write'], clients: ['read'] })
  ).userId;
  id.admin = await userIdByEmail(t.db, DEMO_ADMIN.email);
  id.olivia = await userIdByEmail(t.db, DEMO_USERS[1].email);
  id.marcus = await userIdByEmail(t.db, DEMO_USERS[2].email);
  id.priya = await userIdByEmail(t.db, DEMO_USERS[3].email);
  token.admin = (await t.signIn()).token;
  token.olivia = (await t.signIn(DEMO_USERS[1].email)).token;
  token.marcus = (await t.signIn(DEMO_USERS[2].email)).token;
  token.priya = (await t.signIn(DEMO_USERS[3].email)).token;
  token.noClients = (await t.signIn(NO_CLIENTS)).token;
  token.noDelete = (await t.signIn(NO_DELETE)).token;
});
afterAll(() => t.close());

const userMention = (userId: string, label = 'Someone') =>
  `<span data-type="mention" data-id="${userId}" data-label="${label}">@${label}</span>`;
const householdMention = (clientId: string, label = 'Somewhere') =>
  `<span data-type="householdMention" data-id="${clientId}" data-label="${label}">#${label}</span>`;

/** Each note a moment after the last, so "newest first" is well defined. */
const post = (clientId: string, body: Record<string, unknown>, as = token.olivia) => {
  t.clock.advance(1000);
  return t.json('POST', `/api/clients/${clientId}/notes`, body, as);
};
const postDashboard = (body: Record<string, unknown>, as = token.olivia) => {
  t.clock.advance(1000);
  return t.json('POST', '/api/notes', body, as);
};
const edit = (noteId: string, body: Record<string, unknown>, as = token.olivia) => {
  t.clock.advance(1000);
  return t.json('PATCH', `/api/notes/${noteId}`, body, as);
};
const listOf = (clientId: string, query = '', as = token.olivia) =>
  t.json('GET', `/api/clients/${clientId}/notes${query}`, undefined, as);

const noteCount = async () =>
  Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(notes))[0]?.n);

const notificationsOf = (userId: string, noteId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.causeKey} like ${`%${noteId}%`}`));

const upload = (as: string, filename: string, data: Buffer, contentType = 'application/octet-stream') =>
  putFile(t, { method: 'POST', url: '/api/fileAttachment', token: as, filename, data, contentType });

describe('posting a note on a household', () => {
  it('sanitises the HTML (no script, handlers or styles), keeps mentions with their current names', async () => {
    const html =
      `<p onclick="steal()" style="color:red">Call <strong>today</strong><script>alert(1)</script> ` +
      `${userMention(id.marcus, 'Wrong Name')} about ${householdMention(household.b, 'B')}</p>` +
      `<img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a><a href="https://example.com">ok</a>`;
    const res = await post(household.a, { html, category: 'PHONE' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(NOTE_MESSAGES.noteAdded);
    const note = res.body.result;
    expect(note.html).not.toMatch(/script|onclick|style|onerror|<img|javascript/i);
    expect(note.html).toContain(
      `<span data-type="mention" data-id="${id.marcus}" data-label="Marcus Reed">@Marcus Reed</span>`,
    );
    expect(note.html).toContain(
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank">ok</a>',
    );
    expect(note.text).toBe('Call today @Marcus Reed about #Turing, Alanbadok');
    expect(note.category).toBe('PHONE');
    expect(note.type).toBe('NONE');
    expect(note.author).toMatchObject({ id: id.olivia, fullName: 'Olivia Bennett' });
    expect(note.mentionedUsers).toEqual([{ id: id.marcus, fullName: 'Marcus Reed' }]);
    // On this household and on the one it mentions.
    expect(note.households.map((h: { id: string }) => h.id).sort()).toEqual(
      [household.a, household.b].sort(),
    );
    expect(note).toMatchObject({ canEdit: true, canDelete: true, canPin: true, isPinned: false });
    const onB = await listOf(household.b);
    expect(onB.body.result.map((n: { id: string }) => n.id)).toContain(note.id);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'note'), eq(auditLog.entityId, note.id)));
    expect(audit).toMatchObject({ action: 'CREATE', actorId: id.olivia });
  });

  it('takes a managed-accounts type on a household note, listed by type, and refuses one on a dashboard note', async () => {
    const res = await post(household.a, {
      html: '<p>Rebalanced the IRA to its model.</p>',
      type: 'MANAGED_ACCOUNTS',
    });
    expect(res.status).toBe(201);
    expect(res.body.result.type).toBe('MANAGED_ACCOUNTS');
    const typed = await listOf(household.a, '?type=MANAGED_ACCOUNTS');
    expect(typed.body.result.map((n: { id: string }) => n.id)).toEqual([res.body.result.id]);
    const plain = await listOf(household.a, '?type=NONE');
    expect(plain.body.result.map((n: { id: string }) => n.id)).not.toContain(res.body.result.id);
    const dashboard = await postDashboard({ html: '<p>Typed</p>', type: 'MANAGED_ACCOUNTS' });
    expect(dashboard.status).toBe(400);
    expect(dashboard.body.errors).toEqual([{ field: 'type', message: NOTE_MESSAGES.dashboardNoteType }]);
    expect((await post(household.a, { html: '<p>x</p>', type: 'WORKFLOW' })).status).toBe(400);
  });

  it('needs text or a mention, and at most 1500 characters of text', async () => {
    const before = await noteCount();
    for (const html of ['', '<p>   </p>', '<p><br></p>', '<script>alert(1)</script>']) {
      const res = await post(household.a, { html });
      expect(res.status, html).toBe(400);
      expect(res.body.message).toBe(NOTE_MESSAGES.empty);
      expect(res.body.errors).toEqual([{ field: 'html', message: NOTE_MESSAGES.empty }]);
    }
    const tooLong = await post(household.a, { html: `<p>${'x'.repeat(1501)}</p>` });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Maximum of 1500 characters are allowed');
    // Escaped characters count once each: '&amp;' is one character.
    const entities = await post(household.a, { html: `<p>${'&amp;'.repeat(1501)}</p>` });
    expect(entities.body.message).toBe('Maximum of 1500 characters are allowed');
    expect(await noteCount()).toBe(before);
    expect((await post(household.a, { html: `<p>${'x'.repeat(1500)}</p>` })).status).toBe(201);
    const mentionOnly = await post(household.a, { html: userMention(id.marcus) });
    expect(mentionOnly.status).toBe(201);
    expect(mentionOnly.body.result.text).toBe('@Marcus Reed');
  });

  it('never crashes on malformed or hostile HTML', async () => {
    for (const html of [
      '<p><strong><em>unclosed',
      '</p></p><li>stray</ul>',
      '<span data-type="mention" data-id="not-a-uuid">@x</span> text',
      `<span data-type="mention" data-id="${id.marcus}"><span data-type="mention" data-id="${id.admin}">@in</span></span>`,
      '<!-- comment --><![CDATA[x]]>text',
      `<p>${'<em>'.repeat(500)}deep${'</em>'.repeat(500)}</p>`,
    ]) {
      const res = await post(household.a, { html });
      expect(res.status, html).toBe(201);
    }
    const nested = await listOf(household.a, '?search=deep');
    expect(nested.body.result[0].text).toBe('deep');
  });

  it('refuses to mention a user who cannot open the note, naming them, and writes nothing', async () => {
    const before = await noteCount();
    const res = await post(household.a, { html: `<p>See ${userMention(id.noClients)}</p>` });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(NOTE_MESSAGES.mentionCannotRead('Test notes.only'));
    expect(await noteCount()).toBe(before);
    // A dashboard note needs only notes read: the same user may be mentioned there.
    const dashboard = await postDashboard({ html: `<p>See ${userMention(id.noClients)}</p>` });
    expect(dashboard.status).toBe(201);
    const unknown = await post(household.a, { html: userMention('00000000-0000-4000-8000-000000000001') });
    expect(unknown.body.message).toBe(NOTE_MESSAGES.userNotFound);
    const noHousehold = await post(household.a, {
      html: householdMention('00000000-0000-4000-8000-000000000001'),
    });
    expect(noHousehold.body.message).toBe(NOTE_MESSAGES.householdNotFound);
  });

  it('answers 404 for an unknown household and 403 to a user who may not read households', async () => {
    const missing = await post('00000000-0000-4000-8000-000000000002', { html: '<p>x</p>' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Household not found.');
    const denied = await post(household.a, { html: '<p>x</p>' }, token.noClients);
    expect(denied.status).toBe(403);
    expect((await listOf(household.a, '', token.noClients)).status).toBe(403);
  });
});

describe('mention suggestions', () => {
  it('offers at most 10 active users by name or email; on a household only those who may read households', async () => {
    const onHousehold = await t.json(
      'GET',
      `/api/notes/mention-users?search=notes.&clientId=${household.a}`,
      undefined,
      token.olivia,
    );
    expect(onHousehold.status).toBe(200);
    const ids = onHousehold.body.result.map((u: { id: string }) => u.id);
    expect(ids).toContain(id.noDelete);
    expect(ids).not.toContain(id.noClients);
    const anywhere = await t.json('GET', '/api/notes/mention-users?search=notes.', undefined, token.olivia);
    expect(anywhere.body.result.map((u: { id: string }) => u.id)).toContain(id.noClients);
    const all = await t.json('GET', '/api/notes/mention-users', undefined, token.olivia);
    expect(all.body.result.length).toBeLessThanOrEqual(10);
    const byEmail = await t.json(
      'GET',
      '/api/notes/mention-users?search=olivia.bennett@',
      undefined,
      token.admin,
    );
    expect(byEmail.body.result).toEqual([
      expect.objectContaining({ id: id.olivia, fullName: 'Olivia Bennett', email: DEMO_USERS[1].email }),
    ]);
  });

  it('offers households only to a user who may read them', async () => {
    const found = await t.json('GET', '/api/notes/mention-households?search=Turing', undefined, token.olivia);
    expect(found.body.result).toEqual([{ id: household.b, name: 'Turing, Alan' }]);
    const none = await t.json(
      'GET',
      '/api/notes/mention-households?search=Turing',
      undefined,
      token.noClients,
    );
    expect(none.body.result).toEqual([]);
  });
});

describe('notifications', () => {
  it('tells each mentioned user once per cause: mentioned, each edit, newly mentioned, deleted; never the author', async () => {
    const created = await post(household.a, {
      html: `<p>Hello ${userMention(id.marcus)} and me ${userMention(id.olivia)}</p>`,
    });
    const noteId: string = created.body.result.id;
    const marcus = await notificationsOf(id.marcus, noteId);
    expect(marcus).toHaveLength(1);
    expect(marcus[0]).toMatchObject({
      kind: 'MENTIONED',
      causeKey: `mentioned:${noteId}`,
      link: `/client-detail/${household.a}?leftPanel=notes&noteId=${noteId}`,
      actorId: id.olivia,
    });
    expect(await notificationsOf(id.olivia, noteId)).toHaveLength(0);

    expect((await edit(noteId, { html: `<p>Hi ${userMention(id.marcus)}</p>` })).status).toBe(200);
    expect((await edit(noteId, { html: `<p>Hey ${userMention(id.marcus)}</p>` })).status).toBe(200);
    const afterEdits = await notificationsOf(id.marcus, noteId);
    expect(afterEdits.filter((n) => n.kind === 'MENTIONED')).toHaveLength(1);
    expect(afterEdits.filter((n) => n.kind === 'MENTION_EDITED')).toHaveLength(2);
    // An edit that changes nothing notifies nobody.
    expect((await edit(noteId, { html: `<p>Hey ${userMention(id.marcus)}</p>` })).status).toBe(200);
    expect(await notificationsOf(id.marcus, noteId)).toHaveLength(3);

    await edit(noteId, { html: `<p>Hey ${userMention(id.marcus)} ${userMention(id.priya)}</p>` });
    const priya = await notificationsOf(id.priya, noteId);
    expect(priya.map((n) => n.kind)).toEqual(['MENTIONED']);

    expect((await t.json('DELETE', `/api/notes/${noteId}`, undefined, token.olivia)).status).toBe(200);
    expect(
      (await notificationsOf(id.marcus, noteId)).filter((n) => n.kind === 'MENTION_DELETED'),
    ).toHaveLength(1);
    expect((await notificationsOf(id.priya, noteId)).map((n) => n.kind).sort()).toEqual([
      'MENTIONED',
      'MENTION_DELETED',
    ]);
  });

  it('links a dashboard note to the dashboard', async () => {
    const created = await postDashboard({ html: `<p>Team ${userMention(id.marcus)}</p>` });
    expect(created.body.result.type).toBe('DASHBOARD');
    expect(created.body.result.households).toEqual([]);
    const [n] = await notificationsOf(id.marcus, created.body.result.id);
    expect(n?.link).toBe(`/dashboard?tab=updates&noteId=${created.body.result.id}`);
  });
});

describe('edit, pin and delete rules', () => {
  let oliviasNote = '';
  let systemNote = '';
  let workflowNote = '';
  beforeAll(async () => {
    oliviasNote = (await post(household.a, { html: '<p>Olivia wrote this</p>' })).body.result.id;
    systemNote = await t.db.transaction((tx) =>
      t.app.services.notes.createSystemNote(tx, {
        records: [{ kind: 'household', id: household.a }],
        html: '<p>Review done</p>',
        type: 'SUITABILITY',
        subType: 'REVIEW_DONE',
      }),
    );
    const [workflow] = await t.db
      .insert(notes)
      .values({ bodyHtml: '<p>Step</p>', bodyText: 'Step', type: 'WORKFLOW', authorId: id.olivia })
      .returning({ id: notes.id });
    workflowNote = workflow!.id;
    await t.db.insert(recordLinks).values({
      subjectKind: 'note',
      subjectId: workflowNote,
      recordKind: 'household',
      recordId: household.a,
    });
  });

  it('a system note is read by everyone, and cannot be edited, pinned or deleted', async () => {
    const got = await t.json('GET', `/api/notes/${systemNote}`, undefined, token.admin);
    expect(got.body.result).toMatchObject({
      isSystemGenerated: true,
      author: null,
      type: 'SUITABILITY',
      subType: 'REVIEW_DONE',
      canEdit: false,
      canDelete: false,
      canPin: false,
    });
    for (const [method, url, body] of [
      ['PATCH', `/api/notes/${systemNote}`, { html: '<p>changed</p>' }],
      ['PUT', `/api/notes/${systemNote}/pin`, { isPinned: true }],
      ['DELETE', `/api/notes/${systemNote}`, undefined],
    ] as const) {
      const res = await t.json(method, url, body, token.admin);
      expect(res.status, method).toBe(403);
      expect(res.body.message).toBe(NOTE_MESSAGES.systemNoteLocked);
    }
  });

  it('only the author edits a note', async () => {
    const res = await edit(oliviasNote, { html: '<p>Marcus changed it</p>' }, token.marcus);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(NOTE_MESSAGES.editOwnOnly);
    const byAdmin = await edit(oliviasNote, { html: '<p>Admin changed it</p>' }, token.admin);
    expect(byAdmin.body.message).toBe(NOTE_MESSAGES.editOwnOnly);
    const asMarcus = await t.json('GET', `/api/notes/${oliviasNote}`, undefined, token.marcus);
    expect(asMarcus.body.result).toMatchObject({ canEdit: false, canDelete: false, canPin: true });
    const own = await edit(oliviasNote, { html: '<p>Olivia edited this</p>', category: 'MISC' });
    expect(own.status).toBe(200);
    expect(own.body.message).toBe(NOTE_MESSAGES.noteUpdated);
    expect(own.body.result).toMatchObject({ text: 'Olivia edited this', category: 'MISC' });
    expect(own.body.result.editedAt).not.toBeNull();
  });

  it('a workflow note is never deleted, even by its author or an administrator', async () => {
    for (const as of [token.olivia, token.admin]) {
      const res = await t.json('DELETE', `/api/notes/${workflowNote}`, undefined, as);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(NOTE_MESSAGES.workflowNoteLocked);
    }
  });

  it('a note is deleted by its creator or role 1 with notes delete; it leaves the lists and stays in the table', async () => {
    const other = await t.json('DELETE', `/api/notes/${oliviasNote}`, undefined, token.marcus);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(NOTE_MESSAGES.deleteOwnOnly);
    const ownWithoutPermission = (await post(household.a, { html: '<p>mine</p>' }, token.noDelete)).body
      .result;
    expect(ownWithoutPermission.canDelete).toBe(false);
    const refused = await t.json(
      'DELETE',
      `/api/notes/${ownWithoutPermission.id}`,
      undefined,
      token.noDelete,
    );
    expect(refused.status).toBe(403);

    const byAdmin = await t.json('DELETE', `/api/notes/${oliviasNote}`, undefined, token.admin);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.message).toBe(NOTE_MESSAGES.noteDeleted);
    expect((await t.json('GET', `/api/notes/${oliviasNote}`, undefined, token.olivia)).status).toBe(404);
    expect(
      (await listOf(household.a, '?limit=100')).body.result.map((n: { id: string }) => n.id),
    ).not.toContain(oliviasNote);
    const [row] = await t.db.select().from(notes).where(eq(notes.id, oliviasNote));
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.deletedBy).toBe(id.admin);
    expect((await t.json('DELETE', `/api/notes/${oliviasNote}`, undefined, token.admin)).status).toBe(404);

    const own = (await post(household.a, { html: '<p>gone soon</p>' }, token.marcus)).body.result.id;
    expect((await t.json('DELETE', `/api/notes/${own}`, undefined, token.marcus)).status).toBe(200);
  });
});

describe('lists', () => {
  it('lists pinned notes first, then the newest, 10 a page with the total', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 12; i += 1) {
      const res = await post(
        household.paging,
        { html: `<p>Note ${i}</p>`, category: i % 2 === 0 ? 'EMAIL' : 'GENERAL' },
        i <= 6 ? token.olivia : token.marcus,
      );
      ids.push(res.body.result.id);
    }
    const pinned = await t.json('PUT', `/api/notes/${ids[2]}/pin`, { isPinned: true }, token.marcus);
    expect(pinned.status).toBe(200);
    expect(pinned.body.message).toBe(NOTE_MESSAGES.notePinned);
    expect(pinned.body.result.isPinned).toBe(true);

    const first = await listOf(household.paging);
    expect(first.body.totalResults).toBe(12);
    expect(first.body.result).toHaveLength(10);
    expect(first.body.result.map((n: { text: string }) => n.text)).toEqual([
      'Note 3',
      'Note 12',
      'Note 11',
      'Note 10',
      'Note 9',
      'Note 8',
      'Note 7',
      'Note 6',
      'Note 5',
      'Note 4',
    ]);
    const second = await listOf(household.paging, '?page=2');
    expect(second.body.result.map((n: { text: string }) => n.text)).toEqual(['Note 2', 'Note 1']);

    // A new note goes after the pinned ones.
    await post(household.paging, { html: '<p>Note 13</p>' });
    const again = await listOf(household.paging, '?limit=2');
    expect(again.body.result.map((n: { text: string }) => n.text)).toEqual(['Note 3', 'Note 13']);

    const unpinned = await t.json('PUT', `/api/notes/${ids[2]}/pin`, { isPinned: false }, token.olivia);
    expect(unpinned.body.message).toBe(NOTE_MESSAGES.noteUnpinned);
    expect((await listOf(household.paging, '?limit=1')).body.result[0].text).toBe('Note 13');
  });

  it('filters by category, author and text', async () => {
    const email = await listOf(household.paging, '?category=EMAIL&limit=100');
    expect(email.body.totalResults).toBe(6);
    const marcus = await listOf(household.paging, `?authorId=${id.marcus}&limit=100`);
    expect(marcus.body.totalResults).toBe(6);
    const search = await listOf(household.paging, '?search=note 1');
    expect(search.body.result.map((n: { text: string }) => n.text).sort()).toEqual([
      'Note 1',
      'Note 10',
      'Note 11',
      'Note 12',
      'Note 13',
    ]);
    const bad = await listOf(household.paging, '?category=NOPE');
    expect(bad.status).toBe(400);
  });

  it('the dashboard lists the notes of the duration the user may read, pinned first', async () => {
    const dash = (await postDashboard({ html: '<p>Dashboard news</p>' })).body.result.id;
    const onHousehold = (await post(household.a, { html: '<p>Household news</p>' })).body.result.id;
    const old = (await postDashboard({ html: '<p>Last year</p>' })).body.result.id;
    await t.db
      .update(notes)
      .set({ createdAt: new Date(t.clock.now().getTime() - 400 * 24 * 60 * 60 * 1000) })
      .where(eq(notes.id, old));
    const week = await t.json('GET', '/api/notes?duration=THIS_WEEK&limit=100', undefined, token.olivia);
    expect(week.status).toBe(200);
    const weekIds = week.body.result.map((n: { id: string }) => n.id);
    expect(weekIds).toContain(dash);
    expect(weekIds).toContain(onHousehold);
    expect(weekIds).not.toContain(old);
    const year = await t.json('GET', '/api/notes?duration=THIS_YEAR&limit=100', undefined, token.olivia);
    expect(year.body.result.map((n: { id: string }) => n.id)).not.toContain(old);
    // Without households read: only the dashboard's own notes.
    const narrow = await t.json(
      'GET',
      '/api/notes?duration=THIS_MONTH&limit=100',
      undefined,
      token.noClients,
    );
    const narrowIds = narrow.body.result.map((n: { id: string }) => n.id);
    expect(narrowIds).toContain(dash);
    expect(narrowIds).not.toContain(onHousehold);
    expect(narrow.body.result.every((n: { type: string }) => n.type === 'DASHBOARD')).toBe(true);
    expect((await t.json('GET', `/api/notes/${onHousehold}`, undefined, token.noClients)).status).toBe(404);
    // Pinned first.
    await t.json('PUT', `/api/notes/${dash}/pin`, { isPinned: true }, token.olivia);
    const pinnedFirst = await t.json('GET', '/api/notes?duration=THIS_WEEK', undefined, token.olivia);
    expect(pinnedFirst.body.result[0].id).toBe(dash);
    expect((await t.json('GET', '/api/notes?duration=NEXT_WEEK', undefined, token.olivia)).status).toBe(400);
  });
});

describe('attachments', () => {
  it('takes jpg, jpeg, png and pdf by content and name, up to 15 MB', async () => {
    const png = await upload(token.olivia, 'photo.png', TINY_PNG, 'image/png');
    expect(png.statusCode).toBe(201);
    expect(png.json().result).toMatchObject({
      name: 'photo.png',
      contentType: 'image/png',
      size: TINY_PNG.length,
    });
    const pdf = await upload(token.olivia, 'Statement.PDF', PDF, 'application/pdf');
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json().result.contentType).toBe('application/pdf');

    const before = Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(attachments))[0]?.n);
    for (const [name, data] of [
      ['fake.png', Buffer.from('just some text, not an image')],
      ['image.pdf', TINY_PNG],
      ['notes.txt', Buffer.from('%PDF-1.4 text')],
      ['script.svg', Buffer.from('<svg onload="alert(1)"/>')],
    ] as const) {
      const res = await upload(token.olivia, name, data, 'image/png');
      expect(res.statusCode, name).toBe(415);
      expect(res.json().message).toBe(NOTE_MESSAGES.attachmentFormat);
    }
    const big = Buffer.concat([PDF, Buffer.alloc(15 * 1024 * 1024)]);
    const tooBig = await upload(token.olivia, 'big.pdf', big, 'application/pdf');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(NOTE_MESSAGES.attachmentFormat);
    const notMultipart = await t.json('POST', '/api/fileAttachment', { file: 'x' }, token.olivia);
    expect(notMultipart.status).toBe(415);
    expect(Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(attachments))[0]?.n)).toBe(
      before,
    );
  });

  it('attaches the uploader’s own uploads to a note; serves them to readers of the note only', async () => {
    const pdf = (await upload(token.olivia, 'plan.pdf', PDF, 'application/pdf')).json().result;
    const png = (await upload(token.olivia, 'chart.png', TINY_PNG)).json().result;
    const marcusUpload = (await upload(token.marcus, 'his.png', TINY_PNG)).json().result;

    // Before it is posted, only its uploader can fetch it.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/fileAttachment/${pdf.id}`,
          headers: { authorization: `Bearer ${token.olivia}` },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/fileAttachment/${pdf.id}`,
          headers: { authorization: `Bearer ${token.marcus}` },
        })
      ).statusCode,
    ).toBe(404);

    const foreign = await post(household.a, {
      html: '<p>with files</p>',
      attachmentIds: [pdf.id, marcusUpload.id],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([
      { field: 'attachmentIds.1', message: NOTE_MESSAGES.attachmentNotFound },
    ]);

    const created = await post(household.a, { html: '<p>with files</p>', attachmentIds: [pdf.id, png.id] });
    expect(created.status).toBe(201);
    const noteId: string = created.body.result.id;
    expect(created.body.result.attachments.map((a: { id: string }) => a.id)).toEqual([pdf.id, png.id]);
    // Already attached: not again.
    const twice = await post(household.b, { html: '<p>again</p>', attachmentIds: [pdf.id] });
    expect(twice.status).toBe(400);

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/fileAttachment/${pdf.id}`,
      headers: { authorization: `Bearer ${token.marcus}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="plan.pdf"/);
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const outsider = await t.app.inject({
      method: 'GET',
      url: `/api/fileAttachment/${pdf.id}`,
      headers: { authorization: `Bearer ${token.noClients}` },
    });
    expect(outsider.statusCode).toBe(404);

    // Deleting an attachment of a note: only whoever may edit the note.
    const byOther = await t.json('DELETE', `/api/fileAttachment/${png.id}`, undefined, token.marcus);
    expect(byOther.status).toBe(403);
    const byAuthor = await t.json('DELETE', `/api/fileAttachment/${png.id}`, undefined, token.olivia);
    expect(byAuthor.status).toBe(200);
    expect(byAuthor.body.message).toBe('Attachment deleted successfully.');
    const note = await t.json('GET', `/api/notes/${noteId}`, undefined, token.olivia);
    expect(note.body.result.attachments.map((a: { id: string }) => a.id)).toEqual([pdf.id]);

    // An unattached upload: its uploader only.
    expect(
      (await t.json('DELETE', `/api/fileAttachment/${marcusUpload.id}`, undefined, token.olivia)).status,
    ).toBe(404);
    expect(
      (await t.json('DELETE', `/api/fileAttachment/${marcusUpload.id}`, undefined, token.marcus)).status,
    ).toBe(200);
    // A deleted note's attachments are no longer served.
    await t.json('DELETE', `/api/notes/${noteId}`, undefined, token.olivia);
    const afterDelete = await t.app.inject({
      method: 'GET',
      url: `/api/fileAttachment/${pdf.id}`,
      headers: { authorization: `Bearer ${token.olivia}` },
    });
    expect(afterDelete.statusCode).toBe(404);
  });
});
