import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { AUTH_MESSAGES, CLIENT_API_MESSAGES, PROFILE_IMAGE_REFRESH_MS } from '@centric/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, members } from '../../../db/schema/index.ts';
import { DEMO_ADMIN, DEMO_USERS } from '../../../db/seed/demo.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';
import { TINY_PNG as PNG, putFile } from '../../../../test/uploads.ts';
import { createImageCache } from '../profile-images.ts';
import { createHousehold } from './clients-fixtures.ts';

/** Members' profile images: upload (type by content, size), fetch by stored path, and the server cache. */

let t: TestContext;
let admin: string;
let developer: string;
let household: { id: string; memberIds: string[] };
let other: { id: string; memberIds: string[] };

const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.alloc(64, 7),
  Buffer.from([0xff, 0xd9]),
]);
const MESSAGE = 'File format accepted only .jpg, .jpeg, .png up to 15 MB';

beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
  admin = (await t.signIn()).token;
  developer = (await t.signIn(DEMO_USERS[3].email)).token;
  household = await createHousehold(t.db, {
    name: 'Pictured, Paula',
    members: [
      { firstName: 'Paula', lastName: 'Pictured' },
      { firstName: 'Pete', lastName: 'Pictured', subType: 'SPOUSE' },
    ],
  });
  other = await createHousehold(t.db, {
    name: 'Other, Olga',
    members: [{ firstName: 'Olga', lastName: 'Other' }],
  });
});
afterAll(() => t.close());

const upload = (
  filename: string,
  data: Buffer,
  options: { clientId?: string; memberId?: string; token?: string; contentType?: string } = {},
) =>
  putFile(t, {
    url: `/api/clients/${options.clientId ?? household.id}/members/${options.memberId ?? household.memberIds[0]}/profile-image`,
    token: options.token ?? admin,
    filename,
    data,
    ...(options.contentType ? { contentType: options.contentType } : {}),
  });

const fetchImage = (url: string, token = admin) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

const storedPath = async (memberId: string) =>
  (await t.db.select({ p: members.profileImagePath }).from(members).where(eq(members.id, memberId)))[0]?.p ??
  null;

const fileOnDisk = (key: string) => path.join(t.config.DATA_DIR, 'files', key);

describe('PUT /api/clients/:clientId/members/:memberId/profile-image', () => {
  it('stores a png under members/<memberId>/, answers the member with its image URL, and records it', async () => {
    const memberId = household.memberIds[0]!;
    const res = await upload('paula.png', PNG);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(CLIENT_API_MESSAGES.profileImageUpdated);
    const key = await storedPath(memberId);
    expect(key).toMatch(new RegExp(`^members/${memberId}/[0-9a-f-]{36}\\.png$`));
    expect(body.result).toMatchObject({ id: memberId, fullName: 'Paula Pictured' });
    expect(body.result.profileImageUrl).toBe(
      `/api/clients/profile-image?profileUrl=${encodeURIComponent(key!)}`,
    );
    expect(existsSync(fileOnDisk(key!))).toBe(true);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'member'), eq(auditLog.entityId, memberId)))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ action: 'UPDATE', actorEmail: DEMO_ADMIN.email });
    expect(audit!.after).toEqual({ profileImage: `replaced (image/png, ${PNG.length} bytes)` });

    const image = await fetchImage(body.result.profileImageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, max-age=900');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    // The avatar group of the list points at the same URL.
    const list = await t.json('GET', '/api/clients?search=pictured', undefined, admin);
    expect(list.body.result[0].members[0].profileImageUrl).toBe(body.result.profileImageUrl);
  });

  it('replaces the image with a new name and removes the old file', async () => {
    const memberId = household.memberIds[1]!;
    const first = await upload('pete.png', PNG, { memberId });
    expect(first.statusCode).toBe(200);
    const oldKey = (await storedPath(memberId))!;
    const oldUrl = first.json().result.profileImageUrl;
    expect((await fetchImage(oldUrl)).statusCode).toBe(200);
    const second = await upload('pete.JPEG', JPEG, { memberId, contentType: 'image/jpeg' });
    expect(second.statusCode).toBe(200);
    const newKey = (await storedPath(memberId))!;
    expect(newKey).toMatch(/\.jpg$/);
    expect(newKey).not.toBe(oldKey);
    expect(existsSync(fileOnDisk(oldKey))).toBe(false);
    expect((await fetchImage(oldUrl)).statusCode).toBe(404);
    const image = await fetchImage(second.json().result.profileImageUrl);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(JPEG)).toBe(true);
  });

  it('judges the type by content and name: 415 with the spec message', async () => {
    const before = await storedPath(household.memberIds[0]!);
    const fake = await upload('fake.png', Buffer.from('<script>alert(1)</script>'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(MESSAGE);
    expect(AUTH_MESSAGES.profileImageFormat).toBe(MESSAGE);
    const gif = await upload('real.gif', PNG, { contentType: 'image/gif' });
    expect(gif.statusCode).toBe(415);
    expect(gif.json().message).toBe(MESSAGE);
    const notMultipart = await t.json(
      'PUT',
      `/api/clients/${household.id}/members/${household.memberIds[0]}/profile-image`,
      { file: 'x' },
      admin,
    );
    expect(notMultipart.status).toBe(415);
    expect(notMultipart.body.message).toBe(MESSAGE);
    expect(await storedPath(household.memberIds[0]!)).toBe(before);
  });

  it('refuses a file over 15 MB with 413 and the spec message', async () => {
    const big = await upload('big.png', Buffer.concat([PNG, Buffer.alloc(15 * 1024 * 1024 + 10)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(MESSAGE);
  });

  it('answers 404 for a member of another household or an unknown one, 400 for malformed ids', async () => {
    const elsewhere = await upload('x.png', PNG, { clientId: household.id, memberId: other.memberIds[0] });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(CLIENT_API_MESSAGES.memberNotFound);
    const unknownHousehold = await upload('x.png', PNG, {
      clientId: '00000000-0000-4000-8000-000000000000',
      memberId: other.memberIds[0],
    });
    expect(unknownHousehold.statusCode).toBe(404);
    expect(unknownHousehold.json().message).toBe(CLIENT_API_MESSAGES.householdNotFound);
    expect((await upload('x.png', PNG, { memberId: 'nope' })).statusCode).toBe(400);
    expect(await storedPath(other.memberIds[0]!)).toBeNull();
  });

  it('needs clients write', async () => {
    const res = await upload('x.png', PNG, { token: developer });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/clients/profile-image', () => {
  it('serves only paths a member refers to', async () => {
    const missing = await fetchImage(
      `/api/clients/profile-image?profileUrl=${encodeURIComponent(`members/${household.memberIds[0]}/nothing.png`)}`,
    );
    expect(missing.statusCode).toBe(404);
    for (const profileUrl of ['../../etc/passwd', 'profile-images/x', '/etc/hosts', '%00']) {
      const res = await fetchImage(`/api/clients/profile-image?profileUrl=${encodeURIComponent(profileUrl)}`);
      expect(res.statusCode, profileUrl).toBe(404);
    }
    expect((await fetchImage(`/api/clients/profile-image?profileUrl=a%00b`)).statusCode).toBe(400);
    expect((await fetchImage('/api/clients/profile-image')).statusCode).toBe(400);
    expect((await fetchImage('/api/clients/profile-image?profileUrl=')).statusCode).toBe(400);
    expect((await fetchImage(`/api/clients/profile-image?profileUrl=${'a'.repeat(301)}`)).statusCode).toBe(
      400,
    );
  });

  it('lets a role with clients read fetch images', async () => {
    const key = (await storedPath(household.memberIds[0]!))!;
    const res = await fetchImage(
      `/api/clients/profile-image?profileUrl=${encodeURIComponent(key)}`,
      developer,
    );
    expect(res.statusCode).toBe(200);
  });

  it('serves a repeated fetch from the server cache, without reading the disk', async () => {
    const upload1 = await upload('cached.png', PNG, { memberId: household.memberIds[0] });
    const url = upload1.json().result.profileImageUrl;
    const key = (await storedPath(household.memberIds[0]!))!;
    expect((await fetchImage(url)).statusCode).toBe(200);
    rmSync(fileOnDisk(key));
    const again = await fetchImage(url);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(PNG)).toBe(true);
  });
});

describe('createImageCache', () => {
  const image = (size: number) => Buffer.alloc(size, 1);

  it('expires entries after the refresh window', () => {
    let now = 1_000;
    const cache = createImageCache({ now: () => now });
    cache.set('a', image(10));
    now += PROFILE_IMAGE_REFRESH_MS - 1;
    expect(cache.get('a')).not.toBeNull();
    now += 1;
    expect(cache.get('a')).toBeNull();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('keeps at most maxEntries and maxBytes, dropping the least recently used', () => {
    const cache = createImageCache({ maxEntries: 2, maxBytes: 100 });
    cache.set('a', image(10));
    cache.set('b', image(10));
    expect(cache.get('a')).not.toBeNull();
    cache.set('c', image(10));
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')).not.toBeNull();
    expect(cache.get('c')).not.toBeNull();
    cache.set('d', image(95));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(95);
    cache.set('e', image(101));
    expect(cache.get('e')).toBeNull();
    cache.set('d', image(20));
    expect(cache.bytes).toBe(20);
    cache.delete('d');
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});

describe('deleting a member', () => {
  it('removes its profile image from disk, and the image is no longer served', async () => {
    const spouse = household.memberIds[1]!;
    expect((await upload('pete.png', PNG, { memberId: spouse })).statusCode).toBe(200);
    const key = (await storedPath(spouse))!;
    const url = `/api/clients/profile-image?profileUrl=${encodeURIComponent(key)}`;
    expect((await fetchImage(url)).statusCode).toBe(200);
    expect(existsSync(fileOnDisk(key))).toBe(true);

    const res = await t.json('DELETE', `/api/clients/${household.id}/members/${spouse}`, undefined, admin);
    expect(res.status).toBe(200);
    expect(existsSync(fileOnDisk(key))).toBe(false);
    expect((await fetchImage(url)).statusCode).toBe(404);
  });
});
