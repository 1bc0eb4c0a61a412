import {
  type AccountDrift,
  type Assignment,
  type AssignmentBody,
  type Strategy,
  type StrategyBody,
  STRATEGY_MESSAGES,
  type StrategizeBody,
  type StrategyListQuery,
} from '@centric/contracts';
import { type Db, inTurn } from '../../db/client.ts';
import { type AuditContext, auditWriter, changedFields } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, fieldConflict, fieldError, notFound } from '../../platform/errors.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { lockHousehold } from '../../platform/households.ts';
import { answerDbRefusals } from '../../platform/pg-errors.ts';
import type { AccountChecks } from './account-checks.ts';
import { driftOf } from './account-checks.ts';
import { accountsOfHousehold } from './accounts.repository.ts';
import { addCents } from './valuation.ts';
import {
  accountCounts,
  accountsAssignedElsewhere,
  type AssignmentRow,
  assignmentParts,
  assignmentsOfHousehold,
  deleteAssignmentRow,
  deleteStrategyRow,
  existingKeys,
  findAssignment,
  findStrategy,
  householdsFollowing,
  householdsOfAccounts,
  insertAssignment,
  insertStrategy,
  listStrategies,
  lockStrategy,
  replaceAssignmentParts,
  replaceTargets,
  strategiesExisting,
  strategyAssigned,
  type StrategyRow,
  strategyTypeName,
  targetsOf,
  updateAssignmentRow,
  updateStrategyRow,
} from './strategies.repository.ts';

const auditStrategy = (s: Strategy) => ({
  name: s.name,
  strategyType: s.strategyType.name,
  description: s.description,
  viewableByClient: s.viewableByClient,
  display: s.display,
  grouping: s.grouping,
  riskNumber: s.riskNumber,
  targets: s.targets.map((t) => `${t.label}: ${t.target}% (−${t.lowerTolerance}/+${t.upperTolerance})`),
});

const auditAssignment = (a: Assignment) => ({
  clientId: a.clientId,
  assignmentType: a.assignmentType,
  category: a.category,
  applyToAllAccounts: a.applyToAllAccounts,
  accounts: a.accounts.map((x) => x.registrationName),
  transactionList: a.transactionList.map((x) => `${x.name}: ${x.percent}%`),
});

export type StrategiesService = ReturnType<typeof createStrategiesService>;

/** Strategies (models with targets), their assignment to a household's accounts, and drift. */
export const createStrategiesService = (deps: {
  db: Db;
  clock: Clock;
  today: FirmToday;
  checks: Pick<AccountChecks, 'check'>;
}) => {
  const { db, clock, today, checks } = deps;
  const writeAudit = auditWriter(clock);

  const toStrategies = async (conn: Db, rows: readonly StrategyRow[]): Promise<Strategy[]> => {
    const ids = rows.map((r) => r.id);
    const [targets, counts, typeNames] = await inTurn(
      () => targetsOf(conn, ids),
      () => accountCounts(conn, ids),
      async () => {
        const names: (readonly [number, string | null])[] = [];
        for (const id of new Set(rows.map((r) => r.strategyTypeId))) {
          names.push([id, await strategyTypeName(conn, id)]);
        }
        return names;
      },
    );
    const types = new Map(typeNames);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      strategyType: { id: row.strategyTypeId, name: types.get(row.strategyTypeId) ?? '' },
      description: row.description,
      viewableByClient: row.viewableByClient,
      display: row.display as Strategy['display'],
      grouping: row.grouping as Strategy['grouping'],
      riskNumber: row.riskNumber,
      targets: targets
        .filter((t) => t.strategyId === row.id)
        .map((t) => ({
          id: t.id,
          assetClassId: t.assetClassId,
          productId: t.productId,
          label: t.label,
          target: t.target,
          lowerTolerance: t.lowerTolerance,
          upperTolerance: t.upperTolerance,
        })),
      accountCount: counts.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  };

  const loadStrategy = async (conn: Db, id: string) => {
    const row = await findStrategy(conn, id);
    if (!row) throw notFound(STRATEGY_MESSAGES.notFound);
    return (await toStrategies(conn, [row]))[0] as Strategy;
  };

  const checkStrategyRefs = async (tx: Db, body: StrategyBody) => {
    if (!(await strategyTypeName(tx, body.strategyTypeId))) {
      throw fieldError('strategyTypeId', STRATEGY_MESSAGES.strategyTypeNotFound);
    }
    const classIds = body.targets.flatMap((t) =>
      body.grouping === 'ASSET_CATEGORY' && t.assetClassId ? [t.assetClassId] : [],
    );
    const productIds = body.targets.flatMap((t) =>
      body.grouping === 'CUSIP' && t.productId ? [t.productId] : [],
    );
    const known = await existingKeys(tx, classIds, productIds);
    body.targets.forEach((t, index) => {
      const field = body.grouping === 'ASSET_CATEGORY' ? 'assetClassId' : 'productId';
      const key = t[field];
      if (key && !known.has(key))
        throw fieldError(`targets.${index}.${field}`, STRATEGY_MESSAGES.keyNotFound);
    });
  };

  const strategyValues = (body: StrategyBody) => ({
    name: body.name,
    strategyTypeId: body.strategyTypeId,
    description: body.description,
    viewableByClient: body.viewableByClient,
    display: body.display,
    grouping: body.grouping,
    riskNumber: body.riskNumber,
  });

  const targetValues = (body: StrategyBody) =>
    body.targets.map((t) => ({
      assetClassId: body.grouping === 'ASSET_CATEGORY' ? (t.assetClassId ?? null) : null,
      productId: body.grouping === 'CUSIP' ? (t.productId ?? null) : null,
      target: t.target,
      lowerTolerance: t.lowerTolerance,
      upperTolerance: t.upperTolerance,
    }));

  const guardName = <T>(work: () => Promise<T>) =>
    answerDbRefusals(work, { unique: () => fieldConflict('name', STRATEGY_MESSAGES.nameTaken) });

  /** Re-checks the drift of every account of these households (after a strategy or an assignment changes). */
  const recheckHouseholds = async (tx: Db, householdIds: readonly string[]) => {
    const ids: string[] = [];
    for (const householdId of householdIds)
      ids.push(...(await accountsOfHousehold(tx, householdId)).map((a) => a.id));
    await checks.check(tx, ids);
  };

  // -------------------------------------------------------------------------------------------------------
  // Assignments

  const toAssignments = async (conn: Db, rows: readonly AssignmentRow[]): Promise<Assignment[]> => {
    const { strategiesOf, accountsOf } = await assignmentParts(
      conn,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      id: row.id,
      clientId: row.householdId,
      assignmentType: row.assignmentType as Assignment['assignmentType'],
      category: row.category,
      applyToAllAccounts: row.applyToAllAccounts,
      accounts: accountsOf
        .filter((a) => a.assignmentId === row.id)
        .map((a) => ({ id: a.id, registrationName: a.registrationName })),
      transactionList: strategiesOf
        .filter((s) => s.assignmentId === row.id)
        .map((s) => ({ strategyId: s.strategyId, name: s.name, percent: s.percent })),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  };

  const loadAssignment = async (conn: Db, clientId: string, id: string) => {
    const row = await findAssignment(conn, clientId, id);
    if (!row) throw notFound(STRATEGY_MESSAGES.assignmentNotFound);
    return (await toAssignments(conn, [row]))[0] as Assignment;
  };

  /** The body's accounts belong to the household and follow no other assignment; its strategies exist. */
  const checkAssignment = async (tx: Db, clientId: string, body: AssignmentBody, exceptId: string | null) => {
    const accountIds = body.applyToAllAccounts ? [] : body.accounts;
    const own = new Set((await accountsOfHousehold(tx, clientId)).map((a) => a.id));
    accountIds.forEach((id, index) => {
      if (!own.has(id)) throw fieldError(`accounts.${index}`, STRATEGY_MESSAGES.accountNotInHousehold);
    });
    const elsewhere = await accountsAssignedElsewhere(tx, accountIds, exceptId);
    accountIds.forEach((id, index) => {
      if (elsewhere.has(id)) throw fieldConflict(`accounts.${index}`, STRATEGY_MESSAGES.accountAssigned);
    });
    if (body.applyToAllAccounts) {
      const all = (await assignmentsOfHousehold(tx, clientId)).find(
        (a) => a.applyToAllAccounts && a.id !== exceptId,
      );
      if (all) throw fieldConflict('applyToAllAccounts', STRATEGY_MESSAGES.allAccountsTaken);
    }
    const existing = await strategiesExisting(
      tx,
      body.transactionList.map((r) => r.strategyId),
    );
    body.transactionList.forEach((row, index) => {
      if (!existing.has(row.strategyId)) {
        throw fieldError(`transactionList.${index}.strategyId`, STRATEGY_MESSAGES.notFound);
      }
    });
    return accountIds;
  };

  return {
    async list(query: StrategyListQuery) {
      const { rows, total } = await listStrategies(db, {
        search: query.search ?? '',
        strategyTypeId: query.strategyTypeId,
        sortBy: query.sortBy,
        order: query.order,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { items: await toStrategies(db, rows), total };
    },

    get: (id: string) => loadStrategy(db, id),

    create: (body: StrategyBody, context: AuditContext) =>
      guardName(() =>
        db.transaction(async (tx) => {
          await checkStrategyRefs(tx, body);
          const row = await insertStrategy(tx, { ...strategyValues(body), createdBy: context.actorId });
          await replaceTargets(tx, row.id, targetValues(body));
          const strategy = await loadStrategy(tx, row.id);
          await writeAudit(tx, context, {
            action: 'CREATE',
            entity: 'strategy',
            entityId: row.id,
            after: auditStrategy(strategy),
          });
          return strategy;
        }),
      ),

    update: (id: string, body: StrategyBody, context: AuditContext) =>
      guardName(() =>
        db.transaction(async (tx) => {
          if (!(await lockStrategy(tx, id))) throw notFound(STRATEGY_MESSAGES.notFound);
          await checkStrategyRefs(tx, body);
          const before = await loadStrategy(tx, id);
          await updateStrategyRow(tx, id, strategyValues(body), clock.now());
          await replaceTargets(tx, id, targetValues(body));
          const after = await loadStrategy(tx, id);
          const diff = changedFields(auditStrategy(before), auditStrategy(after));
          if (diff)
            await writeAudit(tx, context, { action: 'UPDATE', entity: 'strategy', entityId: id, ...diff });
          await recheckHouseholds(tx, await householdsFollowing(tx, id));
          return after;
        }),
      ),

    async remove(id: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        if (!(await lockStrategy(tx, id))) throw notFound(STRATEGY_MESSAGES.notFound);
        if (await strategyAssigned(tx, id)) throw conflict(STRATEGY_MESSAGES.inUse);
        const before = await loadStrategy(tx, id);
        await deleteStrategyRow(tx, id);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'strategy',
          entityId: id,
          before: auditStrategy(before),
        });
      });
    },

    async assignments(clientId: string) {
      const rows = await assignmentsOfHousehold(db, clientId);
      if (rows.length === 0) await db.transaction(async (tx) => lockHousehold(tx, clientId));
      return toAssignments(db, rows);
    },

    assign: (clientId: string, body: AssignmentBody, context: AuditContext) =>
      db.transaction(async (tx) => {
        await lockHousehold(tx, clientId);
        const accountIds = await checkAssignment(tx, clientId, body, null);
        const row = await insertAssignment(tx, {
          householdId: clientId,
          assignmentType: body.assignmentType,
          category: body.category,
          applyToAllAccounts: body.applyToAllAccounts,
          createdBy: context.actorId,
        });
        await replaceAssignmentParts(tx, row.id, { strategies: body.transactionList, accountIds });
        const assignment = await loadAssignment(tx, clientId, row.id);
        await writeAudit(tx, context, {
          action: 'CREATE',
          entity: 'strategyAssignment',
          entityId: row.id,
          after: auditAssignment(assignment),
        });
        await recheckHouseholds(tx, [clientId]);
        return assignment;
      }),

    /**
     * Strategizing from the review queue: each account follows the strategy alone, through its household's
     * single-strategy assignment of chosen accounts on it (made when there is none); an account named by
     * another assignment leaves it (an assignment left with no account is removed). Accounts already on it
     * are `unchanged`.
     */
    strategize: (body: StrategizeBody, context: AuditContext) =>
      db.transaction(async (tx) => {
        if (!(await findStrategy(tx, body.strategyId)))
          throw fieldError('strategyId', STRATEGY_MESSAGES.notFound);
        const owned = await householdsOfAccounts(tx, [...new Set(body.accountIds)]);
        if (owned.length === 0) throw fieldError('accountIds', STRATEGY_MESSAGES.accountNotInHousehold);
        const byHousehold = new Map<string, string[]>();
        for (const { id, householdId } of owned)
          byHousehold.set(householdId, [...(byHousehold.get(householdId) ?? []), id]);
        let changed = 0;
        for (const householdId of [...byHousehold.keys()].sort()) {
          await lockHousehold(tx, householdId);
          const assignments = await toAssignments(tx, await assignmentsOfHousehold(tx, householdId));
          const target = assignments.find(
            (a) =>
              !a.applyToAllAccounts &&
              a.transactionList.length === 1 &&
              a.transactionList[0]?.strategyId === body.strategyId,
          );
          const moving = (byHousehold.get(householdId) ?? []).filter(
            (id) => !target?.accounts.some((a) => a.id === id),
          );
          if (moving.length === 0) continue;
          changed += moving.length;
          for (const other of assignments) {
            if (other === target || !other.accounts.some((a) => moving.includes(a.id))) continue;
            const remaining = other.accounts.filter((a) => !moving.includes(a.id)).map((a) => a.id);
            if (remaining.length === 0 && !other.applyToAllAccounts) {
              await deleteAssignmentRow(tx, other.id);
              await writeAudit(tx, context, {
                action: 'DELETE',
                entity: 'strategyAssignment',
                entityId: other.id,
                before: auditAssignment(other),
              });
            } else {
              await replaceAssignmentParts(tx, other.id, {
                strategies: other.transactionList,
                accountIds: remaining,
              });
              await writeAudit(tx, context, {
                action: 'UPDATE',
                entity: 'strategyAssignment',
                entityId: other.id,
                before: auditAssignment(other),
                after: auditAssignment(await loadAssignment(tx, householdId, other.id)),
              });
            }
          }
          if (target) {
            const accountIds = [...target.accounts.map((a) => a.id), ...moving];
            await replaceAssignmentParts(tx, target.id, { strategies: target.transactionList, accountIds });
            await writeAudit(tx, context, {
              action: 'UPDATE',
              entity: 'strategyAssignment',
              entityId: target.id,
              before: auditAssignment(target),
              after: auditAssignment(await loadAssignment(tx, householdId, target.id)),
            });
          } else {
            const row = await insertAssignment(tx, {
              householdId,
              assignmentType: 'STRATEGY',
              applyToAllAccounts: false,
              createdBy: context.actorId,
            });
            await replaceAssignmentParts(tx, row.id, {
              strategies: [{ strategyId: body.strategyId, percent: '100' }],
              accountIds: moving,
            });
            await writeAudit(tx, context, {
              action: 'CREATE',
              entity: 'strategyAssignment',
              entityId: row.id,
              after: auditAssignment(await loadAssignment(tx, householdId, row.id)),
            });
          }
          await recheckHouseholds(tx, [householdId]);
        }
        return { changed, unchanged: owned.length - changed };
      }),

    updateAssignment: (clientId: string, id: string, body: AssignmentBody, context: AuditContext) =>
      db.transaction(async (tx) => {
        await lockHousehold(tx, clientId);
        const before = await loadAssignment(tx, clientId, id);
        const accountIds = await checkAssignment(tx, clientId, body, id);
        await updateAssignmentRow(
          tx,
          id,
          {
            assignmentType: body.assignmentType,
            category: body.category,
            applyToAllAccounts: body.applyToAllAccounts,
          },
          clock.now(),
        );
        await replaceAssignmentParts(tx, id, { strategies: body.transactionList, accountIds });
        const after = await loadAssignment(tx, clientId, id);
        const diff = changedFields(auditAssignment(before), auditAssignment(after));
        if (diff)
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: 'strategyAssignment',
            entityId: id,
            ...diff,
          });
        await recheckHouseholds(tx, [clientId]);
        return after;
      }),

    async removeAssignment(clientId: string, id: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        await lockHousehold(tx, clientId);
        const before = await loadAssignment(tx, clientId, id);
        await deleteAssignmentRow(tx, id);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'strategyAssignment',
          entityId: id,
          before: auditAssignment(before),
        });
        await recheckHouseholds(tx, [clientId]);
      });
    },

    /** The drift of each of the household's accounts that follows a strategy, on a date (today by default). */
    async drift(clientId: string, date: string | null): Promise<AccountDrift[]> {
      const rows = await accountsOfHousehold(db, clientId);
      if (rows.length === 0) await db.transaction(async (tx) => lockHousehold(tx, clientId));
      const drift = await driftOf(
        db,
        rows.map((r) => r.id),
        date ?? today(),
      );
      const order = new Map(rows.map((r, i) => [r.id, i]));
      return drift
        .sort((a, b) => (order.get(a.accountId) ?? 0) - (order.get(b.accountId) ?? 0))
        .map((d) => ({
          accountId: d.accountId,
          registrationName: d.registrationName,
          assignmentId: d.assignmentId,
          strategies: d.strategies,
          marketValue: d.positions.map((p) => p.marketValue).reduce(addCents, '0.00'),
          rows: d.rows,
          outOfBand: d.outOfBand,
        }));
    },
  };
};
