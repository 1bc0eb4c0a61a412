import { randomUUID } from 'node:crypto';
import {
  decimalText,
  maskCustodianNumber,
  normalizeCustodianNumber,
  POSITIONS_IMPORT_MAX_LINES,
  POSITIONS_IMPORT_MESSAGES,
  POSITIONS_REFUSED_SHOWN,
  type PositionsReport,
} from '@centric/contracts';
import { inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf, uuidArray } from '../../db/client.ts';
import { accounts, products } from '../../db/schema/index.ts';
import { type AuditContext, auditWriter } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import {
  IDENTIFIER_HEADERS,
  identifierOf,
  importFileText,
  productMatcher,
  readCsvTable,
  readImportDate,
} from '../../platform/csv-import.ts';
import { badRequest } from '../../platform/errors.ts';
import { chunks, createImportJobs, fileDigest, readStoredImport } from '../../platform/import-jobs.ts';
import type { FileStorage } from '../../platform/files.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import type { JobHandler, JobRow, JobRunner } from '../../platform/jobs.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { AccountChecks } from './account-checks.ts';

/**
 * The positions import (issue 13 §2): a custodian-style file (account number, symbol or CUSIP, quantity,
 * optional price, date) for many accounts at once, as a durable job in two phases. PREVIEW reads the file and
 * says what importing would do, per account and date (new, changed, unchanged holdings), with every refused
 * line and the unknown accounts and products; the job then WAITs. APPLY (once confirmed) writes the changed
 * snapshots in steps of STEP_SNAPSHOTS, each step committed with its checkpoint, and runs the accounts' checks.
 * A snapshot equal to what is stored is not written, so importing the same file again changes nothing.
 */

export const POSITIONS_IMPORT_JOB = 'positions-import';
const STEP_SNAPSHOTS = 500;
const LOOKUP_CHUNK = 5_000;

const COLUMNS = {
  account: [
    'account',
    'account number',
    'account no',
    'account #',
    'accountnumber',
    'custodian account number',
  ],
  ...IDENTIFIER_HEADERS,
  quantity: ['quantity', 'shares', 'units', 'qty'],
  price: ['price', 'close', 'unit price'],
  date: ['date', 'as of', 'asof', 'position date'],
} as const;

type Payload = { fileName: string; fileKey: string; sha256: string };
type Refusal = PositionsReport['refused'][number];
/** One account's holdings on one date, as the file gives them. */
type Group = { accountId: string; asOf: string; positions: Map<string, string> };
type Plan = {
  rows: number;
  groups: Group[];
  refused: Refusal[];
  unknownAccounts: Map<string, number>;
  unknownProducts: Map<string, number>;
  /** Prices the file gives (product|date → price), for dates with none stored. */
  prices: Map<string, string>;
};

/** The file's table, or 400 naming the columns its header lacks, or saying it has no lines or too many. */
const checkHeader = (text: string) => {
  const table = readCsvTable(text, COLUMNS);
  const { at, records } = table;
  const missing = [
    at.account < 0 ? 'account number' : null,
    at.symbol < 0 && at.cusip < 0 && at.identifier < 0 ? 'symbol or CUSIP' : null,
    at.quantity < 0 ? 'quantity' : null,
    at.date < 0 ? 'date' : null,
  ].filter(Boolean);
  if (missing.length > 0) throw badRequest(POSITIONS_IMPORT_MESSAGES.missingColumns(missing.join(', ')));
  if (records.length === 0) throw badRequest(POSITIONS_IMPORT_MESSAGES.fileEmpty);
  if (records.length > POSITIONS_IMPORT_MAX_LINES) throw badRequest(POSITIONS_IMPORT_MESSAGES.tooManyLines);
  return table;
};

/** The positions of a file, matched to accounts and products, grouped by account and date. */
const planOf = async (db: Db, text: string, deps: { secrets: SecretBox; today: string }): Promise<Plan> => {
  const { records, cell } = checkHeader(text);

  // The accounts the file names, by the keyed hash of their numbers (never the numbers themselves).
  const numbers = new Map<string, string>();
  for (const record of records) {
    const number = normalizeCustodianNumber(cell(record, 'account'));
    if (number && !numbers.has(number)) numbers.set(number, deps.secrets.lookupHash(number));
  }
  const byHash = new Map<string, { id: string; startDate: string }>();
  for (const part of chunks([...numbers.values()], LOOKUP_CHUNK)) {
    const rows = await db
      .select({ id: accounts.id, hash: accounts.custodianNumberHash, startDate: accounts.startDate })
      .from(accounts)
      .where(inArray(accounts.custodianNumberHash, part));
    for (const row of rows) byHash.set(row.hash, { id: row.id, startDate: row.startDate });
  }
  const match = productMatcher(
    await db
      .select({
        id: products.id,
        symbol: products.symbol,
        cusip: products.cusip,
        productType: products.productType,
      })
      .from(products),
  );

  const plan: Plan = {
    rows: records.length,
    groups: [],
    refused: [],
    unknownAccounts: new Map(),
    unknownProducts: new Map(),
    prices: new Map(),
  };
  const groups = new Map<string, Group>();
  for (const record of records) {
    const number = normalizeCustodianNumber(cell(record, 'account'));
    const [kind, raw] = identifierOf({
      cusip: cell(record, 'cusip'),
      symbol: cell(record, 'symbol'),
      identifier: cell(record, 'identifier'),
    });
    const identifier = raw.toUpperCase().slice(0, 40);
    const refuse = (message: string) =>
      plan.refused.push({
        line: record.line,
        account: number ? maskCustodianNumber(number.slice(-4)) : null,
        identifier: identifier || null,
        message,
      });
    if (!number) {
      refuse(POSITIONS_IMPORT_MESSAGES.accountMissing);
      continue;
    }
    if (!identifier) {
      refuse(POSITIONS_IMPORT_MESSAGES.identifierMissing);
      continue;
    }
    const quantity = decimalText(cell(record, 'quantity'), 6);
    if (quantity === null) {
      refuse(POSITIONS_IMPORT_MESSAGES.quantityInvalid);
      continue;
    }
    const priceCell = cell(record, 'price');
    const price = priceCell === '' ? null : decimalText(priceCell, 6);
    if (priceCell !== '' && (price === null || /^0(\.0*)?$/.test(price))) {
      refuse(POSITIONS_IMPORT_MESSAGES.priceInvalid);
      continue;
    }
    const date = readImportDate(cell(record, 'date'));
    if (date === null) {
      refuse(POSITIONS_IMPORT_MESSAGES.dateInvalid);
      continue;
    }
    if (date > deps.today) {
      refuse(POSITIONS_IMPORT_MESSAGES.dateFuture);
      continue;
    }
    const account = byHash.get(numbers.get(number) as string);
    const product = match({ identifier, kind });
    if (!account) {
      const masked = maskCustodianNumber(number.slice(-4));
      plan.unknownAccounts.set(masked, (plan.unknownAccounts.get(masked) ?? 0) + 1);
      refuse(POSITIONS_IMPORT_MESSAGES.accountUnknown);
      continue;
    }
    if (!product) {
      plan.unknownProducts.set(identifier, (plan.unknownProducts.get(identifier) ?? 0) + 1);
      refuse(POSITIONS_IMPORT_MESSAGES.productUnknown);
      continue;
    }
    if (date < account.startDate) {
      refuse(POSITIONS_IMPORT_MESSAGES.dateBeforeStart);
      continue;
    }
    const key = `${account.id}|${date}`;
    const group = groups.get(key) ?? {
      accountId: account.id,
      asOf: date,
      positions: new Map<string, string>(),
    };
    if (group.positions.has(product.id)) {
      refuse(POSITIONS_IMPORT_MESSAGES.duplicate);
      continue;
    }
    group.positions.set(product.id, quantity);
    groups.set(key, group);
    if (price !== null && product.productType !== 'CASH' && !plan.prices.has(`${product.id}|${date}`)) {
      plan.prices.set(`${product.id}|${date}`, price);
    }
  }
  plan.groups = [...groups.values()].sort((a, b) =>
    a.accountId === b.accountId ? a.asOf.localeCompare(b.asOf) : a.accountId.localeCompare(b.accountId),
  );
  return plan;
};

/** What is stored for these groups: each snapshot's holdings (product → quantity), or undefined when none. */
const storedOf = async (db: Db, groups: readonly Group[]) => {
  const stored = new Map<string, Map<string, string>>();
  for (const part of chunks(groups, LOOKUP_CHUNK)) {
    const ids = uuidArray(part.map((g) => g.accountId));
    const dates = sql`${`{${part.map((g) => g.asOf).join(',')}}`}::date[]`;
    const snapshots = rowsOf<{ account_id: string; as_of: string }>(
      await db.execute(sql`select s.account_id, s.as_of::text as as_of from account_snapshots s
        join unnest(${ids}, ${dates}) as k(account_id, as_of) on k.account_id = s.account_id and k.as_of = s.as_of`),
    );
    for (const s of snapshots) stored.set(`${s.account_id}|${s.as_of}`, new Map());
    const rows = rowsOf<{ account_id: string; as_of: string; product_id: string; quantity: string }>(
      await db.execute(sql`select h.account_id, h.as_of::text as as_of, h.product_id, h.quantity::text as quantity
        from holdings h
        join unnest(${ids}, ${dates}) as k(account_id, as_of) on k.account_id = h.account_id and k.as_of = h.as_of`),
    );
    for (const h of rows) {
      stored.get(`${h.account_id}|${h.as_of}`)?.set(h.product_id, decimalText(h.quantity, 6) ?? h.quantity);
    }
  }
  return stored;
};

const sameHoldings = (a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string> | undefined) =>
  b !== undefined && a.size === b.size && [...a].every(([product, quantity]) => b.get(product) === quantity);

const classify = (groups: readonly Group[], stored: Map<string, Map<string, string>>) => {
  const counts = { new: 0, changed: 0, unchanged: 0 };
  for (const g of groups) {
    const current = stored.get(`${g.accountId}|${g.asOf}`);
    if (current === undefined) counts.new += 1;
    else if (sameHoldings(g.positions, current)) counts.unchanged += 1;
    else counts.changed += 1;
  }
  return counts;
};

/** The prices of the plan that no stored price has yet. */
const newPrices = async (db: Db, plan: Plan) => {
  const entries = [...plan.prices.entries()].map(([key, price]) => {
    const [productId = '', date = ''] = key.split('|');
    return { productId, date, price };
  });
  const fresh: typeof entries = [];
  for (const part of chunks(entries, LOOKUP_CHUNK)) {
    const existing = rowsOf<{ product_id: string; price_date: string }>(
      await db.execute(sql`select pp.product_id, pp.price_date::text as price_date from product_prices pp
        join unnest(${uuidArray(part.map((p) => p.productId))}, ${sql`${`{${part.map((p) => p.date).join(',')}}`}::date[]`})
          as k(product_id, price_date) on k.product_id = pp.product_id and k.price_date = pp.price_date`),
    );
    const have = new Set(existing.map((e) => `${e.product_id}|${e.price_date}`));
    fresh.push(...part.filter((p) => !have.has(`${p.productId}|${p.date}`)));
  }
  return fresh;
};

const reportOf = (plan: Plan, fileName: string, snapshots: PositionsReport['snapshots'], prices: number) => ({
  fileName,
  rows: plan.rows,
  accepted: plan.rows - plan.refused.length,
  refusedCount: plan.refused.length,
  refused: plan.refused.slice(0, POSITIONS_REFUSED_SHOWN),
  unknownAccounts: [...plan.unknownAccounts].map(([account, lines]) => ({ account, lines })),
  unknownProducts: [...plan.unknownProducts].map(([identifier, lines]) => ({ identifier, lines })),
  accounts: new Set(plan.groups.map((g) => g.accountId)).size,
  dates: [...new Set(plan.groups.map((g) => g.asOf))].sort(),
  snapshots,
  prices,
  applied: null,
});

/** The stored file: sealed with the app's secret box, since it holds custodian numbers in clear. */
const sealFile = (secrets: SecretBox, data: Buffer) =>
  Buffer.from(secrets.seal(data.toString('base64')), 'utf8');
const openFile = (secrets: SecretBox, stored: Buffer) => {
  try {
    return Buffer.from(secrets.open(stored.toString('utf8')), 'base64');
  } catch {
    return null;
  }
};

type Deps = {
  db: Db;
  clock: Clock;
  today: FirmToday;
  secrets: SecretBox;
  files: FileStorage;
  checks: Pick<AccountChecks, 'check'>;
};

/** The job's handler: made in app.ts, where the job runner is. */
export const positionsImportHandler = (deps: Omit<Deps, 'db'>): JobHandler => {
  const { files, secrets, today, checks, clock } = deps;
  const writeAudit = auditWriter(clock);
  // The plan of a job read once per process; rebuilt from the stored file after a restart.
  const plans = new Map<string, Plan>();

  const planFor = async (tx: Db, job: JobRow) => {
    const cached = plans.get(job.id);
    if (cached) return cached;
    const text = await readStoredImport(files, job.payload as Payload, POSITIONS_IMPORT_MESSAGES, (stored) =>
      openFile(secrets, stored),
    );
    const plan = await planOf(tx, text, { secrets, today: today() });
    plans.set(job.id, plan);
    return plan;
  };

  return {
    // The file holds custodian numbers in clear once opened: it goes once imported.
    succeeded: (job) => files.remove((job.payload as Payload).fileKey),
    async step(tx, job) {
      const payload = job.payload as Payload;
      if (job.phase === 'PREVIEW') {
        plans.delete(job.id);
        const plan = await planFor(tx, job);
        const snapshots = classify(plan.groups, await storedOf(tx, plan.groups));
        const prices = (await newPrices(tx, plan)).length;
        return {
          done: plan.groups.length,
          total: plan.groups.length,
          state: {},
          finished: { status: 'WAITING', result: reportOf(plan, payload.fileName, snapshots, prices) },
        };
      }
      // APPLY: the next STEP_SNAPSHOTS snapshots from the checkpoint.
      const plan = await planFor(tx, job);
      const state = job.state as { next?: number; applied?: PositionsReport['snapshots']; prices?: number };
      const next = state.next ?? 0;
      const applied = state.applied ?? { new: 0, changed: 0, unchanged: 0 };
      let pricesAdded = state.prices ?? 0;
      if (next === 0) {
        const fresh = await newPrices(tx, plan);
        for (const part of chunks(fresh, LOOKUP_CHUNK)) {
          await tx.execute(sql`insert into product_prices (product_id, price_date, price)
            select * from unnest(${uuidArray(part.map((p) => p.productId))},
              ${sql`${`{${part.map((p) => p.date).join(',')}}`}::date[]`},
              ${sql`${`{${part.map((p) => p.price).join(',')}}`}::numeric[]`})
            on conflict do nothing`);
        }
        pricesAdded = fresh.length;
      }
      const batch = plan.groups.slice(next, next + STEP_SNAPSHOTS);
      const stored = await storedOf(tx, batch);
      const write = batch.filter((g) => !sameHoldings(g.positions, stored.get(`${g.accountId}|${g.asOf}`)));
      const counts = classify(batch, stored);
      if (write.length > 0) {
        const ids = uuidArray(write.map((g) => g.accountId));
        const dates = sql`${`{${write.map((g) => g.asOf).join(',')}}`}::date[]`;
        await tx.execute(sql`insert into account_snapshots (account_id, as_of, source)
          select k.account_id, k.as_of, 'IMPORT' from unnest(${ids}, ${dates}) as k(account_id, as_of)
          on conflict (account_id, as_of) do update set source = 'IMPORT'`);
        await tx.execute(sql`delete from holdings h using unnest(${ids}, ${dates}) as k(account_id, as_of)
          where h.account_id = k.account_id and h.as_of = k.as_of`);
        const rows = write.flatMap((g) =>
          [...g.positions].map(([productId, quantity]) => ({
            accountId: g.accountId,
            asOf: g.asOf,
            productId,
            quantity,
          })),
        );
        for (const part of chunks(rows, LOOKUP_CHUNK)) {
          await tx.execute(sql`insert into holdings (account_id, as_of, product_id, quantity)
            select * from unnest(${uuidArray(part.map((r) => r.accountId))},
              ${sql`${`{${part.map((r) => r.asOf).join(',')}}`}::date[]`},
              ${uuidArray(part.map((r) => r.productId))},
              ${sql`${`{${part.map((r) => r.quantity).join(',')}}`}::numeric[]`})`);
        }
        await checks.check(tx, [...new Set(write.map((g) => g.accountId))]);
      }
      const total = {
        new: applied.new + counts.new,
        changed: applied.changed + counts.changed,
        unchanged: applied.unchanged + counts.unchanged,
      };
      const done = Math.min(next + STEP_SNAPSHOTS, plan.groups.length);
      if (done < plan.groups.length) {
        return {
          done,
          total: plan.groups.length,
          state: { next: done, applied: total, prices: pricesAdded },
        };
      }
      plans.delete(job.id);
      const report = { ...(job.result as PositionsReport), applied: total, prices: pricesAdded };
      await writeAudit(
        tx,
        { actorId: job.createdBy, actorEmail: null, requestId: null, ip: null },
        {
          action: 'IMPORT',
          entity: 'positionsImport',
          entityId: job.id,
          after: {
            fileName: payload.fileName,
            rows: report.rows,
            refused: report.refusedCount,
            applied: total,
          },
        },
      );
      return {
        done,
        total: plan.groups.length,
        state: {},
        finished: { status: 'SUCCEEDED', result: report },
      };
    },
  };
};

export type PositionsImportService = ReturnType<typeof createPositionsImportService>;

/** Uploads, their jobs and their reports (routes call this; the runner does the work). */
export const createPositionsImportService = (
  deps: Pick<Deps, 'db' | 'clock' | 'files' | 'secrets'> & {
    jobs: Pick<JobRunner, 'enqueue' | 'kick' | 'continueWith' | 'cancel'>;
  },
) => {
  const { db, clock, files, secrets } = deps;
  const imports = createImportJobs<PositionsReport>({
    db,
    clock,
    files,
    jobs: deps.jobs,
    kind: POSITIONS_IMPORT_JOB,
    entity: 'positionsImport',
    messages: POSITIONS_IMPORT_MESSAGES,
  });

  return {
    get: imports.get,
    list: imports.list,
    /** Confirms a previewed import: its APPLY phase is queued. */
    apply: imports.apply,
    /** A cancelled import is never read again: its file (custodian numbers in it) goes. */
    cancel: imports.cancel,

    /**
     * Stores the file and queues its preview. The header is checked here, so a file that is not a positions
     * file is refused at once (400) rather than by the job.
     */
    async upload(file: { name: string; data: Buffer }, context: AuditContext) {
      checkHeader(importFileText(file.data, POSITIONS_IMPORT_MESSAGES.fileFormat));
      const sha256 = fileDigest(file.data);
      const fileKey = `imports/positions/${randomUUID()}.csv.sealed`;
      await files.put(fileKey, sealFile(secrets, file.data));
      return imports.enqueue({ fileName: file.name, fileKey, sha256 } satisfies Payload, context, {
        fileName: file.name,
        bytes: file.data.length,
      });
    },
  };
};
