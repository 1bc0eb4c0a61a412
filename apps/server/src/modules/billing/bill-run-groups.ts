import type { BillScope } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';

/**
 * Billing groups (issue 15 §1): a household together with every household linked to it by a fee-paying
 * account or an account payee, billed as one unit of work, so a paying account's debits are written with the
 * fees it pays. The key of a group is its smallest household id (stable whatever the scope).
 */

/** The households a scope bills: units (households with an account open in or after the period's start). */
export const householdsInScope = async (
  db: Db,
  scope: {
    scope: BillScope;
    householdId: string | null;
    accountId: string | null;
    wealthAdvisorId: string | null;
    periodStart: string;
  },
): Promise<string[]> => {
  const billable = sql`exists (select 1 from accounts a where a.household_id = h.id
    and (a.status = 'OPEN' or a.closed_on >= ${scope.periodStart}::date))`;
  const where =
    scope.scope === 'SINGLE_UNIT'
      ? sql`h.id = ${scope.householdId}::uuid`
      : scope.scope === 'SINGLE_ACCOUNT'
        ? sql`h.id = (select household_id from accounts where id = ${scope.accountId}::uuid)`
        : scope.scope === 'WEALTH_ADVISOR'
          ? sql`exists (select 1 from household_advisors ha where ha.household_id = h.id
              and ha.role = 'WEALTH_ADVISOR_1' and ha.user_id = ${scope.wealthAdvisorId}::uuid)`
          : sql`true`;
  return rowsOf<{ id: string }>(
    await db.execute(sql`select h.id from households h where not h.draft and ${where} and ${billable}
      order by h.id`),
  ).map((r) => r.id);
};

/** Union-find over household ids. */
const unionFind = () => {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root) as string;
    // Path compression.
    let at = x;
    while (at !== root) {
      const next = parent.get(at) as string;
      parent.set(at, root);
      at = next;
    }
    return root;
  };
  const union = (a: string, b: string) => {
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) return;
    // The smaller id is the root, so a group's key is its smallest household id.
    if (ra < rb) parent.set(rb, ra);
    else parent.set(ra, rb);
  };
  return { find, union };
};

/**
 * The billing groups of these households: each group's key (its smallest household id among every household
 * linked to it, in scope or not) and its households in scope.
 */
export const billingGroupsOf = async (
  db: Db,
  householdIds: readonly string[],
): Promise<{ key: string; householdIds: string[] }[]> => {
  if (householdIds.length === 0) return [];
  // Every link between two households: an account paid by another household's account, or split over them.
  const links = rowsOf<{ a: string; b: string }>(
    await db.execute(sql`
      select a.household_id as a, p.household_id as b
      from accounts a join accounts p on p.id = a.fee_paying_account_id
      where a.household_id <> p.household_id
      union
      select a.household_id as a, p.household_id as b
      from account_payees ap
      join accounts a on a.id = ap.account_id
      join accounts p on p.id = ap.payee_account_id
      where a.household_id <> p.household_id`),
  );
  const sets = unionFind();
  for (const link of links) sets.union(link.a, link.b);
  const groups = new Map<string, string[]>();
  for (const id of householdIds) {
    const key = sets.find(id);
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  return [...groups].map(([key, ids]) => ({ key, householdIds: ids }));
};
