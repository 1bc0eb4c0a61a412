import { addDays, type ReviewReason } from '@centric/contracts';
import { inArray, sql } from 'drizzle-orm';
import { type Db, inTurn, rowsOf, uuidArray } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';
import type { Alerts } from '../../platform/alerts.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { timed } from '../../platform/step-profile.ts';
import { POSITION_VALUE, positionsFrom, positionsOn } from './accounts.repository.ts';
import { type Blend, driftRows, driftSummary } from './drift.ts';
import { followedAssignments, targetsOf } from './strategies.repository.ts';
import { groupBy } from '../../platform/group-by.ts';

/**
 * What the data says about accounts, checked in the transaction of each change (holdings, transactions,
 * assignments, strategies) and once a day for every account (the activity sweep):
 * - the bookkeeping review's data checks (as Orion's portfolio audit): a reason not seen before puts the
 *   account into NEEDS_REVIEW (its snooze cleared); reasons that went away are forgotten;
 * - drift: an account outside its strategy's band raises a managedAccounts alert (`drift:<accountId>`, once per
 *   cause, its message updated as the weights move), resolved when back inside or when it follows no strategy.
 */

/** A non-cash position priced longer ago than this is "not priced for the period" (a missed month end). */
export const PRICE_STALE_DAYS = 45;
/** Accounts checked per statement by the daily sweep. */
const BATCH = 500;

export const driftCause = (accountId: string) => `drift:${accountId}`;

/** Each account's failing data checks on `day`, in REVIEW_REASONS order. */
export const reviewReasonsOf = async (db: Db, accountIds: readonly string[], day: string) => {
  if (accountIds.length === 0) return new Map<string, ReviewReason[]>();
  const ids = uuidArray(accountIds);
  const stale = addDays(day, -PRICE_STALE_DAYS);
  const rows = rowsOf<{ id: string; reasons: string }>(
    await db.execute(sql`
      with agg as (
        select snap.account_id, sum(${POSITION_VALUE}) as value,
          bool_or(px.product_type <> 'CASH' and h.quantity <> 0
            and (px.price_date is null or px.price_date < ${stale}::date)) as unpriced
        from ${positionsFrom(sql`${day}::date`, ids)}
        group by snap.account_id
      ),
      snapped as (
        select distinct s.account_id from account_snapshots s
        where s.account_id = any(${ids}) and s.as_of <= ${day}::date
      )
      select a.id, concat_ws(',',
        case when a.status = 'OPEN' and snapped.account_id is null then 'NO_HOLDINGS' end,
        case when a.status = 'OPEN' and snapped.account_id is not null and coalesce(agg.value, 0) = 0
          then 'OPEN_ZERO_VALUE' end,
        case when a.status = 'CLOSED' and coalesce(agg.value, 0) > 0 then 'CLOSED_WITH_VALUE' end,
        case when coalesce(agg.unpriced, false) then 'UNPRICED_HOLDINGS' end,
        case when exists (select 1 from account_transactions t where t.account_id = a.id and t.product_id is null
          and t.type in ('BUY', 'SELL', 'DIVIDEND')) then 'TRANSACTION_WITHOUT_PRODUCT' end
      ) as reasons
      from accounts a
      left join snapped on snapped.account_id = a.id
      left join agg on agg.account_id = a.id
      where a.id = any(${ids})`),
  );
  return new Map(rows.map((r) => [r.id, (r.reasons ? r.reasons.split(',') : []) as ReviewReason[]]));
};

/** The drift of each account that follows a strategy, on `day`. */
export const driftOf = async (db: Db, accountIds: readonly string[], day: string) => {
  const followed = await followedAssignments(db, accountIds);
  if (followed.length === 0) return [];
  const strategyIds = [...new Set(followed.map((f) => f.strategy_id))];
  const followingIds = [...new Set(followed.map((f) => f.account_id))];
  const [targets, positions, names] = await inTurn(
    () => targetsOf(db, strategyIds),
    () => positionsOn(db, followingIds, day),
    () =>
      db
        .select({
          id: accounts.id,
          registrationName: accounts.registrationName,
          householdId: accounts.householdId,
        })
        .from(accounts)
        .where(inArray(accounts.id, followingIds)),
  );
  // Each account's parts, positions and name looked up by id (the daily sweep checks 500 accounts a batch, with
  // 25 positions each: filtering every list for each account was most of its time).
  const partsOf = groupBy(followed, (f) => f.account_id);
  const targetsOfStrategy = groupBy(targets, (t) => t.strategyId);
  const positionsOf = groupBy(positions, (p) => p.accountId);
  const nameOf = new Map(names.map((n) => [n.id, n]));
  return followingIds.map((accountId) => {
    const parts = partsOf.get(accountId) ?? [];
    const blend: Blend = parts.map((p) => ({
      percent: p.percent,
      targets: targetsOfStrategy.get(p.strategy_id) ?? [],
    }));
    const own = positionsOf.get(accountId) ?? [];
    const rows = driftRows(blend, own);
    const account = nameOf.get(accountId) as {
      registrationName: string;
      householdId: string;
    };
    return {
      accountId,
      householdId: account.householdId,
      registrationName: account.registrationName,
      assignmentId: (parts[0] as { assignment_id: string }).assignment_id,
      strategies: parts.map((p) => ({ id: p.strategy_id, name: p.name, percent: p.percent })),
      positions: own,
      rows,
      outOfBand: rows.filter((r) => r.state !== 'WITHIN').length,
    };
  });
};

export type AccountChecks = ReturnType<typeof createAccountChecks>;

export const createAccountChecks = (deps: {
  today: FirmToday;
  alerts: Pick<Alerts, 'raiseAlerts' | 'resolveAlerts'>;
}) => {
  const { today, alerts } = deps;
  /**
   * What other areas run on every change to accounts, in its transaction, with the households concerned (the
   * accounts' own, and those of accounts paying through them): billing readiness (billing module).
   */
  const listeners: ((tx: Db, householdIds: readonly string[]) => Promise<unknown>)[] = [];
  const onAccountsChanged = (listener: (tx: Db, householdIds: readonly string[]) => Promise<unknown>) => {
    listeners.push(listener);
  };
  /** Tells the listeners that these households' accounts changed (an account added, edited or deleted). */
  const notify = async (tx: Db, householdIds: readonly string[]) => {
    if (householdIds.length === 0) return;
    for (const listener of listeners) await listener(tx, householdIds);
  };
  const householdsOf = async (tx: Db, accountIds: readonly string[]) =>
    rowsOf<{ id: string }>(
      await tx.execute(sql`
        select distinct household_id as id from accounts
        where id = any(${uuidArray(accountIds)}) or fee_paying_account_id = any(${uuidArray(accountIds)})`),
    ).map((r) => r.id);

  /** The review checks and drift alerts of these accounts, in the caller's transaction, then the listeners. */
  const check = async (tx: Db, accountIds: readonly string[]) => {
    const result = await checkAccounts(tx, accountIds);
    if (listeners.length > 0 && accountIds.length > 0) await notify(tx, await householdsOf(tx, accountIds));
    return result;
  };

  const checkAccounts = async (tx: Db, accountIds: readonly string[]) => {
    if (accountIds.length === 0) return { reviewChanged: 0, driftAlerts: 0 };
    const day = today();
    const [reasons, current, drift] = await inTurn(
      () => timed('accounts: review reasons', () => reviewReasonsOf(tx, accountIds, day)),
      () =>
        tx
          .select({ id: accounts.id, reviewReasons: accounts.reviewReasons, status: accounts.reviewStatus })
          .from(accounts)
          .where(inArray(accounts.id, [...accountIds])),
      () => timed('accounts: drift', () => driftOf(tx, accountIds, day)),
    );
    // What changed, written in one statement (the daily sweep's first pass at a large firm changes most of a
    // batch's 500 accounts: one update each took minutes over 250,000).
    const changes = current.flatMap((row) => {
      const found = reasons.get(row.id) ?? [];
      const fresh = found.filter((r) => !row.reviewReasons.includes(r));
      if (found.length === row.reviewReasons.length && fresh.length === 0) return [];
      return [{ id: row.id, reasons: found, review: fresh.length > 0 }];
    });
    if (changes.length > 0) {
      await timed('accounts: review written', () =>
        tx.execute(sql`update accounts a set review_reasons = x.reasons,
          review_status = case when x.review then 'NEEDS_REVIEW' else a.review_status end,
          review_snoozed_until = case when x.review then null else a.review_snoozed_until end
        from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as x(id uuid, reasons jsonb, review boolean)
        where a.id = x.id`),
      );
    }
    const reviewChanged = changes.length;
    const inside: string[] = [];
    const outside = drift.filter((d) => {
      if (d.outOfBand === 0) inside.push(driftCause(d.accountId));
      return d.outOfBand > 0;
    });
    await timed('accounts: drift alerts', () =>
      alerts.raiseAlerts(
        tx,
        outside.map((d) => ({
          category: 'managedAccounts',
          causeKey: driftCause(d.accountId),
          message: `${d.registrationName} is outside its strategy: ${driftSummary(d.rows)}`,
          details: { accountId: d.accountId, rows: d.rows.filter((r) => r.state !== 'WITHIN') },
          record: { kind: 'household', id: d.householdId },
        })),
      ),
    );
    const driftAlerts = outside.length;
    // Accounts that follow no strategy (any more) have no drift either.
    const following = new Set(drift.map((d) => d.accountId));
    await alerts.resolveAlerts(tx, [
      ...inside,
      ...accountIds.filter((id) => !following.has(id)).map(driftCause),
    ]);
    return { reviewChanged, driftAlerts };
  };

  /** Every account, in batches (the activity sweep's daily part), until `stopping()` says the app closes. */
  const checkAll = async (db: Db, stopping: () => boolean = () => false) => {
    let after = '00000000-0000-0000-0000-000000000000';
    let total = 0;
    for (;;) {
      const ids = (
        await db
          .select({ id: accounts.id })
          .from(accounts)
          .where(sql`${accounts.id} > ${after}`)
          .orderBy(accounts.id)
          .limit(BATCH)
      ).map((r) => r.id);
      if (ids.length === 0 || stopping()) return total;
      // The daily sweep judges billing readiness in its own part: only the review checks and drift here.
      const result = await db.transaction((tx) => checkAccounts(tx, ids));
      total += result.reviewChanged + result.driftAlerts;
      after = ids[ids.length - 1] as string;
    }
  };

  return { check, checkAll, onAccountsChanged, notify };
};
