import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditKeyOf, auditObjectStoreOf, ConfigError, loadConfig } from '../../../config.ts';
import { auditLog } from '../../../db/schema/index.ts';
import { auditWriter, systemAuditContext } from '../../../platform/audit.ts';
import {
  auditCheckpointStoreOf,
  objectCheckpointStore,
} from '../../../platform/audit-checkpoint-object-store.ts';
import { createCheckpointScheduler, readCheckpoints } from '../../../platform/audit-checkpoints.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { clearOfDayEnd } from '../../../../test/test-clock.ts';

/**
 * The checkpoints in an S3-compatible object store (s3rver, a local S3 server speaking the same protocol),
 * as a firm configures it with AUDIT_CHECKPOINT_URL: the app writes them there instead of the data
 * directory, and the screen's check holds the chain to them.
 */
// The SDK warns once that its releases after January 2027 need Node 22 (docs/decisions/0014).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const BUCKET = 'centric-audit';
const PREFIX = 'acme/checkpoints/';
let s3rver: S3rver;
let s3Dir: string;
let s3: S3Client;
let t: TestContext;
let env: Record<string, string>;

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(tmpdir(), 'centric-s3-'));
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3rver.run();
  env = {
    AUDIT_CHECKPOINT_URL: `s3://${BUCKET}/acme/checkpoints`,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  s3 = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  t = await createTestContext(env);
});
afterAll(async () => {
  await t.close();
  s3.destroy();
  await s3rver.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const keys = async () =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: PREFIX }))).Contents ?? []).map(
    (o) => o.Key!,
  );
const objectText = async (key: string) =>
  (await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))).Body!.transformToString();

const MINUTE = 60_000;

describe('audit checkpoints in an object store', () => {
  it('the app checkpoints the head in the bucket when it starts, and writes no checkpoint file', async () => {
    const [first, ...rest] = await keys();
    expect(rest).toEqual([]);
    expect(first).toMatch(/^acme\/checkpoints\/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\.json$/);
    expect(JSON.parse(await objectText(first!))).toMatchObject({ v: 1, reason: 'start', seq: 0 });
    expect(existsSync(path.join(t.config.DATA_DIR, 'audit-checkpoints.jsonl'))).toBe(false);
    expect(auditCheckpointStoreOf(t.config).where).toBe(`s3://${BUCKET}/${PREFIX}`);
  });

  it('holds the chain to the bucket: the tail deleted is named, on the screen too', async () => {
    const key = auditKeyOf(t.config);
    const store = objectCheckpointStore(auditObjectStoreOf(t.config)!);
    const scheduler = createCheckpointScheduler({
      db: t.db,
      key,
      store,
      clock: t.clock,
      timeZone: t.config.FIRM_TIME_ZONE,
      intervalMinutes: 15,
    });
    // Any day end or interval since the app's start checkpoint is written first: the one below is an interval.
    clearOfDayEnd(t.clock, t.config.FIRM_TIME_ZONE);
    await scheduler.tick();
    const before = (await keys()).length;
    const admin = await t.signIn();
    const writeAudit = auditWriter(t.clock);
    for (let i = 0; i < 5; i += 1) {
      await writeAudit(t.db, systemAuditContext('test'), {
        action: 'UPDATE',
        entity: 'probe',
        entityId: `s3-${i}`,
        after: { i },
      });
    }
    t.clock.advance(15 * MINUTE);
    const checkpoint = (await scheduler.tick())!;
    expect(checkpoint).toMatchObject({ reason: 'interval' });
    // Within the same slot nothing more is due: the store's newest object says so.
    expect(await scheduler.tick()).toBeNull();
    expect(await keys()).toHaveLength(before + 1);
    const intact = await t.json('GET', '/api/audit-logs/verify', undefined, admin.token);
    expect(intact.body.result).toMatchObject({ ok: true, checkpoints: before + 1 });

    const keptTail = checkpoint.seq - 2;
    await t.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
    try {
      await t.db.delete(auditLog).where(sql`${auditLog.id} > ${keptTail}`);
    } finally {
      await t.db.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
    }
    const screen = await t.json('GET', '/api/audit-logs/verify', undefined, admin.token);
    expect(screen.body.result).toMatchObject({ ok: false });
    expect(screen.body.result.findings).toEqual([
      expect.objectContaining({
        kind: 'missing',
        id: keptTail,
        message: expect.stringContaining(
          `Rows missing after sequence ${keptTail}: the checkpoint at ${checkpoint.at} names row ${checkpoint.seq}, which is gone.`,
        ),
      }),
    ]);
    await scheduler.stop();
  });

  it('an object put in the bucket without the key is named; a removed one is read no more', async () => {
    const key = auditKeyOf(t.config);
    const store = objectCheckpointStore(auditObjectStoreOf(t.config)!);
    const [first] = await keys();
    const forgedKey = `${PREFIX}2999-01-01T00:00:00.000Z.json`;
    const forged = { ...JSON.parse(await objectText(first!)), at: '2999-01-01T00:00:00.000Z', sig: '00' };
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: forgedKey, Body: JSON.stringify(forged) }));
    const { findings } = await readCheckpoints(store, key);
    expect(findings).toEqual([
      {
        kind: 'checkpoint',
        id: forged.seq,
        throughId: null,
        message: `The checkpoint object ${forgedKey} is not signed with this installation's audit key: the checkpoints were edited.`,
      },
    ]);
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: forgedKey }));
    expect((await readCheckpoints(store, key)).findings).toEqual([]);
  });
});

describe('configuring the object store', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: tmpdir() };
  it('takes s3://bucket with or without a prefix', () => {
    const of = (url: string) => auditObjectStoreOf(loadConfig({ ...base, AUDIT_CHECKPOINT_URL: url }));
    expect(of('s3://firm-audit')).toMatchObject({ bucket: 'firm-audit', prefix: '', region: 'us-east-1' });
    expect(of('s3://firm-audit/a/b/')).toMatchObject({ bucket: 'firm-audit', prefix: 'a/b/' });
    expect(auditObjectStoreOf(loadConfig(base))).toBeNull();
  });
  it('refuses a URL that is not s3://bucket, and a key id without its secret', () => {
    expect(() => loadConfig({ ...base, AUDIT_CHECKPOINT_URL: 'https://bucket' })).toThrow(
      /AUDIT_CHECKPOINT_URL: must be s3:\/\/bucket or s3:\/\/bucket\/prefix/,
    );
    expect(() => loadConfig({ ...base, S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(ConfigError);
  });
});
