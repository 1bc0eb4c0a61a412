import { FEATURES } from '@centric/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_USERS } from '../../../db/seed/demo.ts';
import { createTestContext, rememberSecret, type TestContext } from '../../../../test/harness.ts';
import { TINY_PNG as PNG, putFile } from '../../../../test/uploads.ts';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestContext();
  rememberSecret(DEMO_ADMIN.password);
  token = (await t.signIn(DEMO_USERS[1].email)).token;
});
afterAll(() => t.close());

const upload = (filename: string, data: Buffer, contentType = 'image/png') =>
  putFile(t, { url: '/api/waprofile/image', token, filename, data, contentType });

describe('GET /api/waprofile', () => {
  it('answers the user details of spec §3 with the complete permission matrix', async () => {
    const res = await t.json('GET', '/api/waprofile', undefined, token);
    expect(res.status).toBe(200);
    const user = res.body.result;
    expect(Object.keys(user).sort()).toEqual(
      [
        'alertCount',
        'email',
        'fullName',
        'id',
        'openWorkflowReqcount',
        'profileImageUrl',
        'role',
        'ssoSession',
        'userPermission',
      ].sort(),
    );
    expect(user.role).toEqual({ id: 2, role: 'Wealth Advisor' });
    expect(user.userPermission.map((p: { feature: string }) => p.feature).sort()).toEqual(
      [...FEATURES].sort(),
    );
    const masterData = user.userPermission.find((p: { feature: string }) => p.feature === 'masterData');
    expect(masterData).toMatchObject({ read: false, write: false, delete: false, module: 'system' });
    expect(JSON.stringify(user)).not.toMatch(/password|mfaSecret|secret/i);
  });
});

describe('profile image', () => {
  it('accepts a png and serves it back to a signed-in user', async () => {
    const res = await upload('me.png', PNG);
    expect(res.statusCode).toBe(200);
    const url = res.json().result.profileImageUrl as string;
    expect(url).toMatch(/^\/api\/profile-image\/[0-9a-f-]{36}\?v=\d+$/);
    const image = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const profile = await t.json('GET', '/api/waprofile', undefined, token);
    expect(profile.body.result.profileImageUrl).toBe(url);
  });

  it('refuses other types, files disguised as images, and files over 15 MB with the spec message', async () => {
    const message = 'File format accepted only .jpg, .jpeg, .png up to 15 MB';
    const gif = await upload('me.gif', Buffer.from('GIF89a....'), 'image/gif');
    expect(gif.statusCode).toBe(415);
    expect(gif.json().message).toBe(message);
    const fake = await upload('me.png', Buffer.from('<script>alert(1)</script>'));
    expect(fake.statusCode).toBe(415);
    const big = await upload('big.png', Buffer.concat([PNG, Buffer.alloc(15 * 1024 * 1024 + 10)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(message);
    const notMultipart = await t.json('PUT', '/api/waprofile/image', { file: 'x' }, token);
    expect(notMultipart.status).toBe(415);
  });
});
