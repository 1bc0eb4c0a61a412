import {
  achAccountBodySchema,
  addDays,
  billingPeriodOf,
  daysBetween,
  isValidRoutingNumber,
} from '@centric/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { Db } from '../client.ts';
import {
  accounts,
  achAccounts,
  excludedAssets,
  feeSchedules,
  householdAdvisors,
  householdBilling,
  manualCashFlows,
  members,
  payoutBlocks,
  planningFees,
} from '../schema/index.ts';
import { seededRandom } from './seeded-random.ts';

/**
 * The demo's billing setup (issue 14): most households ready to bill, and a realistic share that are not, so
 * the Units screen has work to show. Every open account gets a fee schedule (a few do not), a pay method
 * (INDIRECT through itself mostly, ACH with the household's bank account, a few accounts paying for a
 * sibling, a few unassigned); every household its billing information and payout blocks (Wealth Advisor 1,
 * with the Business Developer when there is one; some totalling less than 100 %, some with none, one
 * hand-over). Some households also have a financial planning fee, an exclusion (a share of an account held
 * outside the advisory agreement) or a deposit entered by hand this quarter. Seeded once, after the demo
 * accounts; the app judges readiness at its first sweep.
 */

/** Real ABA routing numbers of large US banks (their check digits hold). */
const ROUTING_NUMBERS = ['021000021', '026009593', '121000248', '011000138', '071000013', '122105155'];
const CITIES: readonly [string, string, string][] = [
  ['Boston', 'MA', '02110'],
  ['Wellesley', 'MA', '02481'],
  ['Greenwich', 'CT', '06830'],
  ['Princeton', 'NJ', '08540'],
  ['Scarsdale', 'NY', '10583'],
  ['Bethesda', 'MD', '20814'],
];

/** Which schedule an account takes, by the share of accounts on each (the rest of the list is rare). */
const SCHEDULE_WEIGHTS: readonly [string, number][] = [
  ['Standard AUM', 0.45],
  ['Household Breakpoints', 0.2],
  ['Private Client', 0.15],
  ['Core Portfolio', 0.1],
  ['Legacy Linear', 0.05],
  ['Institutional', 0.05],
];

export const seedDemoBilling = async (db: Db, options: { secrets: SecretBox; today: string }) => {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(householdBilling);
  if (Number(existing?.n ?? 0) > 0) return { households: 0 };
  const schedules = await db.select({ id: feeSchedules.id, name: feeSchedules.name }).from(feeSchedules);
  const scheduleId = (name: string) => schedules.find((s) => s.name === name)?.id ?? null;
  const openAccounts = await db
    .select({
      id: accounts.id,
      householdId: accounts.householdId,
      startDate: accounts.startDate,
      registrationName: accounts.registrationName,
    })
    .from(accounts)
    .where(eq(accounts.status, 'OPEN'))
    .orderBy(asc(accounts.householdId), asc(accounts.registrationName), asc(accounts.id));
  if (openAccounts.length === 0 || schedules.length === 0) return { households: 0 };
  const next = seededRandom(20_261_125);
  const pickSchedule = () => {
    let roll = next();
    for (const [name, weight] of SCHEDULE_WEIGHTS) {
      roll -= weight;
      if (roll < 0) return scheduleId(name);
    }
    return scheduleId('Standard AUM');
  };

  const byHousehold = new Map<string, typeof openAccounts>();
  for (const account of openAccounts) {
    byHousehold.set(account.householdId, [...(byHousehold.get(account.householdId) ?? []), account]);
  }
  const householdIds = [...byHousehold.keys()];
  const [primaries, advisors] = await Promise.all([
    db
      .select({
        id: members.id,
        householdId: members.householdId,
        first: members.firstName,
        last: members.lastName,
      })
      .from(members)
      .where(and(inArray(members.householdId, householdIds), eq(members.subType, 'PRIMARY'))),
    db
      .select({
        householdId: householdAdvisors.householdId,
        role: householdAdvisors.role,
        userId: householdAdvisors.userId,
      })
      .from(householdAdvisors)
      .where(inArray(householdAdvisors.householdId, householdIds)),
  ]);
  const primaryOf = new Map(primaries.map((p) => [p.householdId, p]));

  const billingRows: (typeof householdBilling.$inferInsert)[] = [];
  const achRows: (typeof achAccounts.$inferInsert)[] = [];
  const blockRows: (typeof payoutBlocks.$inferInsert)[] = [];
  const accountUpdates: { id: string; values: Partial<typeof accounts.$inferInsert> }[] = [];
  let handOver = false;
  // Planning fees, exclusions and manual flows draw from their own sequence: the rest stays as it was.
  const extra = seededRandom(20_261_126);
  const quarter = billingPeriodOf(options.today, 'QUARTERLY');
  const planningRows: (typeof planningFees.$inferInsert)[] = [];
  const exclusionRows: (typeof excludedAssets.$inferInsert)[] = [];
  const flowRows: (typeof manualCashFlows.$inferInsert)[] = [];

  for (const [householdId, list] of byHousehold) {
    const primary = primaryOf.get(householdId);
    const ach = next() < 0.3;
    const start = list.map((a) => a.startDate).sort()[0] ?? options.today;
    billingRows.push({
      householdId,
      billingContactMemberId: primary?.id ?? null,
      payMethod: ach ? 'ACH' : 'INDIRECT',
      billingFrequency: 'QUARTERLY',
      billingTiming: 'ARREARS',
      billingStartDate: start,
    });
    // One schedule for the household's accounts mostly (householding), sometimes one account differs.
    const schedule = pickSchedule();
    const payerOfOthers = list.length > 1 && next() < 0.12 ? list[0] : null;
    list.forEach((account, index) => {
      const roll = next();
      const method = roll < 0.025 ? 'UNASSIGNED' : ach ? 'ACH' : 'INDIRECT';
      const payer = method !== 'INDIRECT' ? null : payerOfOthers && index > 0 ? payerOfOthers.id : account.id;
      accountUpdates.push({
        id: account.id,
        values: {
          feeScheduleId: next() < 0.04 ? null : index > 0 && next() < 0.1 ? pickSchedule() : schedule,
          payMethod: method,
          feePayingAccountId: payer,
          billingFrequency: 'QUARTERLY',
          billingTiming: 'ARREARS',
          billingStartDate: account.startDate,
        },
      });
    });
    const firstAccount = list[0]!;
    const planRoll = extra();
    if (planRoll < 0.1) {
      planningRows.push({
        householdId,
        description: 'Comprehensive financial plan',
        feeType: 'PERIODIC',
        amount: ['1250.00', '2500.00', '750.00'][Math.floor(extra() * 3)] as string,
        frequency: 'QUARTERLY',
        startDate: start,
        payMethod: 'INDIRECT',
        feePayingAccountId: firstAccount.id,
      });
    } else if (planRoll < 0.14) {
      planningRows.push({
        householdId,
        description: 'Retirement income plan',
        feeType: 'FLAT',
        amount: '3500.00',
        startDate: addDays(options.today, 14 + Math.floor(extra() * 60)),
        payMethod: 'INDIRECT',
        feePayingAccountId: firstAccount.id,
      });
    }
    if (extra() < 0.07) {
      exclusionRows.push({
        householdId,
        kind: 'PERCENT',
        accountId: firstAccount.id,
        percent: ['10.00', '25.00', '5.00'][Math.floor(extra() * 3)] as string,
        appliesTo: extra() < 0.8 ? 'FEE' : 'BOTH',
        reason: 'Concentrated legacy position held outside the advisory agreement',
        startDate: start,
      });
    }
    if (extra() < 0.05) {
      const days = Math.max(0, daysBetween(quarter.from, options.today));
      flowRows.push({
        accountId: firstAccount.id,
        flowDate: addDays(quarter.from, Math.floor(extra() * (days + 1))),
        amount: extra() < 0.7 ? '75000.00' : '-40000.00',
        reason: 'Wire not yet on the custodian feed (confirmed with operations)',
      });
    }
    // The bank account of an ACH household (a few have none yet: they are blocked).
    if (ach && primary && next() < 0.93) {
      const [city, state, zip] = CITIES[Math.floor(next() * CITIES.length)] as [string, string, string];
      const routing = ROUTING_NUMBERS[Math.floor(next() * ROUTING_NUMBERS.length)] as string;
      const number = String(Math.floor(10_000_000 + next() * 89_999_999_999));
      const body = achAccountBodySchema.parse({
        achAccountType: next() < 0.8 ? 'CHECKING' : 'SAVINGS',
        accountNumber: number,
        routingNumber: routing,
        firstName: primary.first.slice(0, 15),
        lastName: primary.last.slice(0, 15),
        billingAddressLine1: `${10 + Math.floor(next() * 980)} ${['Oak', 'Maple', 'Elm', 'Cedar'][Math.floor(next() * 4)]} Street`,
        city,
        state,
        country: 'United States',
        emailAddress: `${primary.first}.${primary.last}@example.com`
          .toLowerCase()
          .replace(/[^a-z0-9.@]/g, ''),
        phoneNumber: `617555${String(1000 + Math.floor(next() * 8999))}`,
        zip,
      });
      if (!isValidRoutingNumber(routing) || !body.accountNumber || !body.routingNumber) continue;
      achRows.push({
        householdId,
        accountType: body.achAccountType,
        accountNumberSealed: options.secrets.seal(body.accountNumber),
        accountNumberLast4: body.accountNumber.slice(-4),
        routingNumberSealed: options.secrets.seal(body.routingNumber),
        routingNumberLast4: body.routingNumber.slice(-4),
        firstName: body.firstName,
        lastName: body.lastName,
        addressLine1: body.billingAddressLine1,
        addressLine2: null,
        city: body.city,
        state: body.state,
        country: body.country,
        email: body.emailAddress,
        phone: body.phoneNumber,
        zip: body.zip,
      });
    }
    // Payout blocks: WA1 alone, or with the Business Developer; some short of 100 %, some missing.
    const wa1 = advisors.find((a) => a.householdId === householdId && a.role === 'WEALTH_ADVISOR_1');
    const bd = advisors.find((a) => a.householdId === householdId && a.role === 'BUSINESS_DEVELOPER');
    const roll = next();
    if (!wa1 || roll < 0.05) continue;
    const short = roll < 0.13;
    const forever = { startDate: start, paymentType: 'Forever', numberOfPayments: null, householdId };
    if (bd && !handOver) {
      // A hand-over: the business developer's 20 % for 8 quarters, then a solicitor's 20 % from the 9th.
      handOver = true;
      blockRows.push(
        {
          ...forever,
          type: 'WEALTH_ADVISOR_1',
          payeeUserId: wa1.userId,
          payoutPercentage: '80',
          creditTo: '100',
        },
        {
          ...forever,
          type: 'BUSINESS_DEVELOPER',
          payeeUserId: bd.userId,
          payoutPercentage: '20',
          creditTo: '0',
          startDate: '2025-01-01',
          paymentType: 'Number_Of_Payments',
          numberOfPayments: 8,
        },
        {
          ...forever,
          type: 'OTHER',
          payeeUserId: wa1.userId,
          payoutPercentage: '20',
          creditTo: '0',
          startDate: '2027-01-01',
        },
      );
      continue;
    }
    if (bd) {
      blockRows.push(
        {
          ...forever,
          type: 'WEALTH_ADVISOR_1',
          payeeUserId: wa1.userId,
          payoutPercentage: short ? '60' : '70',
          creditTo: '100',
        },
        {
          ...forever,
          type: 'BUSINESS_DEVELOPER',
          payeeUserId: bd.userId,
          payoutPercentage: '30',
          creditTo: '0',
        },
      );
    } else {
      blockRows.push({
        ...forever,
        type: 'WEALTH_ADVISOR_1',
        payeeUserId: wa1.userId,
        payoutPercentage: short ? '85' : '100',
        creditTo: '100',
      });
    }
  }

  await db.transaction(async (tx) => {
    for (let i = 0; i < billingRows.length; i += 500) {
      await tx.insert(householdBilling).values(billingRows.slice(i, i + 500));
    }
    for (const update of accountUpdates) {
      await tx.update(accounts).set(update.values).where(eq(accounts.id, update.id));
    }
    if (achRows.length > 0) await tx.insert(achAccounts).values(achRows);
    for (let i = 0; i < blockRows.length; i += 500) {
      await tx.insert(payoutBlocks).values(blockRows.slice(i, i + 500));
    }
    if (planningRows.length > 0) await tx.insert(planningFees).values(planningRows);
    if (exclusionRows.length > 0) await tx.insert(excludedAssets).values(exclusionRows);
    if (flowRows.length > 0) await tx.insert(manualCashFlows).values(flowRows);
  });
  return {
    households: billingRows.length,
    ach: achRows.length,
    payoutBlocks: blockRows.length,
    planningFees: planningRows.length,
    exclusions: exclusionRows.length,
    manualCashFlows: flowRows.length,
  };
};
