import { formatCents } from '@centric/billing';
import {
  decimalText,
  type Exclusion,
  type ExclusionBody,
  EXCLUSION_MESSAGES,
  type ExclusionList,
} from '@centric/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, excludedAssets, households, products } from '../../db/schema/index.ts';
import { type AuditContext, auditWriter, changedFields } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { lockHousehold } from '../../platform/households.ts';
import type { BillingReadiness } from './billing-readiness.ts';
import { exclusionValue, isExclusionActive, type PositionValue } from './excluded-value.ts';

type ExclusionRow = typeof excludedAssets.$inferSelect;

/**
 * Excluded assets (issue 14 §5): a holding, a product in every account of the household, or a percentage of
 * an account, left out of the fee, the payout or both. Each write is audited (`excludedAsset`) and judges the
 * unit's readiness again in its transaction; the billing inputs read the exclusions for the engine.
 */
export const createExclusionsService = (deps: {
  db: Db;
  clock: Clock;
  today: FirmToday;
  readiness: BillingReadiness;
  accounts: {
    accountValuesOn: (date: string, accountIds?: readonly string[]) => Promise<Map<string, string>>;
    positionsOn: (accountIds: readonly string[], date: string) => Promise<PositionValue[]>;
  };
}) => {
  const { db, clock, today, readiness } = deps;
  const writeAudit = auditWriter(clock);

  /** The household, which must be a household (not a draft), else 404. */
  const checkHousehold = async (tx: Db, clientId: string) => {
    const [row] = await tx
      .select({ draft: households.draft })
      .from(households)
      .where(eq(households.id, clientId));
    if (!row || row.draft) throw notFound(EXCLUSION_MESSAGES.householdNotFound);
  };

  /** The account must be of the household, the product must exist (a holding may be excluded ahead). */
  const checkReferences = async (tx: Db, clientId: string, body: ExclusionBody) => {
    if (body.accountId) {
      const [account] = await tx
        .select({ householdId: accounts.householdId })
        .from(accounts)
        .where(eq(accounts.id, body.accountId));
      if (account?.householdId !== clientId) {
        throw fieldError('accountId', EXCLUSION_MESSAGES.accountNotFound);
      }
    }
    if (body.productId) {
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, body.productId));
      if (!product) throw fieldError('productId', EXCLUSION_MESSAGES.productNotFound);
    }
  };

  /** The exclusion, which must be of the household the route names, else 404. */
  const exclusionOf = async (tx: Db, clientId: string, id: string) => {
    const [row] = await tx
      .select()
      .from(excludedAssets)
      .where(and(eq(excludedAssets.id, id), eq(excludedAssets.householdId, clientId)))
      .for('update');
    if (!row) throw notFound(EXCLUSION_MESSAGES.notFound);
    return row;
  };

  const valuesOf = (body: ExclusionBody) => ({
    kind: body.kind,
    accountId: body.accountId,
    productId: body.productId,
    percent: body.percent,
    appliesTo: body.appliesTo,
    reason: body.reason,
    startDate: body.startDate,
    endDate: body.endDate,
  });

  /** What the audit trail keeps of an exclusion. */
  const auditView = (row: ExclusionRow) => ({
    householdId: row.householdId,
    kind: row.kind,
    accountId: row.accountId,
    productId: row.productId,
    percent: row.percent === null ? null : decimalText(row.percent, 2),
    appliesTo: row.appliesTo,
    reason: row.reason,
    startDate: row.startDate,
    endDate: row.endDate,
  });

  /** The household's exclusions (or one of them), each with what it excludes on today's valuation. */
  const listOf = async (clientId: string, onlyId?: string): Promise<ExclusionList> => {
    const day = today();
    const rows = await db
      .select({
        exclusion: excludedAssets,
        registrationName: accounts.registrationName,
        product: { id: products.id, symbol: products.symbol, name: products.name },
      })
      .from(excludedAssets)
      .leftJoin(accounts, eq(accounts.id, excludedAssets.accountId))
      .leftJoin(products, eq(products.id, excludedAssets.productId))
      .where(
        onlyId
          ? and(eq(excludedAssets.householdId, clientId), eq(excludedAssets.id, onlyId))
          : eq(excludedAssets.householdId, clientId),
      )
      .orderBy(asc(excludedAssets.startDate), asc(excludedAssets.createdAt), asc(excludedAssets.id));
    const unitAccounts = await db
      .select({ id: accounts.id, registrationName: accounts.registrationName, status: accounts.status })
      .from(accounts)
      .where(eq(accounts.householdId, clientId))
      .orderBy(asc(accounts.registrationName), asc(accounts.id));
    const accountIds = rows.length === 0 ? [] : unitAccounts.map((a) => a.id);
    const values = await deps.accounts.accountValuesOn(day, accountIds);
    const positions = rows.some((r) => r.exclusion.kind !== 'PERCENT')
      ? await deps.accounts.positionsOn(accountIds, day)
      : [];
    return {
      asOf: day,
      accounts: unitAccounts
        .map((a) => ({ id: a.id, registrationName: a.registrationName, open: a.status === 'OPEN' }))
        .sort((a, b) => Number(b.open) - Number(a.open)),
      exclusions: rows.map(({ exclusion: row, registrationName, product }): Exclusion => ({
        id: row.id,
        clientId: row.householdId,
        kind: row.kind as Exclusion['kind'],
        account: row.accountId && registrationName !== null ? { id: row.accountId, registrationName } : null,
        product: row.productId && product ? product : null,
        percent: row.percent === null ? null : decimalText(row.percent, 2),
        appliesTo: row.appliesTo as Exclusion['appliesTo'],
        reason: row.reason,
        startDate: row.startDate,
        endDate: row.endDate,
        active: isExclusionActive(row, { start: day, end: day }),
        excludedValue: formatCents(exclusionValue(row, values, positions)),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      })),
    };
  };

  const one = async (clientId: string, id: string) => {
    const [item] = (await listOf(clientId, id)).exclusions;
    if (!item) throw notFound(EXCLUSION_MESSAGES.notFound);
    return item;
  };

  return {
    async list(clientId: string) {
      await checkHousehold(db, clientId);
      return listOf(clientId);
    },

    async create(clientId: string, body: ExclusionBody, context: AuditContext) {
      const id = await db.transaction(async (tx) => {
        await checkHousehold(tx, clientId);
        await lockHousehold(tx, clientId);
        await checkReferences(tx, clientId, body);
        const [row] = await tx
          .insert(excludedAssets)
          .values({ householdId: clientId, ...valuesOf(body), createdBy: context.actorId })
          .returning();
        const created = row as ExclusionRow;
        await writeAudit(tx, context, {
          action: 'CREATE',
          entity: 'excludedAsset',
          entityId: created.id,
          after: auditView(created),
        });
        await readiness.refresh(tx, [clientId]);
        return created.id;
      });
      return one(clientId, id);
    },

    async update(clientId: string, id: string, body: ExclusionBody, context: AuditContext) {
      await db.transaction(async (tx) => {
        await checkHousehold(tx, clientId);
        await lockHousehold(tx, clientId);
        const before = await exclusionOf(tx, clientId, id);
        await checkReferences(tx, clientId, body);
        const [after] = await tx
          .update(excludedAssets)
          .set({ ...valuesOf(body), updatedAt: clock.now() })
          .where(eq(excludedAssets.id, id))
          .returning();
        const diff = changedFields(auditView(before), auditView(after as ExclusionRow));
        if (diff.changed) {
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: 'excludedAsset',
            entityId: id,
            before: diff.before,
            after: diff.after,
          });
        }
        await readiness.refresh(tx, [clientId]);
      });
      return one(clientId, id);
    },

    async remove(clientId: string, id: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        await checkHousehold(tx, clientId);
        await lockHousehold(tx, clientId);
        const found = await exclusionOf(tx, clientId, id);
        await tx.delete(excludedAssets).where(eq(excludedAssets.id, id));
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'excludedAsset',
          entityId: id,
          before: auditView(found),
        });
        await readiness.refresh(tx, [clientId]);
      });
    },
  };
};

export type ExclusionsService = ReturnType<typeof createExclusionsService>;
