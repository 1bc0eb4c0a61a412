import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { AUTH_MESSAGES } from '@centric/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { sessions, ssoIdentities, ssoLoginStates, users } from '../../../db/schema/index.ts';
import { DEMO_ADMIN, DEMO_USERS } from '../../../db/seed/demo.ts';
import { createTestContext, LOG_DIR, rememberSecret, type TestContext } from '../../../../test/harness.ts';
import {
  startOidcProvider,
  type ProviderLogin,
  type TestOidcProvider,
} from '../../../../test/oidc-provider.ts';
import { SSO_FAILED_MESSAGE } from '../sso.service.ts';

const PUBLIC_URL = 'http://centric.test';
const CALLBACK = `${PUBLIC_URL}/api/sso/office365/callback`;
const CLIENT_ID = 'centric-web';
const CLIENT_SECRET = rememberSecret('sso-test-client-secret-7f3a9c');
const TENANT = '11111111-2222-3333-4444-555555555555';

let idp: TestOidcProvider;
let t: TestContext;
/** The same database, with the tenant configured (trusts the tenant's addresses, refuses other tenants). */
let tenantApp: App;
/** The same database, without single sign-on configured. */
let plainApp: App;
const extraLogs: string[] = [];

/** An app on the test database with other settings; its logs join the secret scan. */
const buildVariant = async (env: Record<string, string>) => {
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, `${process.pid}-sso-variant-${extraLogs.length}-${Date.now()}.log`);
  const logStream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      extraLogs.push(chunk.toString());
      appendFileSync(logFile, chunk);
      cb();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: t.config.DATA_DIR,
    PUBLIC_URL,
    LOG_LEVEL: 'info',
    ...env,
  });
  const app = await buildApp({ config, database: t.database, logStream });
  await app.ready();
  return app;
};

/** These tests do not need the built web app (and stay independent of whether apps/web/dist exists). */
const NO_WEB = { WEB_DIST_DIR: path.join(LOG_DIR, 'no-web-dist') };
const ssoEnv = () => ({
  ...NO_WEB,
  OFFICE365_ISSUER: idp.issuer,
  OFFICE365_CLIENT_ID: CLIENT_ID,
  OFFICE365_CLIENT_SECRET: CLIENT_SECRET,
});

beforeAll(async () => {
  idp = await startOidcProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: CALLBACK });
  t = await createTestContext(ssoEnv());
  tenantApp = await buildVariant({ ...ssoEnv(), OFFICE365_TENANT_ID: TENANT });
  plainApp = await buildVariant(NO_WEB);
});
afterAll(async () => {
  await tenantApp?.close();
  await plainApp?.close();
  await t?.close();
  await idp?.close();
});

type Outcome = { token: string; error?: undefined } | { token?: undefined; error: string };

/** Where the callback sent the browser: the web app's callback with a token, or the sign-in page with an error. */
const outcomeOf = (location: string): Outcome => {
  const url = new URL(location);
  expect(url.origin).toBe(PUBLIC_URL);
  if (url.pathname === '/sso-callback') {
    const token = new URLSearchParams(url.hash.slice(1)).get('accessToken');
    expect(token).toBeTruthy();
    return { token: rememberSecret(token ?? '') };
  }
  expect(url.pathname).toBe('/');
  const error = url.searchParams.get('ssoError');
  expect(error).toBeTruthy();
  return { error: error ?? '' };
};

const callbackOf = async (app: App, url: string) => {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(302);
  return outcomeOf(String(res.headers.location));
};

/** Start at the app, sign in at the provider (following its redirects), return the callback URL it sent back. */
const throughProvider = async (app: App, login: ProviderLogin | null) => {
  idp.nextLogin = login;
  const start = await app.inject({ method: 'GET', url: '/api/sso/office365' });
  expect(start.statusCode).toBe(302);
  const callback = new URL(await idp.authorize(String(start.headers.location)));
  expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
  const code = callback.searchParams.get('code');
  if (code) rememberSecret(code);
  return `${callback.pathname}${callback.search}`;
};

const ssoSignIn = async (login: ProviderLogin | null, app: App = t.app) =>
  callbackOf(app, await throughProvider(app, login));

const userByEmail = async (email: string) => {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
};

describe('GET /api/sso/office365', () => {
  it('redirects to the provider with state, nonce and an S256 PKCE challenge kept in the database', async () => {
    await t.db.insert(ssoLoginStates).values({ state: 'old-state', nonce: 'n', codeVerifier: 'v' });
    await t.db.execute(
      sql`update sso_login_states set created_at = now() - interval '11 minutes' where state = 'old-state'`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/sso/office365' });
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(`${url.origin}`).toBe(idp.issuer);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('nonce')).toBeTruthy();
    const state = q.get('state') ?? '';
    const rows = await t.db.select().from(ssoLoginStates);
    expect(rows.map((r) => r.state)).toContain(state);
    // Stale states are swept; the verifier is never in the URL.
    expect(rows.map((r) => r.state)).not.toContain('old-state');
    const row = rows.find((r) => r.state === state);
    expect(row?.nonce).toBe(q.get('nonce'));
    expect(url.toString()).not.toContain(row?.codeVerifier ?? '-');
  });

  it('sends the browser back with an error when the provider cannot be reached', async () => {
    const app = await buildVariant({ ...ssoEnv(), OFFICE365_ISSUER: 'http://127.0.0.1:9/unreachable' });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/sso/office365' });
      expect(res.statusCode).toBe(302);
      expect(outcomeOf(String(res.headers.location)).error).toBe(SSO_FAILED_MESSAGE);
    } finally {
      await app.close();
    }
  });

  it('answers 404 and reports office365 false when single sign-on is not configured', async () => {
    const config = await plainApp.inject({ method: 'GET', url: '/api/sso/config' });
    expect(config.json()).toEqual({ statusCode: 200, message: 'Success', result: { office365: false } });
    for (const url of ['/api/sso/office365', '/api/sso/office365/callback?code=x&state=y']) {
      const res = await plainApp.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, result: null });
    }
    const configured = await t.json('GET', '/api/sso/config');
    expect(configured.body.result).toEqual({ office365: true });
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining(['/api/sso/office365', '/api/sso/office365/callback']),
    );
  });
});

describe('sign-in through the provider', () => {
  it('signs a demo user in by email, then by issuer and subject even when the email changes', async () => {
    const email = DEMO_USERS[1].email;
    const user = await userByEmail(email);
    const first = await ssoSignIn({ sub: 'entra-olivia', email, email_verified: true, name: 'Olivia' });
    expect(first.error).toBeUndefined();
    const token = first.token ?? '';
    const profile = await t.json('GET', '/api/waprofile', undefined, token);
    expect(profile.status).toBe(200);
    expect(profile.body.result).toMatchObject({ id: user.id, email, ssoSession: true });
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session).toMatchObject({ kind: 'FULL', method: 'SSO' });
    const links = await t.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, user.id));
    expect(links).toEqual([expect.objectContaining({ issuer: idp.issuer, subject: 'entra-olivia' })]);

    const second = await ssoSignIn({
      sub: 'entra-olivia',
      email: 'olivia.renamed@elsewhere.example',
      email_verified: false,
    });
    expect(second.token).toBeTruthy();
    expect(second.token).not.toBe(token);
    const again = await t.json('GET', '/api/waprofile', undefined, second.token);
    expect(again.body.result.id).toBe(user.id);
  });

  it('skips TOTP: a user enrolled in MFA gets a full session straight away', async () => {
    const { token: passwordToken } = await t.signIn(DEMO_ADMIN.email, rememberSecret(DEMO_ADMIN.password));
    expect((await t.json('GET', '/api/waprofile', undefined, passwordToken)).body.result.ssoSession).toBe(
      false,
    );
    const sso = await ssoSignIn({
      sub: 'entra-admin',
      email: DEMO_ADMIN.email.toUpperCase(),
      email_verified: true,
    });
    const profile = await t.json('GET', '/api/waprofile', undefined, sso.token);
    expect(profile.status).toBe(200);
    expect(profile.body.result).toMatchObject({ email: DEMO_ADMIN.email, ssoSession: true });
  });

  it('uses preferred_username when there is no email claim', async () => {
    const email = DEMO_USERS[2].email;
    const res = await ssoSignIn({ sub: 'entra-marcus', preferred_username: email, email_verified: true });
    expect(res.token).toBeTruthy();
  });

  it('refuses an unknown user, an unverified email and a user who is not active', async () => {
    const unknown = await ssoSignIn({
      sub: 'entra-stranger',
      email: 'stranger@elsewhere.example',
      email_verified: true,
    });
    expect(unknown.error).toBe(AUTH_MESSAGES.ssoNotAuthorised);
    expect(unknown.error).toBe('You are not a centric authorised user.');

    const email = DEMO_USERS[3].email;
    for (const email_verified of [false, undefined]) {
      const login: ProviderLogin = {
        sub: 'entra-priya',
        email,
        ...(email_verified === undefined ? {} : { email_verified }),
      };
      expect((await ssoSignIn(login)).error).toBe(AUTH_MESSAGES.ssoNotAuthorised);
    }
    expect(await t.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, 'entra-priya'))).toEqual(
      [],
    );

    // Inactive before the first sign-in, and after being linked.
    await t.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.email, email));
    expect((await ssoSignIn({ sub: 'entra-priya', email, email_verified: true })).error).toBe(
      AUTH_MESSAGES.ssoNotAuthorised,
    );
    await t.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.email, email));
    expect((await ssoSignIn({ sub: 'entra-priya', email, email_verified: true })).token).toBeTruthy();
    await t.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.email, email));
    expect((await ssoSignIn({ sub: 'entra-priya', email, email_verified: true })).error).toBe(
      AUTH_MESSAGES.ssoNotAuthorised,
    );
    await t.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.email, email));
  });

  it('does not link a second provider account to a user who is already linked', async () => {
    const email = DEMO_USERS[1].email; // linked to entra-olivia above
    const other = await ssoSignIn({ sub: 'entra-impostor', email, email_verified: true });
    expect(other.error).toBe(AUTH_MESSAGES.ssoNotAuthorised);
  });

  it('with a tenant configured: refuses another tenant, trusts the addresses of its own', async () => {
    const email = DEMO_USERS[4].email;
    const wrong = await ssoSignIn(
      { sub: 'entra-daniel', email, email_verified: true, tid: 'another-tenant' },
      tenantApp,
    );
    expect(wrong.error).toBe(AUTH_MESSAGES.ssoNotAuthorised);
    const missing = await ssoSignIn({ sub: 'entra-daniel', email, email_verified: true }, tenantApp);
    expect(missing.error).toBe(AUTH_MESSAGES.ssoNotAuthorised);
    // Entra ID sends no email_verified: the configured tenant vouches for the address.
    const right = await ssoSignIn({ sub: 'entra-daniel', preferred_username: email, tid: TENANT }, tenantApp);
    expect(right.token).toBeTruthy();
    const profile = await t.json('GET', '/api/waprofile', undefined, right.token);
    expect(profile.body.result).toMatchObject({ email, ssoSession: true });
  });

  it('refuses an ID token issued for another audience', async () => {
    idp.idTokenAudience = 'some-other-client';
    try {
      const res = await ssoSignIn({ sub: 'entra-marcus', email: DEMO_USERS[2].email, email_verified: true });
      expect(res.error).toBe(SSO_FAILED_MESSAGE);
    } finally {
      idp.idTokenAudience = null;
    }
    // The same sign-in works with a genuine token.
    expect(
      (await ssoSignIn({ sub: 'entra-marcus', email: DEMO_USERS[2].email, email_verified: true })).token,
    ).toBeTruthy();
  });

  it('handles an error from the provider', async () => {
    // No account signs in: the provider itself redirects back with error=access_denied.
    const url = await throughProvider(t.app, null);
    expect(new URL(url, PUBLIC_URL).searchParams.get('error')).toBe('access_denied');
    expect((await callbackOf(t.app, url)).error).toBe(SSO_FAILED_MESSAGE);

    // A hand-made error response with a live state.
    const start = await t.app.inject({ method: 'GET', url: '/api/sso/office365' });
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    const res = await callbackOf(
      t.app,
      `/api/sso/office365/callback?error=access_denied&error_description=nope&state=${state}`,
    );
    expect(res.error).toBe(SSO_FAILED_MESSAGE);
    expect(await t.db.select().from(ssoLoginStates).where(eq(ssoLoginStates.state, state))).toEqual([]);
  });
});

describe('the callback refuses', () => {
  const login = { sub: 'entra-olivia', email: DEMO_USERS[1].email, email_verified: true };

  it('a tampered, unknown, replayed or expired state', async () => {
    const url = new URL(await throughProvider(t.app, login), PUBLIC_URL);
    const state = url.searchParams.get('state') ?? '';
    const tampered = new URL(url);
    tampered.searchParams.set('state', `${state.slice(0, -2)}xx`);
    expect((await callbackOf(t.app, `${tampered.pathname}${tampered.search}`)).error).toBe(
      SSO_FAILED_MESSAGE,
    );
    // The genuine one still works once, and only once.
    expect((await callbackOf(t.app, `${url.pathname}${url.search}`)).token).toBeTruthy();
    expect((await callbackOf(t.app, `${url.pathname}${url.search}`)).error).toBe(SSO_FAILED_MESSAGE);

    const late = new URL(await throughProvider(t.app, login), PUBLIC_URL);
    await t.db.execute(sql`update sso_login_states set created_at = now() - interval '11 minutes'`);
    expect((await callbackOf(t.app, `${late.pathname}${late.search}`)).error).toBe(SSO_FAILED_MESSAGE);
  });

  it.each([
    '',
    '?code=abc',
    '?state=unknown-state&code=abc',
    '?state=a&state=b&code=abc',
    `?state=${'x'.repeat(5000)}&code=abc`,
    '?state[]=x&code[a]=1',
    '?state=%zz&code=%',
    '?error=server_error',
  ])('anything a browser can send, with a redirect and never a 500 (%#)', async (query) => {
    const res = await callbackOf(t.app, `/api/sso/office365/callback${query}`);
    expect(res.error).toBe(SSO_FAILED_MESSAGE);
  });

  it('a code that was issued for another sign-in (PKCE verifier of another state)', async () => {
    const a = new URL(await throughProvider(t.app, login), PUBLIC_URL);
    const b = new URL(await throughProvider(t.app, login), PUBLIC_URL);
    const mixed = new URL(a);
    mixed.searchParams.set('code', b.searchParams.get('code') ?? '');
    expect((await callbackOf(t.app, `${mixed.pathname}${mixed.search}`)).error).toBe(SSO_FAILED_MESSAGE);
  });
});

describe('logs', () => {
  it('give the reason of a refusal without codes, tokens or claim values', () => {
    const all = [...t.logs, ...extraLogs].join('\n');
    expect(all).toContain('single sign-on refused');
    expect(all).toContain('no active user with this email');
    expect(all).toContain('code exchange or ID token validation failed');
    expect(all).not.toContain('stranger@elsewhere.example');
    expect(all).not.toContain('olivia.renamed');
    expect(all).not.toContain('code=');
    expect(all).not.toContain('accessToken');
  });
});
