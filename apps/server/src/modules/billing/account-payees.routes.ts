import {
  ACCOUNT_PAYEE_MESSAGES,
  accountPayeeListSchema,
  accountPayeesBodySchema,
  BILLING_SETUP_MESSAGES,
  envelope,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { featureAccess } from '../../platform/guard.ts';
import type { AccountPayeesService } from './account-payees.service.ts';

const tags = ['Billing setup'];
const accountsAccess = featureAccess('billingAccounts');
const accountParams = z.object({ accountId: z.string().uuid(BILLING_SETUP_MESSAGES.accountNotFound) });

/** The accounts an account's fee is split over (spec §3 Account payee; the account page's Billing tab). */
export const registerAccountPayeesRoutes = (
  parent: FastifyInstance,
  deps: { accountPayees: AccountPayeesService },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { accountPayees } = deps;

  app.get('/api/billing/accounts/:accountId/payees', {
    config: accountsAccess.read,
    schema: {
      tags,
      summary:
        "The accounts that pay this account's fee and their percents (none: its fee-paying account pays all)",
      params: accountParams,
      response: { 200: envelope(accountPayeeListSchema) },
    },
    handler: async (request) => ok(await accountPayees.list(request.params.accountId)),
  });

  app.put('/api/billing/accounts/:accountId/payees', {
    config: accountsAccess.write,
    schema: {
      tags,
      summary: "Replace the accounts that pay this account's fee (open accounts, percents totalling 100)",
      params: accountParams,
      body: accountPayeesBodySchema,
      response: { 200: envelope(accountPayeeListSchema) },
    },
    handler: async (request) =>
      ok(
        await accountPayees.replace(request.params.accountId, request.body, auditContextOf(request)),
        ACCOUNT_PAYEE_MESSAGES.updated,
      ),
  });
};
