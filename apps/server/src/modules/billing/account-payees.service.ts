import {
  ACCOUNT_PAYEE_MESSAGES,
  type AccountPayeeList,
  type AccountPayeesBody,
  BILLING_SETUP_MESSAGES,
} from '@centric/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { accountPayees, accounts } from '../../db/schema/index.ts';
import { type AuditContext, auditWriter, changedFields } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { lockHousehold } from '../../platform/households.ts';
import { plainPercent } from './account-payees.repository.ts';

/**
 * Who pays an account's fee when it is split (spec §3 Account payee: accountPayee, payPercent): open accounts of
 * any household with percents totalling 100. The list is replaced whole, as one audited `accountPayees` change.
 */
export const createAccountPayeesService = (deps: { db: Db; clock: Clock }) => {
  const { db, clock } = deps;
  const writeAudit = auditWriter(clock);

  const listOf = async (tx: Db, accountId: string): Promise<AccountPayeeList> => {
    const payees = rowsOf<AccountPayeeList['payees'][number]>(
      await tx.execute(sql`
        select a.id as "accountId", a.registration_name as "registrationName", a.household_id as "clientId",
          h.name as household, a.status, p.pay_percent::text as "payPercent"
        from account_payees p
        join accounts a on a.id = p.payee_account_id
        join households h on h.id = a.household_id
        where p.account_id = ${accountId}
        order by p.pay_percent desc, lower(a.registration_name), a.id`),
    );
    return { accountId, payees: payees.map((p) => ({ ...p, payPercent: plainPercent(p.payPercent) })) };
  };

  const accountOf = async (tx: Db, accountId: string) => {
    const [row] = await tx
      .select({ householdId: accounts.householdId })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    if (!row) throw notFound(BILLING_SETUP_MESSAGES.accountNotFound);
    return row;
  };

  const auditView = (list: AccountPayeeList) => ({
    payees: list.payees.map((p) => ({ accountId: p.accountId, payPercent: p.payPercent })),
  });

  return {
    async list(accountId: string) {
      await accountOf(db, accountId);
      return listOf(db, accountId);
    },

    async replace(accountId: string, body: AccountPayeesBody, context: AuditContext) {
      return db.transaction(async (tx) => {
        const { householdId } = await accountOf(tx, accountId);
        await lockHousehold(tx, householdId);
        const ids = body.payees.map((p) => p.accountId);
        const found =
          ids.length === 0
            ? []
            : await tx
                .select({ id: accounts.id, status: accounts.status })
                .from(accounts)
                .where(inArray(accounts.id, ids))
                .for('update');
        const statusOf = new Map(found.map((row) => [row.id, row.status]));
        for (const [index, payee] of body.payees.entries()) {
          const status = statusOf.get(payee.accountId);
          const field = `payees.${index}.accountId`;
          if (!status) throw fieldError(field, ACCOUNT_PAYEE_MESSAGES.accountNotFound);
          if (status !== 'OPEN') throw fieldError(field, ACCOUNT_PAYEE_MESSAGES.accountClosed);
        }
        const before = await listOf(tx, accountId);
        await tx.delete(accountPayees).where(eq(accountPayees.accountId, accountId));
        if (body.payees.length > 0) {
          await tx
            .insert(accountPayees)
            .values(
              body.payees.map((p) => ({ accountId, payeeAccountId: p.accountId, payPercent: p.payPercent })),
            );
        }
        const after = await listOf(tx, accountId);
        const diff = changedFields(auditView(before), auditView(after));
        if (diff.changed) {
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: 'accountPayees',
            entityId: accountId,
            before: diff.before,
            after: diff.after,
          });
        }
        return after;
      });
    },
  };
};

export type AccountPayeesService = ReturnType<typeof createAccountPayeesService>;
