import {
  accountBillingBodySchema,
  accountBillingSchema,
  achAccountBodySchema,
  achAccountSchema,
  assignScheduleBodySchema,
  BILLING_SETUP_MESSAGES,
  billingAccountsExportQuerySchema,
  billingAccountsQuerySchema,
  billingHouseholdRowSchema,
  billingHouseholdsExportQuerySchema,
  billingHouseholdsQuerySchema,
  billingSummarySchema,
  clientIdParamsSchema,
  envelope,
  householdBillingBodySchema,
  householdBillingSchema,
  payoutBlockBodySchema,
  payoutBlockListSchema,
  projectedFeeSchema,
  unitReadinessSchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { featureAccess } from '../../platform/guard.ts';
import type { Clock } from '../../platform/clock.ts';
import { sendListFile } from '../../platform/list-file.ts';
import { BILLING_ACCOUNT_EXPORT_COLUMNS, BILLING_HOUSEHOLD_EXPORT_COLUMNS } from './billing-export.ts';
import type { BillingSetupService } from './billing-setup.service.ts';

const tags = ['Billing setup'];

const units = featureAccess('billingUnits');
const accountsAccess = featureAccess('billingAccounts');

const idParams = (message: string) => z.object({ id: z.string().uuid(message) });
const accountParams = z.object({ accountId: z.string().uuid(BILLING_SETUP_MESSAGES.accountNotFound) });
const payoutEnvelope = envelope(payoutBlockListSchema);

/**
 * Billing setup (issue 14; spec §7 Client billing: households, general, billing-info, payoutBlock; Accounts:
 * payoutBlock, billingInfo, paysFor). Units need billingUnits, accounts billingAccounts.
 */
export const registerBillingSetupRoutes = (
  parent: FastifyInstance,
  deps: { billing: BillingSetupService; today: FirmToday; clock: Clock },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { billing } = deps;

  // ---- Units -----------------------------------------------------------------------------------------------

  app.get('/api/billing/households', {
    config: units.read,
    schema: {
      tags,
      summary:
        'The household billing list: units (households with accounts) with their readiness and the header figures',
      querystring: billingHouseholdsQuerySchema,
      response: {
        200: envelope(z.array(billingHouseholdRowSchema)).extend({
          totalResults: z.number(),
          summary: billingSummarySchema,
        }),
      },
    },
    handler: async (request) => {
      const { items, total, summary } = await billing.households(request.query);
      return { ...ok(items), totalResults: total, summary };
    },
  });

  app.get('/api/billing/households/export', {
    config: units.read,
    schema: {
      tags,
      summary: "Every unit the list's filters select, in its order, as a CSV or XLSX file",
      querystring: billingHouseholdsExportQuerySchema,
      response: { 200: z.unknown().describe('A CSV or XLSX file') },
    },
    handler: async (request, reply) => {
      const rows = await billing.exportHouseholds(request.query, auditContextOf(request));
      const file = {
        name: 'billing-units',
        sheet: 'Billing units',
        columns: BILLING_HOUSEHOLD_EXPORT_COLUMNS,
        rows,
      };
      return sendListFile(reply, { format: request.query.format, ...file }, deps);
    },
  });

  app.get('/api/billing/households/:clientId', {
    config: units.read,
    schema: {
      tags,
      summary: "A unit's General tab: billing information, accounts and readiness for the current period",
      params: clientIdParamsSchema,
      response: {
        200: envelope(
          z.object({
            billing: householdBillingSchema,
            readiness: unitReadinessSchema,
            accounts: z.number(),
            openAccounts: z.number(),
          }),
        ),
      },
    },
    handler: async (request) => ok(await billing.household(request.params.clientId)),
  });

  app.get('/api/billing/households/:clientId/projected-fee', {
    config: units.read,
    schema: {
      tags,
      summary:
        "The unit's projected fee for its next bills, line by line to the tier (the engine, through the unit's billing inputs)",
      params: clientIdParamsSchema,
      response: { 200: envelope(projectedFeeSchema) },
    },
    handler: async (request) => ok(await billing.projectedFee(request.params.clientId)),
  });

  app.get('/api/billing/households/:clientId/billing-info', {
    config: units.read,
    schema: {
      tags,
      summary: "The unit's billing information (billing contact and its accounts' defaults)",
      params: clientIdParamsSchema,
      response: { 200: envelope(householdBillingSchema) },
    },
    handler: async (request) => ok(await billing.billingInfo(request.params.clientId)),
  });

  app.put('/api/billing/households/:clientId/billing-info', {
    config: units.write,
    schema: {
      tags,
      summary:
        "Change the unit's billing information; applyToAccounts also sets its defaults on every open account",
      params: clientIdParamsSchema,
      body: householdBillingBodySchema,
      response: {
        200: envelope(z.object({ billing: householdBillingSchema, applied: z.number() })),
      },
    },
    handler: async (request) =>
      ok(
        await billing.updateBillingInfo(request.params.clientId, request.body, auditContextOf(request)),
        BILLING_SETUP_MESSAGES.billingInfoUpdated,
      ),
  });

  app.get('/api/billing/households/:clientId/payout-blocks', {
    config: units.read,
    schema: {
      tags,
      summary: "The unit's payout blocks with the totals of those active in the current period",
      params: clientIdParamsSchema,
      response: { 200: payoutEnvelope },
    },
    handler: async (request) =>
      ok(await billing.payoutBlocks({ clientId: request.params.clientId, accountId: null })),
  });

  app.post('/api/billing/households/:clientId/payout-blocks', {
    config: units.write,
    schema: {
      tags,
      summary: 'Add a payout block at the unit level (refused when the active blocks would pass 100%)',
      params: clientIdParamsSchema,
      body: payoutBlockBodySchema,
      response: { 201: payoutEnvelope },
    },
    handler: async (request, reply) => {
      const list = await billing.createPayoutBlock(
        { clientId: request.params.clientId, accountId: null },
        request.body,
        auditContextOf(request),
      );
      return reply.code(201).send(ok(list, BILLING_SETUP_MESSAGES.payoutCreated, 201));
    },
  });

  app.patch('/api/billing/households/:clientId/payout-blocks/:id', {
    config: units.write,
    schema: {
      tags,
      summary: "Change one of the unit's payout blocks",
      params: clientIdParamsSchema.extend(idParams(BILLING_SETUP_MESSAGES.payoutNotFound).shape),
      body: payoutBlockBodySchema,
      response: { 200: payoutEnvelope },
    },
    handler: async (request) =>
      ok(
        await billing.updatePayoutBlock(
          { clientId: request.params.clientId, accountId: null },
          request.params.id,
          request.body,
          auditContextOf(request),
        ),
        BILLING_SETUP_MESSAGES.payoutUpdated,
      ),
  });

  app.delete('/api/billing/households/:clientId/payout-blocks/:id', {
    config: units.remove,
    schema: {
      tags,
      summary: "Delete one of the unit's payout blocks that has not paid out",
      params: clientIdParamsSchema.extend(idParams(BILLING_SETUP_MESSAGES.payoutNotFound).shape),
      response: { 200: payoutEnvelope },
    },
    handler: async (request) =>
      ok(
        await billing.removePayoutBlock(
          { clientId: request.params.clientId, accountId: null },
          request.params.id,
          auditContextOf(request),
        ),
        BILLING_SETUP_MESSAGES.payoutDeleted,
      ),
  });

  app.get('/api/billing/households/:clientId/ach-accounts', {
    config: units.read,
    schema: {
      tags,
      summary: "The unit's ACH bank accounts (numbers masked)",
      params: clientIdParamsSchema,
      response: { 200: envelope(z.array(achAccountSchema)) },
    },
    handler: async (request) => ok(await billing.achAccounts(request.params.clientId)),
  });

  app.post('/api/billing/households/:clientId/ach-accounts', {
    config: units.write,
    schema: {
      tags,
      summary: 'Add an ACH bank account (numbers sealed at rest, shown masked)',
      params: clientIdParamsSchema,
      body: achAccountBodySchema,
      response: { 201: envelope(achAccountSchema) },
    },
    handler: async (request, reply) => {
      const item = await billing.createAchAccount(
        request.params.clientId,
        request.body,
        auditContextOf(request),
      );
      return reply.code(201).send(ok(item, BILLING_SETUP_MESSAGES.achCreated, 201));
    },
  });

  app.patch('/api/billing/ach-accounts/:id', {
    config: units.write,
    schema: {
      tags,
      summary: 'Change an ACH bank account; numbers left out are kept',
      params: idParams(BILLING_SETUP_MESSAGES.achNotFound),
      body: achAccountBodySchema,
      response: { 200: envelope(achAccountSchema) },
    },
    handler: async (request) =>
      ok(
        await billing.updateAchAccount(request.params.id, request.body, auditContextOf(request)),
        BILLING_SETUP_MESSAGES.achUpdated,
      ),
  });

  app.delete('/api/billing/ach-accounts/:id', {
    config: units.remove,
    schema: {
      tags,
      summary: 'Delete an ACH bank account',
      params: idParams(BILLING_SETUP_MESSAGES.achNotFound),
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await billing.removeAchAccount(request.params.id, auditContextOf(request));
      return ok(null, BILLING_SETUP_MESSAGES.achDeleted);
    },
  });

  // ---- Accounts --------------------------------------------------------------------------------------------

  app.get('/api/billing/accounts', {
    config: accountsAccess.read,
    schema: {
      tags,
      summary: 'Every account with its fee setting: search, filters for what is missing, sort, paging',
      querystring: billingAccountsQuerySchema,
      response: {
        200: envelope(z.array(accountBillingSchema.omit({ paysFor: true }))).extend({
          totalResults: z.number(),
        }),
      },
    },
    handler: async (request) => {
      const { items, total } = await billing.accounts(request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.get('/api/billing/accounts/export', {
    config: accountsAccess.read,
    schema: {
      tags,
      summary: "Every account the list's filters select, in its order, as a CSV or XLSX file",
      querystring: billingAccountsExportQuerySchema,
      response: { 200: z.unknown().describe('A CSV or XLSX file') },
    },
    handler: async (request, reply) => {
      const rows = await billing.exportAccounts(request.query, auditContextOf(request));
      const file = {
        name: 'billing-accounts',
        sheet: 'Billing accounts',
        columns: BILLING_ACCOUNT_EXPORT_COLUMNS,
        rows,
      };
      return sendListFile(reply, { format: request.query.format, ...file }, deps);
    },
  });

  app.post('/api/billing/accounts/assign-schedule', {
    config: accountsAccess.write,
    schema: {
      tags,
      summary: 'Assign one fee schedule to the chosen accounts (one audited change per account)',
      body: assignScheduleBodySchema,
      response: { 200: envelope(z.object({ changed: z.number(), unchanged: z.number() })) },
    },
    handler: async (request) => {
      const result = await billing.assignSchedule(request.body, auditContextOf(request));
      return ok(result, BILLING_SETUP_MESSAGES.scheduleAssigned(result.changed));
    },
  });

  app.get('/api/billing/accounts/:accountId', {
    config: accountsAccess.read,
    schema: {
      tags,
      summary: "An account's fee setting and the accounts it pays for (This Account Pays For)",
      params: accountParams,
      response: { 200: envelope(accountBillingSchema) },
    },
    handler: async (request) => ok(await billing.account(request.params.accountId)),
  });

  app.put('/api/billing/accounts/:accountId/billing', {
    config: accountsAccess.write,
    schema: {
      tags,
      summary:
        "Change an account's fee setting (spec §3 Fee (account); INDIRECT needs an open fee-paying account)",
      params: accountParams,
      body: accountBillingBodySchema,
      response: { 200: envelope(accountBillingSchema) },
    },
    handler: async (request) =>
      ok(
        await billing.updateAccountBilling(request.params.accountId, request.body, auditContextOf(request)),
        BILLING_SETUP_MESSAGES.billingUpdated,
      ),
  });

  app.get('/api/billing/accounts/:accountId/payout-blocks', {
    config: accountsAccess.read,
    schema: {
      tags,
      summary: "The account's own payout blocks (they replace the unit's for it)",
      params: accountParams,
      response: { 200: payoutEnvelope },
    },
    handler: async (request) =>
      ok(await billing.payoutBlocks(await billing.accountLevel(request.params.accountId))),
  });

  app.post('/api/billing/accounts/:accountId/payout-blocks', {
    config: accountsAccess.write,
    schema: {
      tags,
      summary: 'Add a payout block at the account level',
      params: accountParams,
      body: payoutBlockBodySchema,
      response: { 201: payoutEnvelope },
    },
    handler: async (request, reply) => {
      const level = await billing.accountLevel(request.params.accountId);
      const list = await billing.createPayoutBlock(level, request.body, auditContextOf(request));
      return reply.code(201).send(ok(list, BILLING_SETUP_MESSAGES.payoutCreated, 201));
    },
  });

  app.patch('/api/billing/accounts/:accountId/payout-blocks/:id', {
    config: accountsAccess.write,
    schema: {
      tags,
      summary: "Change one of the account's payout blocks",
      params: accountParams.extend(idParams(BILLING_SETUP_MESSAGES.payoutNotFound).shape),
      body: payoutBlockBodySchema,
      response: { 200: payoutEnvelope },
    },
    handler: async (request) =>
      ok(
        await billing.updatePayoutBlock(
          await billing.accountLevel(request.params.accountId),
          request.params.id,
          request.body,
          auditContextOf(request),
        ),
        BILLING_SETUP_MESSAGES.payoutUpdated,
      ),
  });

  app.delete('/api/billing/accounts/:accountId/payout-blocks/:id', {
    config: accountsAccess.remove,
    schema: {
      tags,
      summary: "Delete one of the account's payout blocks that has not paid out",
      params: accountParams.extend(idParams(BILLING_SETUP_MESSAGES.payoutNotFound).shape),
      response: { 200: payoutEnvelope },
    },
    handler: async (request) =>
      ok(
        await billing.removePayoutBlock(
          await billing.accountLevel(request.params.accountId),
          request.params.id,
          auditContextOf(request),
        ),
        BILLING_SETUP_MESSAGES.payoutDeleted,
      ),
  });
};
