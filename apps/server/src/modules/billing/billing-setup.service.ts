import {
  type AccountBilling,
  type AccountBillingBody,
  type AchAccount,
  type AchAccountBody,
  type AssignScheduleBody,
  BILLING_SETUP_MESSAGES,
  type BillingAccountsExportQuery,
  type BillingAccountsQuery,
  type BillingFrequency,
  type BillingHouseholdsExportQuery,
  type BillingHouseholdsQuery,
  billingPeriodOf,
  compareDecimal,
  type HouseholdBilling,
  type HouseholdBillingBody,
  maskBankNumber,
  PAYOUT_TYPES,
  type PayoutBlock,
  type PayoutBlockBody,
  type PayoutBlockList,
  percentTotal,
  type UnitReadiness,
} from '@centric/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { type Db, inTurn } from '../../db/client.ts';
import {
  accounts,
  achAccounts,
  billingReadiness,
  feeSchedules,
  householdAdvisors,
  householdBilling,
  households,
  members,
  payoutBlocks,
  users,
} from '../../db/schema/index.ts';
import { type AuditContext, auditWriter, changedFields } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, fieldConflict, fieldError, notFound } from '../../platform/errors.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { lockHousehold } from '../../platform/households.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { BillingInputs } from './billing-inputs.ts';
import { type BillingReadiness, isActiveIn, peakTotal, residual } from './billing-readiness.ts';
import {
  accountsPaidBy,
  billingAccountRow,
  billingHouseholdRow,
  exportBillingAccounts,
  exportBillingHouseholds,
  listBillingAccounts,
  listBillingHouseholds,
} from './billing-setup.repository.ts';

/** At most this many rows in an export. */
export const BILLING_EXPORT_MAX_ROWS = 100_000;

type PayoutRow = typeof payoutBlocks.$inferSelect;
type AchRow = typeof achAccounts.$inferSelect;

/** Where a payout block sits: the unit's level, or one account's. */
export type PayoutLevel = { clientId: string; accountId: string | null };

/**
 * Billing setup (issue 14): each account's fee setting, the unit's billing information, payout blocks and ACH
 * bank accounts, with every rule of spec §4–§5 on the server, each change audited and the unit's readiness
 * judged again in its transaction.
 */
export const createBillingSetupService = (deps: {
  db: Db;
  clock: Clock;
  today: FirmToday;
  secrets: SecretBox;
  readiness: BillingReadiness;
  inputs: BillingInputs;
}) => {
  const { db, clock, today, secrets, readiness, inputs } = deps;
  const writeAudit = auditWriter(clock);

  // ---- Reading ------------------------------------------------------------------------------------------

  const householdBillingOf = async (tx: Db, clientId: string): Promise<HouseholdBilling> => {
    const [row] = await tx
      .select({
        household: households,
        billing: householdBilling,
        contactFirst: members.firstName,
        contactLast: members.lastName,
      })
      .from(households)
      .leftJoin(householdBilling, eq(householdBilling.householdId, households.id))
      .leftJoin(members, eq(members.id, householdBilling.billingContactMemberId))
      .where(eq(households.id, clientId));
    if (!row || row.household.draft) throw notFound(BILLING_SETUP_MESSAGES.householdNotFound);
    const billing = row.billing;
    return {
      clientId,
      unitId: row.household.unitNumber,
      name: row.household.name,
      status: row.household.status,
      billingContact:
        billing?.billingContactMemberId && row.contactFirst !== null
          ? {
              id: billing.billingContactMemberId,
              fullName: [row.contactFirst, row.contactLast].filter(Boolean).join(' '),
            }
          : null,
      payMethod: (billing?.payMethod ?? 'UNASSIGNED') as HouseholdBilling['payMethod'],
      frequency: (billing?.billingFrequency ?? 'QUARTERLY') as HouseholdBilling['frequency'],
      timing: (billing?.billingTiming ?? 'ARREARS') as HouseholdBilling['timing'],
      startDate: billing?.billingStartDate ?? null,
      updatedAt: billing ? billing.updatedAt.toISOString() : null,
    };
  };

  const readinessOf = async (
    tx: Db,
    clientId: string,
    frequency: BillingFrequency,
  ): Promise<UnitReadiness> => {
    const [row] = await tx.select().from(billingReadiness).where(eq(billingReadiness.householdId, clientId));
    const period = billingPeriodOf(today(), frequency);
    return row
      ? {
          billingStatus: row.status as UnitReadiness['billingStatus'],
          blocked: row.blocked,
          billed: row.billed,
          reasons: row.reasons as UnitReadiness['reasons'],
          period: { start: row.periodStart, end: row.periodEnd },
          checkedAt: row.checkedAt.toISOString(),
        }
      : {
          billingStatus: 'READY',
          blocked: false,
          billed: false,
          reasons: [],
          period: { start: period.from, end: period.to },
          checkedAt: null,
        };
  };

  const accountBillingOf = async (tx: Db, accountId: string): Promise<AccountBilling> => {
    const row = await billingAccountRow(tx, accountId);
    if (!row) throw notFound(BILLING_SETUP_MESSAGES.accountNotFound);
    return { ...row, paysFor: await accountsPaidBy(tx, accountId) };
  };

  const lockAccountRow = async (tx: Db, accountId: string) => {
    const [found] = await tx
      .select({ householdId: accounts.householdId })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    if (!found) throw notFound(BILLING_SETUP_MESSAGES.accountNotFound);
    await lockHousehold(tx, found.householdId);
    const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
    if (!row) throw notFound(BILLING_SETUP_MESSAGES.accountNotFound);
    return row;
  };

  const checkSchedule = async (tx: Db, feeScheduleId: string | null, field = 'feeScheduleId') => {
    if (!feeScheduleId) return;
    const [schedule] = await tx
      .select({ id: feeSchedules.id })
      .from(feeSchedules)
      .where(eq(feeSchedules.id, feeScheduleId));
    if (!schedule) throw fieldError(field, BILLING_SETUP_MESSAGES.feeScheduleNotFound);
  };

  /** The account's fee setting as the audit trail keeps it. */
  const billingAuditView = (row: typeof accounts.$inferSelect) => ({
    feeScheduleId: row.feeScheduleId,
    payMethod: row.payMethod,
    billingFrequency: row.billingFrequency,
    billingTiming: row.billingTiming,
    billingStartDate: row.billingStartDate,
    feePayingAccountId: row.feePayingAccountId,
  });

  const auditAccountBilling = async (
    tx: Db,
    context: AuditContext,
    before: typeof accounts.$inferSelect,
    after: typeof accounts.$inferSelect,
  ) => {
    const diff = changedFields(billingAuditView(before), billingAuditView(after));
    if (diff.changed) {
      await writeAudit(tx, context, {
        action: 'UPDATE',
        entity: 'billingAccount',
        entityId: after.id,
        before: diff.before,
        after: diff.after,
      });
    }
    return diff.changed;
  };

  // ---- Payout blocks ------------------------------------------------------------------------------------

  const frequencyOfLevel = async (tx: Db, level: PayoutLevel): Promise<BillingFrequency> => {
    if (level.accountId) {
      const [row] = await tx
        .select({ frequency: accounts.billingFrequency })
        .from(accounts)
        .where(eq(accounts.id, level.accountId));
      return (row?.frequency ?? 'QUARTERLY') as BillingFrequency;
    }
    const [row] = await tx
      .select({ frequency: householdBilling.billingFrequency })
      .from(householdBilling)
      .where(eq(householdBilling.householdId, level.clientId));
    return (row?.frequency ?? 'QUARTERLY') as BillingFrequency;
  };

  const levelWhere = (level: PayoutLevel) =>
    and(
      eq(payoutBlocks.householdId, level.clientId),
      level.accountId ? eq(payoutBlocks.accountId, level.accountId) : isNull(payoutBlocks.accountId),
    );

  const toPayoutBlock = (
    row: PayoutRow,
    payee: { fullName: string } | null,
    period: { start: string; end: string },
    frequency: BillingFrequency,
  ): PayoutBlock => ({
    id: row.id,
    clientId: row.householdId,
    accountId: row.accountId,
    type: row.type as PayoutBlock['type'],
    payee: row.payeeUserId && payee ? { id: row.payeeUserId, fullName: payee.fullName } : null,
    payoutPercentage: trimDecimal(row.payoutPercentage),
    creditTo: trimDecimal(row.creditTo),
    startDate: row.startDate,
    payForever: row.paymentType === 'Forever',
    payoutBlockPaymentType: row.paymentType as PayoutBlock['payoutBlockPaymentType'],
    numberOfPayments: row.numberOfPayments,
    paymentsMade: row.paymentsMade,
    active: isActiveIn(
      {
        accountId: row.accountId,
        payoutPercentage: row.payoutPercentage,
        startDate: row.startDate,
        paymentType: row.paymentType,
        numberOfPayments: row.numberOfPayments,
        paymentsMade: row.paymentsMade,
      },
      period,
      frequency,
    ),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  const payoutList = async (tx: Db, level: PayoutLevel): Promise<PayoutBlockList> => {
    const frequency = await frequencyOfLevel(tx, level);
    const range = billingPeriodOf(today(), frequency);
    const period = { start: range.from, end: range.to };
    const rows = await tx
      .select({ block: payoutBlocks, payee: users.fullName })
      .from(payoutBlocks)
      .leftJoin(users, eq(users.id, payoutBlocks.payeeUserId))
      .where(levelWhere(level))
      .orderBy(asc(payoutBlocks.startDate), asc(payoutBlocks.createdAt), asc(payoutBlocks.id));
    const blocks = rows.map((r) =>
      toPayoutBlock(r.block, r.payee === null ? null : { fullName: r.payee }, period, frequency),
    );
    const active = blocks.filter((b) => b.active);
    const payoutPercentageTotal = percentTotal(active.map((b) => b.payoutPercentage));
    const team = await tx
      .select({ role: householdAdvisors.role, id: users.id, fullName: users.fullName })
      .from(householdAdvisors)
      .innerJoin(users, eq(users.id, householdAdvisors.userId))
      .where(
        and(
          eq(householdAdvisors.householdId, level.clientId),
          inArray(householdAdvisors.role, [...PAYOUT_TYPES]),
          eq(users.status, 'ACTIVE'),
        ),
      );
    return {
      team: PAYOUT_TYPES.flatMap((type) =>
        team
          .filter((member) => member.role === type)
          .map((member) => ({ type, payee: { id: member.id, fullName: member.fullName } })),
      ),
      blocks,
      payoutPercentageTotal,
      creditToTotal: percentTotal(active.map((b) => b.creditTo)),
      firmResidual: compareDecimal(payoutPercentageTotal, '100') >= 0 ? '0' : residual(payoutPercentageTotal),
      period,
    };
  };

  const checkPayee = async (tx: Db, body: PayoutBlockBody) => {
    if (!body.payeeId) return;
    const [payee] = await tx
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(eq(users.id, body.payeeId));
    if (!payee || payee.status !== 'ACTIVE')
      throw fieldError('payeeId', BILLING_SETUP_MESSAGES.payeeNotFound);
  };

  /** Refuses a set of blocks of one level that would be active together above 100 %. */
  const checkPeak = async (tx: Db, level: PayoutLevel, exceptId: string | null, body: PayoutBlockBody) => {
    const others = await tx.select().from(payoutBlocks).where(levelWhere(level));
    const frequency = await frequencyOfLevel(tx, level);
    const set = [
      ...others
        .filter((b) => b.id !== exceptId)
        .map((b) => ({
          payoutPercentage: b.payoutPercentage,
          startDate: b.startDate,
          paymentType: b.paymentType,
          numberOfPayments: b.numberOfPayments,
        })),
      {
        payoutPercentage: body.payoutPercentage,
        startDate: body.startDate,
        paymentType: body.payoutBlockPaymentType,
        numberOfPayments: body.numberOfPayments,
      },
    ];
    const peak = peakTotal(set, frequency);
    if (compareDecimal(peak.total, '100') > 0) {
      throw fieldConflict('payoutPercentage', BILLING_SETUP_MESSAGES.payoutTotalAbove100(peak.total));
    }
  };

  const payoutValues = (body: PayoutBlockBody) => ({
    type: body.type,
    payeeUserId: body.type === 'FIRM' ? null : body.payeeId,
    payoutPercentage: body.payoutPercentage,
    creditTo: body.creditTo,
    startDate: body.startDate,
    paymentType: body.payoutBlockPaymentType,
    numberOfPayments: body.numberOfPayments,
  });

  /** The level's household, locked, and (for an account's level) the account, which must be of it. */
  const lockLevel = async (tx: Db, level: PayoutLevel) => {
    const household = await lockHousehold(tx, level.clientId);
    if (household.draft) throw notFound(BILLING_SETUP_MESSAGES.householdNotFound);
    if (level.accountId) {
      const [account] = await tx
        .select({ householdId: accounts.householdId })
        .from(accounts)
        .where(eq(accounts.id, level.accountId));
      if (!account || account.householdId !== level.clientId) {
        throw notFound(BILLING_SETUP_MESSAGES.accountNotFound);
      }
    }
  };

  /** The block, which must be of the level the route names (else 404). */
  const blockOfLevel = async (tx: Db, level: PayoutLevel, id: string) => {
    const [found] = await tx
      .select()
      .from(payoutBlocks)
      .where(and(eq(payoutBlocks.id, id), levelWhere(level)));
    if (!found) throw notFound(BILLING_SETUP_MESSAGES.payoutNotFound);
    return found;
  };

  const payoutAuditView = (row: PayoutRow) => ({
    householdId: row.householdId,
    accountId: row.accountId,
    ...payoutValuesOfRow(row),
  });

  // ---- ACH ----------------------------------------------------------------------------------------------

  const toAch = (row: AchRow): AchAccount => ({
    id: row.id,
    clientId: row.householdId,
    achAccountType: row.accountType as AchAccount['achAccountType'],
    accountNumber: maskBankNumber(row.accountNumberLast4),
    routingNumber: maskBankNumber(row.routingNumberLast4),
    firstName: row.firstName,
    lastName: row.lastName,
    billingAddressLine1: row.addressLine1,
    billingAddressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    country: row.country,
    emailAddress: row.email,
    phoneNumber: row.phone,
    zip: row.zip,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  /** What the audit trail keeps of an ACH account: the masked numbers only. */
  const achAuditView = (row: AchRow) => {
    const { createdAt: _c, updatedAt: _u, ...view } = toAch(row);
    return view;
  };

  const achValues = (body: AchAccountBody) => ({
    accountType: body.achAccountType,
    firstName: body.firstName,
    lastName: body.lastName,
    addressLine1: body.billingAddressLine1,
    addressLine2: body.billingAddressLine2,
    city: body.city,
    state: body.state,
    country: body.country,
    email: body.emailAddress,
    phone: body.phoneNumber,
    zip: body.zip,
  });

  const sealedNumbers = (body: AchAccountBody) => ({
    ...(body.accountNumber
      ? {
          accountNumberSealed: secrets.seal(body.accountNumber),
          accountNumberLast4: body.accountNumber.slice(-4).padStart(4, '0'),
        }
      : {}),
    ...(body.routingNumber
      ? {
          routingNumberSealed: secrets.seal(body.routingNumber),
          routingNumberLast4: body.routingNumber.slice(-4),
        }
      : {}),
  });

  const achOf = async (tx: Db, id: string) => {
    const [row] = await tx.select().from(achAccounts).where(eq(achAccounts.id, id));
    if (!row) throw notFound(BILLING_SETUP_MESSAGES.achNotFound);
    return row;
  };

  /** An export's rows, once its audit entry (format, filters, row count) is written. */
  const audited = async <T>(
    entity: string,
    query: { format: string },
    context: AuditContext,
    reading: Promise<readonly T[]>,
  ) => {
    const rows = await reading;
    const { format, ...filters } = query;
    await writeAudit(db, context, {
      action: 'EXPORT',
      entity,
      after: { format, filters, rows: rows.length },
    });
    return rows;
  };

  /** The household of an account (of any household), or null. */
  const householdOfAccount = async (tx: Db, accountId: string) => {
    const [row] = await tx
      .select({ householdId: accounts.householdId })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    return row?.householdId ?? null;
  };

  return {
    // ---- Units --------------------------------------------------------------------------------------------

    households: (query: BillingHouseholdsQuery) => listBillingHouseholds(db, query),

    exportHouseholds: (query: BillingHouseholdsExportQuery, context: AuditContext) =>
      audited('billingUnit', query, context, exportBillingHouseholds(db, query, BILLING_EXPORT_MAX_ROWS)),

    /** One unit's General tab: its row in the list, billing information and readiness. */
    async household(clientId: string) {
      const billing = await householdBillingOf(db, clientId);
      const [row, judged] = await inTurn(
        () => billingHouseholdRow(db, clientId),
        () => readinessOf(db, clientId, billing.frequency),
      );
      return {
        billing,
        readiness: judged,
        accounts: row?.accounts ?? 0,
        openAccounts: row?.openAccounts ?? 0,
      };
    },

    billingInfo: (clientId: string) => householdBillingOf(db, clientId),

    /** The unit's projected fee for its next bills, from the engine through the unit's billing inputs. */
    async projectedFee(clientId: string) {
      await householdBillingOf(db, clientId);
      return inputs.projectedFee(db, clientId, today());
    },

    async updateBillingInfo(clientId: string, body: HouseholdBillingBody, context: AuditContext) {
      return db.transaction(async (tx) => {
        const household = await lockHousehold(tx, clientId);
        if (household.draft) throw notFound(BILLING_SETUP_MESSAGES.householdNotFound);
        if (body.billingContactMemberId) {
          const [member] = await tx
            .select({ householdId: members.householdId })
            .from(members)
            .where(eq(members.id, body.billingContactMemberId));
          if (!member || member.householdId !== clientId) {
            throw fieldError('billingContactMemberId', BILLING_SETUP_MESSAGES.billingContactNotFound);
          }
        }
        const before = await householdBillingOf(tx, clientId);
        const values = {
          billingContactMemberId: body.billingContactMemberId,
          payMethod: body.payMethod,
          billingFrequency: body.frequency,
          billingTiming: body.timing,
          billingStartDate: body.startDate,
          updatedBy: context.actorId,
          updatedAt: clock.now(),
        };
        await tx
          .insert(householdBilling)
          .values({ householdId: clientId, ...values })
          .onConflictDoUpdate({ target: householdBilling.householdId, set: values });
        const after = await householdBillingOf(tx, clientId);
        // The trail names the billing contact (not its id and name as an object).
        const view = ({ updatedAt: _u, billingContact, ...rest }: HouseholdBilling) => ({
          ...rest,
          billingContact: billingContact?.fullName ?? null,
        });
        const diff = changedFields(view(before), view(after));
        if (diff.changed) {
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: 'billingUnit',
            entityId: clientId,
            before: diff.before,
            after: diff.after,
          });
        }
        let applied = 0;
        const touched = new Set([clientId]);
        if (body.applyToAccounts) {
          const open = await tx
            .select()
            .from(accounts)
            .where(and(eq(accounts.householdId, clientId), eq(accounts.status, 'OPEN')))
            .orderBy(asc(accounts.id))
            .for('update');
          for (const account of open) {
            // An INDIRECT default keeps each account's paying account; one with none pays its own fee.
            const payer = body.payMethod === 'INDIRECT' ? (account.feePayingAccountId ?? account.id) : null;
            if (body.payMethod !== 'INDIRECT' && (await accountsPaidBy(tx, account.id)).length > 0) {
              // Accounts that pay for others stay INDIRECT through themselves (they are someone's payer).
              continue;
            }
            const [updated] = await tx
              .update(accounts)
              .set({
                payMethod: body.payMethod,
                billingFrequency: body.frequency,
                billingTiming: body.timing,
                ...(body.startDate ? { billingStartDate: body.startDate } : {}),
                feePayingAccountId: payer,
                updatedAt: clock.now(),
              })
              .where(eq(accounts.id, account.id))
              .returning();
            if (updated && (await auditAccountBilling(tx, context, account, updated))) applied += 1;
            const previous = account.feePayingAccountId
              ? await householdOfAccount(tx, account.feePayingAccountId)
              : null;
            if (previous) touched.add(previous);
          }
        }
        await readiness.refresh(tx, [...touched]);
        return { billing: after, applied };
      });
    },

    // ---- Accounts -----------------------------------------------------------------------------------------

    accounts: (query: BillingAccountsQuery) => listBillingAccounts(db, query),

    exportAccounts: (query: BillingAccountsExportQuery, context: AuditContext) =>
      audited('billingAccount', query, context, exportBillingAccounts(db, query, BILLING_EXPORT_MAX_ROWS)),

    account: (accountId: string) => accountBillingOf(db, accountId),

    async updateAccountBilling(accountId: string, body: AccountBillingBody, context: AuditContext) {
      return db.transaction(async (tx) => {
        const before = await lockAccountRow(tx, accountId);
        await checkSchedule(tx, body.feeScheduleId);
        const touched = new Set([before.householdId]);
        const paidBy = await accountsPaidBy(tx, accountId);
        const paysThroughAnother =
          body.payMethod === 'INDIRECT' &&
          body.feePayingAccountId !== null &&
          body.feePayingAccountId !== accountId;
        if (paysThroughAnother && paidBy.length > 0) {
          throw fieldError('feePayingAccountId', BILLING_SETUP_MESSAGES.feePayingAccountPaysOthers);
        }
        if (
          body.payMethod === 'INDIRECT' &&
          body.feePayingAccountId &&
          body.feePayingAccountId !== accountId
        ) {
          const [payer] = await tx
            .select()
            .from(accounts)
            .where(eq(accounts.id, body.feePayingAccountId))
            .for('update');
          if (!payer) throw fieldError('feePayingAccountId', BILLING_SETUP_MESSAGES.feePayingAccountNotFound);
          if (payer.status !== 'OPEN') {
            throw fieldError('feePayingAccountId', BILLING_SETUP_MESSAGES.feePayingAccountClosed);
          }
          if (payer.feePayingAccountId && payer.feePayingAccountId !== payer.id) {
            throw fieldError('feePayingAccountId', BILLING_SETUP_MESSAGES.feePayingAccountPaysOthers);
          }
          touched.add(payer.householdId);
        }
        const previous = before.feePayingAccountId
          ? await householdOfAccount(tx, before.feePayingAccountId)
          : null;
        if (previous) touched.add(previous);
        // An account others pay through keeps paying for them: it cannot drop INDIRECT through itself.
        if (paidBy.length > 0 && body.payMethod !== 'INDIRECT') {
          throw fieldError('payMethod', BILLING_SETUP_MESSAGES.feePayingAccountPaysOthers);
        }
        const [after] = await tx
          .update(accounts)
          .set({
            feeScheduleId: body.feeScheduleId,
            payMethod: body.payMethod,
            billingFrequency: body.frequency,
            billingTiming: body.timing,
            billingStartDate: body.startDate,
            feePayingAccountId: body.feePayingAccountId,
            updatedAt: clock.now(),
          })
          .where(eq(accounts.id, accountId))
          .returning();
        if (after) await auditAccountBilling(tx, context, before, after);
        await readiness.refresh(tx, [...touched]);
        return accountBillingOf(tx, accountId);
      });
    },

    /** One schedule for many accounts; each changed account is its own audited change. */
    async assignSchedule(body: AssignScheduleBody, context: AuditContext) {
      return db.transaction(async (tx) => {
        await checkSchedule(tx, body.feeScheduleId);
        const ids = [...new Set(body.accountIds)];
        const rows = await tx
          .select()
          .from(accounts)
          .where(inArray(accounts.id, ids))
          .orderBy(asc(accounts.id))
          .for('update');
        if (rows.length !== ids.length)
          throw fieldError('accountIds', BILLING_SETUP_MESSAGES.accountNotFound);
        let changed = 0;
        for (const row of rows) {
          if (row.feeScheduleId === body.feeScheduleId) continue;
          const [after] = await tx
            .update(accounts)
            .set({ feeScheduleId: body.feeScheduleId, updatedAt: clock.now() })
            .where(eq(accounts.id, row.id))
            .returning();
          if (after && (await auditAccountBilling(tx, context, row, after))) changed += 1;
        }
        await readiness.refresh(tx, [...new Set(rows.map((r) => r.householdId))]);
        return { changed, unchanged: rows.length - changed };
      });
    },

    // ---- Payout blocks ------------------------------------------------------------------------------------

    async payoutBlocks(level: PayoutLevel) {
      if (!level.accountId) await householdBillingOf(db, level.clientId);
      return payoutList(db, level);
    },

    /** The level of an account's blocks: its household and itself. */
    async accountLevel(accountId: string): Promise<PayoutLevel> {
      const clientId = await householdOfAccount(db, accountId);
      if (!clientId) throw notFound(BILLING_SETUP_MESSAGES.accountNotFound);
      return { clientId, accountId };
    },

    async createPayoutBlock(level: PayoutLevel, body: PayoutBlockBody, context: AuditContext) {
      return db.transaction(async (tx) => {
        await lockLevel(tx, level);
        await checkPayee(tx, body);
        await checkPeak(tx, level, null, body);
        const [row] = await tx
          .insert(payoutBlocks)
          .values({
            householdId: level.clientId,
            accountId: level.accountId,
            ...payoutValues(body),
            createdBy: context.actorId,
          })
          .returning();
        const created = row as PayoutRow;
        await writeAudit(tx, context, {
          action: 'CREATE',
          entity: 'payoutBlock',
          entityId: created.id,
          after: payoutAuditView(created),
        });
        await readiness.refresh(tx, [level.clientId]);
        return payoutList(tx, level);
      });
    },

    async updatePayoutBlock(level: PayoutLevel, id: string, body: PayoutBlockBody, context: AuditContext) {
      return db.transaction(async (tx) => {
        await blockOfLevel(tx, level, id);
        await lockLevel(tx, level);
        const [before] = await tx.select().from(payoutBlocks).where(eq(payoutBlocks.id, id)).for('update');
        if (!before) throw notFound(BILLING_SETUP_MESSAGES.payoutNotFound);
        if (body.numberOfPayments !== null && body.numberOfPayments < before.paymentsMade) {
          throw fieldError(
            'numberOfPayments',
            BILLING_SETUP_MESSAGES.numberOfPaymentsBelowUsed(before.paymentsMade),
          );
        }
        await checkPayee(tx, body);
        await checkPeak(tx, level, id, body);
        const [after] = await tx
          .update(payoutBlocks)
          .set({ ...payoutValues(body), updatedAt: clock.now() })
          .where(eq(payoutBlocks.id, id))
          .returning();
        const diff = changedFields(payoutAuditView(before), payoutAuditView(after as PayoutRow));
        if (diff.changed) {
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: 'payoutBlock',
            entityId: id,
            before: diff.before,
            after: diff.after,
          });
        }
        await readiness.refresh(tx, [level.clientId]);
        return payoutList(tx, level);
      });
    },

    async removePayoutBlock(level: PayoutLevel, id: string, context: AuditContext) {
      return db.transaction(async (tx) => {
        const found = await blockOfLevel(tx, level, id);
        await lockLevel(tx, level);
        if (found.paymentsMade > 0) throw conflict(BILLING_SETUP_MESSAGES.payoutPaidNotDeletable);
        await tx.delete(payoutBlocks).where(eq(payoutBlocks.id, id));
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'payoutBlock',
          entityId: id,
          before: payoutAuditView(found),
        });
        await readiness.refresh(tx, [level.clientId]);
        return payoutList(tx, level);
      });
    },

    // ---- ACH accounts -------------------------------------------------------------------------------------

    async achAccounts(clientId: string) {
      await householdBillingOf(db, clientId);
      const rows = await db
        .select()
        .from(achAccounts)
        .where(eq(achAccounts.householdId, clientId))
        .orderBy(asc(achAccounts.createdAt), asc(achAccounts.id));
      return rows.map(toAch);
    },

    async createAchAccount(clientId: string, body: AchAccountBody, context: AuditContext) {
      if (!body.accountNumber)
        throw fieldError('accountNumber', BILLING_SETUP_MESSAGES.accountNumberRequired);
      if (!body.routingNumber)
        throw fieldError('routingNumber', BILLING_SETUP_MESSAGES.routingNumberRequired);
      return db.transaction(async (tx) => {
        const household = await lockHousehold(tx, clientId);
        if (household.draft) throw notFound(BILLING_SETUP_MESSAGES.householdNotFound);
        const [row] = await tx
          .insert(achAccounts)
          .values({
            householdId: clientId,
            ...achValues(body),
            ...(sealedNumbers(body) as Required<ReturnType<typeof sealedNumbers>>),
            createdBy: context.actorId,
          })
          .returning();
        const created = row as AchRow;
        await writeAudit(tx, context, {
          action: 'CREATE',
          entity: 'achAccount',
          entityId: created.id,
          after: achAuditView(created),
        });
        await readiness.refresh(tx, [clientId]);
        return toAch(created);
      });
    },

    async updateAchAccount(id: string, body: AchAccountBody, context: AuditContext) {
      return db.transaction(async (tx) => {
        const found = await achOf(tx, id);
        await lockHousehold(tx, found.householdId);
        const before = await achOf(tx, id);
        const [after] = await tx
          .update(achAccounts)
          .set({ ...achValues(body), ...sealedNumbers(body), updatedAt: clock.now() })
          .where(eq(achAccounts.id, id))
          .returning();
        const updated = after as AchRow;
        const diff = changedFields(achAuditView(before), achAuditView(updated));
        // A number re-entered with the same last four digits still changed: say so without showing it.
        const renumbered = {
          ...(body.accountNumber ? { accountNumberChanged: true } : {}),
          ...(body.routingNumber ? { routingNumberChanged: true } : {}),
        };
        if (diff.changed || Object.keys(renumbered).length > 0) {
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: 'achAccount',
            entityId: id,
            before: diff.before,
            after: { ...diff.after, ...renumbered },
          });
        }
        return toAch(updated);
      });
    },

    async removeAchAccount(id: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        const found = await achOf(tx, id);
        await lockHousehold(tx, found.householdId);
        await tx.delete(achAccounts).where(eq(achAccounts.id, id));
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'achAccount',
          entityId: id,
          before: achAuditView(found),
        });
        await readiness.refresh(tx, [found.householdId]);
      });
    },
  };
};

export type BillingSetupService = ReturnType<typeof createBillingSetupService>;

/** "40.50" → "40.5", "100.00" → "100". */
const trimDecimal = (value: string) => value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

const payoutValuesOfRow = (row: PayoutRow) => ({
  type: row.type,
  payeeUserId: row.payeeUserId,
  payoutPercentage: trimDecimal(row.payoutPercentage),
  creditTo: trimDecimal(row.creditTo),
  startDate: row.startDate,
  paymentType: row.paymentType,
  numberOfPayments: row.numberOfPayments,
});
