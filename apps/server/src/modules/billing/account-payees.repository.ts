import { allocate } from '@centric/billing';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, uuidArray } from '../../db/client.ts';

/** "40.50" → "40.5", "100.00" → "100". */
export const plainPercent = (value: string) => value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

export type PayeeShare = { id: string; registrationName: string; payPercent: string; amount: string };

type PayeeRow = { accountId: string; id: string; registrationName: string; payPercent: string };

/**
 * The payees of these accounts (spec §3 Account payee), each account's in a fixed order (largest percent
 * first, then name), for splitting their fees. Accounts without payees are absent.
 */
export const payeesOfAccounts = async (db: Db, accountIds: readonly string[]) => {
  const byAccount = new Map<string, Omit<PayeeRow, 'accountId'>[]>();
  if (accountIds.length === 0) return byAccount;
  const rows = rowsOf<PayeeRow>(
    await db.execute(sql`
      select p.account_id as "accountId", a.id, a.registration_name as "registrationName",
        p.pay_percent::text as "payPercent"
      from account_payees p join accounts a on a.id = p.payee_account_id
      where p.account_id = any(${uuidArray(accountIds)})
      order by p.account_id, p.pay_percent desc, lower(a.registration_name), a.id`),
  );
  for (const { accountId, ...payee } of rows) {
    const share = { ...payee, payPercent: plainPercent(payee.payPercent) };
    byAccount.set(accountId, [...(byAccount.get(accountId) ?? []), share]);
  }
  return byAccount;
};

/** A fee split over its payees by their percents, exact to the cent (largest remainder): the shares add up to it. */
export const splitFee = (amount: string, payees: readonly Omit<PayeeRow, 'accountId'>[]): PayeeShare[] => {
  const shares = allocate(
    amount,
    payees.map((p) => p.payPercent),
  );
  return payees.map((payee, index) => ({ ...payee, amount: shares[index] ?? '0.00' }));
};
