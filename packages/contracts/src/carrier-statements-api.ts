import { z } from 'zod';
import { IMPORT_JOB_MESSAGES, importJobSchema } from './accounts-api.ts';
import { pagingShape } from './list-query.ts';
import { RECEIVABLE_NOTE_MAX } from './receivables-api.ts';

/**
 * Carrier statement reconciliation (issue 16 §2, decision 0019): a provider's commission statement (a CSV whose
 * columns are mapped per provider) imported as a job with a preview; each line matched on the provider and the
 * policy or contract number, then the nearest expected payment by date; the differences flagged (short-paid,
 * overpaid, unpaid, unknown, chargeback) and resolved by the firm (accept, write off, dispute with a note).
 */

// ---------------------------------------------------------------------------------------------------------
// Words

export const STATEMENT_LINE_KINDS = ['NEW_BUSINESS', 'RENEWAL', 'CHARGEBACK'] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];
export const STATEMENT_LINE_KIND_LABELS: Readonly<Record<StatementLineKind, string>> = {
  NEW_BUSINESS: 'New business',
  RENEWAL: 'Renewal',
  CHARGEBACK: 'Chargeback',
};

/** What a line (or an expected payment no line paid) says against the book. */
export const STATEMENT_FLAGS = [
  'MATCHED',
  'SHORT_PAID',
  'OVERPAID',
  'UNPAID',
  'UNKNOWN',
  'CHARGEBACK',
] as const;
export type StatementFlag = (typeof STATEMENT_FLAGS)[number];
export const STATEMENT_FLAG_LABELS: Readonly<Record<StatementFlag, string>> = {
  MATCHED: 'Matched',
  SHORT_PAID: 'Short-paid',
  OVERPAID: 'Overpaid',
  UNPAID: 'Unpaid',
  UNKNOWN: 'Unknown',
  CHARGEBACK: 'Chargeback',
};
/** The flags that are differences (a matched line is none). */
export const STATEMENT_DIFFERENCE_FLAGS = [
  'SHORT_PAID',
  'OVERPAID',
  'UNPAID',
  'UNKNOWN',
  'CHARGEBACK',
] as const satisfies readonly StatementFlag[];

export const STATEMENT_RESOLUTIONS = ['ACCEPTED', 'WRITTEN_OFF', 'DISPUTED'] as const;
export type StatementResolution = (typeof STATEMENT_RESOLUTIONS)[number];
export const STATEMENT_RESOLUTION_LABELS: Readonly<Record<StatementResolution, string>> = {
  ACCEPTED: 'Accepted',
  WRITTEN_OFF: 'Written off',
  DISPUTED: 'Disputed',
};

export const STATEMENT_ACTIONS = ['accept', 'writeOff', 'dispute'] as const;
export type StatementAction = (typeof STATEMENT_ACTIONS)[number];
export const STATEMENT_ACTION_LABELS: Readonly<Record<StatementAction, string>> = {
  accept: 'Accept',
  writeOff: 'Write off',
  dispute: 'Dispute',
};

/** The differences list: open (unresolved or disputed), resolved (accepted or written off), or all. */
export const STATEMENT_DIFFERENCE_STATUSES = ['open', 'resolved', 'all'] as const;

// ---------------------------------------------------------------------------------------------------------
// Limits and messages

/** 20 MB: a 100,000-line statement with long policy numbers. */
export const STATEMENT_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const STATEMENT_IMPORT_MAX_LINES = 100_000;
export const STATEMENT_REFUSED_SHOWN = 500;
export const STATEMENT_COLUMN_MAX = 60;
export const STATEMENT_POLICY_MAX = 60;

export const STATEMENT_MESSAGES = {
  ...IMPORT_JOB_MESSAGES,
  queued: 'Statement received. Checking it now.',
  applying: 'Importing the statement.',
  notFound: 'Statement import not found.',
  fileTooLarge: 'The file can be at most 20 MB.',
  fileEmpty: 'The file has no lines.',
  tooManyLines: `The file can have at most ${STATEMENT_IMPORT_MAX_LINES.toLocaleString('en-US')} lines.`,
  providerRequired: 'Provider is required.',
  providerNotFound: 'Choose a provider from the list.',
  columnRequired: (field: string) => `Choose the column of the ${field}.`,
  columnMissing: (names: string) => `The file's first line has no column named ${names}.`,
  columnsRepeated: 'Each field needs a column of its own.',
  // Line by line
  policyMissing: 'The policy or contract number is missing.',
  policyTooLong: `The policy or contract number can be at most ${STATEMENT_POLICY_MAX} characters.`,
  dateInvalid: 'The payment date must be a date like 2026-03-31 or 03/31/2026.',
  dateFuture: 'The payment date cannot be after today.',
  amountInvalid: 'The amount must be an amount in dollars with at most 2 decimals.',
  amountZero: 'The amount cannot be zero.',
  kindInvalid: 'The kind must be new business, renewal or chargeback.',
  // Differences
  differenceNotFound: 'Difference not found.',
  notADifference: 'A matched line has no difference to resolve.',
  alreadyResolved: 'This difference is already resolved.',
  noteRequired: 'A dispute needs a note.',
  noteMax: `Note can be at most ${RECEIVABLE_NOTE_MAX} characters.`,
  resolved: {
    accept: 'Difference accepted.',
    writeOff: 'Difference written off.',
    dispute: 'Difference disputed.',
  },
  mappingSaved: 'Column mapping saved.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Bodies and queries

const column = (field: string) =>
  z
    .string({ error: STATEMENT_MESSAGES.columnRequired(field) })
    .trim()
    .min(1, STATEMENT_MESSAGES.columnRequired(field))
    .max(STATEMENT_COLUMN_MAX, STATEMENT_MESSAGES.columnRequired(field));

/** The columns of a provider's statements (the file's header names, in any case). */
export const statementMappingShape = {
  policyColumn: column('policy or contract number'),
  dateColumn: column('payment date'),
  amountColumn: column('amount'),
  kindColumn: z
    .string()
    .trim()
    .max(STATEMENT_COLUMN_MAX)
    .optional()
    .transform((v) => (v ? v : null)),
};

/** POST /api/carrier-statements?providerId=…&policyColumn=…: the provider and the file's columns. */
export const statementUploadQuerySchema = z
  .object({
    providerId: z.coerce
      .number({ error: STATEMENT_MESSAGES.providerRequired })
      .int(STATEMENT_MESSAGES.providerRequired)
      .positive(STATEMENT_MESSAGES.providerRequired)
      .max(2_147_483_647, STATEMENT_MESSAGES.providerRequired),
    ...statementMappingShape,
  })
  .superRefine((q, ctx) => {
    const names = [q.policyColumn, q.dateColumn, q.amountColumn, q.kindColumn]
      .filter((n): n is string => Boolean(n))
      .map((n) => n.toLowerCase());
    if (new Set(names).size !== names.length) {
      ctx.addIssue({ code: 'custom', path: ['kindColumn'], message: STATEMENT_MESSAGES.columnsRepeated });
    }
  });
export type StatementUploadQuery = z.infer<typeof statementUploadQuerySchema>;
export type StatementMapping = Omit<StatementUploadQuery, 'providerId'>;

export const statementProviderParamsSchema = z.object({
  providerId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const statementDifferencesQuerySchema = z.object({
  status: z
    .enum(STATEMENT_DIFFERENCE_STATUSES, { error: 'status must be open, resolved or all.' })
    .default('open'),
  flag: z.enum(STATEMENT_DIFFERENCE_FLAGS, { error: 'flag is not one of the flags.' }).optional(),
  providerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  ...pagingShape(),
});
export type StatementDifferencesQuery = z.infer<typeof statementDifferencesQuerySchema>;

/** POST /api/statement-differences/:id/resolve: accept, write off, or dispute (a note required). */
export const resolveDifferenceBodySchema = z
  .object({
    action: z.enum(STATEMENT_ACTIONS, { error: 'action must be accept, writeOff or dispute.' }),
    note: z
      .string()
      .nullish()
      .transform((v) => (v ?? '').trim())
      .pipe(z.string().max(RECEIVABLE_NOTE_MAX, STATEMENT_MESSAGES.noteMax))
      .transform((v) => (v === '' ? null : v)),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'dispute' && !body.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: STATEMENT_MESSAGES.noteRequired });
    }
  });
export type ResolveDifferenceBody = z.infer<typeof resolveDifferenceBodySchema>;
export type ResolveDifferenceFormValues = z.input<typeof resolveDifferenceBodySchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers (no transforms)

export const statementMappingSchema = z.object({
  providerId: z.number(),
  policyColumn: z.string(),
  dateColumn: z.string(),
  amountColumn: z.string(),
  kindColumn: z.string().nullable(),
  /** False: no statement of this provider was imported yet, these are the usual names. */
  saved: z.boolean(),
});
export type StatementMappingAnswer = z.infer<typeof statementMappingSchema>;

const flagCounts = z.object({
  MATCHED: z.number(),
  SHORT_PAID: z.number(),
  OVERPAID: z.number(),
  UNPAID: z.number(),
  UNKNOWN: z.number(),
  CHARGEBACK: z.number(),
});
export type StatementFlagCounts = z.infer<typeof flagCounts>;

/** What importing the statement does (the preview), then what it did. */
export const statementReportSchema = z.object({
  fileName: z.string(),
  provider: z.object({ id: z.number(), name: z.string() }),
  rows: z.number(),
  accepted: z.number(),
  refusedCount: z.number(),
  refused: z.array(z.object({ line: z.number(), policyNumber: z.string().nullable(), message: z.string() })),
  /** Lines of the provider's earlier statements: not imported again. */
  alreadyImported: z.number(),
  dateFrom: z.string().nullable(),
  dateTo: z.string().nullable(),
  /** The new lines by flag, and the expected payments of the period no line pays (UNPAID). */
  flags: flagCounts,
  /** What was imported (null until then). */
  applied: flagCounts.nullable(),
});
export type StatementReport = z.infer<typeof statementReportSchema>;

export const statementJobSchema = importJobSchema.extend({ report: statementReportSchema.nullable() });
export type StatementJob = z.infer<typeof statementJobSchema>;

export const statementDifferenceSchema = z.object({
  id: z.string(),
  provider: z.object({ id: z.number(), name: z.string() }),
  flag: z.enum(STATEMENT_FLAGS),
  kind: z.enum(STATEMENT_LINE_KINDS).nullable(),
  policyNumber: z.string(),
  /** The line's payment date; an unpaid payment's due date. */
  date: z.string(),
  /** What the carrier paid (null: unpaid). */
  amount: z.string().nullable(),
  /** What the book expected (null: unknown, chargeback). */
  expected: z.string().nullable(),
  /** The amount in question, positive. */
  difference: z.string(),
  /** Days since `date` (the aged list's buckets). */
  ageDays: z.number(),
  statement: z.object({ id: z.string(), fileName: z.string(), lineNo: z.number().nullable() }),
  receivable: z
    .object({
      id: z.string(),
      product: z.string(),
      household: z.object({ id: z.string(), name: z.string() }),
      paymentSequence: z.number().nullable(),
    })
    .nullable(),
  resolution: z.enum(STATEMENT_RESOLUTIONS).nullable(),
  note: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type StatementDifference = z.infer<typeof statementDifferenceSchema>;

const buckets = z.object({
  d1to30: z.string(),
  d31to60: z.string(),
  d61to90: z.string(),
  over90: z.string(),
});

/** The open differences by provider, aged by days since their date (1–30, 31–60, 61–90, over 90). */
export const statementAgingSchema = z.object({
  providers: z.array(
    z.object({
      provider: z.object({ id: z.number(), name: z.string() }),
      count: z.number(),
      total: z.string(),
      buckets,
    }),
  ),
  total: z.object({ count: z.number(), total: z.string(), buckets }),
});
export type StatementAging = z.infer<typeof statementAgingSchema>;
