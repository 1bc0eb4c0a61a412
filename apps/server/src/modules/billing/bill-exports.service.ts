import {
  BILL_CHECK_MESSAGES,
  BILL_EXPORT_MESSAGES,
  BILL_RUN_MESSAGES,
  type BillCheckOverrideBody,
  type BillExport,
  type BillExportBody,
  type BillRefund,
  billExportBodySchema,
  COLLECTION_MESSAGES,
  formatMoney,
  type Collection,
  type CollectionBody,
  type CollectionImport,
  type CollectionSource,
  signedCents,
} from '@centric/contracts';
import { formatCents } from '@centric/billing';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { billCollections, billExports } from '../../db/schema/index.ts';
import type { Alerts } from '../../platform/alerts.ts';
import { type AuditContext, auditWriter } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, fieldError, notFound } from '../../platform/errors.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { type RunDebit, runChecksOf, runDebitsOf } from './bill-debits.ts';
import { billRunOf, liveRunFor } from './bill-run-job.ts';
import { billingSettingsOf } from './billing-settings.ts';
import { checksumOf, exporterFor, type FeeDebit, planFeeFile } from './fee-files/custodian-file.ts';
import { nachaFile } from './fee-files/nacha.ts';

export type BillExportsService = ReturnType<typeof createBillExportsService>;

const cents = (money: string) => signedCents(money) ?? 0n;
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

type ExportRecord = Omit<BillExport, 'createdBy' | 'createdAt'> & {
  createdById: string | null;
  createdByName: string | null;
  createdAt: Date | string;
};

/**
 * A locked run's outputs and what follows them (issue 15 §2–§3): the pre-export checks with their overrides,
 * the custodian fee files (INDIRECT fees only, positive, in batches of at most 25,000 rows, each kept with its
 * checksum) and the NACHA file of the ACH fees, the refunds no file carries, and the collections that set each
 * bill's balance. Exporting makes the run EXPORTED; exporting a kind again is confirmed and logged.
 */
export const createBillExportsService = (deps: {
  db: Db;
  clock: Clock;
  today: FirmToday;
  secrets: SecretBox;
  alerts: Pick<Alerts, 'raiseAlert' | 'resolveAlerts'>;
}) => {
  const { db, clock, today, secrets } = deps;
  const writeAudit = auditWriter(clock);

  const exportRows = async (conn: Db, where: ReturnType<typeof sql>): Promise<BillExport[]> => {
    const rows = rowsOf<ExportRecord>(
      await conn.execute(sql`
        select e.id, e.kind, e.exporter, e.custodian, e.batch, e.export_no as "exportNo", e.file_name as "fileName",
          e.row_count as "rowCount", e.total::text as total, e.checksum,
          e.created_by as "createdById", u.full_name as "createdByName", e.created_at as "createdAt"
        from bill_exports e left join users u on u.id = e.created_by
        where ${where}
        order by e.export_no desc, e.kind, e.custodian nulls last, e.batch`),
    );
    return rows.map(({ createdById, createdByName, createdAt, ...row }) => ({
      ...row,
      createdBy: createdById ? { id: createdById, fullName: createdByName ?? '' } : null,
      createdAt: iso(createdAt),
    }));
  };

  const accountNumberOf = (debit: RunDebit) => secrets.open(debit.payer!.numberSealed);

  /** The custodian fee files of the run's INDIRECT debits, batch by batch. */
  const custodianFiles = (debits: readonly RunDebit[], exporterId: string, runNumber: number) => {
    const exporter = exporterFor(exporterId);
    if (!exporter) throw fieldError('exporter', 'Unknown fee file format.');
    const rows: FeeDebit[] = debits
      .filter((d) => d.payMethod === 'INDIRECT' && d.payer !== null)
      .map((d) => ({
        accountId: d.payer!.id,
        accountNumber: accountNumberOf(d),
        custodian: d.payer!.custodian,
        amount: d.amount,
        householdId: d.householdId,
        household: d.household,
        billId: d.billId,
      }));
    const plan = planFeeFile(rows);
    // Batches are numbered within their custodian: 'fees-run-12-pershing-2.csv' is Pershing's second.
    const seen = new Map<string, number>();
    return plan.batches.map((batch) => {
      const content = exporter.render(batch);
      const custodian = batch[0]?.custodian ?? null;
      const number = (seen.get(custodian ?? '') ?? 0) + 1;
      seen.set(custodian ?? '', number);
      const slug = (custodian ?? 'custodian').toLowerCase().replace(/[^a-z0-9]+/g, '-');
      return {
        exporter: exporter.id,
        custodian,
        batch: number,
        fileName: `fees-run-${runNumber}-${slug}-${number}.${exporter.fileExtension}`,
        contentType: exporter.contentType,
        content,
        rowCount: batch.length,
        total: formatCents(batch.reduce((sum, row) => sum + cents(row.amount), 0n)),
      };
    });
  };

  /** The NACHA file of the run's positive ACH debits, from the households' bank accounts. */
  const nachaFiles = async (tx: Db, debits: readonly RunDebit[], runNumber: number) => {
    const settings = await billingSettingsOf(tx);
    if (!settings.achBankRouting || !settings.achCompanyId || !settings.achCompanyName) {
      throw badRequest(BILL_EXPORT_MESSAGES.achNotSet);
    }
    const entries = debits
      .filter((d) => d.payMethod === 'ACH' && d.ach !== null && cents(d.amount) > 0n)
      .map((d) => ({
        routingNumber: secrets.open(d.ach!.routingNumberSealed),
        accountNumber: secrets.open(d.ach!.accountNumberSealed),
        accountType: d.ach!.accountType,
        amount: d.amount,
        individualId: `BILL${d.billNo}`.slice(0, 15),
        individualName: d.ach!.name,
      }));
    if (entries.length === 0) return [];
    const content = nachaFile({
      immediateDestination: settings.achBankRouting,
      immediateDestinationName: settings.achBankName ?? '',
      immediateOrigin: settings.achCompanyId,
      immediateOriginName: settings.achCompanyName,
      companyName: settings.achCompanyName,
      companyIdentification: settings.achCompanyId,
      companyEntryDescription: 'ADVISORY',
      effectiveEntryDate: today(),
      createdAt: clock.now(),
      entries,
    });
    return [
      {
        exporter: 'nacha-ppd',
        custodian: null,
        batch: 1,
        fileName: `ach-run-${runNumber}.ach`,
        contentType: 'text/plain; charset=utf-8',
        content,
        rowCount: entries.length,
        total: formatCents(entries.reduce((sum, e) => sum + cents(e.amount), 0n)),
      },
    ];
  };

  const exportRun = (runId: string, rawBody: BillExportBody, context: AuditContext) =>
    db.transaction(async (tx) => {
      const body = billExportBodySchema.parse(rawBody);
      const run = await liveRunFor(tx, runId);
      if (run.stage !== 'LOCKED' && run.stage !== 'EXPORTED') throw conflict(BILL_EXPORT_MESSAGES.notLocked);
      const [previous] = rowsOf<{ n: number }>(
        await tx.execute(sql`select coalesce(max(export_no), 0)::int as n from bill_exports
          where run_id = ${runId}::uuid and kind = ${body.kind}`),
      );
      const again = (previous?.n ?? 0) > 0;
      if (again && !body.confirmAgain) throw conflict(BILL_EXPORT_MESSAGES.confirmAgain);
      // The pre-export checks again: what failed since approval blocks until fixed or overridden.
      const checks = await runChecksOf(tx, runId, today());
      if (checks.blocking.length > 0) throw conflict(BILL_CHECK_MESSAGES.blocked);
      const debits = await runDebitsOf(tx, runId, today());
      const runNumber = run.number;
      const files =
        body.kind === 'CUSTODIAN'
          ? custodianFiles(debits, body.exporter, runNumber)
          : await nachaFiles(tx, debits, runNumber);
      if (files.length === 0) throw badRequest(BILL_EXPORT_MESSAGES.nothing);
      const exportNo = (previous?.n ?? 0) + 1;
      const ids = await tx
        .insert(billExports)
        .values(
          files.map((file) => ({
            runId,
            kind: body.kind,
            ...file,
            // Account and bank numbers are sealed at rest, like the accounts' own (decision 0010).
            content: secrets.seal(file.content),
            checksum: checksumOf(file.content),
            exportNo,
            createdBy: context.actorId,
            createdAt: clock.now(),
          })),
        )
        .returning({ id: billExports.id });
      if (run.stage === 'LOCKED') {
        const now = clock.now().toISOString();
        await tx.execute(sql`update bill_runs set stage = 'EXPORTED', exported_by = ${context.actorId}::uuid,
            exported_at = ${now}::timestamptz, updated_at = ${now}::timestamptz where id = ${runId}::uuid`);
        await tx.execute(sql`update bills set status = 'EXPORTED', updated_at = ${now}::timestamptz
          where run_id = ${runId}::uuid and status = 'LOCKED'`);
      }
      await writeAudit(tx, context, {
        action: 'EXPORT',
        entity: 'billingInstance',
        entityId: runId,
        after: {
          kind: body.kind,
          exportNo,
          again,
          files: files.map((f) => ({
            fileName: f.fileName,
            rows: f.rowCount,
            total: f.total,
            checksum: checksumOf(f.content),
          })),
        },
      });
      return exportRows(
        tx,
        sql`e.id in (${sql.join(
          ids.map((r) => sql`${r.id}::uuid`),
          sql`, `,
        )})`,
      );
    });

  /** Debits no file carries: the credits (negative amounts) owed back, by paying account. */
  const refunds = async (runId: string): Promise<BillRefund[]> => {
    if (!(await billRunOf(db, runId))) throw notFound(BILL_RUN_MESSAGES.notFound);
    const debits = await runDebitsOf(db, runId, today());
    return debits
      .filter((d) => cents(d.amount) < 0n)
      .map((d) => ({
        billId: d.billId,
        billNo: d.billNo,
        household: d.household,
        accountNumber: d.payer ? `…${d.payer.last4}` : d.payMethod === 'ACH' ? 'ACH' : '',
        registrationName:
          d.payer?.registrationName ?? (d.payMethod === 'ACH' ? 'Household bank account' : ''),
        amount: d.amount,
      }));
  };

  const override = (billId: string, body: BillCheckOverrideBody, context: AuditContext) =>
    db.transaction(async (tx) => {
      const [bill] = rowsOf<{ runId: string; status: string }>(
        await tx.execute(
          sql`select run_id as "runId", status from bills where id = ${billId}::uuid for update`,
        ),
      );
      if (!bill) throw notFound(BILL_RUN_MESSAGES.billNotFound);
      if (bill.status === 'VOIDED' || bill.status === 'PULLED') throw conflict(BILL_RUN_MESSAGES.alreadyOut);
      if (bill.status === 'EXPORTED') throw conflict(BILL_RUN_MESSAGES.exported);
      const { findings } = await runChecksOf(tx, bill.runId, today());
      if (!findings.some((f) => f.billId === billId && f.code === body.code)) {
        throw fieldError('code', BILL_CHECK_MESSAGES.notFailing);
      }
      await tx.execute(sql`insert into bill_check_overrides (bill_id, code, reason, created_by, created_at)
        values (${billId}::uuid, ${body.code}, ${body.reason}, ${context.actorId}::uuid, ${clock.now().toISOString()}::timestamptz)
        on conflict (bill_id, code) do update set reason = excluded.reason, created_by = excluded.created_by,
          created_at = excluded.created_at`);
      await writeAudit(tx, context, {
        action: 'UPDATE',
        entity: 'bill',
        entityId: billId,
        after: { override: body.code, reason: body.reason },
      });
      return (await runChecksOf(tx, bill.runId, today())).findings;
    });

  // ---------------------------------------------------------------------------------------------------------
  // Collections

  const collectionRows = async (conn: Db, billId: string): Promise<Collection[]> => {
    const rows = rowsOf<
      Omit<Collection, 'createdBy' | 'createdAt'> & {
        createdById: string | null;
        createdByName: string | null;
        createdAt: Date | string;
      }
    >(
      await conn.execute(sql`
        select c.id, c.bill_id as "billId", c.amount::text as amount, c.collected_on::text as "collectedOn",
          c.source, c.reference, c.created_by as "createdById", u.full_name as "createdByName", c.created_at as "createdAt"
        from bill_collections c left join users u on u.id = c.created_by
        where c.bill_id = ${billId}::uuid order by c.collected_on, c.created_at`),
    );
    return rows.map(({ createdById, createdByName, createdAt, ...row }) => ({
      ...row,
      createdBy: createdById ? { id: createdById, fullName: createdByName ?? '' } : null,
      createdAt: iso(createdAt),
    }));
  };

  /** Records money collected on an exported bill; its balance is its amount less what was collected. */
  const recordCollection = async (
    tx: Db,
    billId: string,
    body: CollectionBody,
    source: CollectionSource,
    context: AuditContext,
  ) => {
    const [bill] = rowsOf<{ status: string; amount: string; collected: string; householdId: string }>(
      await tx.execute(sql`select status, amount::text as amount, collected::text as collected,
          household_id as "householdId" from bills where id = ${billId}::uuid for update`),
    );
    if (!bill) throw notFound(BILL_RUN_MESSAGES.billNotFound);
    if (bill.status !== 'EXPORTED') throw conflict(COLLECTION_MESSAGES.notExported);
    const balance = cents(bill.amount) - cents(bill.collected);
    if (cents(body.amount) > 0n && cents(body.amount) > balance) {
      throw fieldError('amount', COLLECTION_MESSAGES.amountAboveBalance);
    }
    await tx.insert(billCollections).values({
      billId,
      amount: body.amount,
      collectedOn: body.collectedOn,
      source,
      reference: body.reference,
      createdBy: context.actorId,
      createdAt: clock.now(),
    });
    await tx.execute(sql`update bills set collected = collected + ${body.amount}::numeric,
      updated_at = ${clock.now().toISOString()}::timestamptz where id = ${billId}::uuid`);
    // Collected in full: the alert that it was not is resolved.
    if (balance - cents(body.amount) <= 0n) await deps.alerts.resolveAlerts(tx, [notCollectedCause(billId)]);
    await writeAudit(tx, context, {
      action: 'CREATE',
      entity: 'billCollection',
      entityId: billId,
      after: { ...body, source, householdId: bill.householdId },
    });
  };

  const collect = async (billId: string, body: CollectionBody, context: AuditContext) => {
    await db.transaction((tx) => recordCollection(tx, billId, body, 'MANUAL', context));
    return collectionRows(db, billId);
  };

  /**
   * A custodian's or bank's confirmation file (CSV: reference, amount, date): each row's reference is the
   * paying account's number (custodian) or the bill's number (bank); matched rows are collected on their
   * bill, the rest listed with why. All or nothing: one transaction.
   */
  const importConfirmation = (
    runId: string,
    source: 'CUSTODIAN' | 'BANK',
    text: string,
    context: AuditContext,
  ) =>
    db.transaction(async (tx): Promise<CollectionImport> => {
      const run = await liveRunFor(tx, runId);
      if (run.stage !== 'EXPORTED') throw conflict(COLLECTION_MESSAGES.notExported);
      const lines = text.split(/\r?\n/).map((line, index) => ({ line: index + 1, text: line.trim() }));
      const rows = lines.filter((l) => l.text !== '' && !/^(account|reference|bill)/i.test(l.text));
      if (rows.length === 0) throw badRequest(COLLECTION_MESSAGES.fileEmpty);
      const debits = await runDebitsOf(tx, runId, today());
      const byReference = new Map<string, RunDebit>();
      for (const d of debits) {
        if (source === 'CUSTODIAN' && d.payMethod === 'INDIRECT' && d.payer)
          byReference.set(accountNumberOf(d), d);
        if (source === 'BANK' && d.payMethod === 'ACH') byReference.set(String(d.billNo), d);
      }
      const unmatched: CollectionImport['unmatched'] = [];
      let matched = 0;
      let total = 0n;
      for (const row of rows) {
        const [reference = '', amount = '', date = ''] = row.text
          .split(/[,\t]/)
          .map((c) => c.trim().replace(/^"|"$/g, ''));
        const debit = byReference.get(source === 'BANK' ? reference.replace(/^BILL/i, '') : reference);
        const value = signedCents(amount);
        if (!debit) {
          unmatched.push({ ...row, reason: 'No debit of this run has this reference.' });
          continue;
        }
        if (value === undefined || value <= 0n) {
          unmatched.push({ ...row, reason: COLLECTION_MESSAGES.amountInvalid });
          continue;
        }
        const collectedOn = /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : today();
        const [bill] = rowsOf<{ balance: string }>(
          await tx.execute(
            sql`select (amount - collected)::text as balance from bills where id = ${debit.billId}::uuid`,
          ),
        );
        if (value > cents(bill?.balance ?? '0')) {
          unmatched.push({ ...row, reason: COLLECTION_MESSAGES.amountAboveBalance });
          continue;
        }
        await recordCollection(
          tx,
          debit.billId,
          { amount: formatCents(value), collectedOn, reference: reference.slice(0, 100) },
          source,
          context,
        );
        matched += 1;
        total += value;
      }
      return { matched, total: formatCents(total), unmatched };
    });

  return {
    checks: async (runId: string) => {
      if (!(await billRunOf(db, runId))) throw notFound(BILL_RUN_MESSAGES.notFound);
      return (await runChecksOf(db, runId, today())).findings;
    },
    override,
    exportRun,
    exports: (runId: string) => exportRows(db, sql`e.run_id = ${runId}::uuid`),
    /** One exported file as written (unsealed); each download is audited, as it shows account numbers. */
    async exportFile(exportId: string, context: AuditContext) {
      const [row] = rowsOf<{ fileName: string; contentType: string; content: string; runId: string }>(
        await db.execute(sql`select file_name as "fileName", content_type as "contentType", content, run_id as "runId"
          from bill_exports where id = ${exportId}::uuid`),
      );
      if (!row) throw notFound(BILL_EXPORT_MESSAGES.notFound);
      await writeAudit(db, context, {
        action: 'EXPORT',
        entity: 'billingInstance',
        entityId: row.runId,
        after: { downloaded: row.fileName, exportId },
      });
      return { ...row, content: secrets.open(row.content) };
    },
    refunds,
    collections: async (billId: string) => collectionRows(db, billId),
    collect,
    importConfirmation,
  };
};

export const notCollectedCause = (billId: string) => `bill-not-collected:${billId}`;

/**
 * The daily part (activity sweep): an exported bill with a balance past the firm's collection window raises
 * a billNotCollected alert to its household's team; collected, it is resolved.
 */
export const createNotCollectedSweep =
  (deps: { today: FirmToday; alerts: Pick<Alerts, 'raiseAlert'> }) => async (conn: Db) => {
    const { today } = deps;
    const settings = await billingSettingsOf(conn);
    const late = rowsOf<{
      id: string;
      billNo: number;
      householdId: string;
      household: string;
      balance: string;
    }>(
      await conn.execute(sql`
        select b.id, b.bill_no as "billNo", b.household_id as "householdId", h.name as household,
          (b.amount - b.collected)::text as balance
        from bills b join bill_runs r on r.id = b.run_id join households h on h.id = b.household_id
        where b.status = 'EXPORTED' and b.amount - b.collected > 0
          and (r.exported_at at time zone 'UTC')::date + ${settings.collectionWindowDays}::int < ${today()}::date`),
    );
    await conn.transaction(async (tx) => {
      for (const bill of late) {
        await deps.alerts.raiseAlert(tx, {
          category: 'billNotCollected',
          causeKey: notCollectedCause(bill.id),
          message: `Bill ${bill.billNo} of ${bill.household} is not collected: ${formatMoney(bill.balance)} outstanding after ${settings.collectionWindowDays} days.`,
          details: { billId: bill.id, balance: bill.balance },
          record: { kind: 'household', id: bill.householdId },
        });
      }
    });
    return late.length;
  };
