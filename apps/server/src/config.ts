import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_FIRM_TIME_ZONE, isValidTimeZone } from '@centric/contracts';
import { z } from 'zod';
import { loadOrCreateKeyFile, parseEncryptionKey } from './platform/secret-box.ts';

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.string().url().optional());

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** proxy-addr's names for the loopback, link-local and unique-local ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};

/**
 * Whose X-Forwarded-For the server believes (Fastify's `trustProxy`): nobody's by default; a hop count, or
 * the reverse proxies' addresses and CIDR ranges separated by commas.
 */
const trustProxySchema = optionalText.transform((value, ctx): false | number | string[] => {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every((entry) => entry && isAddressOrRange(entry))) return entries;
  ctx.addIssue({
    code: 'custom',
    message:
      'must be a hop count, or addresses and CIDR ranges separated by commas, e.g. 10.0.0.2,10.1.0.0/16',
  });
  return z.NEVER;
});

/** s3://bucket/some/prefix → the bucket and the key prefix ('' or ending in '/'); null if not such a URL. */
export const s3UrlParts = (url: string) => {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!match) return null;
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: match[1]!, prefix: prefix ? `${prefix}/` : '' };
};

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  TRUST_PROXY: trustProxySchema,
  DATABASE_URL: optionalUrl,
  /** The tables' owner, for the migrations, when DATABASE_URL's role owns nothing (docs/operations.md). */
  MIGRATION_DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Centric <no-reply@centric.local>'),
  PUBLIC_URL: optionalUrl,
  OFFICE365_ISSUER: optionalUrl,
  OFFICE365_CLIENT_ID: optionalText,
  OFFICE365_CLIENT_SECRET: optionalText,
  OFFICE365_TENANT_ID: optionalText,
  SESSION_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(432_000_000),
  SEED_DEMO: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined)),
  FIRM_TIME_ZONE: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || DEFAULT_FIRM_TIME_ZONE)
    .refine(isValidTimeZone, { message: 'must be an IANA time zone, e.g. America/New_York' }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalText,
  ENCRYPTION_KEY: optionalText.refine((v) => v === undefined || parseEncryptionKey(v) !== null, {
    message: 'must be 32 bytes, as 64 hex characters or base64',
  }),
  /** The audit trail's MAC key (docs/architecture.md, "Access and the audit trail"); else DATA_DIR/audit.key. */
  AUDIT_KEY: optionalText.refine((v) => v === undefined || parseEncryptionKey(v) !== null, {
    message: 'must be 32 bytes, as 64 hex characters or base64',
  }),
  /** Where the signed checkpoints of the audit chain's head go; default DATA_DIR/audit-checkpoints.jsonl. */
  AUDIT_CHECKPOINT_FILE: optionalText,
  /**
   * The checkpoints in an S3-compatible object store instead of the file: s3://bucket/prefix/. With
   * S3_ENDPOINT (MinIO and the like), S3_REGION, and S3_ACCESS_KEY_ID with S3_SECRET_ACCESS_KEY (else the
   * AWS SDK's own credential chain).
   */
  AUDIT_CHECKPOINT_URL: optionalText.refine((v) => v === undefined || s3UrlParts(v) !== null, {
    message: 'must be s3://bucket or s3://bucket/prefix',
  }),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Minutes between two checkpoints (and one at each end of the firm's day). */
  AUDIT_CHECKPOINT_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
});

export type Config = z.infer<typeof configSchema> & { publicUrl: string; ssoEnabled: boolean };

/** The key that seals secrets at rest: ENCRYPTION_KEY, or the installation's key file in DATA_DIR. */
export const encryptionKeyOf = (config: Config) =>
  config.ENCRYPTION_KEY
    ? (parseEncryptionKey(config.ENCRYPTION_KEY) as Buffer)
    : loadOrCreateKeyFile(config.DATA_DIR);

/** The audit trail's MAC key: AUDIT_KEY, or the installation's audit.key in DATA_DIR. Never in the database. */
export const auditKeyOf = (config: Pick<Config, 'AUDIT_KEY' | 'DATA_DIR'>) =>
  config.AUDIT_KEY
    ? (parseEncryptionKey(config.AUDIT_KEY) as Buffer)
    : loadOrCreateKeyFile(config.DATA_DIR, 'audit.key');

/** The file of the audit chain's checkpoints (outside the database). */
export const auditCheckpointFileOf = (config: Pick<Config, 'AUDIT_CHECKPOINT_FILE' | 'DATA_DIR'>) =>
  path.resolve(config.AUDIT_CHECKPOINT_FILE ?? path.join(config.DATA_DIR, 'audit-checkpoints.jsonl'));

/** The object store the audit checkpoints go to, when AUDIT_CHECKPOINT_URL is set. */
export const auditObjectStoreOf = (
  config: Pick<
    Config,
    'AUDIT_CHECKPOINT_URL' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
  >,
) => {
  const parts = config.AUDIT_CHECKPOINT_URL ? s3UrlParts(config.AUDIT_CHECKPOINT_URL) : null;
  if (!parts) return null;
  return {
    ...parts,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION ?? 'us-east-1',
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
};

export class ConfigError extends Error {}

/** Parses the environment; every bad variable is listed in the error. */
export const loadConfig = (
  env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env,
): Config => {
  const parsed = configSchema.safeParse(env);
  const lines = parsed.success
    ? []
    : parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(environment)'}: ${i.message}`);
  const sso = [env.OFFICE365_ISSUER, env.OFFICE365_CLIENT_ID, env.OFFICE365_CLIENT_SECRET].map((v) =>
    Boolean(v?.trim()),
  );
  if (sso.some(Boolean) && !sso.every(Boolean)) {
    lines.push(
      '  - OFFICE365_ISSUER: OFFICE365_ISSUER, OFFICE365_CLIENT_ID and OFFICE365_CLIENT_SECRET must be set together',
    );
  }
  if (Boolean(env.S3_ACCESS_KEY_ID?.trim()) !== Boolean(env.S3_SECRET_ACCESS_KEY?.trim())) {
    lines.push('  - S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  if (!parsed.success || lines.length > 0)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  const c = parsed.data;
  return {
    ...c,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    ssoEnabled: Boolean(c.OFFICE365_ISSUER && c.OFFICE365_CLIENT_ID && c.OFFICE365_CLIENT_SECRET),
  };
};
