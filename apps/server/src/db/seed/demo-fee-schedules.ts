import { type FeeScheduleBody, feeScheduleBodySchema } from '@centric/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { feeSchedules, feeScheduleTiers } from '../schema/index.ts';

const CEILING = '10000000000';

type DemoSchedule = {
  name: string;
  type: 'PERCENTAGE' | 'FIXED';
  structure: 'TIERED' | 'LINEAR';
  description: string | null;
  annualMinimum: string | null;
  /** Breakpoints and rates: [[maximum, rate], …], the last maximum being the ceiling. */
  tiers: [string, string][];
};

/** Fee schedules a wealth-advisory firm typically keeps (figures of the fee engine's known cases). */
export const DEMO_FEE_SCHEDULES: readonly DemoSchedule[] = [
  {
    name: 'Standard AUM',
    type: 'PERCENTAGE',
    structure: 'TIERED',
    description: 'Breakpoints at $500K and $2M',
    annualMinimum: null,
    tiers: [
      ['500000', '100'],
      ['2000000', '75'],
      [CEILING, '50'],
    ],
  },
  {
    name: 'Private Client',
    type: 'PERCENTAGE',
    structure: 'TIERED',
    description: 'Seven tiers from 90 bps down to 20 bps',
    annualMinimum: null,
    tiers: [
      ['500000', '90'],
      ['1000000', '75'],
      ['2000000', '60'],
      ['4000000', '45'],
      ['6000000', '30'],
      ['10000000', '25'],
      [CEILING, '20'],
    ],
  },
  {
    name: 'Core Portfolio',
    type: 'PERCENTAGE',
    structure: 'LINEAR',
    description: '125 bps flat with a $4,000 minimum',
    annualMinimum: '4000',
    tiers: [[CEILING, '125']],
  },
  {
    name: 'Household Breakpoints',
    type: 'PERCENTAGE',
    structure: 'TIERED',
    description: '1% to $100K, 0.5% to $250K, 0.25% above',
    annualMinimum: null,
    tiers: [
      ['100000', '100'],
      ['250000', '50'],
      [CEILING, '25'],
    ],
  },
  {
    name: 'Legacy Linear',
    type: 'PERCENTAGE',
    structure: 'LINEAR',
    description: 'Whole balance at 100 or 75 bps',
    annualMinimum: '1500',
    tiers: [
      ['1000000', '100'],
      [CEILING, '75'],
    ],
  },
  {
    name: 'Planning Retainer',
    type: 'FIXED',
    structure: 'LINEAR',
    description: 'Annual planning fee by household size',
    annualMinimum: null,
    tiers: [
      ['1000000', '2500'],
      ['5000000', '5000'],
      [CEILING, '7500'],
    ],
  },
  {
    name: 'Service Fee Ladder',
    type: 'FIXED',
    structure: 'TIERED',
    description: null,
    annualMinimum: null,
    tiers: [
      ['250000', '500'],
      ['1000000', '750'],
      [CEILING, '1000'],
    ],
  },
  {
    name: 'Institutional',
    type: 'PERCENTAGE',
    structure: 'TIERED',
    description: 'Foundations and endowments',
    annualMinimum: '25000',
    tiers: [
      ['25000000', '40'],
      ['100000000', '30'],
      [CEILING, '22.5'],
    ],
  },
];

/** A demo schedule as the API's body, checked by the same contract (and engine rules) as a save. */
export const demoScheduleBody = (schedule: DemoSchedule): FeeScheduleBody =>
  feeScheduleBodySchema.parse({
    name: schedule.name,
    type: schedule.type,
    structure: schedule.structure,
    description: schedule.description,
    annualMinimum: schedule.annualMinimum,
    tiers: schedule.tiers.map(([maximum, rate], index) => ({
      minimum: index === 0 ? '0' : (schedule.tiers[index - 1] as [string, string])[0],
      maximum,
      rate,
    })),
  });

/** Seeds the demo fee schedules when there are none yet. Returns how many were inserted. */
export const seedDemoFeeSchedules = async (db: Db) => {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(feeSchedules);
  if (Number(existing?.n ?? 0) > 0) return 0;
  const bodies = DEMO_FEE_SCHEDULES.map(demoScheduleBody);
  await db.transaction(async (tx) => {
    for (const body of bodies) {
      const [row] = await tx
        .insert(feeSchedules)
        .values({
          name: body.name,
          type: body.type,
          structure: body.structure,
          description: body.description,
          annualMinimum: body.annualMinimum,
        })
        .returning({ id: feeSchedules.id });
      if (!row) throw new Error(`demo fee schedule ${body.name} was not inserted`);
      await tx.insert(feeScheduleTiers).values(
        body.tiers.map((tier, position) => ({
          scheduleId: row.id,
          minimum: tier.minimum,
          maximum: tier.maximum,
          rate: tier.rate,
          position,
        })),
      );
    }
  });
  return bodies.length;
};
