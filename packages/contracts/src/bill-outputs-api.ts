import { formatCents } from '@centric/billing';
import { z } from 'zod';
import { requiredDate } from './accounts-api.ts';
import { isValidRoutingNumber } from './billing-setup-api.ts';
import { listQueryShape } from './list-query.ts';
import { signedCents } from './money.ts';

/**
 * What a bill run produces and what follows it (issue 15 §1–§3): adjustments on accounts, the pre-export checks
 * and their overrides, the custodian fee files and the NACHA file of an exported run, collections, the
 * differences between a forecast and a live run, payouts by payee, and the billing settings the outputs use.
 */

// ---------------------------------------------------------------------------------------------------------
// Adjustments

export const ADJUSTMENT_REASON_CODES = [
  'BILLING_ERROR',
  'FEE_WAIVER',
  'PRIOR_PERIOD_CORRECTION',
  'SERVICE_CREDIT',
  'CLIENT_REQUEST',
  'OTHER',
] as const;
export type AdjustmentReasonCode = (typeof ADJUSTMENT_REASON_CODES)[number];
export const ADJUSTMENT_REASON_LABELS: Readonly<Record<AdjustmentReasonCode, string>> = {
  BILLING_ERROR: 'Billing error',
  FEE_WAIVER: 'Fee waiver',
  PRIOR_PERIOD_CORRECTION: 'Prior period correction',
  SERVICE_CREDIT: 'Service credit',
  CLIENT_REQUEST: 'Client request',
  OTHER: 'Other',
};

/** Where an adjustment stands: waiting for a live bill, partly used (a credit carried forward), used, cancelled. */
export const ADJUSTMENT_STATES = ['PENDING', 'CARRIED', 'APPLIED', 'CANCELLED'] as const;
export type AdjustmentState = (typeof ADJUSTMENT_STATES)[number];
export const ADJUSTMENT_STATE_LABELS: Readonly<Record<AdjustmentState, string>> = {
  PENDING: 'Pending',
  CARRIED: 'Carried forward',
  APPLIED: 'Applied',
  CANCELLED: 'Cancelled',
};

/** The largest adjustment, either way (whole dollars). */
export const ADJUSTMENT_MAX_DOLLARS = '10000000';

export const ADJUSTMENT_MESSAGES = {
  created: 'Adjustment added successfully.',
  cancelled: 'Adjustment cancelled.',
  notFound: 'Adjustment not found.',
  accountRequired: 'Account is required.',
  accountNotFound: 'Account not found.',
  reasonCodeRequired: 'Reason code is required.',
  amountRequired: 'Amount is required.',
  amountInvalid:
    'Amount must be an amount in dollars with at most two decimals: positive for a charge, negative for a credit.',
  amountZero: 'Amount cannot be zero.',
  amountMax: 'Amount can be at most $10,000,000 either way.',
  noteRequired: 'A note is required when the reason is Other.',
  noteMax: 'Note can be at most 200 characters.',
  used: 'This adjustment was applied by a live bill: void that bill first, or enter a new adjustment.',
  alreadyCancelled: 'This adjustment was already cancelled.',
} as const;

const uuid = (message: string) => z.string({ error: message }).uuid(message);

/** POST /api/billing/adjustments: an adjustment on an account, applied by its next live bill. */
export const adjustmentBodySchema = z
  .object({
    accountId: uuid(ADJUSTMENT_MESSAGES.accountRequired),
    reasonCode: z.enum(ADJUSTMENT_REASON_CODES, { error: ADJUSTMENT_MESSAGES.reasonCodeRequired }),
    amount: z
      .string({ error: ADJUSTMENT_MESSAGES.amountRequired })
      .trim()
      .min(1, ADJUSTMENT_MESSAGES.amountRequired)
      .superRefine((value, ctx) => {
        const cents = signedCents(value);
        if (cents === undefined) ctx.addIssue({ code: 'custom', message: ADJUSTMENT_MESSAGES.amountInvalid });
        else if (cents === 0n) ctx.addIssue({ code: 'custom', message: ADJUSTMENT_MESSAGES.amountZero });
        else if ((cents < 0n ? -cents : cents) > BigInt(ADJUSTMENT_MAX_DOLLARS) * 100n) {
          ctx.addIssue({ code: 'custom', message: ADJUSTMENT_MESSAGES.amountMax });
        }
      })
      .transform((value) => formatCents(signedCents(value) ?? 0n)),
    note: z
      .string()
      .trim()
      .max(200, ADJUSTMENT_MESSAGES.noteMax)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .refine((body) => body.reasonCode !== 'OTHER' || body.note !== null, {
    message: ADJUSTMENT_MESSAGES.noteRequired,
    path: ['note'],
  });
export type AdjustmentBody = z.infer<typeof adjustmentBodySchema>;
export type AdjustmentFormValues = z.input<typeof adjustmentBodySchema>;

export const adjustmentsQuerySchema = z.object({
  clientId: uuid('Unit not found.').optional(),
  accountId: uuid(ADJUSTMENT_MESSAGES.accountNotFound).optional(),
});
export type AdjustmentsQuery = z.infer<typeof adjustmentsQuerySchema>;

/** GET /api/billing/adjustments/accounts?clientId=…: the unit's open accounts an adjustment may go to. */
export const adjustmentAccountsQuerySchema = z.object({ clientId: uuid('Unit not found.') });
export const adjustmentAccountSchema = z.object({
  accountId: z.string(),
  registrationName: z.string(),
  /** Masked: '…4821'. */
  custodianNumber: z.string(),
});
export type AdjustmentAccount = z.infer<typeof adjustmentAccountSchema>;

export const adjustmentSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  account: z.object({ id: z.string(), registrationName: z.string() }),
  reasonCode: z.enum(ADJUSTMENT_REASON_CODES),
  amount: z.string(),
  /** What live bills have not applied yet ("0.00" once used). */
  remaining: z.string(),
  note: z.string().nullable(),
  state: z.enum(ADJUSTMENT_STATES),
  /** The live bills that applied it, with what each applied. */
  appliedBy: z.array(z.object({ billId: z.string(), billNo: z.number().int(), amount: z.string() })),
  createdBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

// ---------------------------------------------------------------------------------------------------------
// Pre-export checks (issue 15 §2)

export const BILL_CHECK_CODES = [
  'FEE_ABOVE_CASH',
  'NO_DEBIT_AUTHORITY',
  'PAYER_CLOSED',
  'NEGATIVE_DEBIT',
] as const;
export type BillCheckCode = (typeof BILL_CHECK_CODES)[number];
export const BILL_CHECK_LABELS: Readonly<Record<BillCheckCode, string>> = {
  FEE_ABOVE_CASH: "Fee above the paying account's available cash",
  NO_DEBIT_AUTHORITY: 'No debit authority',
  PAYER_CLOSED: 'Paying account closed',
  NEGATIVE_DEBIT: 'Negative debit',
};

/** A bill that fails a check, with the paying account and amounts the message names. */
export const billCheckFindingSchema = z.object({
  billId: z.string(),
  billNo: z.number().int(),
  clientId: z.string(),
  household: z.string(),
  code: z.enum(BILL_CHECK_CODES),
  message: z.string(),
  /** Let through with a reason (who and when), or still blocking. */
  override: z.object({ reason: z.string(), by: z.string(), at: z.string() }).nullable(),
});
export type BillCheckFinding = z.infer<typeof billCheckFindingSchema>;

export const BILL_CHECK_MESSAGES = {
  blocked: 'Some bills fail the pre-export checks: fix them, or override each with a reason.',
  overridden: 'Check overridden.',
  notFailing: 'This bill does not fail that check.',
} as const;

/** POST /api/bills/:id/overrides: let a failing check through, with a reason. */
export const billCheckOverrideBodySchema = z.object({
  code: z.enum(BILL_CHECK_CODES, { error: 'Please select the check.' }),
  reason: z
    .string({ error: 'A reason is required.' })
    .trim()
    .min(1, 'A reason is required.')
    .max(200, 'The reason can be at most 200 characters.'),
});
export type BillCheckOverrideBody = z.infer<typeof billCheckOverrideBodySchema>;

// ---------------------------------------------------------------------------------------------------------
// Exports (custodian fee files, NACHA)

export const BILL_EXPORT_KINDS = ['CUSTODIAN', 'NACHA'] as const;
export type BillExportKind = (typeof BILL_EXPORT_KINDS)[number];
export const BILL_EXPORT_KIND_LABELS: Readonly<Record<BillExportKind, string>> = {
  CUSTODIAN: 'Custodian fee file',
  NACHA: 'ACH (NACHA) file',
};

export const BILL_EXPORT_MESSAGES = {
  exported: 'Run exported.',
  notLocked: 'Lock the run before exporting it.',
  confirmAgain: 'This run was already exported: confirm to export it again.',
  nothing: 'This run has nothing to export of that kind.',
  notFound: 'Export not found.',
  achNotSet: 'Set the firm’s ACH originator (Billing settings) before exporting a NACHA file.',
} as const;

/** POST /api/bill-runs/:id/exports: the custodian fee files (by exporter) or the NACHA file of a locked run. */
export const billExportBodySchema = z.object({
  kind: z.enum(BILL_EXPORT_KINDS, { error: 'Please select what to export.' }),
  exporter: z.string().trim().max(32).default('generic-csv'),
  /** Exporting a kind again is confirmed, and logged. */
  confirmAgain: z.boolean().default(false),
});
export type BillExportBody = z.input<typeof billExportBodySchema>;

export const billExportSchema = z.object({
  id: z.string(),
  kind: z.enum(BILL_EXPORT_KINDS),
  exporter: z.string(),
  custodian: z.string().nullable(),
  batch: z.number().int(),
  exportNo: z.number().int(),
  fileName: z.string(),
  rowCount: z.number().int(),
  total: z.string(),
  checksum: z.string(),
  createdBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  createdAt: z.string(),
});
export type BillExport = z.infer<typeof billExportSchema>;

/** A credit that no fee file carries (a negative amount at a custodian): refunded by the firm. */
export const billRefundSchema = z.object({
  billId: z.string(),
  billNo: z.number().int(),
  household: z.string(),
  accountNumber: z.string(),
  registrationName: z.string(),
  amount: z.string(),
});
export type BillRefund = z.infer<typeof billRefundSchema>;

// ---------------------------------------------------------------------------------------------------------
// Collections

export const COLLECTION_SOURCES = ['CUSTODIAN', 'BANK', 'MANUAL'] as const;
export type CollectionSource = (typeof COLLECTION_SOURCES)[number];
export const COLLECTION_SOURCE_LABELS: Readonly<Record<CollectionSource, string>> = {
  CUSTODIAN: 'Custodian confirmation',
  BANK: 'Bank confirmation',
  MANUAL: 'By hand',
};

export const COLLECTION_MESSAGES = {
  recorded: 'Collection recorded.',
  imported: 'Confirmation file imported.',
  amountRequired: 'Amount is required.',
  amountInvalid: 'Amount must be an amount in dollars with at most two decimals.',
  amountZero: 'Amount cannot be zero.',
  amountAboveBalance: 'The amount is more than the bill’s balance.',
  dateRequired: 'Collection date is required.',
  referenceMax: 'Reference can be at most 100 characters.',
  notExported: 'Only an exported bill is collected.',
  fileEmpty: 'The file has no rows.',
} as const;

/** POST /api/bills/:id/collections: money collected on a bill, by hand. */
export const collectionBodySchema = z.object({
  amount: z
    .string({ error: COLLECTION_MESSAGES.amountRequired })
    .trim()
    .min(1, COLLECTION_MESSAGES.amountRequired)
    .superRefine((value, ctx) => {
      const cents = signedCents(value);
      if (cents === undefined) ctx.addIssue({ code: 'custom', message: COLLECTION_MESSAGES.amountInvalid });
      else if (cents === 0n) ctx.addIssue({ code: 'custom', message: COLLECTION_MESSAGES.amountZero });
    })
    .transform((value) => formatCents(signedCents(value) ?? 0n)),
  collectedOn: requiredDate(COLLECTION_MESSAGES.dateRequired),
  reference: z
    .string()
    .trim()
    .max(100, COLLECTION_MESSAGES.referenceMax)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CollectionBody = z.infer<typeof collectionBodySchema>;

export const collectionSchema = z.object({
  id: z.string(),
  billId: z.string(),
  amount: z.string(),
  collectedOn: z.string(),
  source: z.enum(COLLECTION_SOURCES),
  reference: z.string().nullable(),
  createdBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Collection = z.infer<typeof collectionSchema>;

/** What a confirmation file did: the rows matched to bills and collected, and those it could not match. */
export const collectionImportSchema = z.object({
  matched: z.number().int(),
  total: z.string(),
  unmatched: z.array(z.object({ line: z.number().int(), text: z.string(), reason: z.string() })),
});
export type CollectionImport = z.infer<typeof collectionImportSchema>;

// ---------------------------------------------------------------------------------------------------------
// Forecast vs live (issue 15 §2)

export const BILL_CHANGE_CAUSES = [
  'VALUE',
  'FLOWS',
  'SCHEDULE',
  'EXCLUSIONS',
  'PAYEES',
  'ACCOUNTS',
  'LINES',
] as const;
export type BillChangeCause = (typeof BILL_CHANGE_CAUSES)[number];
export const BILL_CHANGE_CAUSE_LABELS: Readonly<Record<BillChangeCause, string>> = {
  VALUE: 'Value',
  FLOWS: 'Cash flows',
  SCHEDULE: 'Fee schedule',
  EXCLUSIONS: 'Exclusions',
  PAYEES: 'Payees',
  ACCOUNTS: 'Accounts',
  LINES: 'Adjustments and other lines',
};

export const BILL_DIFFERENCE_SORT_KEYS = ['change', 'household'] as const;
export const billDifferencesQuerySchema = z.object({
  ...listQueryShape({
    sortKeys: BILL_DIFFERENCE_SORT_KEYS,
    defaultSort: { sortBy: 'change', order: 'DESC' },
  }),
  /** Only the households whose fee changed (default), or all. */
  changedOnly: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export type BillDifferencesQuery = z.infer<typeof billDifferencesQuerySchema>;

/** One household of a live run against the last forecast of the same period that billed it. */
export const billDifferenceSchema = z.object({
  clientId: z.string(),
  household: z.string(),
  forecast: z
    .object({
      billId: z.string(),
      runNumber: z.number().int(),
      amount: z.string(),
      billableValue: z.string(),
    })
    .nullable(),
  live: z.object({ billId: z.string(), amount: z.string(), billableValue: z.string() }).nullable(),
  /** live − forecast (a household only in one of them counts its whole fee). */
  change: z.string(),
  causes: z.array(z.enum(BILL_CHANGE_CAUSES)),
  /** In plain words, one sentence a cause: "Value $1,000,000.00 → $1,050,000.00". */
  details: z.array(z.string()),
});
export type BillDifference = z.infer<typeof billDifferenceSchema>;

/** The live run's forecast to compare with (the newest completed forecast of the same period), and totals. */
export const billDifferencesSummarySchema = z.object({
  forecastRun: z.object({ id: z.string(), number: z.number().int() }).nullable(),
  forecastTotal: z.string(),
  liveTotal: z.string(),
  changed: z.number().int(),
});
export type BillDifferencesSummary = z.infer<typeof billDifferencesSummarySchema>;

// ---------------------------------------------------------------------------------------------------------
// Payouts by payee (issue 15 §3)

export const payoutsQuerySchema = z.object({
  from: requiredDate('From is required.'),
  to: requiredDate('To is required.'),
  basis: z.enum(['billed', 'collected']).default('billed'),
});
export type PayoutsQuery = z.infer<typeof payoutsQuerySchema>;

export const payeePayoutSchema = z.object({
  payee: z.object({ id: z.string().nullable(), fullName: z.string() }),
  type: z.string(),
  bills: z.number().int(),
  /** What the locked bills of the period give the payee. */
  billed: z.string(),
  /** The same, in proportion to what was collected on each bill. */
  collected: z.string(),
});
export type PayeePayout = z.infer<typeof payeePayoutSchema>;

// ---------------------------------------------------------------------------------------------------------
// A run's reports (as Orion's four audit files), CSV or XLSX

export const BILL_RUN_REPORTS = ['payable-summary', 'bill-data', 'exceptions', 'settings'] as const;
export type BillRunReport = (typeof BILL_RUN_REPORTS)[number];
export const BILL_RUN_REPORT_LABELS: Readonly<Record<BillRunReport, string>> = {
  'payable-summary': 'Payable summary',
  'bill-data': 'Bill data',
  exceptions: 'Exceptions',
  settings: 'Settings',
};

// ---------------------------------------------------------------------------------------------------------
// Billing settings (the outputs' firm details)

export const BILLING_SETTINGS_MESSAGES = {
  updated: 'Billing settings updated successfully.',
  firmNameRequired: 'Firm name is required.',
  firmNameMax: 'Firm name can be at most 100 characters.',
  windowRange: 'The collection window must be 1 to 365 days.',
  routingInvalid: 'Routing number must be 9 digits with a valid check digit.',
  companyIdInvalid: 'Company identification must be 10 characters.',
  companyNameMax: 'Company name can be at most 16 characters.',
  bankNameMax: 'Bank name can be at most 23 characters.',
} as const;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

export const billingSettingsSchema = z.object({
  proration: z.enum(['FREQUENCY', 'ACTUAL_DAYS']),
  firmName: z
    .string({ error: BILLING_SETTINGS_MESSAGES.firmNameRequired })
    .trim()
    .min(1, BILLING_SETTINGS_MESSAGES.firmNameRequired)
    .max(100, BILLING_SETTINGS_MESSAGES.firmNameMax),
  /** Days after export within which a bill is to be collected; later raises an alert. */
  collectionWindowDays: z
    .number({ error: BILLING_SETTINGS_MESSAGES.windowRange })
    .int(BILLING_SETTINGS_MESSAGES.windowRange)
    .min(1, BILLING_SETTINGS_MESSAGES.windowRange)
    .max(365, BILLING_SETTINGS_MESSAGES.windowRange),
  /** The ACH originator: the firm's bank (ODFI) and its company id, as the NACHA file names them. */
  achBankRouting: optionalText(9, BILLING_SETTINGS_MESSAGES.routingInvalid).refine(
    (v) => v === null || isValidRoutingNumber(v),
    BILLING_SETTINGS_MESSAGES.routingInvalid,
  ),
  achBankName: optionalText(23, BILLING_SETTINGS_MESSAGES.bankNameMax),
  achCompanyName: optionalText(16, BILLING_SETTINGS_MESSAGES.companyNameMax),
  achCompanyId: optionalText(10, BILLING_SETTINGS_MESSAGES.companyIdInvalid).refine(
    (v) => v === null || v.length === 10,
    BILLING_SETTINGS_MESSAGES.companyIdInvalid,
  ),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;
/** The settings as the server answers them (no transforms: a response schema must encode). */
export const billingSettingsViewSchema = z.object({
  proration: z.enum(['FREQUENCY', 'ACTUAL_DAYS']),
  firmName: z.string(),
  collectionWindowDays: z.number().int(),
  achBankRouting: z.string().nullable(),
  achBankName: z.string().nullable(),
  achCompanyName: z.string().nullable(),
  achCompanyId: z.string().nullable(),
});
export type BillingSettingsFormValues = z.input<typeof billingSettingsSchema>;

/** Exact sum of decimal strings (never JS numbers). */
export const sumMoney = (values: readonly string[]): string =>
  formatCents(values.reduce((sum, v) => sum + (signedCents(v) ?? 0n), 0n));
