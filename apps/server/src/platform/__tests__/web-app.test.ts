import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { IMMUTABLE_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL } from '../web-app.ts';

/** A small built web app: index.html and a hashed script, each with its .br and .gz, and an uncompressed icon. */
const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const greeting = ${JSON.stringify('Centric '.repeat(200))};\n`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="3"/></svg>';
const MANIFEST = '{"index.html":{"file":"assets/index-AbC123.js","isEntry":true}}';

const writeWithCompressed = (file: string, text: string) => {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(text)));
  writeFileSync(`${file}.gz`, gzipSync(Buffer.from(text)));
};

const makeDist = () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'centric-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeWithCompressed(path.join(dist, 'index.html'), INDEX_HTML);
  writeWithCompressed(path.join(dist, 'assets/index-AbC123.js'), SCRIPT);
  writeFileSync(path.join(dist, 'favicon.svg'), ICON);
  writeFileSync(path.join(dist, '.vite/manifest.json'), MANIFEST);
  return dist;
};

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ WEB_DIST_DIR: makeDist() });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the built web app', () => {
  it('sends a hashed asset as brotli when accepted, cached for a year', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gzipped = await get('/assets/index-AbC123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
    expect(gzipped.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);

    const plain = await get('/assets/index-AbC123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
  });

  it('never lets a browser keep index.html without asking, at / and at any screen of the app', async () => {
    for (const url of ['/', '/dashboard', '/client-detail/42?tab=notes']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE_CACHE_CONTROL);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
    const plain = await get('/dashboard');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX_HTML);
    expect(plain.headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL);
  });

  it('revalidates files without a hash, and a missing asset is the app, not a year-long cached answer', async () => {
    const icon = await get('/favicon.svg', 'br, gzip');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body).toBe(ICON);
    expect(icon.headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL);

    const missing = await get('/assets/index-Old999.js', 'br, gzip');
    expect(missing.headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL);
    expect(brotliDecompressSync(missing.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('keeps the build manifest to itself and answers unknown API routes with the 404 envelope', async () => {
    const manifest = await get('/.vite/manifest.json');
    expect(manifest.body).not.toContain('isEntry');

    const api = await get('/api/no-such-route');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404 });
    expect(api.headers['cache-control']).toBe('no-store');
  });
});
