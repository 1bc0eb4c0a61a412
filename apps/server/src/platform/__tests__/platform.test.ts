import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createTestContext, testDatabaseKind, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('platform', () => {
  it("GET /api/health names the database it runs on and the firm's time zone", async () => {
    const res = await t.json('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      statusCode: 200,
      message: 'Success',
      result: { status: 'ok', database: testDatabaseKind(), firmTimeZone: 'America/New_York' },
    });
  });

  it('sends security headers, a request id and no-store on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(res.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.json('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.result).toBeNull();
    expect(res.body.message).toContain('not found');
  });

  it('refuses a NUL character in a body, query or path with a 400 before any handler runs', async () => {
    const { token } = await t.signIn();
    const body = await t.json('POST', '/api/globalSearch', { searchText: 'ab\u0000c' }, token);
    expect(body.status).toBe(400);
    expect(body.body.message).toBe('Text cannot contain the NUL character.');
    expect(body.body.errors).toEqual([
      { field: 'searchText', message: 'Text cannot contain the NUL character.' },
    ]);
    const query = await t.json('GET', '/api/clients?search=a%00b', undefined, token);
    expect(query.status).toBe(400);
    const login = await t.json('POST', '/api/login', { email: 'a\u0000@x.io', password: 'x' });
    expect(login.status).toBe(400);
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/login',
      '/api/verifyMfa',
      '/api/setupMfa',
      '/api/waprofile',
      '/api/changePassword',
      '/api/updateMfa/{userId}',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    const login = doc.paths['/api/login'].post;
    // Public routes say they need no token; the others inherit the bearer requirement.
    expect(login.security).toEqual([]);
    expect(doc.paths['/api/waprofile'].get.security).toBeUndefined();
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
  });

  it('reports every bad environment variable at once', () => {
    const parse = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'not a url',
        SESSION_IDLE_TIMEOUT_MS: '-5',
        OFFICE365_ISSUER: 'https://login.example.com',
        FIRM_TIME_ZONE: 'Eastern',
      });
    expect(parse).toThrow(ConfigError);
    try {
      parse();
    } catch (err) {
      const text = (err as Error).message;
      for (const name of [
        'PORT',
        'DATABASE_URL',
        'SESSION_IDLE_TIMEOUT_MS',
        'OFFICE365_ISSUER',
        'FIRM_TIME_ZONE',
      ])
        expect(text).toContain(name);
    }
    expect(loadConfig({}).PORT).toBe(3000);
    expect(loadConfig({}).SESSION_IDLE_TIMEOUT_MS).toBe(432_000_000);
    expect(loadConfig({}).DATA_DIR).toBe('./data');
    expect(loadConfig({}).FIRM_TIME_ZONE).toBe('America/New_York');
    expect(loadConfig({ FIRM_TIME_ZONE: 'Europe/Berlin' }).FIRM_TIME_ZONE).toBe('Europe/Berlin');
  });
});
