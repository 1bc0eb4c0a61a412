import {
  ACCOUNT_MESSAGES,
  accountBodySchema,
  accountIdParamsSchema,
  accountSchema,
  accountSnapshotParamsSchema,
  clientIdParamsSchema,
  envelope,
  holdingsBodySchema,
  holdingsSchema,
  managedAccountsSchema,
  transactionBodySchema,
  transactionListQuerySchema,
  transactionParamsSchema,
  transactionSchema,
  valuationQuerySchema,
  valuePointSchema,
  valueSeriesQuerySchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { featureAccess } from '../../platform/guard.ts';
import type { NotesService } from '../notes/notes.service.ts';
import { type AccountsService, createAccountsService } from './accounts.service.ts';
import type { FileStorage } from '../../platform/files.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { createPositionsImportService } from './positions-import.ts';
import { registerPositionsImportRoutes } from './positions-import.routes.ts';
import { createReviewService } from './review.service.ts';
import { registerStrategiesRoutes } from './strategies.routes.ts';
import { createStrategiesService } from './strategies.service.ts';

const tags = ['Managed accounts'];
const { read, write, remove } = featureAccess('managedAccounts');

const accountEnvelope = envelope(accountSchema);
const valuesEnvelope = envelope(z.array(valuePointSchema));
const transactionsEnvelope = envelope(z.array(transactionSchema));

/**
 * Managed accounts (spec §7 Accounts calls; issue 13 §2, §5): a household's accounts valued on a date, an
 * account's holdings by date, transactions, and values over time.
 */
export const registerAccountsModule = (
  parent: FastifyInstance,
  deps: Parameters<typeof createAccountsService>[0] & {
    accounts?: AccountsService;
    notes: Pick<NotesService, 'createSystemNote'>;
    files: FileStorage;
    jobs: Pick<JobRunner, 'enqueue' | 'kick' | 'continueWith' | 'cancel'>;
  },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const accounts = deps.accounts ?? createAccountsService(deps);
  registerStrategiesRoutes(parent, {
    strategies: createStrategiesService({ ...deps, checks: accounts.checks }),
    review: createReviewService(deps),
  });
  registerPositionsImportRoutes(parent, createPositionsImportService(deps));

  app.get('/api/clients/:clientId/managed-accounts', {
    config: read,
    schema: {
      tags,
      summary: "The household's accounts valued on a date (today by default), the total and the allocation",
      params: clientIdParamsSchema,
      querystring: valuationQuerySchema,
      response: { 200: envelope(managedAccountsSchema) },
    },
    handler: async (request) =>
      ok(await accounts.managedAccounts(request.params.clientId, request.query.date)),
  });

  app.get('/api/clients/:clientId/managed-accounts/values', {
    config: read,
    schema: {
      tags,
      summary: "The household's managed assets at each month end of a range (a year to today by default)",
      params: clientIdParamsSchema,
      querystring: valueSeriesQuerySchema,
      response: { 200: valuesEnvelope },
    },
    handler: async (request) =>
      ok(await accounts.values({ clientId: request.params.clientId }, request.query)),
  });

  app.get('/api/clients/:clientId/transactions', {
    config: read,
    schema: {
      tags,
      summary: "Transactions of the household's accounts (one account with accountId), newest first",
      params: clientIdParamsSchema,
      querystring: transactionListQuerySchema,
      response: { 200: transactionsEnvelope },
    },
    handler: async (request) => {
      const { items, total } = await accounts.transactions(
        { clientId: request.params.clientId },
        request.query,
      );
      return { ...ok(items), totalResults: total };
    },
  });

  app.post('/api/clients/:clientId/accounts', {
    config: write,
    schema: {
      tags,
      summary: 'Add an account to the household',
      params: clientIdParamsSchema,
      body: accountBodySchema,
      response: { 201: accountEnvelope },
    },
    handler: async (request, reply) => {
      const account = await accounts.create(request.params.clientId, request.body, auditContextOf(request));
      return reply.code(201).send(ok(account, ACCOUNT_MESSAGES.created, 201));
    },
  });

  app.get('/api/accounts/:accountId', {
    config: read,
    schema: {
      tags,
      summary: 'One account',
      params: accountIdParamsSchema,
      response: { 200: accountEnvelope },
    },
    handler: async (request) => ok(await accounts.get(request.params.accountId)),
  });

  app.patch('/api/accounts/:accountId', {
    config: write,
    schema: {
      tags,
      summary: "Replace an account's fields and owners (the masked custodian number keeps the stored one)",
      params: accountIdParamsSchema,
      body: accountBodySchema,
      response: { 200: accountEnvelope },
    },
    handler: async (request) =>
      ok(
        await accounts.update(request.params.accountId, request.body, auditContextOf(request)),
        ACCOUNT_MESSAGES.updated,
      ),
  });

  app.delete('/api/accounts/:accountId', {
    config: remove,
    schema: {
      tags,
      summary: 'Delete an account with no holdings or transactions (409 otherwise: close it instead)',
      params: accountIdParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await accounts.remove(request.params.accountId, auditContextOf(request));
      return ok(null, ACCOUNT_MESSAGES.deleted);
    },
  });

  app.get('/api/accounts/:accountId/holdings', {
    config: read,
    schema: {
      tags,
      summary:
        "The account's positions on a date: the latest snapshot on or before it, at the prices of that date",
      params: accountIdParamsSchema,
      querystring: valuationQuerySchema,
      response: { 200: envelope(holdingsSchema) },
    },
    handler: async (request) => ok(await accounts.holdings(request.params.accountId, request.query.date)),
  });

  app.put('/api/accounts/:accountId/holdings/:asOf', {
    config: write,
    schema: {
      tags,
      summary: 'Replace what the account held on a date',
      params: accountSnapshotParamsSchema,
      body: holdingsBodySchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      const { accountId, asOf } = request.params;
      await accounts.saveHoldings(accountId, asOf, request.body, auditContextOf(request));
      return ok(null, ACCOUNT_MESSAGES.holdingsSaved);
    },
  });

  app.delete('/api/accounts/:accountId/holdings/:asOf', {
    config: remove,
    schema: {
      tags,
      summary: "Delete the account's holdings of a date",
      params: accountSnapshotParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      const { accountId, asOf } = request.params;
      await accounts.deleteHoldings(accountId, asOf, auditContextOf(request));
      return ok(null, ACCOUNT_MESSAGES.holdingsDeleted);
    },
  });

  app.get('/api/accounts/:accountId/values', {
    config: read,
    schema: {
      tags,
      summary: "The account's value at each month end of a range (a year to today by default)",
      params: accountIdParamsSchema,
      querystring: valueSeriesQuerySchema,
      response: { 200: valuesEnvelope },
    },
    handler: async (request) =>
      ok(await accounts.values({ accountId: request.params.accountId }, request.query)),
  });

  app.get('/api/accounts/:accountId/transactions', {
    config: read,
    schema: {
      tags,
      summary: "The account's transactions, newest first, by date range and type",
      params: accountIdParamsSchema,
      querystring: transactionListQuerySchema,
      response: { 200: transactionsEnvelope },
    },
    handler: async (request) => {
      const { items, total } = await accounts.transactions(
        { accountId: request.params.accountId },
        request.query,
      );
      return { ...ok(items), totalResults: total };
    },
  });

  app.post('/api/accounts/:accountId/transactions', {
    config: write,
    schema: {
      tags,
      summary: 'Add a transaction',
      params: accountIdParamsSchema,
      body: transactionBodySchema,
      response: { 201: envelope(transactionSchema) },
    },
    handler: async (request, reply) => {
      const item = await accounts.addTransaction(
        request.params.accountId,
        request.body,
        auditContextOf(request),
      );
      return reply.code(201).send(ok(item, ACCOUNT_MESSAGES.transactionAdded, 201));
    },
  });

  app.delete('/api/accounts/:accountId/transactions/:transactionId', {
    config: remove,
    schema: {
      tags,
      summary: 'Delete a transaction',
      params: transactionParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      const { accountId, transactionId } = request.params;
      await accounts.deleteTransaction(accountId, transactionId, auditContextOf(request));
      return ok(null, ACCOUNT_MESSAGES.transactionDeleted);
    },
  });
};
