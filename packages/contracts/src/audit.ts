import { z } from 'zod';
import { parseIsoDate } from './dates.ts';
import { pagingShape, sortOrderSchema } from './list-query.ts';

/** Entities whose changes make up the billing log (/billing/alllogs); billing issues add theirs here. */
export const BILLING_AUDIT_ENTITIES = [
  'feeSchedule',
  'feeScheduleEntry',
  'billingUnit',
  'billingAccount',
  'payoutBlock',
  'achAccount',
  'planningFee',
  'accountPayees',
  'excludedAsset',
  'commissionSplit',
  'cashflow',
  'bill',
  'billingInstance',
  'billingAdjustment',
  'billCollection',
  'billingSettings',
  'receivable',
  'compensation',
  'carrierStatement',
  'statementDifference',
] as const;

export const AUDIT_ACTIONS = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'SIGN_IN',
  'SIGN_IN_FAILED',
  'SIGN_OUT',
  'MFA_RESET',
  'PASSWORD_CHANGED',
  'PASSWORD_RESET',
  'PASSWORD_RESET_REQUESTED',
  'INVITE',
  'EMAIL_VERIFICATION_SENT',
  'EMAIL_VERIFIED',
  'ACCESS_DENIED',
  'EXPORT',
  'DEACTIVATE',
  'REACTIVATE',
  'IMPORT',
] as const;

/** A real yyyy-MM-dd calendar day (no Feb 30), read as a day of the firm's time zone. */
const isoDate = z.string().refine((value) => parseIsoDate(value) !== null, 'Enter a valid Date');

export const auditLogQuerySchema = z
  .object({
    // Newest first unless asked otherwise; the trail is sorted by time only.
    ...pagingShape(),
    order: sortOrderSchema.default('DESC'),
    actor: z.string().trim().max(255).optional(),
    actorId: z.string().uuid().optional(),
    entity: z.string().trim().max(60).optional(),
    entityId: z.string().trim().max(100).optional(),
    action: z.string().trim().max(40).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    format: z.enum(['json', 'csv']).default('json'),
    /**
     * The billing log of one unit (its own changes, its accounts', and those of the records it holds:
     * payout blocks, ACH accounts, exclusions …) or of one account (its own and its records'). Billing log only.
     */
    clientId: z.string().uuid('Household not found.').optional(),
    accountId: z.string().uuid('Account not found.').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'Please enter a valid date range.',
    path: ['to'],
  });
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditLogEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
  /** Names of the users, roles, teams, households and members the row names, by auditNameKey (`role:2`). */
  names: z.record(z.string(), z.string()).optional(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

/** What the check of the audit chain found: a row rewritten, rows missing, a forged row, an edited checkpoint. */
export const auditChainFindingSchema = z.object({
  kind: z.enum(['rewritten', 'missing', 'forged', 'checkpoint']),
  id: z.number().int(),
  throughId: z.number().int().nullable(),
  message: z.string(),
});

export const auditChainStatusSchema = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  firstBadId: z.number().int().nullable(),
  reason: z.string().nullable(),
  findings: z.array(auditChainFindingSchema),
  /** How many checkpoints (kept outside the database) the chain was held to, and the newest of them. */
  checkpoints: z.number().int(),
  lastCheckpoint: z.object({ seq: z.number().int(), at: z.string() }).nullable(),
});
export type AuditChainStatus = z.infer<typeof auditChainStatusSchema>;
