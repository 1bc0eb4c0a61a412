import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { auditCheckpointFileOf, auditObjectStoreOf } from '../config.ts';
import { fileCheckpointStore, type CheckpointStore, type StoredCheckpoint } from './audit-checkpoints.ts';

type FileConfig = Parameters<typeof auditCheckpointFileOf>[0];

/** Where and how to reach the object store (config.ts `objectStoreOf`). */
export type ObjectStoreTarget = {
  bucket: string;
  /** The key prefix, '' or ending in '/'. */
  prefix: string;
  /** An S3-compatible service (MinIO, Ceph, …); AWS S3 itself when absent. */
  endpoint?: string;
  region: string;
  /** Else the AWS SDK's own chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** How many objects are read at once when the whole trail is verified. */
const READ_CONCURRENCY = 8;
/** How many of the newest objects are looked at to find the last well-signed one. */
const NEWEST = 5;

/**
 * The audit chain's checkpoints in an S3-compatible object store: one object each, named by the moment it
 * was written (`<prefix>2026-11-24T17:15:00.000Z.json`), so the store's lexicographic listing is their order.
 * A checkpoint is never overwritten (`If-None-Match: *`); with S3 Object Lock on the bucket (compliance mode)
 * nobody with the server's or the database's access can delete or replace one.
 */
export const objectCheckpointStore = (target: ObjectStoreTarget, client?: S3Client): CheckpointStore => {
  const config: S3ClientConfig = {
    region: target.region,
    ...(target.endpoint ? { endpoint: target.endpoint, forcePathStyle: true } : {}),
    ...(target.credentials ? { credentials: target.credentials } : {}),
    // A checksum only where the call requires one: S3-compatible stores do not all read aws-chunked trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 5,
  };
  const s3 = client ?? new S3Client(config);
  const { bucket, prefix } = target;
  /** The keys listed so far, in order: later listings start after the last (S3 lists in key order). */
  let known: string[] | null = null;

  const list = async (startAfter?: string) => {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: prefix,
          ContinuationToken: token,
          ...(token || !startAfter ? {} : { StartAfter: startAfter }),
        }),
      );
      for (const object of page.Contents ?? []) if (object.Key?.endsWith('.json')) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  };

  const read = async (key: string) => {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return (await object.Body?.transformToString('utf8')) ?? '';
  };

  return {
    where: `s3://${bucket}/${prefix}`,
    async append(line) {
      const key = `${prefix}${line.at}.json`;
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: JSON.stringify(line),
          ContentType: 'application/json',
          IfNoneMatch: '*',
        }),
      );
      if (known && (known.length === 0 || key > known[known.length - 1]!)) known.push(key);
    },
    async all() {
      // Always listed afresh: the check must see an object removed since this process last looked.
      const keys = await list();
      const entries: StoredCheckpoint[] = new Array<StoredCheckpoint>(keys.length);
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < keys.length; i = next++) {
          entries[i] = { label: `The checkpoint object ${keys[i]}`, text: await read(keys[i]!), torn: false };
        }
      };
      await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, keys.length) }, worker));
      return entries;
    },
    async newest() {
      known = known ? [...known, ...(await list(known.at(-1)))] : await list();
      const keys = known.slice(-NEWEST).reverse();
      return Promise.all(keys.map(read));
    },
  };
};

/** The configured place of the checkpoints: the object store when AUDIT_CHECKPOINT_URL is set, else the file. */
export const auditCheckpointStoreOf = (config: Parameters<typeof auditObjectStoreOf>[0] & FileConfig) => {
  const target = auditObjectStoreOf(config);
  return target ? objectCheckpointStore(target) : fileCheckpointStore(auditCheckpointFileOf(config));
};
