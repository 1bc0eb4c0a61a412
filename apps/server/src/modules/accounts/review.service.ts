import {
  REVIEW_QUEUE_STATUSES,
  type ReviewQueueStatus,
  type AccountReviewStatus,
  maskCustodianNumber,
  REVIEW_STATUS_LABELS,
  REVIEW_TRANSITIONS,
  type ReviewActionBody,
  type ReviewQueueItem,
  type ReviewQueueQuery,
  STRATEGY_MESSAGES,
  usDate,
} from '@centric/contracts';
import { and, asc, eq, gt, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, householdAdvisors, households, users } from '../../db/schema/index.ts';
import { type AuditContext, auditWriter } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, fieldError } from '../../platform/errors.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { paragraphOf } from '../../platform/rich-text.ts';
import { likePattern } from '../../platform/sql-like.ts';
import type { NotesService } from '../notes/notes.service.ts';
import { positionsOn } from './accounts.repository.ts';
import { addCents } from './valuation.ts';

export type ReviewService = ReturnType<typeof createReviewService>;

/**
 * The bookkeeping review (issue 13 §4): the queue operations work through and its actions. Transitions are
 * REVIEW_TRANSITIONS (contracts); "review done" and "snooze" post a system note of subType REVIEW_DONE or
 * SNOOZE on the household, one per household and action, naming its accounts.
 */
export const createReviewService = (deps: {
  db: Db;
  clock: Clock;
  today: FirmToday;
  notes: Pick<NotesService, 'createSystemNote'>;
}) => {
  const { db, clock, today, notes } = deps;
  const writeAudit = auditWriter(clock);

  const queueWhere = (query: ReviewQueueQuery, day: string): SQL | undefined => {
    const snoozed = and(eq(accounts.reviewStatus, 'NEEDS_REVIEW'), gt(accounts.reviewSnoozedUntil, day));
    const status =
      query.status === 'SNOOZED'
        ? snoozed
        : query.status === 'NEEDS_REVIEW'
          ? and(
              eq(accounts.reviewStatus, 'NEEDS_REVIEW'),
              or(isNull(accounts.reviewSnoozedUntil), lte(accounts.reviewSnoozedUntil, day)),
            )
          : eq(accounts.reviewStatus, query.status);
    return and(status, filtersOf(query));
  };

  /** The queue's filters other than the status (its counts per status share them). */
  const filtersOf = (query: ReviewQueueQuery): SQL | undefined =>
    and(
      query.custodian ? eq(accounts.custodian, query.custodian) : undefined,
      query.search
        ? or(
            ilike(accounts.registrationName, likePattern(query.search)),
            ilike(households.name, likePattern(query.search)),
          )
        : undefined,
      query.advisorId
        ? sql`exists (select 1 from ${householdAdvisors} ha where ha.household_id = ${accounts.householdId}
            and ha.role = 'WEALTH_ADVISOR_1' and ha.user_id = ${query.advisorId})`
        : undefined,
    );

  const advisor = db
    .select({ householdId: householdAdvisors.householdId, userId: users.id, fullName: users.fullName })
    .from(householdAdvisors)
    .innerJoin(users, eq(users.id, householdAdvisors.userId))
    .where(eq(householdAdvisors.role, 'WEALTH_ADVISOR_1'))
    .as('advisor');
  const reviewer = db.select({ id: users.id, fullName: users.fullName }).from(users).as('reviewer');
  /** The queue status of an account on a day: its review status, or SNOOZED while a snooze runs. */
  const statusOf = (day: string) => sql<string>`case when ${accounts.reviewStatus} = 'NEEDS_REVIEW'
    and ${accounts.reviewSnoozedUntil} > ${day}::date then 'SNOOZED' else ${accounts.reviewStatus} end`;

  return {
    /** The review queue: accounts by review status with their household, Wealth Advisor 1 and value today. */
    async queue(query: ReviewQueueQuery) {
      const day = today();
      const where = queueWhere(query, day);
      const sortColumn = {
        registrationName: accounts.registrationName,
        household: households.name,
        custodian: accounts.custodian,
        snoozedUntil: accounts.reviewSnoozedUntil,
        reviewedAt: accounts.reviewedAt,
      }[query.sortBy];
      // Accounts never reviewed or snoozed come last either way.
      const order = sql`${sortColumn} ${sql.raw(query.order === 'ASC' ? 'asc' : 'desc')} nulls last`;
      const [rows, [count], custodians, byStatus] = await Promise.all([
        db
          .select({
            account: accounts,
            household: households.name,
            advisorId: advisor.userId,
            advisorName: advisor.fullName,
            reviewer: reviewer.fullName,
          })
          .from(accounts)
          .innerJoin(households, eq(households.id, accounts.householdId))
          .leftJoin(advisor, eq(advisor.householdId, accounts.householdId))
          .leftJoin(reviewer, eq(reviewer.id, accounts.reviewedBy))
          .where(where)
          .orderBy(order, asc(accounts.registrationName), asc(accounts.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(accounts)
          .innerJoin(households, eq(households.id, accounts.householdId))
          .where(where),
        db.selectDistinct({ custodian: accounts.custodian }).from(accounts).orderBy(asc(accounts.custodian)),
        // Each status's count under the same filters (Snoozed: needing review, hidden until a later day).
        db
          .select({ status: statusOf(day), n: sql<number>`count(*)::int` })
          .from(accounts)
          .innerJoin(households, eq(households.id, accounts.householdId))
          .where(filtersOf(query))
          // By the first column: the status expression, whose day is a parameter.
          .groupBy(sql`1`),
      ]);
      const counts = Object.fromEntries(REVIEW_QUEUE_STATUSES.map((status) => [status, 0])) as Record<
        ReviewQueueStatus,
        number
      >;
      for (const row of byStatus) counts[row.status as ReviewQueueStatus] = row.n;
      const positions = await positionsOn(
        db,
        rows.map((r) => r.account.id),
        day,
      );
      const items: ReviewQueueItem[] = rows.map(
        ({ account, household, advisorId, advisorName, reviewer }) => ({
          accountId: account.id,
          registrationName: account.registrationName,
          custodian: account.custodian,
          custodianNumber: maskCustodianNumber(account.custodianNumberLast4),
          clientId: account.householdId,
          household,
          wealthAdvisor: advisorId && advisorName ? { id: advisorId, fullName: advisorName } : null,
          reviewStatus: account.reviewStatus as ReviewQueueItem['reviewStatus'],
          reviewReasons: account.reviewReasons,
          reviewSnoozedUntil: account.reviewSnoozedUntil,
          reviewedAt: account.reviewedAt,
          reviewedBy: reviewer,
          marketValue: positions
            .filter((p) => p.accountId === account.id)
            .map((p) => p.marketValue)
            .reduce(addCents, '0.00'),
        }),
      );
      return { items, total: count?.n ?? 0, custodians: custodians.map((c) => c.custodian), counts };
    },

    /**
     * One action on one or many accounts. Accounts whose status the action does not start from are left as
     * they are (counted `unchanged`); for a single account that is a 409 naming its status.
     */
    async act(body: ReviewActionBody, context: AuditContext) {
      const day = today();
      if (body.action === 'SNOOZE' && body.snoozeUntil && body.snoozeUntil <= day) {
        throw fieldError('snoozeUntil', STRATEGY_MESSAGES.snoozeDateFuture);
      }
      const transition = REVIEW_TRANSITIONS[body.action];
      return db.transaction(async (tx) => {
        const ids = [...new Set(body.accountIds)];
        const rows = await tx
          .select({
            id: accounts.id,
            householdId: accounts.householdId,
            registrationName: accounts.registrationName,
            reviewStatus: accounts.reviewStatus,
            reviewSnoozedUntil: accounts.reviewSnoozedUntil,
          })
          .from(accounts)
          .where(inArray(accounts.id, ids))
          .orderBy(asc(accounts.householdId), asc(accounts.registrationName))
          .for('update');
        if (rows.length === 0) throw fieldError('accountIds', 'Account not found.');
        const movable = rows.filter((r) => (transition.from as readonly string[]).includes(r.reviewStatus));
        if (movable.length === 0 && rows.length === 1) {
          const label = REVIEW_STATUS_LABELS[rows[0]?.reviewStatus as AccountReviewStatus];
          throw conflict(STRATEGY_MESSAGES.reviewNotAllowed(label));
        }
        const reviewed = body.action === 'REVIEW_DONE';
        for (const row of movable) {
          const values = {
            reviewStatus: transition.to,
            reviewSnoozedUntil: body.action === 'SNOOZE' ? body.snoozeUntil : null,
            ...(reviewed ? { reviewedBy: context.actorId, reviewedAt: day } : {}),
            updatedAt: clock.now(),
          };
          await tx.update(accounts).set(values).where(eq(accounts.id, row.id));
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: 'accountReview',
            entityId: row.id,
            before: { reviewStatus: row.reviewStatus, reviewSnoozedUntil: row.reviewSnoozedUntil },
            after: {
              reviewStatus: values.reviewStatus,
              reviewSnoozedUntil: values.reviewSnoozedUntil,
              note: body.note,
            },
          });
        }
        if (body.action === 'REVIEW_DONE' || body.action === 'SNOOZE') {
          const byHousehold = new Map<string, string[]>();
          for (const row of movable) {
            byHousehold.set(row.householdId, [
              ...(byHousehold.get(row.householdId) ?? []),
              row.registrationName,
            ]);
          }
          for (const [householdId, names] of byHousehold) {
            const what =
              body.action === 'REVIEW_DONE'
                ? `Bookkeeping review done: ${names.join(', ')}.`
                : `Bookkeeping review snoozed until ${usDate(body.snoozeUntil as string)}: ${names.join(', ')}.`;
            await notes.createSystemNote(tx, {
              records: [{ kind: 'household', id: householdId }],
              html: paragraphOf(body.note ? `${what} ${body.note}` : what),
              type: 'MANAGED_ACCOUNTS',
              subType: body.action,
              context,
            });
          }
        }
        return { changed: movable.length, unchanged: rows.length - movable.length };
      });
    },
  };
};
