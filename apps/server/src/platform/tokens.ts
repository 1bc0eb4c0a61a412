import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An opaque token of 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256 (hex); the token itself never reaches the database. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};
