import { centsOf, formatCents } from '@centric/billing';
import { z } from 'zod';
import { isValidIsoDate } from './clients.ts';
import { serialIdSchema } from './ids.ts';
import { pagingShape } from './list-query.ts';

/**
 * Managed accounts, holdings and transactions (issue 13; spec §1 managed accounts and transactions, §3 Account,
 * §7 Accounts calls). Quantities, prices and money are decimal strings end to end, never JS numbers.
 */

export const ACCOUNT_OWNER_ROLES = ['OWNER', 'JOINT_OWNER', 'TRUSTEE', 'BENEFICIARY', 'POA_HOLDER'] as const;
export type AccountOwnerRole = (typeof ACCOUNT_OWNER_ROLES)[number];
export const ACCOUNT_OWNER_ROLE_LABELS: Readonly<Record<AccountOwnerRole, string>> = {
  OWNER: 'Owner',
  JOINT_OWNER: 'Joint owner',
  TRUSTEE: 'Trustee',
  BENEFICIARY: 'Beneficiary',
  POA_HOLDER: 'POA holder',
};

export const ACCOUNT_STATUSES = ['OPEN', 'CLOSED'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const ACCOUNT_STATUS_LABELS: Readonly<Record<AccountStatus, string>> = {
  OPEN: 'Open',
  CLOSED: 'Closed',
};

export const TRANSACTION_TYPES = [
  'BUY',
  'SELL',
  'DEPOSIT',
  'WITHDRAWAL',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'FEE',
  'DIVIDEND',
  'INTEREST',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_TYPE_LABELS: Readonly<Record<TransactionType, string>> = {
  BUY: 'Buy',
  SELL: 'Sell',
  DEPOSIT: 'Deposit',
  WITHDRAWAL: 'Withdrawal',
  TRANSFER_IN: 'Transfer in',
  TRANSFER_OUT: 'Transfer out',
  FEE: 'Fee',
  DIVIDEND: 'Dividend',
  INTEREST: 'Interest',
};
/** Transactions that name a product and a quantity. */
export const SECURITY_TRANSACTION_TYPES: readonly TransactionType[] = ['BUY', 'SELL'];
/** The cash flows billing prorates: money in (+) and out (−) of the account. */
export const CASH_FLOW_TYPES: readonly TransactionType[] = [
  'DEPOSIT',
  'WITHDRAWAL',
  'TRANSFER_IN',
  'TRANSFER_OUT',
];
export const OUTFLOW_TYPES: readonly TransactionType[] = ['WITHDRAWAL', 'TRANSFER_OUT'];

/** Custodians offered in the account form (any other name may be typed). */
export const CUSTODIAN_SUGGESTIONS = [
  'Charles Schwab',
  'Fidelity',
  'Pershing',
  'Interactive Brokers',
  'Vanguard',
  'LPL Financial',
  'Raymond James',
  'TIAA',
] as const;

export const ACCOUNT_REGISTRATION_NAME_MAX = 120;
export const ACCOUNT_CUSTODIAN_MAX = 60;
export const CUSTODIAN_NUMBER_MIN = 4;
export const CUSTODIAN_NUMBER_MAX = 20;
export const ACCOUNT_OWNERS_MAX = 10;
export const TRANSACTION_DESCRIPTION_MAX = 200;
/** $100 billion: more than any one account or transaction. */
export const ACCOUNT_AMOUNT_MAX = '100000000000';
export const HOLDING_QUANTITY_MAX = '1000000000000';
export const HOLDINGS_PER_SNAPSHOT_MAX = 500;

export const ACCOUNT_MESSAGES = {
  created: 'Account added successfully.',
  updated: 'Account updated successfully.',
  deleted: 'Account deleted successfully.',
  notFound: 'Account not found.',
  householdNotFound: 'Household not found.',
  registrationNameRequired: 'Registration name is required.',
  registrationNameOnlySpaces: 'Registration name cannot be only spaces.',
  registrationNameMax: `Registration name can be at most ${ACCOUNT_REGISTRATION_NAME_MAX} characters.`,
  registrationTypeRequired: 'Registration type is required.',
  registrationTypeNotFound: 'Choose a registration type from the list.',
  accountObjectiveNotFound: 'Choose an account objective from the list.',
  custodianRequired: 'Custodian is required.',
  custodianMax: `Custodian can be at most ${ACCOUNT_CUSTODIAN_MAX} characters.`,
  custodianNumberRequired: 'Custodian account number is required.',
  custodianNumberInvalid: `Custodian account number must be ${CUSTODIAN_NUMBER_MIN} to ${CUSTODIAN_NUMBER_MAX} letters, digits or dashes.`,
  custodianNumberTaken: 'An account with this custodian account number already exists.',
  startDateRequired: 'Start date is required.',
  invalidDate: 'Please enter a valid date.',
  statusInvalid: 'Status must be OPEN or CLOSED.',
  closedOnRequired: 'Closing date is required for a closed account.',
  closedOnBeforeStart: 'Closing date cannot be before the start date.',
  closedOnOpen: 'An open account has no closing date.',
  ownersRequired: 'Choose at least one owner.',
  ownersMax: `An account can have at most ${ACCOUNT_OWNERS_MAX} owners.`,
  ownerTwice: 'This member is already an owner.',
  ownerNotMember: 'Choose a member of this household.',
  ownerRoleInvalid: `Role must be one of ${ACCOUNT_OWNER_ROLES.join(', ')}.`,
  inUse: 'This account has holdings or transactions and cannot be deleted. Close it instead.',
  feePayer: 'This account pays the fee of another account and cannot be deleted.',
  billed: 'This account has billing history and cannot be deleted. Close it instead.',
  // Holdings
  holdingsSaved: 'Holdings saved successfully.',
  holdingsDeleted: 'Holdings deleted successfully.',
  snapshotNotFound: 'There are no holdings on this date.',
  productRequired: 'Product is required.',
  productNotFound: 'Choose a product from the list.',
  productTwice: 'This product is already in the holdings.',
  quantityInvalid: 'Quantity must be a number with at most 6 decimals.',
  quantityMax: 'Quantity is too large.',
  holdingsMax: `Enter at most ${HOLDINGS_PER_SNAPSHOT_MAX} holdings.`,
  asOfBeforeStart: 'Holdings cannot be dated before the account started.',
  // Transactions
  transactionAdded: 'Transaction added successfully.',
  transactionDeleted: 'Transaction deleted successfully.',
  transactionNotFound: 'Transaction not found.',
  typeInvalid: `Type must be one of ${TRANSACTION_TYPES.join(', ')}.`,
  tradeDateRequired: 'Trade date is required.',
  amountRequired: 'Amount is required.',
  amountInvalid: 'Amount must be more than $0 with at most 2 decimals.',
  amountMax: 'Amount can be at most $100,000,000,000.',
  productNeeded: 'A buy or a sell names its product.',
  quantityNeeded: 'A buy or a sell names its quantity.',
  descriptionMax: `Description can be at most ${TRANSACTION_DESCRIPTION_MAX} characters.`,
  dateRange: 'The end date cannot be before the start date.',
} as const;

const uuid = (message: string) => z.string({ error: message }).uuid(message);

export const requiredDate = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .refine(isValidIsoDate, ACCOUNT_MESSAGES.invalidDate);

export const optionalDate = z
  .string()
  .trim()
  .refine((v) => v === '' || isValidIsoDate(v), ACCOUNT_MESSAGES.invalidDate)
  .nullish()
  .transform((v) => (v ? v : null));

/** A whole-number-or-decimal string with at most `scale` decimals, answered in its plain form ("10.50" → "10.5"). */
export const decimalText = (value: string, scale: number): string | null => {
  const text = value.trim();
  if (!new RegExp(`^\\d{1,15}(\\.\\d{1,${scale}})?$`).test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const trimmedWhole = whole.replace(/^0+(?=\d)/, '');
  const trimmedFraction = fraction.replace(/0+$/, '');
  return trimmedFraction ? `${trimmedWhole}.${trimmedFraction}` : trimmedWhole;
};

/** Compares two non-negative decimal strings exactly. */
export const compareDecimal = (a: string, b: string): number => {
  const [aw = '0', af = ''] = a.split('.');
  const [bw = '0', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const left = BigInt(aw + af.padEnd(width, '0'));
  const right = BigInt(bw + bf.padEnd(width, '0'));
  return left === right ? 0 : left < right ? -1 : 1;
};

export const quantitySchema = z.string({ error: ACCOUNT_MESSAGES.quantityInvalid }).transform((v, ctx) => {
  const text = decimalText(v, 6);
  if (text === null) {
    ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.quantityInvalid });
    return z.NEVER;
  }
  if (compareDecimal(text, HOLDING_QUANTITY_MAX) > 0) {
    ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.quantityMax });
    return z.NEVER;
  }
  return text;
});

/** Amount of a transaction: more than $0, two decimals, answered as "1234.50". */
export const transactionAmountSchema = z
  .string({ error: ACCOUNT_MESSAGES.amountRequired })
  .trim()
  .min(1, { message: ACCOUNT_MESSAGES.amountRequired, abort: true })
  .transform((value, ctx) => {
    const cents = centsOf(value);
    if (cents === undefined || cents <= 0n) {
      ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.amountInvalid });
      return z.NEVER;
    }
    if (cents > BigInt(ACCOUNT_AMOUNT_MAX) * 100n) {
      ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.amountMax });
      return z.NEVER;
    }
    return formatCents(cents);
  });

/** Normalized custodian number: upper case, spaces removed (what is sealed and hashed). */
export const normalizeCustodianNumber = (value: string) => value.replace(/\s+/g, '').toUpperCase();
const CUSTODIAN_NUMBER = new RegExp(`^[A-Z0-9-]{${CUSTODIAN_NUMBER_MIN},${CUSTODIAN_NUMBER_MAX}}$`);
/** What the screens show of a custodian number: '****1234'. */
export const maskCustodianNumber = (last4: string) => `****${last4}`;
const MASKED_CUSTODIAN_NUMBER = /^\*{4}[A-Z0-9-]{1,4}$/i;
export const isMaskedCustodianNumber = (value: string) => MASKED_CUSTODIAN_NUMBER.test(value.trim());

const custodianNumberSchema = z
  .string({ error: ACCOUNT_MESSAGES.custodianNumberRequired })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, ACCOUNT_MESSAGES.custodianNumberRequired))
  .refine((v) => isMaskedCustodianNumber(v) || CUSTODIAN_NUMBER.test(normalizeCustodianNumber(v)), {
    message: ACCOUNT_MESSAGES.custodianNumberInvalid,
  });

const ownerSchema = z.object({
  memberId: uuid(ACCOUNT_MESSAGES.ownerNotMember),
  role: z.enum(ACCOUNT_OWNER_ROLES, { error: ACCOUNT_MESSAGES.ownerRoleInvalid }),
});

/**
 * An account's form (spec §3 Account: registration, custodian, objective, dates, status, owners). On an edit,
 * the masked custodian number ('****1234') sent back keeps the stored one.
 */
export const accountBodySchema = z
  .object({
    registrationName: z
      .string({ error: ACCOUNT_MESSAGES.registrationNameRequired })
      .min(1, { message: ACCOUNT_MESSAGES.registrationNameRequired, abort: true })
      .refine((v) => v.trim().length > 0, {
        message: ACCOUNT_MESSAGES.registrationNameOnlySpaces,
        abort: true,
      })
      .transform((v) => v.trim())
      .pipe(z.string().max(ACCOUNT_REGISTRATION_NAME_MAX, ACCOUNT_MESSAGES.registrationNameMax)),
    registrationTypeId: serialIdSchema({ message: ACCOUNT_MESSAGES.registrationTypeRequired }),
    custodian: z
      .string({ error: ACCOUNT_MESSAGES.custodianRequired })
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .min(1, ACCOUNT_MESSAGES.custodianRequired)
          .max(ACCOUNT_CUSTODIAN_MAX, ACCOUNT_MESSAGES.custodianMax),
      ),
    custodianNumber: custodianNumberSchema,
    accountObjectiveId: serialIdSchema({ message: ACCOUNT_MESSAGES.accountObjectiveNotFound }).nullish(),
    startDate: requiredDate(ACCOUNT_MESSAGES.startDateRequired),
    status: z.enum(ACCOUNT_STATUSES, { error: ACCOUNT_MESSAGES.statusInvalid }).default('OPEN'),
    closedOn: optionalDate,
    owners: z
      .array(ownerSchema, { error: ACCOUNT_MESSAGES.ownersRequired })
      .min(1, ACCOUNT_MESSAGES.ownersRequired)
      .max(ACCOUNT_OWNERS_MAX, ACCOUNT_MESSAGES.ownersMax),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'CLOSED' && !body.closedOn) {
      ctx.addIssue({ code: 'custom', path: ['closedOn'], message: ACCOUNT_MESSAGES.closedOnRequired });
    }
    if (body.status === 'OPEN' && body.closedOn) {
      ctx.addIssue({ code: 'custom', path: ['closedOn'], message: ACCOUNT_MESSAGES.closedOnOpen });
    }
    if (body.closedOn && body.closedOn < body.startDate) {
      ctx.addIssue({ code: 'custom', path: ['closedOn'], message: ACCOUNT_MESSAGES.closedOnBeforeStart });
    }
    const seen = new Set<string>();
    body.owners.forEach((owner, index) => {
      if (seen.has(owner.memberId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['owners', index, 'memberId'],
          message: ACCOUNT_MESSAGES.ownerTwice,
        });
      }
      seen.add(owner.memberId);
    });
  });
export type AccountBody = z.infer<typeof accountBodySchema>;
export type AccountFormValues = z.input<typeof accountBodySchema>;

export const accountIdParamsSchema = z.object({ accountId: uuid(ACCOUNT_MESSAGES.notFound) });
export const accountSnapshotParamsSchema = accountIdParamsSchema.extend({
  asOf: requiredDate(ACCOUNT_MESSAGES.invalidDate),
});
export const transactionParamsSchema = accountIdParamsSchema.extend({
  transactionId: uuid(ACCOUNT_MESSAGES.transactionNotFound),
});

/** `?date=` of a valuation: any calendar date; today when absent. */
export const valuationQuerySchema = z.object({ date: optionalDate });

export const holdingsBodySchema = z.object({
  positions: z
    .array(
      z.object({
        productId: uuid(ACCOUNT_MESSAGES.productRequired),
        quantity: quantitySchema,
      }),
      { error: ACCOUNT_MESSAGES.productRequired },
    )
    .max(HOLDINGS_PER_SNAPSHOT_MAX, ACCOUNT_MESSAGES.holdingsMax)
    .superRefine((positions, ctx) => {
      const seen = new Set<string>();
      positions.forEach((p, index) => {
        if (seen.has(p.productId)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'productId'],
            message: ACCOUNT_MESSAGES.productTwice,
          });
        }
        seen.add(p.productId);
      });
    }),
});
export type HoldingsBody = z.infer<typeof holdingsBodySchema>;

export const transactionBodySchema = z
  .object({
    type: z.enum(TRANSACTION_TYPES, { error: ACCOUNT_MESSAGES.typeInvalid }),
    tradeDate: requiredDate(ACCOUNT_MESSAGES.tradeDateRequired),
    amount: transactionAmountSchema,
    productId: uuid(ACCOUNT_MESSAGES.productNotFound).nullish(),
    quantity: quantitySchema.nullish(),
    description: z
      .string()
      .trim()
      .max(TRANSACTION_DESCRIPTION_MAX, ACCOUNT_MESSAGES.descriptionMax)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((body, ctx) => {
    if (!SECURITY_TRANSACTION_TYPES.includes(body.type)) return;
    if (!body.productId)
      ctx.addIssue({ code: 'custom', path: ['productId'], message: ACCOUNT_MESSAGES.productNeeded });
    if (!body.quantity)
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: ACCOUNT_MESSAGES.quantityNeeded });
  });
export type TransactionBody = z.infer<typeof transactionBodySchema>;
export type TransactionFormValues = z.input<typeof transactionBodySchema>;

export const transactionListQuerySchema = z
  .object({
    from: optionalDate,
    to: optionalDate,
    type: z.enum(TRANSACTION_TYPES, { error: ACCOUNT_MESSAGES.typeInvalid }).optional(),
    accountId: uuid(ACCOUNT_MESSAGES.notFound).optional(),
    ...pagingShape(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: ACCOUNT_MESSAGES.dateRange });
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

export const valueSeriesQuerySchema = z
  .object({ from: optionalDate, to: optionalDate })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: ACCOUNT_MESSAGES.dateRange });

// ---------------------------------------------------------------------------------------------------------
// Answers

const ref = z.object({ id: z.number(), name: z.string() });
const decimal = z.string();

export const accountOwnerSchema = z.object({
  memberId: z.string(),
  fullName: z.string(),
  role: z.enum(ACCOUNT_OWNER_ROLES),
});

export const accountSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  registrationName: z.string(),
  registrationType: ref.nullable(),
  custodian: z.string(),
  /** Masked: '****1234'. */
  custodianNumber: z.string(),
  accountObjective: ref.nullable(),
  startDate: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  closedOn: z.string().nullable(),
  owners: z.array(accountOwnerSchema),
  reviewStatus: z.enum(['NEEDS_REVIEW', 'REVIEW_DONE', 'READY', 'ADVANCE_REVIEW']),
  reviewReasons: z.array(z.string()),
  reviewSnoozedUntil: z.string().nullable(),
  payMethod: z.string(),
  billingFrequency: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

/** An account with its value on the asked date. */
export const accountValueSchema = accountSchema.extend({
  /** The holdings snapshot the value is from (the latest on or before the date), null when none. */
  asOf: z.string().nullable(),
  marketValue: decimal,
  /** Positions with no price on or before the date (valued at 0). */
  unpricedCount: z.number(),
});
export type AccountValue = z.infer<typeof accountValueSchema>;

export const allocationRowSchema = z.object({
  assetClass: z.string(),
  marketValue: decimal,
  /** Share of the total, percent with two decimals ("41.27"). */
  weight: decimal,
});
export type AllocationRow = z.infer<typeof allocationRowSchema>;

export const managedAccountsSchema = z.object({
  date: z.string(),
  totalValue: decimal,
  accounts: z.array(accountValueSchema),
  allocation: z.array(allocationRowSchema),
});
export type ManagedAccounts = z.infer<typeof managedAccountsSchema>;

export const positionSchema = z.object({
  product: z.object({
    id: z.string(),
    name: z.string(),
    symbol: z.string().nullable(),
    cusip: z.string().nullable(),
    productType: z.string(),
    assetClass: z.string().nullable(),
  }),
  quantity: decimal,
  price: decimal.nullable(),
  priceDate: z.string().nullable(),
  marketValue: decimal,
  weight: decimal,
});
export type Position = z.infer<typeof positionSchema>;

export const holdingsSchema = z.object({
  date: z.string(),
  asOf: z.string().nullable(),
  marketValue: decimal,
  positions: z.array(positionSchema),
  /** Every snapshot date of the account, newest first. */
  snapshots: z.array(z.string()),
});
export type Holdings = z.infer<typeof holdingsSchema>;

export const transactionSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  registrationName: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  tradeDate: z.string(),
  amount: decimal,
  product: z.object({ id: z.string(), name: z.string(), symbol: z.string().nullable() }).nullable(),
  quantity: decimal.nullable(),
  description: z.string().nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const valuePointSchema = z.object({ date: z.string(), value: decimal });
export type ValuePoint = z.infer<typeof valuePointSchema>;

// ---------------------------------------------------------------------------------------------------------
// Positions import (issue 13 §2): a custodian-style positions file for many accounts, as a durable job.

/** 50 MB: a 250,000-line file with long product names. */
export const POSITIONS_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const POSITIONS_IMPORT_MAX_LINES = 1_000_000;
/** Refused lines listed in a report; the count covers them all. */
export const POSITIONS_REFUSED_SHOWN = 1_000;

/** What every file import says of its job and file (positions, carrier statements, prospects). */
export const IMPORT_JOB_MESSAGES = {
  cancelled: 'Import cancelled.',
  notFound: 'Import not found.',
  notWaiting: 'This import is not waiting for confirmation.',
  notCancellable: 'This import has finished and cannot be cancelled.',
  fileRequired: 'Choose a CSV file to import.',
  fileFormat: 'The file must be a CSV file.',
  fileChanged: 'The stored file changed since it was checked. Upload it again.',
} as const;

export const POSITIONS_IMPORT_MESSAGES = {
  ...IMPORT_JOB_MESSAGES,
  queued: 'Positions file received. Checking it now.',
  applying: 'Importing the positions.',
  fileTooLarge: 'The file can be at most 50 MB.',
  fileEmpty: 'The file has no positions.',
  tooManyLines: `The file can have at most ${POSITIONS_IMPORT_MAX_LINES.toLocaleString('en-US')} lines.`,
  missingColumns: (names: string) => `The file's first line must name its columns; missing: ${names}.`,
  // Line by line
  accountMissing: 'The account number is missing.',
  accountUnknown: 'No account has this custodian account number.',
  identifierMissing: 'The symbol or CUSIP is missing.',
  productUnknown: 'No product has this symbol or CUSIP.',
  quantityInvalid: 'The quantity must be a number with at most 6 decimals.',
  priceInvalid: 'The price must be a positive number with at most 6 decimals.',
  dateInvalid: 'The date must be a date like 2026-03-31 or 03/31/2026.',
  dateFuture: 'The date cannot be after today.',
  dateBeforeStart: "The date is before the account's start date.",
  duplicate: 'This product is already on an earlier line for this account and date.',
} as const;

export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'WAITING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_STATUS_LABELS: Readonly<Record<JobStatus, string>> = {
  QUEUED: 'Queued',
  RUNNING: 'Running',
  WAITING: 'Ready to import',
  SUCCEEDED: 'Imported',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};

const snapshotCountsSchema = z.object({ new: z.number(), changed: z.number(), unchanged: z.number() });

export const positionsReportSchema = z.object({
  fileName: z.string(),
  rows: z.number(),
  accepted: z.number(),
  refusedCount: z.number(),
  refused: z.array(
    z.object({
      line: z.number(),
      account: z.string().nullable(),
      identifier: z.string().nullable(),
      message: z.string(),
    }),
  ),
  /** Account numbers no account has (masked), with how many lines name each. */
  unknownAccounts: z.array(z.object({ account: z.string(), lines: z.number() })),
  unknownProducts: z.array(z.object({ identifier: z.string(), lines: z.number() })),
  accounts: z.number(),
  dates: z.array(z.string()),
  /** What importing will do (the preview) or did (once applied), per account and date. */
  snapshots: snapshotCountsSchema,
  /** Prices the file brings for dates with none yet. */
  prices: z.number(),
  applied: snapshotCountsSchema.nullable(),
});
export type PositionsReport = z.infer<typeof positionsReportSchema>;

export const importJobSchema = z.object({
  id: z.string(),
  status: z.enum(JOB_STATUSES),
  phase: z.string(),
  progressDone: z.number(),
  progressTotal: z.number(),
  fileName: z.string(),
  error: z.string().nullable(),
  report: positionsReportSchema.nullable(),
  createdBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importJobParamsSchema = z.object({ id: uuid(POSITIONS_IMPORT_MESSAGES.notFound) });
export const importJobListQuerySchema = z.object({ ...pagingShape() });
