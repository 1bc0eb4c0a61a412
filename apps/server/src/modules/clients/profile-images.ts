import { randomUUID } from 'node:crypto';
import { PROFILE_IMAGE_REFRESH_MS } from '@centric/contracts';

/**
 * Members' profile images: where they are stored, and a small in-memory cache so that the avatar groups
 * of the household list do not read the disk for every image. An entry lives PROFILE_IMAGE_REFRESH_MS
 * (15 minutes, the spec's refresh window); the cache holds at most `maxEntries` images and `maxBytes`
 * bytes, dropping the least recently used first.
 */

/** `members/<memberId>/<random>.jpg|png`: a new name for every upload, so that a cached old image never shows. */
export const memberImageKey = (memberId: string, type: 'image/jpeg' | 'image/png') =>
  `members/${memberId}/${randomUUID()}.${type === 'image/png' ? 'png' : 'jpg'}`;

export type ImageCacheOptions = {
  maxEntries?: number;
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
};

export const createImageCache = (options: ImageCacheOptions = {}) => {
  const maxEntries = options.maxEntries ?? 200;
  const maxBytes = options.maxBytes ?? 50 * 1024 * 1024;
  const ttlMs = options.ttlMs ?? PROFILE_IMAGE_REFRESH_MS;
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, { data: Buffer; expiresAt: number }>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.data.length;
  };

  return {
    get(key: string): Buffer | null {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.expiresAt <= now()) {
        remove(key);
        return null;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry.data;
    },
    set(key: string, data: Buffer) {
      remove(key);
      if (data.length > maxBytes) return;
      entries.set(key, { data, expiresAt: now() + ttlMs });
      bytes += data.length;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    delete: remove,
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
};

export type ImageCache = ReturnType<typeof createImageCache>;
