import { randomUUID } from 'node:crypto';
import {
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  PROSPECT_ACTIVITY_STATUS_LABELS,
  PROSPECT_ACTIVITY_STATUSES,
  PROSPECT_ACTIVITY_TYPE_LABELS,
  PROSPECT_ACTIVITY_TYPES,
  PROSPECT_IMPORT_FIELD_LABELS,
  PROSPECT_IMPORT_FIELDS,
  PROSPECT_IMPORT_MESSAGES,
  PROSPECT_INTERESTS,
  PROSPECT_MESSAGES,
  PROSPECT_TYPE_LABELS,
  PROSPECT_TYPES,
  prospectCreateBodySchema,
  type ProspectCreateBody,
  type ProspectImportApplyBody,
  type ProspectImportDefaults,
  type ProspectImportField,
  type ProspectImportMapping,
  type ProspectImportReport,
  type ProspectImportRow,
  type ProspectImportRowsQuery,
  type ProspectImportUploadQuery,
} from '@centric/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import {
  masterDataItems,
  prospectActivities,
  prospectImportRows,
  prospects,
  users,
} from '../../db/schema/index.ts';
import { type AuditContext, auditWriter } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { importFileText, readImportDate } from '../../platform/csv-import.ts';
import { type CsvRecord, parseCsv } from '../../platform/csv.ts';
import { badRequest, validationError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { chunks, createImportJobs, fileDigest, readStoredImport } from '../../platform/import-jobs.ts';
import { insertRows } from '../../platform/insert-rows.ts';
import type { JobHandler, JobRow, JobRunner } from '../../platform/jobs.ts';
import { prospectValuesOf } from './prospects.service.ts';

/**
 * Prospects from a CSV file (issue 17 §1, decision 0026), a durable job in two phases. PREVIEW reads the file
 * with the user's column mapping and defaults, checks every line with the form's own schema and the server's
 * checks (active advisors, master-data choices, no activity in the future), and stores each line's outcome in
 * `prospect_import_rows` (STEP_PREVIEW lines a step); its last step flags the duplicates by email or phone,
 * of prospects already there and of earlier lines, in SQL; the job then WAITs. APPLY (once confirmed, with
 * the duplicates skipped or imported) inserts STEP_APPLY prospects a step, each line stamped with the prospect
 * it became in the same transaction: a step run again after a crash takes only the lines still without one,
 * so no line is imported twice or lost.
 */

export const PROSPECT_IMPORT_JOB = 'prospect-import';
const STEP_PREVIEW = 5_000;
const STEP_APPLY = 1_000;
const AUDIT_ENTITY = 'prospectImport';

type Payload = {
  fileName: string;
  fileKey: string;
  sha256: string;
  mapping: ProspectImportMapping;
  defaults: ProspectImportDefaults;
  /** The user's choice, joined at confirmation. */
  duplicates?: ProspectImportApplyBody['duplicates'];
};
type FieldError = { field: string; message: string };
type PlannedRow = {
  line: number;
  displayName: string;
  email: string | null;
  phone: string | null;
  values: ProspectCreateBody | null;
  errors: FieldError[];
};

// ---------------------------------------------------------------------------------------------------------
// The header and the mapping

/** The file's first line: its column names (trimmed), and whether any line follows. */
const headerOf = (text: string) => {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const end = body.search(/\r?\n/);
  const [first] = parseCsv(end < 0 ? body : body.slice(0, end));
  const names = (first?.cells ?? []).map((c) => c.trim());
  return { names, hasLines: end >= 0 && body.slice(end).trim() !== '' };
};

/** The column index of each mapped field (names matched in any case). */
const columnIndexes = (names: readonly string[], mapping: ProspectImportMapping) => {
  const lower = names.map((n) => n.toLowerCase());
  const at: Partial<Record<ProspectImportField, number>> = {};
  const missing: FieldError[] = [];
  for (const field of PROSPECT_IMPORT_FIELDS) {
    const column = mapping[field];
    if (!column) continue;
    const index = lower.indexOf(column.toLowerCase());
    if (index < 0) missing.push({ field, message: PROSPECT_IMPORT_MESSAGES.columnMissing(column) });
    else at[field] = index;
  }
  return { at, missing };
};

const splitQuery = (query: ProspectImportUploadQuery) => {
  const mapping: ProspectImportMapping = {};
  for (const field of PROSPECT_IMPORT_FIELDS) {
    const column = query[field];
    if (column) mapping[field] = column;
  }
  const defaults: ProspectImportDefaults = {
    defaultType: query.defaultType,
    defaultLeadStatus: query.defaultLeadStatus,
    defaultActivityStatus: query.defaultActivityStatus,
    defaultWealthAdvisorId: query.defaultWealthAdvisorId,
    defaultSourceId: query.defaultSourceId,
    defaultActivityType: query.defaultActivityType,
    defaultActivityDate: query.defaultActivityDate,
    defaultMinutes: query.defaultMinutes,
  };
  return { mapping, defaults };
};

/**
 * The mapping's own errors (400 before anything is stored): a column the file lacks, and a field every
 * prospect needs with neither a column nor a value for every line.
 */
const checkMapping = (
  names: readonly string[],
  mapping: ProspectImportMapping,
  d: ProspectImportDefaults,
) => {
  const issues = columnIndexes(names, mapping).missing.map((m) => ({ path: [m.field], message: m.message }));
  const has = (field: ProspectImportField) => Boolean(mapping[field]);
  const need = (ok: boolean, field: ProspectImportField, message: string) => {
    if (!ok) issues.push({ path: [field], message });
  };
  const label = (field: ProspectImportField) => PROSPECT_IMPORT_FIELD_LABELS[field].toLowerCase();
  need(
    (has('firstName') && has('lastName')) || has('name'),
    'firstName',
    PROSPECT_IMPORT_MESSAGES.nameColumnRequired,
  );
  need(has('phone'), 'phone', PROSPECT_IMPORT_MESSAGES.columnRequired('phone'));
  need(has('email'), 'email', PROSPECT_IMPORT_MESSAGES.columnRequired('email'));
  need(
    PROSPECT_INTERESTS.some(has),
    'financialLifeManagement',
    PROSPECT_IMPORT_MESSAGES.serviceColumnRequired,
  );
  const withDefault: ReadonlyArray<[ProspectImportField, unknown]> = [
    ['type', d.defaultType],
    ['leadStatus', d.defaultLeadStatus],
    ['activityStatus', d.defaultActivityStatus],
    ['wealthAdvisor', d.defaultWealthAdvisorId],
    ['source', d.defaultSourceId],
    ['activityType', d.defaultActivityType],
    ['activityDate', d.defaultActivityDate],
    ['minutes', d.defaultMinutes],
  ];
  for (const [field, value] of withDefault) {
    need(has(field) || value !== undefined, field, PROSPECT_IMPORT_MESSAGES.defaultRequired(label(field)));
  }
  if (issues.length > 0) throw validationError(issues);
};

// ---------------------------------------------------------------------------------------------------------
// Reading the lines

type Lookups = {
  advisors: Map<string, string>;
  sources: Map<string, number>;
  states: Map<string, number>;
  activeUsers: Set<string>;
  sourceIds: Set<number>;
};

const keyOf = (value: string) => value.trim().toLowerCase();

const lookupsOf = async (db: Db): Promise<Lookups> => {
  const people = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.status, 'ACTIVE'), sql`${users.roleId} <> 3`));
  const advisors = new Map<string, string>();
  const names = new Map<string, number>();
  for (const p of people) names.set(keyOf(p.fullName), (names.get(keyOf(p.fullName)) ?? 0) + 1);
  for (const p of people) {
    advisors.set(keyOf(p.email), p.id);
    // A name two users share names neither: the email tells them apart.
    if (names.get(keyOf(p.fullName)) === 1) advisors.set(keyOf(p.fullName), p.id);
  }
  const items = await db
    .select({
      id: masterDataItems.id,
      type: masterDataItems.type,
      name: masterDataItems.name,
      abbreviation: masterDataItems.abbreviation,
    })
    .from(masterDataItems)
    .where(and(inArray(masterDataItems.type, ['sources', 'states']), eq(masterDataItems.active, true)));
  const sources = new Map<string, number>();
  const states = new Map<string, number>();
  for (const item of items) {
    const target = item.type === 'sources' ? sources : states;
    target.set(keyOf(item.name), item.id);
    if (item.abbreviation) target.set(keyOf(item.abbreviation), item.id);
  }
  return {
    advisors,
    sources,
    states,
    activeUsers: new Set(people.map((p) => p.id)),
    sourceIds: new Set(items.filter((i) => i.type === 'sources').map((i) => i.id)),
  };
};

/** A choice written as its value (HOT, PHONE_CALL) or its label (Hot, Phone call), in any case. */
const choiceOf = <T extends string>(
  raw: string,
  values: readonly T[],
  labels: Readonly<Record<T, string>>,
): T | undefined => {
  const key = raw
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  return values.find((v) => v === key || labels[v].toUpperCase().replace(/[\s-]+/g, '_') === key);
};

/** The form's field a schema issue is about, as the import names it. */
const FIELD_OF_PATH: Readonly<Record<string, ProspectImportField>> = {
  wealthAdvisorId: 'wealthAdvisor',
  businessDeveloperId: 'businessDeveloper',
  sourceId: 'source',
  stateId: 'state',
  activities: 'activityType',
};

const fieldOfPath = (path: readonly PropertyKey[]): string => {
  const [head, , leaf] = path;
  const key =
    head === 'activities' && typeof leaf === 'string'
      ? leaf === 'activityDate'
        ? 'activityDate'
        : leaf
      : String(head ?? '');
  const field = (FIELD_OF_PATH[key] ?? key) as ProspectImportField;
  return PROSPECT_IMPORT_FIELD_LABELS[field] ?? key;
};

const clip = (value: string | null | undefined, max: number) =>
  value === null || value === undefined || value === '' ? null : value.slice(0, max);

/** Reads the lines of the file: each a prospect's values ready to insert, or its errors. */
const readLines = (
  records: readonly CsvRecord[],
  at: Partial<Record<ProspectImportField, number>>,
  defaults: ProspectImportDefaults,
  lookups: Lookups,
  today: string,
): PlannedRow[] =>
  records.map((record) => {
    const cell = (field: ProspectImportField) => {
      const index = at[field];
      return index === undefined ? '' : (record.cells[index] ?? '').trim();
    };
    const errors: FieldError[] = [];
    const unknown = (field: ProspectImportField, value: string) =>
      errors.push({
        field: PROSPECT_IMPORT_FIELD_LABELS[field],
        message: PROSPECT_IMPORT_MESSAGES.valueUnknown(PROSPECT_IMPORT_FIELD_LABELS[field], value),
      });
    const choice = <T extends string>(
      field: ProspectImportField,
      values: readonly T[],
      labels: Readonly<Record<T, string>>,
      fallback: T | undefined,
    ): T | undefined => {
      const raw = cell(field);
      if (raw === '') return fallback;
      const found = choiceOf(raw, values, labels);
      if (!found) unknown(field, raw);
      return found;
    };
    const advisor = (field: 'wealthAdvisor' | 'businessDeveloper', fallback: string | undefined) => {
      const raw = cell(field);
      if (raw === '') return fallback ?? null;
      const id = lookups.advisors.get(keyOf(raw));
      if (!id) {
        errors.push({
          field: PROSPECT_IMPORT_FIELD_LABELS[field],
          message: PROSPECT_IMPORT_MESSAGES.advisorUnknown(raw.slice(0, 120)),
        });
      }
      return id ?? null;
    };
    const item = (field: 'source' | 'state', map: Map<string, number>, fallback: number | undefined) => {
      const raw = cell(field);
      if (raw === '') return fallback ?? null;
      const id = map.get(keyOf(raw));
      if (id === undefined) unknown(field, raw.slice(0, 120));
      return id ?? null;
    };
    const money = (field: ProspectImportField) =>
      cell(field)
        .replace(/^\$\s*/, '')
        .replace(/\s/g, '');

    const activityStatus = choice(
      'activityStatus',
      PROSPECT_ACTIVITY_STATUSES,
      PROSPECT_ACTIVITY_STATUS_LABELS,
      defaults.defaultActivityStatus,
    );
    if (activityStatus === 'CONVERTED') {
      errors.push({
        field: PROSPECT_IMPORT_FIELD_LABELS.activityStatus,
        message: PROSPECT_MESSAGES.convertedOnlyByConversion,
      });
    }
    const rawDate = cell('activityDate');
    const input = {
      type: choice('type', PROSPECT_TYPES, PROSPECT_TYPE_LABELS, defaults.defaultType),
      name: cell('name'),
      firstName: cell('firstName'),
      lastName: cell('lastName'),
      middleName: cell('middleName'),
      nickName: cell('nickName'),
      suffix: cell('suffix'),
      worksAt: cell('worksAt'),
      activityStatus,
      leadStatus: choice('leadStatus', LEAD_STATUSES, LEAD_STATUS_LABELS, defaults.defaultLeadStatus),
      wealthAdvisorId: advisor('wealthAdvisor', defaults.defaultWealthAdvisorId),
      businessDeveloperId: advisor('businessDeveloper', undefined),
      ...Object.fromEntries(PROSPECT_INTERESTS.map((key) => [key, money(key)])),
      addressLine1: cell('addressLine1'),
      addressLine2: cell('addressLine2'),
      city: cell('city'),
      stateId: item('state', lookups.states, undefined),
      zip: cell('zip'),
      sourceId: item('source', lookups.sources, defaults.defaultSourceId),
      other: cell('other'),
      phone: cell('phone'),
      email: cell('email'),
      activities: [
        {
          activityType: choice(
            'activityType',
            PROSPECT_ACTIVITY_TYPES,
            PROSPECT_ACTIVITY_TYPE_LABELS,
            defaults.defaultActivityType,
          ),
          activityDate: rawDate === '' ? defaults.defaultActivityDate : (readImportDate(rawDate) ?? rawDate),
          minutes: cell('minutes') === '' ? defaults.defaultMinutes : cell('minutes'),
        },
      ],
    };
    const parsed = prospectCreateBodySchema.safeParse(input);
    const seen = new Set(errors.map((e) => e.field));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOfPath(issue.path);
        // One message a field: what the line says first (an unknown choice) before the schema's echo of it.
        if (seen.has(field)) continue;
        seen.add(field);
        errors.push({ field, message: issue.message });
      }
    }
    const activity = parsed.success ? parsed.data.activities[0] : undefined;
    if (activity && activity.activityDate > today) {
      errors.push({
        field: PROSPECT_IMPORT_FIELD_LABELS.activityDate,
        message: PROSPECT_MESSAGES.activityDateFuture,
      });
    }
    const displayName =
      input.type === 'PERSON' || (input.type === undefined && input.name === '')
        ? [input.firstName, input.lastName].filter(Boolean).join(' ')
        : input.name;
    const ok = parsed.success && errors.length === 0;
    return {
      line: record.line,
      displayName: (displayName || '—').slice(0, 120),
      email: ok ? parsed.data.email.toLowerCase() : clip(input.email, 255),
      phone: ok ? parsed.data.phone : clip(input.phone, 20),
      values: ok ? parsed.data : null,
      errors,
    };
  });

type Plan = { rows: PlannedRow[] };

const planOf = async (db: Db, text: string, payload: Payload, today: string): Promise<Plan> => {
  const [header, ...records] = parseCsv(text);
  const names = (header?.cells ?? []).map((c) => c.trim());
  const { at } = columnIndexes(names, payload.mapping);
  return { rows: readLines(records, at, payload.defaults, await lookupsOf(db), today) };
};

// ---------------------------------------------------------------------------------------------------------
// Duplicates and counts (SQL over the stored lines)

/** Flags the ready lines whose email or phone a prospect has (not one this import made), in `lines` if given. */
const flagDuplicatesOfProspects = async (tx: Db, jobId: string, lines?: readonly number[]) => {
  const within = lines ? sql`and r.line = any(${`{${lines.join(',')}}`}::int[])` : sql``;
  // One index lookup a line (prospects' lower(email) and phone), never a sort of every prospect.
  const pairs = [
    [sql`lower(p.email)`, sql`r.email`],
    [sql`p.phone`, sql`r.phone`],
  ] as const;
  for (const [key, rowKey] of pairs) {
    await tx.execute(sql`update prospect_import_rows r set status = 'DUPLICATE',
        duplicate_of_prospect_id = (select p.id from prospects p where ${key} = ${rowKey}
          order by p.created_at, p.id limit 1)
      where r.job_id = ${jobId} and r.status = 'READY' and r.prospect_id is null and ${rowKey} is not null
        and exists (select 1 from prospects p where ${key} = ${rowKey}) ${within}`);
  }
};

/** Flags the ready lines with the email or phone of an earlier valid line of the file. */
const flagDuplicatesInFile = (tx: Db, jobId: string) =>
  // Only the repeated lines are joined back (each by its primary key), never every line with every line.
  tx.execute(sql`with firsts as (
      select line, least(min(line) over (partition by email), min(line) over (partition by phone)) as first
      from prospect_import_rows where job_id = ${jobId} and status in ('READY', 'DUPLICATE')
    ), repeated as materialized (select line, first from firsts where first < line)
    update prospect_import_rows r set status = 'DUPLICATE', duplicate_of_line = d.first
    from repeated d
    where r.job_id = ${jobId} and r.line = d.line and r.status = 'READY'`);

const countsOf = async (tx: Db, jobId: string) => {
  const [row] = rowsOf<{
    rows: number;
    ready: number;
    duplicates: number;
    invalid: number;
    of_prospects: number;
    in_file: number;
    imported: number;
    skipped: number;
  }>(
    await tx.execute(sql`select count(*)::int as rows,
        count(*) filter (where status = 'READY')::int as ready,
        count(*) filter (where status = 'DUPLICATE')::int as duplicates,
        count(*) filter (where status = 'INVALID')::int as invalid,
        count(*) filter (where duplicate_of_prospect_id is not null)::int as of_prospects,
        count(*) filter (where duplicate_of_line is not null)::int as in_file,
        count(*) filter (where status = 'IMPORTED')::int as imported,
        count(*) filter (where status = 'SKIPPED')::int as skipped
      from prospect_import_rows where job_id = ${jobId}`),
  );
  return (
    row ?? {
      rows: 0,
      ready: 0,
      duplicates: 0,
      invalid: 0,
      of_prospects: 0,
      in_file: 0,
      imported: 0,
      skipped: 0,
    }
  );
};

// ---------------------------------------------------------------------------------------------------------
// The job

type Deps = { db: Db; clock: Clock; today: FirmToday; files: FileStorage };

/** The job's handler: made in app.ts, where the job runner is. */
export const prospectImportHandler = (deps: Omit<Deps, 'db'>): JobHandler => {
  const { files, today, clock } = deps;
  const writeAudit = auditWriter(clock);
  // The plan of a job read once per process; read again from the stored file after a restart.
  const plans = new Map<string, Plan>();

  const planFor = async (tx: Db, job: JobRow) => {
    const cached = plans.get(job.id);
    if (cached) return cached;
    const payload = job.payload as Payload;
    const text = await readStoredImport(files, payload, PROSPECT_IMPORT_MESSAGES);
    const plan = await planOf(tx, text, payload, today());
    plans.set(job.id, plan);
    return plan;
  };

  const preview = async (tx: Db, job: JobRow) => {
    const payload = job.payload as Payload;
    const next = (job.state as { next?: number }).next ?? 0;
    if (next === 0) plans.delete(job.id);
    const plan = await planFor(tx, job);
    const batch = plan.rows.slice(next, next + STEP_PREVIEW);
    await insertRows(
      tx,
      prospectImportRows,
      batch.map((r) => ({
        jobId: job.id,
        line: r.line,
        status: r.values ? 'READY' : 'INVALID',
        displayName: r.displayName,
        email: r.email,
        phone: r.phone,
        values: r.values,
        errors: r.errors,
      })),
    );
    const done = Math.min(next + STEP_PREVIEW, plan.rows.length);
    if (done < plan.rows.length) return { done, total: plan.rows.length, state: { next: done } };
    await flagDuplicatesOfProspects(tx, job.id);
    await flagDuplicatesInFile(tx, job.id);
    const counts = await countsOf(tx, job.id);
    const report: ProspectImportReport = {
      fileName: payload.fileName,
      rows: counts.rows,
      counts: { ready: counts.ready, duplicates: counts.duplicates, invalid: counts.invalid },
      duplicatesOfProspects: counts.of_prospects,
      duplicatesInFile: counts.in_file,
      mapping: payload.mapping,
      applied: null,
    };
    plans.delete(job.id);
    return {
      done,
      total: plan.rows.length,
      state: {},
      finished: { status: 'WAITING' as const, result: report },
    };
  };

  const apply = async (tx: Db, job: JobRow) => {
    const payload = job.payload as Payload;
    const choice = payload.duplicates ?? 'skip';
    const statuses = choice === 'import' ? ['READY', 'DUPLICATE'] : ['READY'];
    const inStatuses = sql`status in (${sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    )})`;
    const state = job.state as { total?: number; done?: number };
    const total =
      state.total ??
      rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from prospect_import_rows
          where job_id = ${job.id} and ${inStatuses} and prospect_id is null`),
      )[0]?.n ??
      0;
    let batch = rowsOf<{ line: number; values: ProspectCreateBody }>(
      await tx.execute(sql`select line, values from prospect_import_rows
        where job_id = ${job.id} and ${inStatuses} and prospect_id is null
        order by line limit ${STEP_APPLY}`),
    );
    if (choice === 'skip' && batch.length > 0) {
      // A prospect added since the preview (another import of the same file): its lines are duplicates now.
      await flagDuplicatesOfProspects(
        tx,
        job.id,
        batch.map((r) => r.line),
      );
      const still = new Set(
        rowsOf<{ line: number }>(
          await tx.execute(sql`select line from prospect_import_rows where job_id = ${job.id} and status = 'READY'
            and line = any(${`{${batch.map((r) => r.line).join(',')}}`}::int[])`),
        ).map((r) => r.line),
      );
      batch = batch.filter((r) => still.has(r.line));
    }
    const now = clock.now();
    const made = batch.map((r) => ({ line: r.line, id: randomUUID(), body: r.values }));
    await insertRows(
      tx,
      prospects,
      made.map((m) => ({
        ...prospectValuesOf(m.body, now),
        id: m.id,
        lastActivityDate: m.body.activities.reduce<string | null>(
          (latest, a) => (latest === null || a.activityDate > latest ? a.activityDate : latest),
          null,
        ),
        createdBy: job.createdBy,
        createdAt: now,
      })),
    );
    await insertRows(
      tx,
      prospectActivities,
      made.flatMap((m) =>
        m.body.activities.map((a) => ({ prospectId: m.id, ...a, createdBy: job.createdBy, createdAt: now })),
      ),
    );
    for (const part of chunks(made, STEP_APPLY)) {
      await tx.execute(sql`update prospect_import_rows r set status = 'IMPORTED', prospect_id = m.id
        from unnest(${`{${part.map((m) => m.line).join(',')}}`}::int[], ${`{${part.map((m) => m.id).join(',')}}`}::uuid[])
          as m(line, id)
        where r.job_id = ${job.id} and r.line = m.line`);
    }
    const context = { actorId: job.createdBy, actorEmail: null, requestId: null, ip: null };
    if (made.length > 0) {
      await writeAudit(tx, context, {
        action: 'IMPORT',
        entity: 'prospect',
        entityId: job.id,
        after: {
          fileName: payload.fileName,
          lines: made.map((m) => m.line),
          prospectIds: made.map((m) => m.id),
        },
      });
    }
    const done = Math.min(total, (state.done ?? 0) + batch.length);
    if (batch.length > 0 || made.length > 0) {
      return { done, total, state: { total, done } };
    }
    // Nothing left: the lines not imported (duplicates left out) are skipped; the report says what was done.
    await tx.execute(sql`update prospect_import_rows set status = 'SKIPPED'
      where job_id = ${job.id} and status = 'DUPLICATE' and prospect_id is null`);
    const counts = await countsOf(tx, job.id);
    const report: ProspectImportReport = {
      ...(job.result as ProspectImportReport),
      applied: { duplicates: choice, imported: counts.imported, skipped: counts.skipped },
    };
    await writeAudit(tx, context, {
      action: 'IMPORT',
      entity: AUDIT_ENTITY,
      entityId: job.id,
      after: { fileName: payload.fileName, rows: counts.rows, ...report.applied, invalid: counts.invalid },
    });
    return { done: total, total, state: {}, finished: { status: 'SUCCEEDED' as const, result: report } };
  };

  return {
    succeeded: (job) => files.remove((job.payload as Payload).fileKey),
    step: (tx, job) => (job.phase === 'PREVIEW' ? preview(tx, job) : apply(tx, job)),
  };
};

// ---------------------------------------------------------------------------------------------------------
// The service

type RowRecord = {
  line: number;
  status: ProspectImportRow['status'];
  displayName: string;
  email: string | null;
  phone: string | null;
  errors: FieldError[];
  duplicateOfProspectId: string | null;
  duplicateName: string | null;
  duplicateOfLine: number | null;
  prospectId: string | null;
};

export type ProspectImportService = ReturnType<typeof createProspectImportService>;

/** Uploads, their jobs, their line-by-line reports (routes call this; the runner does the work). */
export const createProspectImportService = (
  deps: Deps & { jobs: Pick<JobRunner, 'enqueue' | 'kick' | 'continueWith' | 'cancel'> },
) => {
  const { db, clock, files } = deps;
  const imports = createImportJobs<ProspectImportReport>({
    db,
    clock,
    files,
    jobs: deps.jobs,
    kind: PROSPECT_IMPORT_JOB,
    entity: AUDIT_ENTITY,
    messages: PROSPECT_IMPORT_MESSAGES,
  });

  return {
    get: imports.get,
    list: imports.list,
    cancel: imports.cancel,
    /** Confirms a previewed import, with what to do with its duplicates. */
    apply: (id: string, body: ProspectImportApplyBody, context: AuditContext) =>
      imports.apply(id, context, { duplicates: body.duplicates }),

    /**
     * Checks the header against the mapping and the defaults against the firm's users and sources (400 at
     * once), stores the file and queues its preview.
     */
    async upload(
      query: ProspectImportUploadQuery,
      file: { name: string; data: Buffer },
      context: AuditContext,
    ) {
      const text = importFileText(file.data, PROSPECT_IMPORT_MESSAGES.fileFormat);
      const { names, hasLines } = headerOf(text);
      if (names.every((n) => n === '')) throw badRequest(PROSPECT_IMPORT_MESSAGES.headerMissing);
      if (!hasLines) throw badRequest(PROSPECT_IMPORT_MESSAGES.fileEmpty);
      const { mapping, defaults } = splitQuery(query);
      checkMapping(names, mapping, defaults);
      if (defaults.defaultWealthAdvisorId !== undefined || defaults.defaultSourceId !== undefined) {
        const lookups = await lookupsOf(db);
        const issues = [];
        if (defaults.defaultWealthAdvisorId && !lookups.activeUsers.has(defaults.defaultWealthAdvisorId))
          issues.push({ path: ['defaultWealthAdvisorId'], message: PROSPECT_MESSAGES.advisorNotFound });
        if (defaults.defaultSourceId !== undefined && !lookups.sourceIds.has(defaults.defaultSourceId))
          issues.push({ path: ['defaultSourceId'], message: PROSPECT_MESSAGES.sourceRequired });
        if (issues.length > 0) throw validationError(issues);
      }
      const sha256 = fileDigest(file.data);
      const fileKey = `imports/prospects/${randomUUID()}.csv`;
      await files.put(fileKey, file.data);
      return imports.enqueue(
        { fileName: file.name, fileKey, sha256, mapping, defaults } satisfies Payload,
        context,
        { fileName: file.name, bytes: file.data.length, mapping, defaults },
      );
    },

    /** One page of the import's lines, by line, of one status or all. */
    async rows(id: string, query: ProspectImportRowsQuery) {
      await imports.get(id);
      const where = and(
        eq(prospectImportRows.jobId, id),
        query.status ? eq(prospectImportRows.status, query.status) : undefined,
      );
      const [rows, [count]] = await Promise.all([
        db
          .select({
            line: prospectImportRows.line,
            status: prospectImportRows.status,
            displayName: prospectImportRows.displayName,
            email: prospectImportRows.email,
            phone: prospectImportRows.phone,
            errors: prospectImportRows.errors,
            duplicateOfProspectId: prospectImportRows.duplicateOfProspectId,
            duplicateName: prospects.displayName,
            duplicateOfLine: prospectImportRows.duplicateOfLine,
            prospectId: prospectImportRows.prospectId,
          })
          .from(prospectImportRows)
          .leftJoin(prospects, eq(prospects.id, prospectImportRows.duplicateOfProspectId))
          .where(where)
          .orderBy(prospectImportRows.line)
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(prospectImportRows)
          .where(where),
      ]);
      const items = (rows as RowRecord[]).map((r): ProspectImportRow => ({
        line: r.line,
        status: r.status,
        displayName: r.displayName,
        email: r.email,
        phone: r.phone,
        errors: r.errors,
        duplicateOf:
          r.duplicateOfProspectId || r.duplicateOfLine !== null
            ? {
                prospect: r.duplicateOfProspectId
                  ? { id: r.duplicateOfProspectId, name: r.duplicateName ?? '' }
                  : null,
                line: r.duplicateOfLine,
              }
            : null,
        prospectId: r.prospectId,
      }));
      return { items, total: count?.n ?? 0 };
    },
  };
};
