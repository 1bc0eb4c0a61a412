import { FREQUENCIES, TIMINGS, type Frequency, type Timing } from '@centric/billing';
import { z } from 'zod';
import { optionalDate, requiredDate } from './accounts-api.ts';
import { listQueryShape } from './list-query.ts';
import { boundedDecimal, hundredthsOf } from './strategies-api.ts';

/**
 * Billing setup (issue 14; spec §2 /billing/households, /billing/accounts and their tabs, §3 Payout block,
 * Fee (account), ACH account, Household billing list, §4, §5 Billing and money): the account's fee setting,
 * the household's billing information, payout blocks, ACH bank accounts, and the readiness of each billing
 * unit (a household with accounts).
 */

// ---------------------------------------------------------------------------------------------------------
// Enumerations

/** Spec §3 Enumerations: payment methods. */
export const PAY_METHODS = ['UNASSIGNED', 'ACH', 'INDIRECT'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
export const PAY_METHOD_LABELS: Readonly<Record<PayMethod, string>> = {
  UNASSIGNED: 'Unassigned',
  ACH: 'ACH',
  INDIRECT: 'Indirect',
};

/** The account's billing frequency (decided: MONTHLY to ANNUAL, the engine's frequencies). */
export const BILLING_FREQUENCIES = FREQUENCIES;
export type BillingFrequency = Frequency;
export const BILLING_FREQUENCY_LABELS: Readonly<Record<BillingFrequency, string>> = {
  MONTHLY: 'Monthly',
  QUARTERLY: 'Quarterly',
  SEMI_ANNUAL: 'Semi-annual',
  ANNUAL: 'Annual',
};

/** ARREARS bills a period after it ends on its end value; ADVANCE bills it ahead on the prior period's end. */
export const BILLING_TIMINGS = TIMINGS;
export type BillingTiming = Timing;
export const BILLING_TIMING_LABELS: Readonly<Record<BillingTiming, string>> = {
  ARREARS: 'Arrears',
  ADVANCE: 'Advance',
};

/** The value a bill is computed on (spec §3 Enumerations: PERIOD_END_VALUE, the only one). */
export const BILLING_VALUATIONS = ['PERIOD_END_VALUE'] as const;

/** Spec §3 Enumerations: bank account types. */
export const ACH_ACCOUNT_TYPES = ['CHECKING', 'SAVINGS'] as const;
export type AchAccountType = (typeof ACH_ACCOUNT_TYPES)[number];
export const ACH_ACCOUNT_TYPE_LABELS: Readonly<Record<AchAccountType, string>> = {
  CHECKING: 'Checking',
  SAVINGS: 'Savings',
};

/** Spec §3 Payout block payoutBlockPaymentType, spelled as the spec spells it. */
export const PAYOUT_PAYMENT_TYPES = ['Number_Of_Payments', 'Forever'] as const;
export type PayoutPaymentType = (typeof PAYOUT_PAYMENT_TYPES)[number];
export const PAYOUT_PAYMENT_TYPE_LABELS: Readonly<Record<PayoutPaymentType, string>> = {
  Number_Of_Payments: 'Number of payments',
  Forever: 'Forever',
};

/** What a payee is paid as: one of the household's advisor roles, another user, or the firm itself. */
export const PAYOUT_TYPES = [
  'WEALTH_ADVISOR_1',
  'WEALTH_ADVISOR_2',
  'WEALTH_ADVISOR_3',
  'BUSINESS_DEVELOPER',
  'SOLICITOR',
  'OTHER',
  'FIRM',
] as const;
export type PayoutType = (typeof PAYOUT_TYPES)[number];
export const PAYOUT_TYPE_LABELS: Readonly<Record<PayoutType, string>> = {
  WEALTH_ADVISOR_1: 'Wealth Advisor 1',
  WEALTH_ADVISOR_2: 'Wealth Advisor 2',
  WEALTH_ADVISOR_3: 'Wealth Advisor 3',
  BUSINESS_DEVELOPER: 'Business Developer',
  SOLICITOR: 'Solicitor',
  OTHER: 'Other',
  FIRM: 'The firm',
};

export const PAYOUT_PAYMENTS_MAX = 60;

// ---------------------------------------------------------------------------------------------------------
// Readiness (one rule set, computed on the server: billing-readiness.ts)

/** Spec §3 Enumerations: billing status. */
export const BILLING_STATUSES = ['READY', 'REQUIRES_ATTENTION'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];
export const BILLING_STATUS_LABELS: Readonly<Record<BillingStatus, string>> = {
  READY: 'Ready to bill',
  REQUIRES_ATTENTION: 'Requires attention',
};

/**
 * Why a unit is not ready, in two kinds: BLOCKS (runs skip the unit until it is fixed) and ATTENTION (it is
 * still billed; a payout problem never stops a client's bill).
 */
export const READINESS_REASONS = [
  'NO_FEE_SCHEDULE',
  'PAY_METHOD_UNASSIGNED',
  'INDIRECT_NO_PAYER',
  'INDIRECT_PAYER_CLOSED',
  'ACH_NO_BANK_ACCOUNT',
  'NO_PAYOUT_BLOCKS',
  'PAYOUT_BELOW_100',
  'NO_VALUE',
  'MINIMUM_WITHOUT_VALUE',
] as const;
export type ReadinessReason = (typeof READINESS_REASONS)[number];
export const READINESS_KINDS = ['BLOCKS', 'ATTENTION'] as const;
export type ReadinessKind = (typeof READINESS_KINDS)[number];
export const READINESS_REASON_KINDS: Readonly<Record<ReadinessReason, ReadinessKind>> = {
  NO_FEE_SCHEDULE: 'BLOCKS',
  PAY_METHOD_UNASSIGNED: 'BLOCKS',
  INDIRECT_NO_PAYER: 'BLOCKS',
  INDIRECT_PAYER_CLOSED: 'BLOCKS',
  ACH_NO_BANK_ACCOUNT: 'BLOCKS',
  NO_PAYOUT_BLOCKS: 'ATTENTION',
  PAYOUT_BELOW_100: 'ATTENTION',
  NO_VALUE: 'ATTENTION',
  MINIMUM_WITHOUT_VALUE: 'ATTENTION',
};
/** The reasons' labels, as filters and badges show them. */
export const READINESS_REASON_LABELS: Readonly<Record<ReadinessReason, string>> = {
  NO_FEE_SCHEDULE: 'Account without a fee schedule',
  PAY_METHOD_UNASSIGNED: 'Pay method unassigned',
  INDIRECT_NO_PAYER: 'Indirect without a fee-paying account',
  INDIRECT_PAYER_CLOSED: 'Fee-paying account closed',
  ACH_NO_BANK_ACCOUNT: 'ACH without a bank account',
  NO_PAYOUT_BLOCKS: 'No payout blocks',
  PAYOUT_BELOW_100: 'Payout blocks under 100%',
  NO_VALUE: 'Account with no value',
  MINIMUM_WITHOUT_VALUE: 'Annual minimum with no billable value',
};

export const readinessItemSchema = z.object({
  code: z.enum(READINESS_REASONS),
  kind: z.enum(READINESS_KINDS),
  /** The sentence shown on the row: names the account and, for payouts, the residual. */
  message: z.string(),
  accountId: z.string().nullable(),
});
export type ReadinessItem = z.infer<typeof readinessItemSchema>;

// ---------------------------------------------------------------------------------------------------------
// Messages (spec §5 Billing and money; §4)

export const ACH_NAME_MAX = 15;
export const ACH_ADDRESS_MAX = 50;
export const ACH_CITY_MAX = 30;
export const ACH_STATE_MAX = 50;
export const ACH_COUNTRY_MAX = 50;
export const ACH_EMAIL_MAX = 255;
export const ACH_ACCOUNT_NUMBER_MAX = 17;

export const BILLING_SETUP_MESSAGES = {
  // Fee (account)
  billingUpdated: 'Billing updated successfully.',
  payMethodRequired: 'Pay method is required.',
  payMethodInvalid: `Pay method must be one of ${PAY_METHODS.join(', ')}.`,
  frequencyRequired: 'Frequency is required.',
  frequencyInvalid: `Frequency must be one of ${BILLING_FREQUENCIES.join(', ')}.`,
  timingInvalid: `Timing must be ${BILLING_TIMINGS.join(' or ')}.`,
  startDateRequired: 'Start date is required.',
  feePayingAccountRequired: 'Fee paying account is required.',
  feePayingAccountNotFound: 'Choose a fee paying account from the list.',
  feePayingAccountClosed: 'The fee paying account is closed: choose an open account.',
  feePayingAccountOnlyIndirect: 'Only an INDIRECT pay method has a fee paying account.',
  feePayingAccountPaysOthers:
    'This account pays its fee through another account: it cannot pay for others until it pays its own.',
  feeScheduleNotFound: 'Choose a fee schedule from the list.',
  accountNotFound: 'Account not found.',
  // Bulk schedule assignment
  scheduleAssigned: (n: number) => `Fee schedule assigned to ${n} ${n === 1 ? 'account' : 'accounts'}.`,
  accountsRequired: 'Choose at least one account.',
  accountsMax: 'Choose at most 500 accounts at once.',
  // Household billing information
  billingInfoUpdated: 'Billing information updated successfully.',
  billingContactNotFound: 'Choose a member of this household.',
  householdNotFound: 'Household not found.',
  // Payout blocks
  payoutCreated: 'Payout block added successfully.',
  payoutUpdated: 'Payout block updated successfully.',
  payoutDeleted: 'Payout block deleted successfully.',
  payoutNotFound: 'Payout block not found.',
  payoutTypeRequired: 'Type is required.',
  payoutTypeInvalid: `Type must be one of ${PAYOUT_TYPES.join(', ')}.`,
  payeeRequired: 'Payee is required.',
  payeeNotFound: 'Choose an active user as the payee.',
  payeeFirmHasNone: 'The firm is paid as itself: leave the payee empty.',
  payoutPercentageRange: 'Payout percentage must be between 0 and 100.',
  creditToRange: 'Credit to must be between 0 and 100.',
  payoutStartDateRequired: 'Start date is required.',
  paymentTypeRequired: 'Payment type is required.',
  paymentTypeInvalid: `Payment type must be ${PAYOUT_PAYMENT_TYPES.join(' or ')}.`,
  numberOfPaymentsRequired: 'Number of payments is required.',
  numberOfPaymentsRange: `Number of payments must be between 1 and ${PAYOUT_PAYMENTS_MAX}.`,
  numberOfPaymentsForever: 'A payout paid forever has no number of payments.',
  numberOfPaymentsBelowUsed: (used: number) =>
    `${used} ${used === 1 ? 'payment has' : 'payments have'} already been paid: the number of payments cannot be lower.`,
  payoutTotalAbove100: (total: string) =>
    `The payout blocks active together would total ${total}%, more than 100%: lower a percentage or end a block first.`,
  payoutPaidNotDeletable: 'This payout block has paid out already: it cannot be deleted.',
  // ACH accounts (spec §5 ACH)
  achCreated: 'ACH account added successfully.',
  achUpdated: 'ACH account updated successfully.',
  achDeleted: 'ACH account deleted successfully.',
  achNotFound: 'ACH account not found.',
  achAccountTypeRequired: 'Account type is required.',
  achAccountTypeInvalid: `Account type must be ${ACH_ACCOUNT_TYPES.join(' or ')}.`,
  accountNumberRequired: 'Account number is required.',
  accountNumberInvalid: `Account number must be a positive number of at most ${ACH_ACCOUNT_NUMBER_MAX} digits.`,
  routingNumberRequired: 'Routing number is required.',
  routingNumberInvalid: 'Routing number must be exactly 9 digits.',
  routingNumberChecksum: 'Routing number is not a valid ABA routing number.',
  firstNameRequired: 'First name is required.',
  firstNameMax: `First name can be at most ${ACH_NAME_MAX} characters.`,
  lastNameRequired: 'Last name is required.',
  lastNameMax: `Last name can be at most ${ACH_NAME_MAX} characters.`,
  addressRequired: 'Billing address is required.',
  addressMax: `Address can be at most ${ACH_ADDRESS_MAX} characters.`,
  cityRequired: 'City is required.',
  cityMax: `City can be at most ${ACH_CITY_MAX} characters.`,
  stateRequired: 'State is required.',
  stateMax: `State can be at most ${ACH_STATE_MAX} characters.`,
  countryMax: `Country can be at most ${ACH_COUNTRY_MAX} characters.`,
  emailRequired: 'Email address is required.',
  emailMax: `Email can be at most ${ACH_EMAIL_MAX} characters.`,
  emailInvalid: 'Please enter a valid email address.',
  phoneInvalid: 'Phone number must be 10 digits.',
  zipInvalid: 'Zip code must be 4 or 5 digits.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Rules shared by the forms and the server

/** ABA routing number check: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export const isValidRoutingNumber = (value: string) => {
  // All zeros passes the sum but is no bank.
  if (!/^\d{9}$/.test(value) || value === '000000000') return false;
  const d = [...value].map(Number) as number[];
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
};

/** '****6789': what is shown of a sealed bank number. */
export const maskBankNumber = (last4: string) => `****${last4}`;

const text = (required: string, max: number, maxMessage: string) =>
  z.string({ error: required }).trim().min(1, { message: required, abort: true }).max(max, maxMessage);

const optionalText = (max: number, maxMessage: string) =>
  z
    .string()
    .trim()
    .max(max, maxMessage)
    .nullish()
    .transform((v) => (v ? v : null));

const uuid = (message: string) => z.string({ error: message }).uuid(message);

// ---------------------------------------------------------------------------------------------------------
// Bodies

/** Spec §4: INDIRECT needs a fee-paying account, and no other pay method names one (accounts, planning fees). */
export const checkFeePayingAccount = (
  body: { payMethod: PayMethod; feePayingAccountId: string | null },
  ctx: z.RefinementCtx,
) => {
  if (body.payMethod === 'INDIRECT' && !body.feePayingAccountId) {
    ctx.addIssue({
      code: 'custom',
      path: ['feePayingAccountId'],
      message: BILLING_SETUP_MESSAGES.feePayingAccountRequired,
    });
  }
  if (body.payMethod !== 'INDIRECT' && body.feePayingAccountId) {
    ctx.addIssue({
      code: 'custom',
      path: ['feePayingAccountId'],
      message: BILLING_SETUP_MESSAGES.feePayingAccountOnlyIndirect,
    });
  }
};

/** PUT /api/billing/accounts/:accountId/billing (spec §3 Fee (account); §4 INDIRECT needs the paying account). */
export const accountBillingBodySchema = z
  .object({
    feeScheduleId: uuid(BILLING_SETUP_MESSAGES.feeScheduleNotFound)
      .nullish()
      .transform((v) => v ?? null),
    payMethod: z.enum(PAY_METHODS, { error: BILLING_SETUP_MESSAGES.payMethodRequired }),
    frequency: z.enum(BILLING_FREQUENCIES, { error: BILLING_SETUP_MESSAGES.frequencyInvalid }),
    timing: z.enum(BILLING_TIMINGS, { error: BILLING_SETUP_MESSAGES.timingInvalid }).default('ARREARS'),
    startDate: requiredDate(BILLING_SETUP_MESSAGES.startDateRequired),
    feePayingAccountId: uuid(BILLING_SETUP_MESSAGES.feePayingAccountNotFound)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine(checkFeePayingAccount);
export type AccountBillingBody = z.infer<typeof accountBillingBodySchema>;
export type AccountBillingFormValues = z.input<typeof accountBillingBodySchema>;

/** POST /api/billing/accounts/assign-schedule: one schedule for many accounts (one audited change each). */
export const assignScheduleBodySchema = z.object({
  accountIds: z
    .array(uuid(BILLING_SETUP_MESSAGES.accountNotFound), { error: BILLING_SETUP_MESSAGES.accountsRequired })
    .min(1, BILLING_SETUP_MESSAGES.accountsRequired)
    .max(500, BILLING_SETUP_MESSAGES.accountsMax),
  feeScheduleId: uuid(BILLING_SETUP_MESSAGES.feeScheduleNotFound),
});
export type AssignScheduleBody = z.infer<typeof assignScheduleBodySchema>;

/**
 * PUT /api/billing/households/:clientId/billing-info: the unit's billing contact and the defaults its new
 * accounts take (pay method, frequency, timing, start date); `applyToAccounts` also sets them on every open
 * account (one audited change each; an INDIRECT default keeps each account's own paying account).
 */
export const householdBillingBodySchema = z.object({
  billingContactMemberId: uuid(BILLING_SETUP_MESSAGES.billingContactNotFound)
    .nullish()
    .transform((v) => v ?? null),
  payMethod: z.enum(PAY_METHODS, { error: BILLING_SETUP_MESSAGES.payMethodRequired }),
  frequency: z.enum(BILLING_FREQUENCIES, { error: BILLING_SETUP_MESSAGES.frequencyInvalid }),
  timing: z.enum(BILLING_TIMINGS, { error: BILLING_SETUP_MESSAGES.timingInvalid }).default('ARREARS'),
  startDate: optionalDate,
  applyToAccounts: z.boolean().default(false),
});
export type HouseholdBillingBody = z.infer<typeof householdBillingBodySchema>;
export type HouseholdBillingFormValues = z.input<typeof householdBillingBodySchema>;

/** POST/PATCH payout blocks (spec §3 Payout block, §4, §5 Payout). */
export const payoutBlockBodySchema = z
  .object({
    type: z.enum(PAYOUT_TYPES, { error: BILLING_SETUP_MESSAGES.payoutTypeRequired }),
    payeeId: uuid(BILLING_SETUP_MESSAGES.payeeNotFound)
      .nullish()
      .transform((v) => v ?? null),
    payoutPercentage: boundedDecimal('0', '100', 2, BILLING_SETUP_MESSAGES.payoutPercentageRange),
    creditTo: boundedDecimal('0', '100', 2, BILLING_SETUP_MESSAGES.creditToRange),
    startDate: requiredDate(BILLING_SETUP_MESSAGES.payoutStartDateRequired),
    payoutBlockPaymentType: z.enum(PAYOUT_PAYMENT_TYPES, {
      error: BILLING_SETUP_MESSAGES.paymentTypeRequired,
    }),
    numberOfPayments: z
      .number({ error: BILLING_SETUP_MESSAGES.numberOfPaymentsRange })
      .int(BILLING_SETUP_MESSAGES.numberOfPaymentsRange)
      .min(1, BILLING_SETUP_MESSAGES.numberOfPaymentsRange)
      .max(PAYOUT_PAYMENTS_MAX, BILLING_SETUP_MESSAGES.numberOfPaymentsRange)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'FIRM' && body.payeeId) {
      ctx.addIssue({ code: 'custom', path: ['payeeId'], message: BILLING_SETUP_MESSAGES.payeeFirmHasNone });
    }
    if (body.type !== 'FIRM' && !body.payeeId) {
      ctx.addIssue({ code: 'custom', path: ['payeeId'], message: BILLING_SETUP_MESSAGES.payeeRequired });
    }
    if (body.payoutBlockPaymentType === 'Number_Of_Payments' && body.numberOfPayments === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['numberOfPayments'],
        message: BILLING_SETUP_MESSAGES.numberOfPaymentsRequired,
      });
    }
    if (body.payoutBlockPaymentType === 'Forever' && body.numberOfPayments !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['numberOfPayments'],
        message: BILLING_SETUP_MESSAGES.numberOfPaymentsForever,
      });
    }
  });
export type PayoutBlockBody = z.infer<typeof payoutBlockBodySchema>;
export type PayoutBlockFormValues = z.input<typeof payoutBlockBodySchema>;

/** POST/PATCH ACH accounts (spec §3 ACH account, §5 ACH). Numbers are digits only; shown masked after. */
export const achAccountBodySchema = z.object({
  achAccountType: z.enum(ACH_ACCOUNT_TYPES, { error: BILLING_SETUP_MESSAGES.achAccountTypeRequired }),
  /** On a change, omitted (or null) keeps the stored number. */
  accountNumber: z
    .string({ error: BILLING_SETUP_MESSAGES.accountNumberRequired })
    .trim()
    .min(1, { message: BILLING_SETUP_MESSAGES.accountNumberRequired, abort: true })
    .refine((v) => /^\d{1,17}$/.test(v) && /[1-9]/.test(v), BILLING_SETUP_MESSAGES.accountNumberInvalid)
    .nullish()
    .transform((v) => v ?? null),
  routingNumber: z
    .string({ error: BILLING_SETUP_MESSAGES.routingNumberRequired })
    .trim()
    .min(1, { message: BILLING_SETUP_MESSAGES.routingNumberRequired, abort: true })
    .regex(/^\d{9}$/, { message: BILLING_SETUP_MESSAGES.routingNumberInvalid, abort: true })
    .refine(isValidRoutingNumber, BILLING_SETUP_MESSAGES.routingNumberChecksum)
    .nullish()
    .transform((v) => v ?? null),
  firstName: text(
    BILLING_SETUP_MESSAGES.firstNameRequired,
    ACH_NAME_MAX,
    BILLING_SETUP_MESSAGES.firstNameMax,
  ),
  lastName: text(BILLING_SETUP_MESSAGES.lastNameRequired, ACH_NAME_MAX, BILLING_SETUP_MESSAGES.lastNameMax),
  billingAddressLine1: text(
    BILLING_SETUP_MESSAGES.addressRequired,
    ACH_ADDRESS_MAX,
    BILLING_SETUP_MESSAGES.addressMax,
  ),
  billingAddressLine2: optionalText(ACH_ADDRESS_MAX, BILLING_SETUP_MESSAGES.addressMax),
  city: text(BILLING_SETUP_MESSAGES.cityRequired, ACH_CITY_MAX, BILLING_SETUP_MESSAGES.cityMax),
  state: text(BILLING_SETUP_MESSAGES.stateRequired, ACH_STATE_MAX, BILLING_SETUP_MESSAGES.stateMax),
  country: optionalText(ACH_COUNTRY_MAX, BILLING_SETUP_MESSAGES.countryMax),
  emailAddress: z
    .string({ error: BILLING_SETUP_MESSAGES.emailRequired })
    .trim()
    .min(1, { message: BILLING_SETUP_MESSAGES.emailRequired, abort: true })
    .max(ACH_EMAIL_MAX, { message: BILLING_SETUP_MESSAGES.emailMax, abort: true })
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, BILLING_SETUP_MESSAGES.emailInvalid),
  phoneNumber: z
    .string({ error: BILLING_SETUP_MESSAGES.phoneInvalid })
    .trim()
    .transform((v) => v.replace(/[\s().-]/g, ''))
    .refine((v) => /^\d{10}$/.test(v), BILLING_SETUP_MESSAGES.phoneInvalid),
  zip: z
    .string({ error: BILLING_SETUP_MESSAGES.zipInvalid })
    .trim()
    .regex(/^\d{4,5}$/, BILLING_SETUP_MESSAGES.zipInvalid),
});
export type AchAccountBody = z.infer<typeof achAccountBodySchema>;
export type AchAccountFormValues = z.input<typeof achAccountBodySchema>;

// ---------------------------------------------------------------------------------------------------------
// Lists

export const BILLING_HOUSEHOLD_SORT_KEYS = ['unitId', 'name', 'accounts', 'wealthAdvisor', 'status'] as const;
export const BILLING_HOUSEHOLD_STATUSES = ['ACTIVE', 'INACTIVE', 'ALL'] as const;

const flag = z
  .enum(['true', 'false'], { error: 'Use true or false.' })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

/**
 * GET /api/billing/households (spec §7 household billing list: householdStatus, billingStatus,
 * missingFeeSchedule, missingPayoutBlocks, subType; decided: subType is one readiness reason).
 */
export const billingHouseholdsQuerySchema = z.object({
  householdStatus: z.enum(BILLING_HOUSEHOLD_STATUSES).default('ACTIVE'),
  billingStatus: z.enum(BILLING_STATUSES).optional(),
  missingFeeSchedule: flag,
  missingPayoutBlocks: flag,
  subType: z.enum(READINESS_REASONS).optional(),
  search: z.string().trim().max(100).optional(),
  ...listQueryShape({
    sortKeys: BILLING_HOUSEHOLD_SORT_KEYS,
    defaultSort: { sortBy: 'unitId', order: 'ASC' },
  }),
});
export type BillingHouseholdsQuery = z.infer<typeof billingHouseholdsQuerySchema>;
/** GET /api/billing/households/export: the list's filters and order, every match, as CSV or XLSX. */
export const billingHouseholdsExportQuerySchema = billingHouseholdsQuerySchema
  .omit({ page: true, limit: true })
  .extend({ format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx.' }) });
export type BillingHouseholdsExportQuery = z.infer<typeof billingHouseholdsExportQuerySchema>;

export const BILLING_ACCOUNT_SORT_KEYS = [
  'registrationName',
  'household',
  'custodian',
  'feeSchedule',
  'payMethod',
  'frequency',
] as const;
/** What an account's billing setup lacks (the accounts list's "missing" filter). */
export const BILLING_ACCOUNT_MISSING = ['FEE_SCHEDULE', 'PAY_METHOD', 'FEE_PAYING_ACCOUNT'] as const;
export type BillingAccountMissing = (typeof BILLING_ACCOUNT_MISSING)[number];
export const BILLING_ACCOUNT_MISSING_LABELS: Readonly<Record<BillingAccountMissing, string>> = {
  FEE_SCHEDULE: 'No fee schedule',
  PAY_METHOD: 'Pay method unassigned',
  FEE_PAYING_ACCOUNT: 'Indirect without a paying account',
};

/** GET /api/billing/accounts (spec §2 /billing/accounts, default sortBy=registrationName&order=ASC). */
export const billingAccountsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  clientId: z.uuid('Household not found.').optional(),
  status: z.enum(['OPEN', 'CLOSED', 'ALL']).default('OPEN'),
  missing: z.enum(BILLING_ACCOUNT_MISSING).optional(),
  feeScheduleId: z.uuid(BILLING_SETUP_MESSAGES.feeScheduleNotFound).optional(),
  payMethod: z.enum(PAY_METHODS).optional(),
  ...listQueryShape({
    sortKeys: BILLING_ACCOUNT_SORT_KEYS,
    defaultSort: { sortBy: 'registrationName', order: 'ASC' },
  }),
});
export type BillingAccountsQuery = z.infer<typeof billingAccountsQuerySchema>;
/** GET /api/billing/accounts/export: the list's filters and order, every match, as CSV or XLSX. */
export const billingAccountsExportQuerySchema = billingAccountsQuerySchema
  .omit({ page: true, limit: true })
  .extend({ format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx.' }) });
export type BillingAccountsExportQuery = z.infer<typeof billingAccountsExportQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers

const ref = z.object({ id: z.string(), name: z.string() });
const person = z.object({ id: z.string(), fullName: z.string() });

export const accountBillingSchema = z.object({
  accountId: z.string(),
  clientId: z.string(),
  household: z.string(),
  unitId: z.number(),
  registrationName: z.string(),
  custodian: z.string(),
  custodianNumber: z.string(),
  status: z.enum(['OPEN', 'CLOSED']),
  feeSchedule: ref.nullable(),
  payMethod: z.enum(PAY_METHODS),
  frequency: z.enum(BILLING_FREQUENCIES),
  timing: z.enum(BILLING_TIMINGS),
  valuation: z.enum(BILLING_VALUATIONS),
  startDate: z.string().nullable(),
  feePayingAccount: z
    .object({ id: z.string(), registrationName: z.string(), clientId: z.string(), household: z.string() })
    .nullable(),
  /** Accounts whose fee this account pays (INDIRECT through it), of any household. */
  paysFor: z.array(
    z.object({ id: z.string(), registrationName: z.string(), clientId: z.string(), household: z.string() }),
  ),
});
export type AccountBilling = z.infer<typeof accountBillingSchema>;

export const householdBillingSchema = z.object({
  clientId: z.string(),
  unitId: z.number(),
  name: z.string(),
  status: z.string(),
  billingContact: person.nullable(),
  payMethod: z.enum(PAY_METHODS),
  frequency: z.enum(BILLING_FREQUENCIES),
  timing: z.enum(BILLING_TIMINGS),
  startDate: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type HouseholdBilling = z.infer<typeof householdBillingSchema>;

export const payoutBlockSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  accountId: z.string().nullable(),
  type: z.enum(PAYOUT_TYPES),
  payee: person.nullable(),
  payoutPercentage: z.string(),
  creditTo: z.string(),
  startDate: z.string(),
  payForever: z.boolean(),
  payoutBlockPaymentType: z.enum(PAYOUT_PAYMENT_TYPES),
  numberOfPayments: z.number().nullable(),
  /** Payments made (locked live bills that included the block). */
  paymentsMade: z.number(),
  /** Counts in the readiness period: started by its end and not yet paid out. */
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PayoutBlock = z.infer<typeof payoutBlockSchema>;

/** A list of payout blocks with the spec's totals (of the blocks active in the readiness period). */
export const payoutBlockListSchema = z.object({
  blocks: z.array(payoutBlockSchema),
  payoutPercentageTotal: z.string(),
  creditToTotal: z.string(),
  /** What the active blocks leave to the firm ("0" when they total 100). */
  firmResidual: z.string(),
  period: z.object({ start: z.string(), end: z.string() }),
  /** The household's advisor team in the payout types' roles (active users): a new block's payee by type. */
  team: z.array(
    z.object({ type: z.enum(PAYOUT_TYPES), payee: z.object({ id: z.string(), fullName: z.string() }) }),
  ),
});
export type PayoutBlockList = z.infer<typeof payoutBlockListSchema>;

export const achAccountSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  achAccountType: z.enum(ACH_ACCOUNT_TYPES),
  /** Masked: '****6789'. */
  accountNumber: z.string(),
  routingNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  billingAddressLine1: z.string(),
  billingAddressLine2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  country: z.string().nullable(),
  emailAddress: z.string(),
  phoneNumber: z.string(),
  zip: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AchAccount = z.infer<typeof achAccountSchema>;

export const billingHouseholdRowSchema = z.object({
  clientId: z.string(),
  unitId: z.number(),
  name: z.string(),
  householdStatus: z.string(),
  wealthAdvisor: person.nullable(),
  accounts: z.number(),
  openAccounts: z.number(),
  billingStatus: z.enum(BILLING_STATUSES),
  /** True when a BLOCKS reason stands: runs skip the unit. */
  blocked: z.boolean(),
  /** Every open account billed live for the period already (not an error: the unit shows as billed). */
  billed: z.boolean(),
  missingFeeSchedule: z.boolean(),
  missingPayoutBlocks: z.boolean(),
  reasons: z.array(readinessItemSchema),
  checkedAt: z.string().nullable(),
});
export type BillingHouseholdRow = z.infer<typeof billingHouseholdRowSchema>;

/** The header figures of /billing/households (spec §3 Household billing list), under the householdStatus. */
export const billingSummarySchema = z.object({
  totalHouseholds: z.number(),
  readyToBill: z.number(),
  requiresAttention: z.number(),
  missingFeeSchedule: z.number(),
  missingPayoutBlocks: z.number(),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

/** The readiness of one unit, with the period it was judged for. */
export const unitReadinessSchema = z.object({
  billingStatus: z.enum(BILLING_STATUSES),
  blocked: z.boolean(),
  /** Every open account billed live for the period already. */
  billed: z.boolean(),
  reasons: z.array(readinessItemSchema),
  period: z.object({ start: z.string(), end: z.string() }),
  checkedAt: z.string().nullable(),
});
export type UnitReadiness = z.infer<typeof unitReadinessSchema>;

/** Sums two-decimal percent strings ("33.33" + "66.67" → "100"). */
export const percentTotal = (values: readonly string[]) => {
  const hundredths = hundredthsOf(values);
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
};

// ---------------------------------------------------------------------------------------------------------
// The projected fee of a unit (issue 14 §7: every fee figure from the engine, through one reader of a unit's
// billing inputs that the bill runs use too)

export const PROJECTION_SKIP_REASONS = [
  'NO_FEE_SCHEDULE',
  'PAY_METHOD_UNASSIGNED',
  'STARTS_AFTER_PERIOD',
] as const;
export type ProjectionSkipReason = (typeof PROJECTION_SKIP_REASONS)[number];
export const PROJECTION_SKIP_LABELS: Readonly<Record<ProjectionSkipReason, string>> = {
  NO_FEE_SCHEDULE: 'No fee schedule: not billed',
  PAY_METHOD_UNASSIGNED: 'Pay method unassigned: not billed',
  STARTS_AFTER_PERIOD: 'Billing starts after the period',
};

const feeLineSchema = z.object({
  minimum: z.string(),
  maximum: z.string(),
  base: z.string(),
  rate: z.string(),
  amount: z.string(),
});

export const projectedFeeSchema = z.object({
  /** The day the projection was made for (today): values are the latest known on each valuation date. */
  asOf: z.string(),
  amount: z.string(),
  groups: z.array(
    z.object({
      /** PERCENTAGE rates are in basis points; FIXED rates are dollars a year. */
      schedule: z.object({ id: z.string(), name: z.string(), type: z.enum(['PERCENTAGE', 'FIXED']) }),
      /** The accounts on the schedule together (householding): the tiers apply to it. */
      billableValue: z.string(),
      annualAmount: z.string(),
      lines: z.array(feeLineSchema),
      periods: z.array(
        z.object({
          frequency: z.enum(BILLING_FREQUENCIES),
          timing: z.enum(BILLING_TIMINGS),
          periodStart: z.string(),
          periodEnd: z.string(),
          valuationDate: z.string(),
          billableValue: z.string(),
          annualShare: z.string(),
          amount: z.string(),
          accounts: z.array(
            z.object({
              id: z.string(),
              registrationName: z.string(),
              billableValue: z.string(),
              /** Left out of the fee by the unit's exclusions (FEE or BOTH) on the valuation date: "0.00" when none. */
              excluded: z.string(),
              amount: z.string(),
              /** DIRECT: the account pays its own fee; INDIRECT: another account pays it. */
              line: z.enum(['DIRECT', 'INDIRECT']),
              paidBy: z.object({ id: z.string(), registrationName: z.string() }),
              /** The account payees sharing this fee, each its exact share; absent when the payer pays it all. */
              split: z
                .array(
                  z.object({
                    id: z.string(),
                    registrationName: z.string(),
                    payPercent: z.string(),
                    amount: z.string(),
                  }),
                )
                .optional(),
            }),
          ),
        }),
      ),
    }),
  ),
  skipped: z.array(
    z.object({
      accountId: z.string(),
      registrationName: z.string(),
      reason: z.enum(PROJECTION_SKIP_REASONS),
    }),
  ),
});
export type ProjectedFee = z.infer<typeof projectedFeeSchema>;
