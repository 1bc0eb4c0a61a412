import {
  addDays,
  addMonthsClamped,
  daysBetween,
  type ReceivableFrequency,
  receivableSchedule,
  type ReceivableProductType,
} from '@centric/contracts';
import { centsOf, formatCents } from '@centric/billing';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  commissionSplits,
  householdAdvisors,
  households,
  masterDataItems,
  members,
  receivablePayments,
  receivables,
} from '../schema/index.ts';
import { seedDemoCarrierStatement } from './demo-carrier-statement.ts';
import { seededRandom } from './seeded-random.ts';

/**
 * The demo's receivables (issue 16 §4): every demo advisor's households hold commission income on several
 * providers and products (term life, universal life, annuities, long-term care), paid monthly, quarterly,
 * annually, once or paid up; the payments before today mostly received (a few short-paid by a carrier, a few
 * written off), some past due; each split to the household's Wealth Advisor 1, some with the Business
 * Developer; and the demo carrier statement with the policies it pays (demo-carrier-statement.ts). Seeded
 * once, after the demo households; the app raises the past-due alerts at its first sweep.
 */

/** The cases the demo writes, each with its product (master data name), payment pattern and size. */
const CASES: readonly {
  product: string;
  productType: ReceivableProductType;
  frequency: ReceivableFrequency;
  payments: number;
  amounts: readonly string[];
}[] = [
  {
    product: '20-Year Term Life',
    productType: 'LIFE_TERM',
    frequency: 'MONTHLY',
    payments: 24,
    amounts: ['85.40', '142.75', '212.10'],
  },
  {
    product: '30-Year Term Life',
    productType: 'LIFE_TERM',
    frequency: 'ANNUAL',
    payments: 5,
    amounts: ['1480.00', '2210.00'],
  },
  {
    product: 'Universal Life',
    productType: 'LIFE_UL',
    frequency: 'QUARTERLY',
    payments: 12,
    amounts: ['960.00', '1325.50'],
  },
  {
    product: 'Indexed Universal Life',
    productType: 'LIFE_IUL',
    frequency: 'MONTHLY',
    payments: 36,
    amounts: ['310.00', '455.25'],
  },
  {
    product: 'Fixed Indexed Annuity',
    productType: 'ANNUITY_INDEXED',
    frequency: 'ONE_TIME',
    payments: 1,
    amounts: ['6250.00', '11800.00', '18400.00'],
  },
  {
    product: 'Variable Annuity',
    productType: 'ANNUITY_OTHER',
    frequency: 'QUARTERLY',
    payments: 8,
    amounts: ['725.00', '1180.00'],
  },
  {
    product: 'Fixed Annuity (MYGA)',
    productType: 'ANNUITY_GUARANTEED',
    frequency: 'ONE_TIME',
    payments: 1,
    amounts: ['4200.00', '7350.00'],
  },
  {
    product: 'Long-Term Care',
    productType: 'LONG_TERM_CARE',
    frequency: 'SEMI_ANNUAL',
    payments: 6,
    amounts: ['640.00', '915.00'],
  },
  {
    product: 'Hybrid Life / Long-Term Care',
    productType: 'LONG_TERM_CARE',
    frequency: 'ANNUAL',
    payments: 4,
    amounts: ['2875.00'],
  },
  {
    product: 'Whole Life',
    productType: 'LIFE_WHOLE',
    frequency: 'PAID_UP',
    payments: 1,
    amounts: ['1950.00'],
  },
];

const PROVIDERS_BY_KIND: Readonly<Record<string, readonly string[]>> = {
  LIFE: ['Prudential', 'John Hancock', 'Lincoln Financial', 'Pacific Life', 'Protective Life', 'Nationwide'],
  ANNUITY: ['Athene', 'Allianz Life', 'Jackson National', 'American Equity', 'Corebridge Financial'],
  LONG_TERM_CARE: ['Genworth', 'MassMutual', 'New York Life', 'Lincoln Financial'],
};
const kindOf = (type: ReceivableProductType) =>
  type.startsWith('ANNUITY') ? 'ANNUITY' : type === 'LONG_TERM_CARE' ? 'LONG_TERM_CARE' : 'LIFE';

/** Households per demo advisor that get receivables, and receivables per such household (1 to this many). */
const HOUSEHOLDS_PER_ADVISOR = 9;
const RECEIVABLES_PER_HOUSEHOLD = 3;

export const seedDemoReceivables = async (db: Db, options: { today: string }) => {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(receivables);
  if (Number(existing?.n ?? 0) > 0) return { receivables: 0, payments: 0 };
  const items = await db
    .select({ id: masterDataItems.id, type: masterDataItems.type, name: masterDataItems.name })
    .from(masterDataItems)
    .where(inArray(masterDataItems.type, ['receivable-products', 'providers']));
  const idOf = (type: string, name: string) => items.find((i) => i.type === type && i.name === name)?.id;
  const teams = await db
    .select({
      householdId: householdAdvisors.householdId,
      role: householdAdvisors.role,
      userId: householdAdvisors.userId,
    })
    .from(householdAdvisors)
    .innerJoin(households, eq(households.id, householdAdvisors.householdId))
    .where(and(eq(households.status, 'ACTIVE'), eq(households.draft, false)))
    .orderBy(asc(householdAdvisors.householdId));
  const primaries = await db
    .select({ householdId: members.householdId, first: members.firstName, last: members.lastName })
    .from(members)
    .where(eq(members.subType, 'PRIMARY'));
  const holderOf = new Map(primaries.map((p) => [p.householdId, `${p.first} ${p.last}`.slice(0, 30)]));

  const byAdvisor = new Map<string, string[]>();
  const developerOf = new Map<string, string>();
  for (const row of teams) {
    if (row.role === 'WEALTH_ADVISOR_1')
      byAdvisor.set(row.userId, [...(byAdvisor.get(row.userId) ?? []), row.householdId]);
    if (row.role === 'BUSINESS_DEVELOPER') developerOf.set(row.householdId, row.userId);
  }
  if (byAdvisor.size === 0) return { receivables: 0, payments: 0 };

  const next = seededRandom(20_261_127);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  let written = 0;
  let paymentCount = 0;
  let policy = 40_000;
  for (const [advisorId, householdIds] of [...byAdvisor.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const householdId of householdIds.slice(0, HOUSEHOLDS_PER_ADVISOR)) {
      const count = 1 + Math.floor(next() * RECEIVABLES_PER_HOUSEHOLD);
      for (let n = 0; n < count; n += 1) {
        const kase = pick(CASES);
        const productId = idOf('receivable-products', kase.product);
        const providerName = pick(PROVIDERS_BY_KIND[kindOf(kase.productType)] ?? []);
        const providerId = idOf('providers', providerName);
        if (!productId || !providerId) continue;
        // Started between 20 months ago and 2 months ahead, on any day (some on the 29th–31st).
        const startDate = addDays(
          addMonthsClamped(options.today, -20 + Math.floor(next() * 22)),
          -Math.floor(next() * 28),
        );
        const amount = pick(kase.amounts);
        policy += 1 + Math.floor(next() * 900);
        const [row] = await db
          .insert(receivables)
          .values({
            householdId,
            productType: kase.productType,
            productId,
            providerId,
            accountHolder: holderOf.get(householdId) ?? 'Primary member',
            description: `${kase.product} commission`.slice(0, 50),
            amount,
            paymentFrequency: kase.frequency,
            numberOfPayments: kase.payments,
            startDate,
            policyNumber: `${providerName.slice(0, 2).toUpperCase()}-${policy}`,
          })
          .returning({ id: receivables.id });
        if (!row) continue;
        written += 1;
        const developer = developerOf.get(householdId);
        const splitWithDeveloper = developer !== undefined && next() < 0.4;
        await db.insert(commissionSplits).values([
          {
            receivableId: row.id,
            position: 0,
            type: 'WEALTH_ADVISOR_1',
            payeeUserId: advisorId,
            appPercentage: splitWithDeveloper ? '70' : '100',
            commissionPercentage: pick(['40', '50', '60']),
            startDate,
            numberOfPayments: kase.payments,
            creditTo: splitWithDeveloper ? '70' : '100',
          },
          ...(splitWithDeveloper
            ? [
                {
                  receivableId: row.id,
                  position: 1,
                  type: 'BUSINESS_DEVELOPER',
                  payeeUserId: developer,
                  appPercentage: '30',
                  commissionPercentage: '50',
                  startDate,
                  numberOfPayments: Math.min(kase.payments, 12),
                  creditTo: '30',
                },
              ]
            : []),
        ]);
        const schedule = receivableSchedule({
          paymentFrequency: kase.frequency,
          numberOfPayments: kase.payments,
          startDate,
          amount,
        });
        const rows: (typeof receivablePayments.$inferInsert)[] = schedule.map((p) => {
          const base = { receivableId: row.id, sequence: p.sequence, dueDate: p.dueDate, amount: p.amount };
          if (p.dueDate >= options.today) return base;
          const age = daysBetween(p.dueDate, options.today);
          const roll = next();
          // Recent payments are the ones still owed; older ones mostly arrived.
          if (roll < (age <= 120 ? 0.22 : 0.04)) return base;
          if (roll < (age <= 120 ? 0.24 : 0.07))
            return {
              ...base,
              state: 'WRITTEN_OFF',
              note: 'Policy lapsed: the carrier will not pay this one.',
            };
          const received = addDays(p.dueDate, 3 + Math.floor(next() * 12));
          // A few carriers pay a few percent short.
          const short = next() < 0.08;
          const cents = centsOf(p.amount) ?? 0n;
          return {
            ...base,
            state: 'RECEIVED',
            receivedDate: received > options.today ? options.today : received,
            amountReceived: short ? formatCents((cents * 97n) / 100n) : p.amount,
            note: short ? 'Short-paid by the carrier (3% under the schedule).' : null,
          };
        });
        if (kase.frequency === 'PAID_UP') {
          rows.push({
            receivableId: row.id,
            sequence: null,
            dueDate: addDays(options.today, -40),
            amount,
            state: 'RECEIVED',
            receivedDate: addDays(options.today, -40),
            amountReceived: amount,
            note: 'Dividend commission on the paid-up policy.',
          });
        }
        if (rows.length > 0) await db.insert(receivablePayments).values(rows);
        paymentCount += rows.length;
      }
    }
  }
  // The demo's carrier statement and the policies it pays, on the advisors' first households.
  written += await seedDemoCarrierStatement(db, {
    today: options.today,
    owners: [...byAdvisor.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .flatMap(([advisorId, ids]) =>
        ids.slice(0, 1).map((householdId) => ({
          householdId,
          advisorId,
          holder: holderOf.get(householdId) ?? 'Primary member',
        })),
      ),
  });
  return { receivables: written, payments: paymentCount };
};
