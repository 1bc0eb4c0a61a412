import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createSecretBox, loadOrCreateKeyFile, parseEncryptionKey } from '../secret-box.ts';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('seals and opens, never the same text twice', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP');
    const b = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).toMatch(/^v1:/);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('hashes a value for lookups: the same under one key, different under another, never the value', () => {
    const hash = box.lookupHash('XK-1234-5678');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(box.lookupHash('XK-1234-5678')).toBe(hash);
    expect(box.lookupHash('XK-1234-5679')).not.toBe(hash);
    expect(createSecretBox(randomBytes(32)).lookupHash('XK-1234-5678')).not.toBe(hash);
  });

  it('refuses a changed value and another key', () => {
    const sealed = box.seal('123-45-6789');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => box.open(`v1:${raw.toString('base64')}`)).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
  });

  it('reads keys as hex or base64 and refuses other lengths', () => {
    const key = randomBytes(32);
    expect(parseEncryptionKey(key.toString('hex'))?.equals(key)).toBe(true);
    expect(parseEncryptionKey(key.toString('base64'))?.equals(key)).toBe(true);
    expect(parseEncryptionKey('short')).toBeNull();
    expect(() => loadConfig({ ENCRYPTION_KEY: 'not-a-key' })).toThrow(/ENCRYPTION_KEY/);
  });

  it('creates the installation key file once, readable by its owner only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'centric-key-'));
    const first = loadOrCreateKeyFile(dir);
    const file = path.join(dir, 'encryption.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateKeyFile(dir).equals(first)).toBe(true);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('base64'));
  });
});
