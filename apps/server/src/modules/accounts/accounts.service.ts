import { centsOf, dollars } from '@centric/billing';
import {
  type Account,
  ACCOUNT_MESSAGES,
  compareDecimal,
  OUTFLOW_TYPES,
  type AccountBody,
  type AccountValue,
  type AllocationRow,
  type Holdings,
  type HoldingsBody,
  isMaskedCustodianNumber,
  type ManagedAccounts,
  maskCustodianNumber,
  normalizeCustodianNumber,
  type Position,
  SECURITY_TRANSACTION_TYPES,
  type Transaction,
  type TransactionBody,
  type TransactionListQuery,
  type ValuePoint,
  usDate,
} from '@centric/contracts';
import { type Db, inTurn } from '../../db/client.ts';
import { type AuditContext, auditWriter, changedFields } from '../../platform/audit.ts';
import type { Alerts } from '../../platform/alerts.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, fieldConflict, fieldError, notFound } from '../../platform/errors.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { lockHousehold } from '../../platform/households.ts';
import { answerDbRefusals } from '../../platform/pg-errors.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import {
  type AccountRow,
  accountsOfHousehold,
  accountValuesOn,
  cashFlowsOf,
  accountUsage,
  deleteAccountRow,
  deleteSnapshot,
  deleteTransactionRow,
  findAccount,
  findTransaction,
  holdingsOf,
  householdValuesOn,
  insertAccount,
  insertTransaction,
  listTransactions,
  lockAccount,
  masterItemOfType,
  masterNames,
  membersOfHousehold,
  type OwnerRow,
  ownersOf,
  type PositionRow,
  positionsOn,
  productsByIds,
  replaceHoldings,
  replaceOwners,
  snapshotDates,
  type TransactionRow,
  updateAccount,
  upsertSnapshot,
  valuesAt,
  withdrawalThresholds,
} from './accounts.repository.ts';
import { addCents, monthEndsBetween, percentOf } from './valuation.ts';
import { createAccountChecks, driftCause } from './account-checks.ts';

const ENTITY = 'account';

export const withdrawalCause = (transactionId: string) => `withdrawal:${transactionId}`;

const toAccount = (row: AccountRow, owners: readonly OwnerRow[], names: Map<number, string>): Account => ({
  id: row.id,
  clientId: row.householdId,
  registrationName: row.registrationName,
  registrationType:
    row.registrationTypeId === null
      ? null
      : { id: row.registrationTypeId, name: names.get(row.registrationTypeId) ?? '' },
  custodian: row.custodian,
  custodianNumber: maskCustodianNumber(row.custodianNumberLast4),
  accountObjective:
    row.accountObjectiveId === null
      ? null
      : { id: row.accountObjectiveId, name: names.get(row.accountObjectiveId) ?? '' },
  startDate: row.startDate,
  status: row.status as Account['status'],
  closedOn: row.closedOn,
  owners: owners
    .filter((o) => o.accountId === row.id)
    .map((o) => ({
      memberId: o.memberId,
      fullName: o.fullName,
      role: o.role as Account['owners'][number]['role'],
    })),
  reviewStatus: row.reviewStatus as Account['reviewStatus'],
  reviewReasons: row.reviewReasons,
  reviewSnoozedUntil: row.reviewSnoozedUntil,
  payMethod: row.payMethod,
  billingFrequency: row.billingFrequency,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** What the audit trail keeps of an account: never the custodian number, only its last four. */
const auditView = (account: Account) => ({
  clientId: account.clientId,
  registrationName: account.registrationName,
  registrationType: account.registrationType?.name ?? null,
  custodian: account.custodian,
  custodianNumber: account.custodianNumber,
  accountObjective: account.accountObjective?.name ?? null,
  startDate: account.startDate,
  status: account.status,
  closedOn: account.closedOn,
  owners: account.owners.map((o) => `${o.fullName} (${o.role})`),
});

const toPosition = (row: PositionRow, total: string): Position => ({
  product: {
    id: row.productId,
    name: row.name,
    symbol: row.symbol,
    cusip: row.cusip,
    productType: row.productType,
    assetClass: row.assetClass,
  },
  quantity: row.quantity,
  price: row.price,
  priceDate: row.priceDate,
  marketValue: row.marketValue,
  weight: percentOf(row.marketValue, total),
});

const toTransaction = (row: TransactionRow): Transaction => ({
  id: row.id,
  accountId: row.accountId,
  registrationName: row.registrationName,
  type: row.type as Transaction['type'],
  tradeDate: row.tradeDate,
  amount: row.amount,
  product: row.productId
    ? { id: row.productId, name: row.productName ?? '', symbol: row.productSymbol }
    : null,
  quantity: row.quantity,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
});

/** The allocation of positions by asset class (unclassified positions under 'Unclassified'), largest first. */
export const allocationOf = (positions: readonly PositionRow[]): AllocationRow[] => {
  const byClass = new Map<string, string>();
  for (const p of positions) {
    const key = p.productType === 'CASH' ? (p.assetClass ?? 'Cash') : (p.assetClass ?? 'Unclassified');
    byClass.set(key, addCents(byClass.get(key) ?? '0.00', p.marketValue));
  }
  const total = [...byClass.values()].reduce(addCents, '0.00');
  return [...byClass.entries()]
    .map(([assetClass, marketValue]) => ({ assetClass, marketValue, weight: percentOf(marketValue, total) }))
    .sort((a, b) => Number(BigInt(b.marketValue.replace('.', '')) - BigInt(a.marketValue.replace('.', ''))));
};

export type AccountsService = ReturnType<typeof createAccountsService>;

export const createAccountsService = (deps: {
  db: Db;
  clock: Clock;
  today: FirmToday;
  secrets: SecretBox;
  alerts: Pick<Alerts, 'raiseAlert' | 'raiseAlerts' | 'resolveAlerts'>;
}) => {
  const { db, clock, today, secrets } = deps;
  const writeAudit = auditWriter(clock);
  // The review's data checks and drift alerts, in the transaction of each change to what an account holds.
  const checks = createAccountChecks({ today, alerts: deps.alerts });

  const accountsOf = async (conn: Db, rows: readonly AccountRow[]) => {
    const ids = rows
      .flatMap((r) => [r.registrationTypeId, r.accountObjectiveId])
      .filter((id): id is number => id !== null);
    const [owners, names] = await inTurn(
      () =>
        ownersOf(
          conn,
          rows.map((r) => r.id),
        ),
      () => masterNames(conn, [...new Set(ids)]),
    );
    return rows.map((row) => toAccount(row, owners, names));
  };

  const load = async (conn: Db, id: string) => {
    const row = await findAccount(conn, id);
    if (!row) throw notFound(ACCOUNT_MESSAGES.notFound);
    const [account] = await accountsOf(conn, [row]);
    return account as Account;
  };

  /** The body's references, checked in the transaction: master-data lists and the household's members. */
  const checkReferences = async (tx: Db, householdId: string, body: AccountBody) => {
    if (!(await masterItemOfType(tx, 'registration-type', body.registrationTypeId))) {
      throw fieldError('registrationTypeId', ACCOUNT_MESSAGES.registrationTypeNotFound);
    }
    if (
      body.accountObjectiveId &&
      !(await masterItemOfType(tx, 'account-objective', body.accountObjectiveId))
    ) {
      throw fieldError('accountObjectiveId', ACCOUNT_MESSAGES.accountObjectiveNotFound);
    }
    const present = await membersOfHousehold(
      tx,
      householdId,
      body.owners.map((o) => o.memberId),
    );
    body.owners.forEach((owner, index) => {
      if (!present.has(owner.memberId))
        throw fieldError(`owners.${index}.memberId`, ACCOUNT_MESSAGES.ownerNotMember);
    });
  };

  /** The sealed number, its last four and its lookup hash; the masked echo on an edit keeps what is stored. */
  const custodianNumberValues = (value: string, current: AccountRow | null) => {
    if (isMaskedCustodianNumber(value)) {
      if (current && value.trim().slice(4).toUpperCase() === current.custodianNumberLast4) return {};
      throw fieldError('custodianNumber', ACCOUNT_MESSAGES.custodianNumberInvalid);
    }
    const normalized = normalizeCustodianNumber(value);
    return {
      custodianNumberSealed: secrets.seal(normalized),
      custodianNumberLast4: normalized.slice(-4),
      custodianNumberHash: secrets.lookupHash(normalized),
    };
  };

  const guardUnique = <T>(work: () => Promise<T>) =>
    answerDbRefusals(work, {
      unique: () => fieldConflict('custodianNumber', ACCOUNT_MESSAGES.custodianNumberTaken),
    });

  const fieldsOf = (body: AccountBody) => ({
    registrationName: body.registrationName,
    registrationTypeId: body.registrationTypeId,
    custodian: body.custodian,
    accountObjectiveId: body.accountObjectiveId ?? null,
    startDate: body.startDate,
    status: body.status,
    closedOn: body.status === 'CLOSED' ? body.closedOn : null,
  });

  /**
   * Transaction alerts: a withdrawal or transfer out of at least the firm's amount, or of at least its share of
   * the account's value on the trade date, raises a managedAccounts alert (one per transaction).
   */
  const flagLargeWithdrawal = async (tx: Db, account: AccountRow, id: string, body: TransactionBody) => {
    const limits = await withdrawalThresholds(tx);
    const value = (await positionsOn(tx, [account.id], body.tradeDate))
      .map((p) => p.marketValue)
      .reduce(addCents, '0.00');
    const share = percentOf(body.amount, value);
    const large =
      compareDecimal(body.amount, limits.amount) >= 0 ||
      (value !== '0.00' && compareDecimal(share, String(limits.percent)) >= 0);
    if (!large) return;
    const shareText = value === '0.00' ? '' : ` (${share}% of its value)`;
    await deps.alerts.raiseAlert(tx, {
      category: 'managedAccounts',
      causeKey: withdrawalCause(id),
      message: `Large withdrawal: ${dollars(centsOf(body.amount) ?? 0n)} from ${account.registrationName} on ${usDate(body.tradeDate)}${shareText}.`,
      details: { accountId: account.id, transactionId: id, amount: body.amount, value },
      record: { kind: 'household', id: account.householdId },
    });
  };

  /** The household's accounts, each valued on `date`, the total and the allocation by asset class. */
  const managedAccounts = async (clientId: string, date: string | null): Promise<ManagedAccounts> => {
    const day = date ?? today();
    const rows = await accountsOfHousehold(db, clientId);
    if (rows.length === 0) {
      // A household with no accounts answers an empty tab; one that does not exist answers 404.
      await db.transaction(async (tx) => lockHousehold(tx, clientId));
    }
    const [accounts, positions] = await Promise.all([
      accountsOf(db, rows),
      positionsOn(
        db,
        rows.map((r) => r.id),
        day,
      ),
    ]);
    const valued: AccountValue[] = accounts.map((account) => {
      const own = positions.filter((p) => p.accountId === account.id);
      return {
        ...account,
        asOf: own[0]?.asOf ?? null,
        marketValue: own.map((p) => p.marketValue).reduce(addCents, '0.00'),
        unpricedCount: own.filter((p) => p.price === null).length,
      };
    });
    return {
      date: day,
      totalValue: valued.map((a) => a.marketValue).reduce(addCents, '0.00'),
      accounts: valued,
      allocation: allocationOf(positions),
    };
  };

  return {
    checks,
    managedAccounts,

    /**
     * Every household's total managed value on `date` (household id → decimal string; every household with
     * an account, '0.00' when it held nothing then): what a bill run starts from, valued as the tab values.
     */
    householdValuesOn: (date: string) => householdValuesOn(db, date),

    /**
     * Each account's value on `date` (of every account with holdings then, or of `accountIds`); in the
     * caller's transaction when given one (`conn`), as a bill run's step reads it.
     */
    accountValuesOn: (date: string, accountIds?: readonly string[], conn: Db = db) =>
      accountValuesOn(conn, date, accountIds),

    /** The positions of accounts on `date`, each priced then: what billing values excluded holdings at. */
    positionsOn: (accountIds: readonly string[], date: string, conn: Db = db) =>
      positionsOn(conn, accountIds, date),

    /** Deposits (+) and withdrawals (−) of accounts between two days: the flows billing prorates. */
    cashFlowsOf: (accountIds: readonly string[], from: string, to: string, conn: Db = db) =>
      cashFlowsOf(conn, accountIds, from, to),

    get: (id: string) => load(db, id),

    async create(clientId: string, body: AccountBody, context: AuditContext) {
      return guardUnique(() =>
        db.transaction(async (tx) => {
          await lockHousehold(tx, clientId);
          await checkReferences(tx, clientId, body);
          const row = await insertAccount(tx, {
            ...fieldsOf(body),
            ...(custodianNumberValues(body.custodianNumber, null) as Required<
              ReturnType<typeof custodianNumberValues>
            >),
            householdId: clientId,
            createdBy: context.actorId,
          });
          await replaceOwners(tx, row.id, body.owners);
          await checks.check(tx, [row.id]);
          const account = await load(tx, row.id);
          await writeAudit(tx, context, {
            action: 'CREATE',
            entity: ENTITY,
            entityId: row.id,
            after: auditView(account),
          });
          return account;
        }),
      );
    },

    async update(id: string, body: AccountBody, context: AuditContext) {
      return guardUnique(() =>
        db.transaction(async (tx) => {
          const current = await findAccount(tx, id);
          if (!current) throw notFound(ACCOUNT_MESSAGES.notFound);
          await lockHousehold(tx, current.householdId);
          const locked = (await lockAccount(tx, id)) as AccountRow;
          await checkReferences(tx, locked.householdId, body);
          const before = await load(tx, id);
          await updateAccount(
            tx,
            id,
            { ...fieldsOf(body), ...custodianNumberValues(body.custodianNumber, locked) },
            clock.now(),
          );
          await replaceOwners(tx, id, body.owners);
          await checks.check(tx, [id]);
          const after = await load(tx, id);
          const diff = changedFields(auditView(before), auditView(after));
          if (diff)
            await writeAudit(tx, context, { action: 'UPDATE', entity: ENTITY, entityId: id, ...diff });
          return after;
        }),
      );
    },

    async remove(id: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        const current = await findAccount(tx, id);
        if (!current) throw notFound(ACCOUNT_MESSAGES.notFound);
        await lockHousehold(tx, current.householdId);
        const usage = await accountUsage(tx, id);
        if (usage.pays) throw conflict(ACCOUNT_MESSAGES.feePayer);
        if (usage.snapshots || usage.transactions) throw conflict(ACCOUNT_MESSAGES.inUse);
        const before = await load(tx, id);
        // A bill, payout, line or adjustment that names the account keeps it (accounts_keep_billed and the keys).
        const billed = () => conflict(ACCOUNT_MESSAGES.billed);
        await answerDbRefusals(() => deleteAccountRow(tx, id), { foreignKey: billed, restrict: billed });
        await deps.alerts.resolveAlerts(tx, [driftCause(id)]);
        await checks.notify(tx, [current.householdId]);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: ENTITY,
          entityId: id,
          before: auditView(before),
        });
      });
    },

    /** An account's positions on a date (today when none is given), priced on that date. */
    async holdings(id: string, date: string | null): Promise<Holdings> {
      const day = date ?? today();
      await load(db, id);
      const [positions, snapshots] = await Promise.all([positionsOn(db, [id], day), snapshotDates(db, id)]);
      const total = positions.map((p) => p.marketValue).reduce(addCents, '0.00');
      return {
        date: day,
        asOf: positions[0]?.asOf ?? snapshots.find((s) => s <= day) ?? null,
        marketValue: total,
        positions: positions.map((p) => toPosition(p, total)),
        snapshots,
      };
    },

    /** Replaces what the account held on `asOf` (an empty list records that it held nothing). */
    async saveHoldings(id: string, asOf: string, body: HoldingsBody, context: AuditContext) {
      return db.transaction(async (tx) => {
        const current = await findAccount(tx, id);
        if (!current) throw notFound(ACCOUNT_MESSAGES.notFound);
        await lockHousehold(tx, current.householdId);
        if (asOf < current.startDate) throw fieldError('asOf', ACCOUNT_MESSAGES.asOfBeforeStart);
        const known = await productsByIds(
          tx,
          body.positions.map((p) => p.productId),
        );
        body.positions.forEach((p, index) => {
          if (!known.has(p.productId))
            throw fieldError(`positions.${index}.productId`, ACCOUNT_MESSAGES.productNotFound);
        });
        const before = await holdingsOf(tx, id, asOf);
        await upsertSnapshot(tx, id, asOf, 'MANUAL');
        await replaceHoldings(tx, id, asOf, body.positions);
        await checks.check(tx, [id]);
        await writeAudit(tx, context, {
          action: before.length > 0 ? 'UPDATE' : 'CREATE',
          entity: 'holdings',
          entityId: `${id}:${asOf}`,
          before: before.length > 0 ? { positions: before } : undefined,
          after: { accountId: id, asOf, positions: body.positions },
        });
      });
    },

    async deleteHoldings(id: string, asOf: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        const current = await findAccount(tx, id);
        if (!current) throw notFound(ACCOUNT_MESSAGES.notFound);
        await lockHousehold(tx, current.householdId);
        const before = await holdingsOf(tx, id, asOf);
        if (!(await deleteSnapshot(tx, id, asOf))) throw notFound(ACCOUNT_MESSAGES.snapshotNotFound);
        await checks.check(tx, [id]);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'holdings',
          entityId: `${id}:${asOf}`,
          before: { accountId: id, asOf, positions: before },
        });
      });
    },

    /** Transactions of one account, or of every account of a household (`clientId`), newest first. */
    async transactions(scope: { accountId: string } | { clientId: string }, query: TransactionListQuery) {
      let accountIds: string[];
      if ('accountId' in scope) {
        await load(db, scope.accountId);
        accountIds = [scope.accountId];
      } else {
        const rows = await accountsOfHousehold(db, scope.clientId);
        if (rows.length === 0) await db.transaction(async (tx) => lockHousehold(tx, scope.clientId));
        accountIds = rows.map((r) => r.id);
        if (query.accountId) {
          if (!accountIds.includes(query.accountId)) throw fieldError('accountId', ACCOUNT_MESSAGES.notFound);
          accountIds = [query.accountId];
        }
      }
      const { rows, total } = await listTransactions(
        db,
        { accountIds, from: query.from, to: query.to, type: query.type },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { items: rows.map(toTransaction), total };
    },

    async addTransaction(accountId: string, body: TransactionBody, context: AuditContext) {
      return db.transaction(async (tx) => {
        const current = await findAccount(tx, accountId);
        if (!current) throw notFound(ACCOUNT_MESSAGES.notFound);
        await lockHousehold(tx, current.householdId);
        const security = SECURITY_TRANSACTION_TYPES.includes(body.type);
        if (body.productId) {
          const known = await productsByIds(tx, [body.productId]);
          if (!known.has(body.productId)) throw fieldError('productId', ACCOUNT_MESSAGES.productNotFound);
        }
        const values = {
          accountId,
          type: body.type,
          tradeDate: body.tradeDate,
          amount: body.amount,
          productId: body.productId ?? null,
          quantity: security || body.productId ? (body.quantity ?? null) : null,
          description: body.description,
          createdBy: context.actorId,
        };
        const id = await insertTransaction(tx, values);
        await checks.check(tx, [accountId]);
        if (OUTFLOW_TYPES.includes(body.type)) await flagLargeWithdrawal(tx, current, id, body);
        await writeAudit(tx, context, {
          action: 'CREATE',
          entity: 'transaction',
          entityId: id,
          after: values,
        });
        return toTransaction((await findTransaction(tx, accountId, id)) as TransactionRow);
      });
    },

    async deleteTransaction(accountId: string, id: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        const current = await findAccount(tx, accountId);
        if (!current) throw notFound(ACCOUNT_MESSAGES.notFound);
        await lockHousehold(tx, current.householdId);
        const row = await findTransaction(tx, accountId, id);
        if (!row) throw notFound(ACCOUNT_MESSAGES.transactionNotFound);
        await deleteTransactionRow(tx, id);
        await checks.check(tx, [accountId]);
        await deps.alerts.resolveAlerts(tx, [withdrawalCause(id)]);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'transaction',
          entityId: id,
          before: toTransaction(row),
        });
      });
    },

    /**
     * The value over time (the spec's variation graph) of one account or all of a household's: at each month
     * end from `from` (default a year before `to`) to `to` (default today), and on `to` itself.
     */
    async values(
      scope: { accountId: string } | { clientId: string },
      range: { from: string | null; to: string | null },
    ): Promise<ValuePoint[]> {
      let accountIds: string[];
      if ('accountId' in scope) {
        await load(db, scope.accountId);
        accountIds = [scope.accountId];
      } else {
        const rows = await accountsOfHousehold(db, scope.clientId);
        if (rows.length === 0) await db.transaction(async (tx) => lockHousehold(tx, scope.clientId));
        accountIds = rows.map((r) => r.id);
      }
      const to = range.to ?? today();
      const from = range.from ?? `${String(Number(to.slice(0, 4)) - 1)}${to.slice(4)}`;
      return valuesAt(db, accountIds, monthEndsBetween(from, to));
    },
  };
};
