import { annualFee, centsOf, type FeeSchedule, formatCents, TIER_CEILING } from '@centric/billing';
import {
  addDays,
  DEFAULT_LEAD_PROBABILITIES,
  DEFAULT_PARTNERSHIP_CRITERIA,
  type GoalProgress,
  type GoalsList,
  type GoalTargets,
  type GoalValues,
  type GrowthSettings,
  GROWTH_MESSAGES,
  type GrowthSettingsValues,
  LEAD_STATUSES,
  type LeadStatus,
  type Partnership,
  type PartnershipRow,
  ROLE_IDS,
} from '@centric/contracts';
import type { Db } from '../../db/client.ts';
import { type AuditContext, auditWriter } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { fieldError, forbidden, notFound } from '../../platform/errors.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import type { FeeSchedulesService } from '../fee-schedules/fee-schedules.service.ts';
import {
  achievedIn,
  type Days,
  deleteGoal,
  goalsOfYear,
  goalUsers,
  partnershipRows,
  readGrowthSettingsRow,
  upsertGoal,
  writeGrowthSettingsRow,
} from './growth.repository.ts';

/** Who asks: their id and role (administrators, role 1, set goals and settings). */
export type GrowthCaller = { id: string; roleId: number };

export type GrowthDeps = {
  db: Db;
  clock: Clock;
  today: FirmToday;
  timeZone: string;
  feeSchedules: Pick<FeeSchedulesService, 'engineSchedules'>;
  /** Every household's managed value on a date (the accounts service's valuation): id → decimal string. */
  householdValuesOn: (date: string) => Promise<Map<string, string>>;
};

const isAdministrator = (caller: GrowthCaller) => caller.roleId === ROLE_IDS.administrator;

/** `part` of `whole` in whole percent, capped at 100; a target of zero is reached. */
export const percentOf = (part: bigint, whole: bigint) =>
  whole <= 0n ? 100 : Number(part >= whole ? 100n : (part * 100n) / whole);

/** cents × percent / 100, rounded half up to the cent (exact integers, never a float). */
export const weighCents = (cents: bigint, percent: number) => (cents * BigInt(percent) * 2n + 100n) / 200n;

const emptyTargets = (): GoalTargets => ({
  newHouseholds: 0,
  newAum: '0.00',
  meetings: 0,
  newProspects: 0,
  conversions: 0,
});

const yearDays = (year: number, timeZone: string): Days => ({
  from: `${year}-01-01`,
  to: `${year}-12-31`,
  timeZone,
});

export const createGrowthService = (deps: GrowthDeps) => {
  const { db, clock } = deps;
  const writeAudit = auditWriter(clock);

  const settings = async (conn: Db = db): Promise<GrowthSettings> => {
    const stored = (await readGrowthSettingsRow(conn)) as Partial<GrowthSettingsValues> | undefined;
    const probabilities = { ...DEFAULT_LEAD_PROBABILITIES, ...(stored?.probabilities ?? {}) };
    const partnership = { ...DEFAULT_PARTNERSHIP_CRITERIA, ...(stored?.partnership ?? {}) };
    const id = stored?.defaultFeeScheduleId ?? null;
    const schedule = id ? (await deps.feeSchedules.engineSchedules(conn, [id])).get(id) : undefined;
    return {
      probabilities,
      defaultFeeScheduleId: schedule ? id : null,
      defaultFeeScheduleName: schedule?.name ?? null,
      partnership,
    };
  };

  /** The default fee schedule in the engine's shape, with its name; null when the firm has none. */
  const pricingSchedule = async (conn: Db): Promise<{ name: string; schedule: FeeSchedule } | null> => {
    const current = await settings(conn);
    if (!current.defaultFeeScheduleId) return null;
    const found = (await deps.feeSchedules.engineSchedules(conn, [current.defaultFeeScheduleId])).get(
      current.defaultFeeScheduleId,
    );
    return found ? { name: found.name, schedule: found.schedule } : null;
  };

  const requireAdministrator = (caller: GrowthCaller) => {
    if (!isAdministrator(caller)) throw forbidden(GROWTH_MESSAGES.onlyAdministrator);
  };

  /** Goals are set for the firm's current year or the next one. */
  const checkYear = (year: number) => {
    const current = Number(deps.today().slice(0, 4));
    if (year !== current && year !== current + 1) throw fieldError('year', GROWTH_MESSAGES.yearRange);
  };

  const checkUser = async (conn: Db, userId: string) => {
    const [user] = await goalUsers(conn, userId);
    if (!user) throw notFound(GROWTH_MESSAGES.userNotFound);
    if (user.status !== 'ACTIVE') throw fieldError('userId', GROWTH_MESSAGES.userInactive);
    return user;
  };

  /** A user's (or everyone's) year: targets and what is achieved in it. */
  const progressOf = async (year: number, userId?: string, conn: Db = db): Promise<GoalProgress[]> => {
    const [users, goals, achieved] = [
      await goalUsers(conn, userId),
      await goalsOfYear(conn, year, userId),
      await achievedIn(conn, yearDays(year, deps.timeZone), userId),
    ];
    return users
      .filter((u) => u.status === 'ACTIVE')
      .map((u) => {
        const goal = goals.find((g) => g.userId === u.id);
        const done = achieved.get(u.id);
        return {
          userId: u.id,
          fullName: u.fullName,
          roleName: u.roleName,
          year,
          targets: goal
            ? {
                newHouseholds: goal.newHouseholds,
                newAum: goal.newAum,
                meetings: goal.meetings,
                newProspects: goal.newProspects,
                conversions: goal.conversions,
              }
            : null,
          achieved: done
            ? {
                newHouseholds: done.newHouseholds,
                newAum: done.newAum,
                meetings: done.meetings,
                newProspects: done.newProspects,
                conversions: done.conversions,
              }
            : emptyTargets(),
        };
      });
  };

  return {
    settings: () => settings(),
    pricingSchedule: () => pricingSchedule(db),
    progressOf,

    async saveSettings(body: GrowthSettingsValues, caller: GrowthCaller, context: AuditContext) {
      requireAdministrator(caller);
      return db.transaction(async (tx) => {
        if (body.defaultFeeScheduleId) {
          const found = await deps.feeSchedules.engineSchedules(tx, [body.defaultFeeScheduleId]);
          if (!found.has(body.defaultFeeScheduleId)) {
            throw fieldError('defaultFeeScheduleId', GROWTH_MESSAGES.feeScheduleNotFound);
          }
        }
        const before = await settings(tx);
        await writeGrowthSettingsRow(tx, body, clock.now());
        const after = await settings(tx);
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: 'growthSettings',
          entityId: 'growth',
          before,
          after,
        });
        return after;
      });
    },

    async goals(year: number | undefined, caller: GrowthCaller): Promise<GoalsList> {
      const chosen = year ?? Number(deps.today().slice(0, 4));
      const users = await progressOf(chosen, isAdministrator(caller) ? undefined : caller.id);
      return { year: chosen, canEdit: isAdministrator(caller), users };
    },

    async saveGoal(
      key: { userId: string; year: number },
      values: GoalValues,
      caller: GrowthCaller,
      context: AuditContext,
    ) {
      requireAdministrator(caller);
      checkYear(key.year);
      if (
        values.newHouseholds === 0 &&
        values.meetings === 0 &&
        values.newProspects === 0 &&
        values.conversions === 0 &&
        centsOf(values.newAum) === 0n
      ) {
        throw fieldError('newHouseholds', GROWTH_MESSAGES.nothingSet);
      }
      return db.transaction(async (tx) => {
        await checkUser(tx, key.userId);
        const [before] = await goalsOfYear(tx, key.year, key.userId);
        await upsertGoal(tx, key, values, caller.id, clock.now());
        await writeAudit(tx, context, {
          action: before ? 'UPDATE' : 'CREATE',
          entity: 'userGoals',
          entityId: `${key.userId}:${key.year}`,
          before: before ?? null,
          after: { ...key, ...values },
        });
        const [progress] = await progressOf(key.year, key.userId, tx);
        if (!progress) throw notFound(GROWTH_MESSAGES.userNotFound);
        return progress;
      });
    },

    async deleteGoal(key: { userId: string; year: number }, caller: GrowthCaller, context: AuditContext) {
      requireAdministrator(caller);
      await db.transaction(async (tx) => {
        const [before] = await goalsOfYear(tx, key.year, key.userId);
        if (!before || (await deleteGoal(tx, key)) === 0) throw notFound(GROWTH_MESSAGES.goalNotFound);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'userGoals',
          entityId: `${key.userId}:${key.year}`,
          before,
        });
      });
    },

    /**
     * The pathway to partnership: each wealth advisor's households (as Wealth Advisor 1), their AUM today
     * and the prospects converted in the last 12 months, against the firm's criteria. `userId`: one advisor.
     */
    async partnership(
      options: { userId?: string; period?: Days } = {},
    ): Promise<Partnership & { inPeriod: Map<string, number> }> {
      const today = deps.today();
      const criteria = (await settings()).partnership;
      const trailing: Days = { from: addDays(today, -364), to: today, timeZone: deps.timeZone };
      const rows = await partnershipRows(db, trailing, options.period ?? trailing, options.userId);
      const values = rows.length > 0 ? await deps.householdValuesOn(today) : new Map<string, string>();
      const aumTarget = centsOf(criteria.aum) ?? 0n;
      const advisors: PartnershipRow[] = rows.map((row) => {
        const aumCents = row.householdIds.reduce(
          (sum, id) => sum + (centsOf(values.get(id) ?? '0') ?? 0n),
          0n,
        );
        const progress = {
          households: percentOf(BigInt(row.householdIds.length), BigInt(criteria.households)),
          aum: percentOf(aumCents, aumTarget),
          conversions: percentOf(BigInt(row.conversions), BigInt(criteria.conversions)),
        };
        const parts = [progress.households, progress.aum, progress.conversions];
        return {
          userId: row.userId,
          fullName: row.fullName,
          households: row.householdIds.length,
          aum: formatCents(aumCents),
          conversions: row.conversions,
          progress,
          overall: Math.floor(parts.reduce((a, b) => a + b, 0) / parts.length),
          criteriaMet: parts.filter((p) => p >= 100).length,
        };
      });
      advisors.sort((a, b) => b.overall - a.overall || a.fullName.localeCompare(b.fullName));
      return { criteria, advisors, inPeriod: new Map(rows.map((r) => [r.userId, r.inPeriod])) };
    },
  };
};
export type GrowthService = ReturnType<typeof createGrowthService>;

/** The potential annual revenue of one prospect's AUM by the schedule: null above the engine's ceiling. */
export const potentialFee = (schedule: FeeSchedule, aum: string): string | null => {
  const cents = centsOf(aum);
  if (cents === undefined || cents === 0n) return '0.00';
  if (cents > BigInt(TIER_CEILING) * 100n) return null;
  return annualFee(schedule, aum).amount;
};

export const LEAD_ORDER: readonly LeadStatus[] = LEAD_STATUSES;
