import { randomUUID } from 'node:crypto';
import { formatCents } from '@centric/billing';
import { addDays, CUSTODIAN_SUGGESTIONS, normalizeCustodianNumber } from '@centric/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { Db } from '../client.ts';
import {
  accountOwners,
  accounts,
  accountSnapshots,
  accountTransactions,
  assetClasses,
  households,
  holdings,
  masterDataItems,
  members,
  productPrices,
  strategies,
  strategyAssignments,
  strategyAssignmentStrategies,
  strategyTargets,
  users,
} from '../schema/index.ts';
import { DEMO_PRODUCTS, demoPriceDates, demoProductIdsBySymbol } from './demo-products.ts';
import { seededRandom } from './seeded-random.ts';

/**
 * Demo managed accounts (issue 13 §5): most demo households get realistic accounts (IRA, joint brokerage,
 * trust, Roth, 529 …) at the usual custodians, holdings in the demo products on each quarter end of the year
 * (priced by the demo's month-end prices), deposits, withdrawals, dividends and fees, and one of four
 * allocation strategies; about a quarter of the households have drifted from theirs, and some accounts need
 * review. Deterministic (a seeded generator), so every fresh start shows the same book.
 */

type Model = {
  name: string;
  risk: number;
  description: string;
  /** Asset category → target percent (summing to 100). */
  targets: Readonly<Record<string, number>>;
};

export const DEMO_STRATEGIES: readonly Model[] = [
  {
    name: 'Conservative Income',
    risk: 25,
    description: 'Capital preservation with income: mostly high-quality bonds.',
    targets: {
      'US Large Cap': 15,
      'International Developed': 5,
      'US Aggregate': 35,
      Treasury: 20,
      Municipal: 15,
      'Cash & Equivalents': 10,
    },
  },
  {
    name: 'Balanced 60/40',
    risk: 50,
    description: 'Sixty percent stocks, forty percent bonds and cash.',
    targets: {
      'US Large Cap': 30,
      'US Mid Cap': 5,
      'US Small Cap': 5,
      'International Developed': 10,
      'Emerging Markets': 5,
      'US Aggregate': 25,
      Municipal: 10,
      'Real Estate': 5,
      'Cash & Equivalents': 5,
    },
  },
  {
    name: 'Growth',
    risk: 70,
    description: 'Long-term growth with a bond cushion.',
    targets: {
      'US Large Cap': 40,
      'US Mid Cap': 10,
      'US Small Cap': 5,
      'International Developed': 15,
      'Emerging Markets': 5,
      'US Aggregate': 15,
      'Real Estate': 5,
      'Cash & Equivalents': 5,
    },
  },
  {
    name: 'Aggressive Growth',
    risk: 85,
    description: 'Maximum long-term growth; accepts large swings.',
    targets: {
      'US Large Cap': 45,
      'US Mid Cap': 10,
      'US Small Cap': 10,
      'International Developed': 15,
      'Emerging Markets': 10,
      Corporate: 5,
      Commodities: 3,
      'Cash & Equivalents': 2,
    },
  },
];

type AccountKind = {
  name: (first: string, last: string) => string;
  registration: string;
  /** The owners' roles: the primary's, then the secondary's when there is one (and the kind names one). */
  roles: readonly ('OWNER' | 'JOINT_OWNER' | 'TRUSTEE' | 'BENEFICIARY' | 'POA_HOLDER')[];
  objective: string;
  weight: number;
};

const KINDS: readonly AccountKind[] = [
  {
    name: (f, l) => `${f} ${l} Traditional IRA`,
    registration: 'Individual',
    roles: ['OWNER'],
    objective: 'Growth',
    weight: 5,
  },
  {
    name: (_f, l) => `${l} Joint Brokerage`,
    registration: 'Individual',
    roles: ['OWNER', 'JOINT_OWNER'],
    objective: 'Growth and Income',
    weight: 4,
  },
  {
    name: (_f, l) => `${l} Family Trust`,
    registration: 'High Net Worth Individual',
    roles: ['TRUSTEE', 'TRUSTEE'],
    objective: 'Growth and Income',
    weight: 2,
  },
  {
    name: (f, l) => `${f} ${l} Roth IRA`,
    registration: 'Individual',
    roles: ['OWNER'],
    objective: 'Aggressive Growth',
    weight: 3,
  },
  {
    name: (_f, l) => `${l} 529 College Savings`,
    registration: 'Other',
    roles: ['OWNER', 'BENEFICIARY'],
    objective: 'Growth',
    weight: 2,
  },
  {
    name: (f, l) => `${f} ${l} Individual Brokerage`,
    registration: 'Individual',
    roles: ['OWNER'],
    objective: 'Income',
    weight: 2,
  },
  {
    name: (_f, l) => `${l} Profit Sharing Plan`,
    registration: 'Pension Profit Sharing Plan',
    roles: ['OWNER'],
    objective: 'Capital Preservation',
    weight: 1,
  },
];

const random = seededRandom;

/** "123.450000" → 123450000n (millionths). */
const micros = (price: string) => {
  const [whole = '0', fraction = ''] = price.split('.');
  return BigInt(whole + fraction.padEnd(6, '0').slice(0, 6));
};

/** Thousandths → "12.345". */
const thousandthsText = (value: bigint) => {
  const digits = value.toString().padStart(4, '0');
  return `${digits.slice(0, -3)}.${digits.slice(-3)}`;
};

const BATCH = 1_000;
const insertAll = async <T>(rows: readonly T[], insert: (part: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
};

export const seedDemoAccounts = async (db: Db, options: { secrets: SecretBox; today: string }) => {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
  if (Number(existing?.n ?? 0) > 0) return { accounts: 0 };
  const productIds = await demoProductIdsBySymbol(db);
  if (productIds.size === 0) return { accounts: 0 };
  const next = random(20_261_124);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;

  const master = await db
    .select({ id: masterDataItems.id, type: masterDataItems.type, name: masterDataItems.name })
    .from(masterDataItems)
    .where(inArray(masterDataItems.type, ['registration-type', 'account-objective', 'strategy-types']));
  const masterId = (type: string, name: string) =>
    master.find((m) => m.type === type && m.name === name)?.id ?? null;
  const classRows = await db
    .select({ id: assetClasses.id, category: assetClasses.assetCategory })
    .from(assetClasses);
  const classOf = new Map(classRows.map((c) => [c.category, c.id]));
  const [reviewer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.status, 'ACTIVE'))
    .orderBy(asc(users.email))
    .limit(1);

  // Products by category, and every demo price (product → date → micros).
  const byCategory = new Map<string, string[]>();
  for (const p of DEMO_PRODUCTS) {
    const id = productIds.get(p.symbol ?? p.cusip ?? '');
    if (!id || !p.category) continue;
    byCategory.set(p.category, [...(byCategory.get(p.category) ?? []), id]);
  }
  const dates = demoPriceDates(options.today);
  // The year's first month end and each quarter end after it: holdings on five dates, so the value over the
  // last 12 months has a figure from its start.
  const quarterEnds = [dates[0], dates[2], dates[5], dates[8], dates[11]].filter((d): d is string =>
    Boolean(d),
  );
  const priceRows = await db
    .select({ productId: productPrices.productId, date: productPrices.priceDate, price: productPrices.price })
    .from(productPrices)
    .where(inArray(productPrices.priceDate, quarterEnds));
  const priceOf = new Map(priceRows.map((r) => [`${r.productId}|${r.date}`, micros(r.price)]));
  const cashIds = new Set(
    DEMO_PRODUCTS.filter((p) => p.productType === 'CASH').map((p) =>
      productIds.get(p.symbol ?? p.cusip ?? ''),
    ),
  );

  // The strategies, by asset category.
  const strategyType = masterId('strategy-types', 'Asset Allocation');
  if (strategyType === null) return { accounts: 0 };
  const strategyIds: string[] = [];
  await db.transaction(async (tx) => {
    for (const model of DEMO_STRATEGIES) {
      const [row] = await tx
        .insert(strategies)
        .values({
          name: model.name,
          strategyTypeId: strategyType,
          description: model.description,
          viewableByClient: true,
          display: 'MODEL_AND_PERFORMANCE',
          grouping: 'ASSET_CATEGORY',
          riskNumber: model.risk,
        })
        .returning({ id: strategies.id });
      const strategyId = (row as { id: string }).id;
      strategyIds.push(strategyId);
      await tx.insert(strategyTargets).values(
        Object.entries(model.targets).map(([category, target], position) => ({
          strategyId,
          assetClassId: classOf.get(category) ?? null,
          target: String(target),
          lowerTolerance: target >= 10 ? '5' : '2',
          upperTolerance: target >= 10 ? '5' : '2',
          position,
        })),
      );
    }
  });

  const householdRows = await db
    .select({ id: households.id, status: households.status })
    .from(households)
    .where(eq(households.draft, false))
    .orderBy(asc(households.createdAt), asc(households.id));
  const memberRows = await db
    .select({
      id: members.id,
      householdId: members.householdId,
      subType: members.subType,
      firstName: members.firstName,
      lastName: members.lastName,
    })
    .from(members)
    .where(and(eq(members.type, 'PERSON'), inArray(members.subType, ['PRIMARY', 'SECONDARY'])));

  const accountRows: (typeof accounts.$inferInsert)[] = [];
  const ownerRows: (typeof accountOwners.$inferInsert)[] = [];
  const snapshotRows: (typeof accountSnapshots.$inferInsert)[] = [];
  const holdingRows: (typeof holdings.$inferInsert)[] = [];
  const transactionRows: (typeof accountTransactions.$inferInsert)[] = [];
  const assignments: { householdId: string; strategyId: string }[] = [];
  const kindWeights = KINDS.flatMap((k) => Array.from({ length: k.weight }, () => k));
  let serial = 0;

  for (const household of householdRows) {
    const primary = memberRows.find((m) => m.householdId === household.id && m.subType === 'PRIMARY');
    if (!primary || next() < 0.12) continue;
    const secondary = memberRows.find((m) => m.householdId === household.id && m.subType === 'SECONDARY');
    const modelIndex = Math.floor(next() * DEMO_STRATEGIES.length);
    const model = DEMO_STRATEGIES[modelIndex] as Model;
    if (next() < 0.85)
      assignments.push({ householdId: household.id, strategyId: strategyIds[modelIndex] as string });
    // A fifth of the households have drifted away from their model.
    const spread = next() < 0.2 ? 0.5 : 0.08;
    const householdCents = Math.round(15_000_000 * Math.exp(next() * Math.log(35))); // $150k to ~$5.2M
    const count = 1 + Math.floor(next() * (secondary ? 4 : 3));
    const kinds = new Set<AccountKind>();
    while (kinds.size < count) kinds.add(pick(kindWeights));
    const custodian = pick(CUSTODIAN_SUGGESTIONS.slice(0, 6));
    for (const kind of kinds) {
      serial += 1;
      const id = randomUUID();
      const number = normalizeCustodianNumber(
        `${custodian.slice(0, 2).toUpperCase()}${String(40_000_000 + serial * 7_919).slice(0, 8)}`,
      );
      const opened = addDays(quarterEnds[0] as string, -30 - Math.floor(next() * 2_500));
      const fresh = serial % 97 === 0; // opened last month: no holdings yet, so it needs review
      const closed = !fresh && serial % 61 === 0;
      const startDate = fresh ? addDays(options.today, -10) : opened;
      const roll = next();
      const reviewStatus = fresh
        ? 'NEEDS_REVIEW'
        : roll < 0.08
          ? 'NEEDS_REVIEW'
          : roll < 0.11
            ? 'ADVANCE_REVIEW'
            : roll < 0.3
              ? 'READY'
              : 'REVIEW_DONE';
      const reviewed = reviewStatus === 'REVIEW_DONE' || reviewStatus === 'READY';
      accountRows.push({
        id,
        householdId: household.id,
        registrationName: kind.name(primary.firstName, primary.lastName),
        registrationTypeId: masterId('registration-type', kind.registration),
        custodian,
        custodianNumberSealed: options.secrets.seal(number),
        custodianNumberLast4: number.slice(-4),
        custodianNumberHash: options.secrets.lookupHash(number),
        accountObjectiveId: masterId('account-objective', kind.objective),
        startDate,
        status: closed ? 'CLOSED' : 'OPEN',
        closedOn: closed ? (quarterEnds.at(-1) as string) : null,
        reviewStatus,
        reviewedBy: reviewed ? (reviewer?.id ?? null) : null,
        reviewedAt: reviewed ? addDays(options.today, -Math.floor(next() * 60)) : null,
        payMethod: next() < 0.7 ? 'INDIRECT' : 'ACH',
      });
      const owners = [primary, ...(secondary && kind.roles.length > 1 ? [secondary] : [])];
      owners.forEach((member, position) =>
        ownerRows.push({
          accountId: id,
          memberId: member.id,
          role: kind.roles[position] ?? 'OWNER',
          position,
        }),
      );
      if (fresh) continue;

      // Holdings: the model's categories, each in one or two products, with the household's noise.
      const accountCents = Math.round((householdCents / count) * (0.5 + next()));
      const chosen: { productId: string; share: number }[] = [];
      for (const [category, target] of Object.entries(model.targets)) {
        const candidates = byCategory.get(category) ?? [];
        if (candidates.length === 0) continue;
        const share = Math.max(0, (target / 100) * (1 + (next() * 2 - 1) * spread));
        const split = target >= 15 && next() < 0.5 ? 2 : 1;
        const picked = new Set<string>();
        while (picked.size < Math.min(split, candidates.length)) picked.add(pick(candidates));
        for (const productId of picked) chosen.push({ productId, share: share / picked.size });
      }
      const totalShare = chosen.reduce((sum, c) => sum + c.share, 0) || 1;
      let previousCents = 0;
      quarterEnds.forEach((asOf, quarter) => {
        if (asOf < startDate) return;
        const last = closed && quarter === quarterEnds.length - 1;
        snapshotRows.push({ accountId: id, asOf, source: 'DEMO' });
        // Money in or out each quarter: the size moves by up to ±8%.
        const growth = quarter === 0 ? 1 : 1 + (next() * 2 - 1) * 0.08;
        const cents = Math.round(accountCents * growth);
        if (!last) {
          for (const c of chosen) {
            const price = cashIds.has(c.productId) ? 1_000_000n : priceOf.get(`${c.productId}|${asOf}`);
            if (!price) continue;
            const valueCents = BigInt(Math.round((cents * c.share) / totalShare));
            // quantity (thousandths) = value (cents) / 100 ÷ price (millionths) / 10⁶ × 10³
            const quantity = (valueCents * 10_000_000n) / price;
            if (quantity > 0n)
              holdingRows.push({
                accountId: id,
                asOf,
                productId: c.productId,
                quantity: thousandthsText(quantity),
              });
          }
        }
        const flow = quarter === 0 ? cents : cents - previousCents;
        if (flow !== 0) {
          transactionRows.push({
            accountId: id,
            type: quarter === 0 ? 'DEPOSIT' : flow > 0 ? 'DEPOSIT' : last ? 'TRANSFER_OUT' : 'WITHDRAWAL',
            tradeDate: quarter === 0 ? startDate : addDays(asOf, -Math.floor(next() * 60) - 5),
            amount: formatCents(BigInt(Math.abs(last ? previousCents : flow))),
            description: quarter === 0 ? 'Initial funding' : last ? 'Account transferred out' : null,
          });
        }
        if (!last && quarter > 0) {
          transactionRows.push({
            accountId: id,
            type: 'FEE',
            tradeDate: addDays(asOf, -Math.floor(next() * 10)),
            amount: formatCents((BigInt(cents) * 25n) / 10_000n),
            description: 'Quarterly advisory fee',
          });
          if (next() < 0.6) {
            // A dividend names the holding that paid it; interest is the cash's.
            const dividend = next() < 0.5 ? chosen.find((c) => !cashIds.has(c.productId)) : undefined;
            transactionRows.push({
              accountId: id,
              type: dividend ? 'DIVIDEND' : 'INTEREST',
              tradeDate: addDays(asOf, -Math.floor(next() * 20) - 3),
              amount: formatCents((BigInt(cents) * 40n) / 10_000n),
              productId: dividend?.productId ?? null,
              description: null,
            });
          }
        }
        previousCents = cents;
      });
    }
  }

  await db.transaction(async (tx) => {
    await insertAll(accountRows, (part) => tx.insert(accounts).values(part));
    await insertAll(ownerRows, (part) => tx.insert(accountOwners).values(part));
    await insertAll(snapshotRows, (part) => tx.insert(accountSnapshots).values(part));
    await insertAll(holdingRows, (part) => tx.insert(holdings).values(part));
    await insertAll(
      transactionRows.filter((r) => r.amount !== '0.00'),
      (part) => tx.insert(accountTransactions).values(part),
    );
    for (const a of assignments) {
      const [row] = await tx
        .insert(strategyAssignments)
        .values({ householdId: a.householdId, assignmentType: 'STRATEGY', applyToAllAccounts: true })
        .returning({ id: strategyAssignments.id });
      await tx
        .insert(strategyAssignmentStrategies)
        .values({ assignmentId: (row as { id: string }).id, strategyId: a.strategyId, percent: '100' });
    }
  });
  return { accounts: accountRows.length, holdings: holdingRows.length, transactions: transactionRows.length };
};
