import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  addDays,
  type ReceivableFrequency,
  type ReceivableProductType,
  receivableSchedule,
} from '@centric/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { importStatementNow } from '../../modules/receivables/carrier-statements.ts';
import { DEFAULT_STATEMENT_MAPPING } from '../../modules/receivables/carrier-statements.service.ts';
import type { Db } from '../client.ts';
import { commissionSplits, masterDataItems, receivablePayments, receivables } from '../schema/index.ts';

/**
 * The demo's carrier statement (issue 16 §4): a Prudential commission statement that ships with the demo
 * (`demo-carrier-statement.csv`, importable from the screen as it is) and the receivables on the book it pays,
 * imported at the demo's first start. Against the book it has short-paid lines (3 % under), an overpaid one,
 * an unknown policy, a chargeback, and a payment it leaves unpaid; the firm resolves them on the
 * reconciliation tab.
 */

export const DEMO_STATEMENT_FILE = path.join(import.meta.dirname, 'demo-carrier-statement.csv');
export const DEMO_STATEMENT_PROVIDER = 'Prudential';

/** The book the statement pays: what the firm expects of each policy. */
const BOOK: readonly {
  policy: string;
  product: string;
  productType: ReceivableProductType;
  frequency: ReceivableFrequency;
  payments: number;
  startDate: string;
  amount: string;
}[] = [
  {
    policy: 'PRU-STMT-1001',
    product: '20-Year Term Life',
    productType: 'LIFE_TERM',
    frequency: 'MONTHLY',
    payments: 12,
    startDate: '2026-05-15',
    amount: '212.10',
  },
  {
    policy: 'PRU-STMT-1002',
    product: 'Universal Life',
    productType: 'LIFE_UL',
    frequency: 'QUARTERLY',
    payments: 8,
    startDate: '2026-04-10',
    amount: '1325.50',
  },
  {
    policy: 'PRU-STMT-1003',
    product: 'Indexed Universal Life',
    productType: 'LIFE_IUL',
    frequency: 'MONTHLY',
    payments: 24,
    startDate: '2026-03-01',
    amount: '455.25',
  },
  {
    policy: 'PRU-STMT-1004',
    product: '30-Year Term Life',
    productType: 'LIFE_TERM',
    frequency: 'ANNUAL',
    payments: 5,
    startDate: '2025-09-20',
    amount: '2210.00',
  },
  {
    policy: 'PRU-STMT-1005',
    product: '20-Year Term Life',
    productType: 'LIFE_TERM',
    frequency: 'MONTHLY',
    payments: 12,
    startDate: '2026-02-25',
    amount: '142.75',
  },
];

/** Payments due before this day were received before the statement's period. */
const STATEMENT_FROM = '2026-07-01';

/**
 * Writes the statement's book for the given households (each case to the next one, split to its advisor) and
 * imports the statement. Answers the number of receivables written (0 when Prudential or a product is missing).
 */
export const seedDemoCarrierStatement = async (
  db: Db,
  options: { today: string; owners: readonly { householdId: string; advisorId: string; holder: string }[] },
) => {
  if (options.owners.length === 0) return 0;
  const items = await db
    .select({ id: masterDataItems.id, type: masterDataItems.type, name: masterDataItems.name })
    .from(masterDataItems)
    .where(
      and(
        inArray(masterDataItems.type, ['receivable-products', 'providers']),
        eq(masterDataItems.active, true),
      ),
    );
  const providerId = items.find((i) => i.type === 'providers' && i.name === DEMO_STATEMENT_PROVIDER)?.id;
  if (!providerId) return 0;
  let written = 0;
  for (const [index, kase] of BOOK.entries()) {
    const productId = items.find((i) => i.type === 'receivable-products' && i.name === kase.product)?.id;
    const owner = options.owners[index % options.owners.length];
    if (!productId || !owner) continue;
    const [row] = await db
      .insert(receivables)
      .values({
        householdId: owner.householdId,
        productType: kase.productType,
        productId,
        providerId,
        accountHolder: owner.holder,
        description: `${kase.product} commission`.slice(0, 50),
        amount: kase.amount,
        paymentFrequency: kase.frequency,
        numberOfPayments: kase.payments,
        startDate: kase.startDate,
        policyNumber: kase.policy,
      })
      .returning({ id: receivables.id });
    if (!row) continue;
    written += 1;
    await db.insert(commissionSplits).values({
      receivableId: row.id,
      position: 0,
      type: 'WEALTH_ADVISOR_1',
      payeeUserId: owner.advisorId,
      appPercentage: '100',
      commissionPercentage: '50',
      startDate: kase.startDate,
      numberOfPayments: kase.payments,
      creditTo: '100',
    });
    const schedule = receivableSchedule({
      paymentFrequency: kase.frequency,
      numberOfPayments: kase.payments,
      startDate: kase.startDate,
      amount: kase.amount,
    });
    await db.insert(receivablePayments).values(
      schedule.map((p) => ({
        receivableId: row.id,
        sequence: p.sequence,
        dueDate: p.dueDate,
        amount: p.amount,
        ...(p.dueDate < STATEMENT_FROM && p.dueDate < options.today
          ? { state: 'RECEIVED', receivedDate: addDays(p.dueDate, 4), amountReceived: p.amount }
          : {}),
      })),
    );
  }
  await importStatementNow(
    db,
    { alerts: { resolveAlerts: async () => undefined }, clock: { now: () => new Date() } },
    {
      providerId,
      fileName: path.basename(DEMO_STATEMENT_FILE),
      data: readFileSync(DEMO_STATEMENT_FILE),
      mapping: DEFAULT_STATEMENT_MAPPING,
      today: options.today,
      context: { actorId: null, actorEmail: null, requestId: null, ip: null },
    },
  );
  return written;
};
