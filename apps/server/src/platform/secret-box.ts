import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Encryption at rest for secrets the app must read back (TOTP secrets; identity numbers later):
 * AES-256-GCM with a random 96-bit IV per value, stored as `v1:<base64(iv | tag | ciphertext)>`.
 */
export type SecretBox = {
  seal: (plaintext: string) => string;
  open: (sealed: string) => string;
  /**
   * A keyed lookup of a value that is sealed (a custodian account number): HMAC-SHA-256 under a key derived
   * from the encryption key, hex. Equal values hash alike, so an import finds the row; the hash alone does not
   * give the value back, and without the key it cannot be tried against guesses.
   */
  lookupHash: (value: string) => string;
};

const VERSION = 'v1:';

export const createSecretBox = (key: Buffer): SecretBox => {
  if (key.length !== 32) throw new Error('the encryption key must be 32 bytes');
  const lookupKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'centric lookup hash v1', 32));
  return {
    lookupHash: (value) => createHmac('sha256', lookupKey).update(value, 'utf8').digest('hex'),
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed) {
      if (!sealed.startsWith(VERSION)) throw new Error('not a sealed value');
      const raw = Buffer.from(sealed.slice(VERSION.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
};

/** Parses ENCRYPTION_KEY: 32 bytes as 64 hex characters or base64. */
export const parseEncryptionKey = (text: string): Buffer | null => {
  const value = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return key.length === 32 ? key : null;
};

/**
 * A key of this installation kept beside its data when the environment does not give it: DATA_DIR/<name>
 * (encryption.key when ENCRYPTION_KEY is not set, audit.key when AUDIT_KEY is not), created on first start,
 * readable by the owner only. Several instances must share the environment variable instead.
 */
export const loadOrCreateKeyFile = (dataDir: string, name = 'encryption.key'): Buffer => {
  const file = path.resolve(dataDir, name);
  if (existsSync(file)) {
    const key = parseEncryptionKey(readFileSync(file, 'utf8'));
    if (!key) throw new Error(`${file} does not hold a 32-byte key`);
    return key;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
};
