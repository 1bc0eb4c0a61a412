import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/** Where files live; local disk by default, behind this interface so that another store can replace it. */
export type FileStorage = {
  put: (key: string, data: Buffer) => Promise<void>;
  get: (key: string) => Promise<Buffer | null>;
  remove: (key: string) => Promise<void>;
};

const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9.-]+)*$/i;

export const createDiskStorage = (root: string): FileStorage => {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so that a reader never sees half a file.
      const temp = `${target}.${randomUUID()}.tmp`;
      await writeFile(temp, data);
      await rename(temp, target);
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
};

/** The image type by its first bytes, never by the name or the declared type. */
export const sniffImageType = (data: Buffer): 'image/jpeg' | 'image/png' | null => {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  return null;
};

export type ImageUploadRules = { maxBytes: number; formatMessage: string; tooLargeMessage: string };

const IMAGE_FILE_NAME = /\.(jpe?g|png)$/i;

/**
 * The one image of a multipart body: jpg, jpeg or png by its content (and its name), within the size.
 * 415 when it is not multipart or not such an image, 400 when the body holds no file, 413 when too large.
 */
export const readImageUpload = async (request: FastifyRequest, rules: ImageUploadRules) => {
  if (!request.isMultipart()) throw new HttpError(415, rules.formatMessage);
  let part;
  try {
    part = await request.file({ limits: { fileSize: rules.maxBytes, files: 1 } });
  } catch {
    throw new HttpError(400, rules.formatMessage);
  }
  if (!part) throw new HttpError(400, rules.formatMessage);
  const data = await part.toBuffer().catch(() => {
    throw new HttpError(413, rules.tooLargeMessage);
  });
  if (part.file.truncated || data.length > rules.maxBytes) throw new HttpError(413, rules.tooLargeMessage);
  const type = sniffImageType(data);
  if (!type || !IMAGE_FILE_NAME.test(part.filename)) throw new HttpError(415, rules.formatMessage);
  return { data, type };
};

/** Sends a stored image with its sniffed type, cacheable by this browser only. */
export const sendImage = (reply: FastifyReply, data: Buffer) =>
  reply
    .header('content-type', sniffImageType(data) ?? 'application/octet-stream')
    .header('cache-control', 'private, max-age=900')
    .send(data);
