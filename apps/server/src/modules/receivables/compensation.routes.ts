import {
  COMPENSATION_MESSAGES,
  compensationExportQuerySchema,
  compensationPaidBodySchema,
  compensationQuerySchema,
  envelope,
  myCompensationSchema,
  type PayeeCompensation,
  payeeCompensationSchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { auditContextOf } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { ok } from '../../platform/envelope.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import { featureAccess } from '../../platform/guard.ts';
import { sendListFile } from '../../platform/list-file.ts';
import type { XlsxColumn } from '../../platform/xlsx.ts';
import { createCompensationService } from './compensation.service.ts';
import { moneyColumn } from './export-columns.ts';

const tags = ['Compensation'];
const access = featureAccess('receivables');
const signedIn = { auth: 'signedIn' } as const;

/** The firm view as a file: each payee's fees, commissions, total, and what was marked paid. */
export const COMPENSATION_EXPORT_COLUMNS: readonly XlsxColumn<PayeeCompensation>[] = [
  { header: 'Payee', width: 30, value: (r) => r.payee.fullName },
  moneyColumn<PayeeCompensation>('Advisory fees', (r) => r.fees),
  moneyColumn<PayeeCompensation>('Commissions', (r) => r.commissions),
  moneyColumn<PayeeCompensation>('Total', (r) => r.total),
  moneyColumn<PayeeCompensation>('Paid', (r) => r.paid?.amount ?? null),
  { header: 'Paid on', width: 12, value: (r) => r.paid?.paidOn ?? null },
];

/**
 * Compensation (issue 16 §3; spec §7 myCompensation): the signed-in user's own (any signed-in user), and every
 * payee's for billing staff under the receivables feature (read; write marks a period paid).
 */
export const registerCompensationRoutes = (
  parent: FastifyInstance,
  deps: { db: Db; clock: Clock; today: FirmToday },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const compensation = createCompensationService(deps);

  app.get('/api/myCompensation', {
    config: signedIn,
    schema: {
      tags,
      summary:
        "The signed-in user's compensation: the period, year to date, 12 months projected, each line's origin",
      querystring: compensationQuerySchema,
      response: { 200: envelope(myCompensationSchema) },
    },
    handler: async (request) => {
      const user = request.session?.user;
      if (!user) throw unauthorized();
      return ok(await compensation.mine({ id: user.id, fullName: user.fullName }, request.query));
    },
  });

  app.get('/api/compensation', {
    config: access.read,
    schema: {
      tags,
      summary:
        "Every payee's payable of a period (fees and commissions, billed or collected), with what was paid",
      querystring: compensationQuerySchema,
      response: { 200: envelope(z.array(payeeCompensationSchema)) },
    },
    handler: async (request) => ok(await compensation.firm(request.query)),
  });

  app.get('/api/compensation/export', {
    config: access.read,
    schema: {
      tags,
      summary: "The period's payable summary as CSV or XLSX",
      querystring: compensationExportQuerySchema,
      response: { 200: z.unknown().describe('A CSV or XLSX file') },
    },
    handler: async (request, reply) => {
      const rows = await compensation.firm(request.query);
      const file = {
        name: 'compensation',
        sheet: 'Compensation',
        columns: COMPENSATION_EXPORT_COLUMNS,
        rows,
      };
      return sendListFile(reply, { format: request.query.format, ...file }, deps);
    },
  });

  app.post('/api/compensation/payments', {
    config: access.write,
    schema: {
      tags,
      summary: "Mark a payee's payable of a period paid on a day",
      body: compensationPaidBodySchema,
      response: { 200: envelope(z.object({ amount: z.string(), paidOn: z.string() })) },
    },
    handler: async (request) =>
      ok(
        await compensation.markPaid(request.body, auditContextOf(request)),
        COMPENSATION_MESSAGES.markedPaid,
      ),
  });
};
