import { z } from 'zod';
import { moneySchema } from './money.ts';
import { LEAD_STATUSES, type LeadStatus } from './prospects-api.ts';

/**
 * The growth dashboard (issue 17 §3; spec §7 dashboard calls: opportunities, goals, pathway to partnership,
 * leaderboard, top influencers, service pricing; annual goals, partnership, prospect targets): the firm's
 * growth settings (the probability of each lead status, the default fee schedule that prices the pipeline,
 * the criteria of the pathway to partnership), each user's annual goals and prospect targets, and their
 * progress. Decision 0023.
 */

// ---------------------------------------------------------------------------------------------------------
// Messages

export const GROWTH_MESSAGES = {
  settingsUpdated: 'Growth settings updated successfully.',
  goalSaved: 'Goals saved successfully.',
  goalDeleted: 'Goals removed successfully.',
  onlyAdministrator: 'Only an administrator sets goals and growth settings.',
  probabilityRange: 'A probability must be a whole number from 0 to 100.',
  probabilityOrder: 'A hotter lead cannot have a lower probability than a colder one.',
  feeScheduleNotFound: 'Choose a fee schedule that exists.',
  countRange: 'Enter a whole number from 0 to 10,000.',
  aumInvalid: 'Enter an amount in dollars with at most two decimals.',
  aumMax: 'Max limit should be 100 billion.',
  yearRange: 'Goals are set for this year or next year.',
  nothingSet: 'Set at least one goal above zero.',
  userNotFound: 'User not found.',
  userInactive: 'Goals are set for active users only.',
  goalNotFound: 'No goals are set for this user and year.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Limits

/** Each count target (households, meetings, prospects, conversions, partnership households): 0 to 10,000. */
export const GOAL_COUNT_MAX = 10_000;
/** New AUM and the partnership's AUM: at most 100 billion dollars, like a prospect's interest values. */
export const GOAL_AUM_MAX = '100000000000';

const countSchema = z
  .number({ error: GROWTH_MESSAGES.countRange })
  .int(GROWTH_MESSAGES.countRange)
  .min(0, GROWTH_MESSAGES.countRange)
  .max(GOAL_COUNT_MAX, GROWTH_MESSAGES.countRange);

const aumSchema = moneySchema(GOAL_AUM_MAX, {
  invalid: GROWTH_MESSAGES.aumInvalid,
  max: GROWTH_MESSAGES.aumMax,
});

const probabilitySchema = z
  .number({ error: GROWTH_MESSAGES.probabilityRange })
  .int(GROWTH_MESSAGES.probabilityRange)
  .min(0, GROWTH_MESSAGES.probabilityRange)
  .max(100, GROWTH_MESSAGES.probabilityRange);

// ---------------------------------------------------------------------------------------------------------
// Firm settings

/** The probability (percent) a lead of each status converts, by which the pipeline is weighted. */
export const DEFAULT_LEAD_PROBABILITIES: Readonly<Record<LeadStatus, number>> = {
  HOT: 60,
  WARM: 30,
  COLD: 10,
};

/** The pathway to partnership: what an advisor reaches to be considered for partnership. */
export const PARTNERSHIP_CRITERIA_LABELS = {
  households: 'Households served',
  aum: 'Assets under management',
  conversions: 'Prospects converted in the last 12 months',
} as const;
export type PartnershipCriterion = keyof typeof PARTNERSHIP_CRITERIA_LABELS;

export const DEFAULT_PARTNERSHIP_CRITERIA = { households: 40, aum: '100000000.00', conversions: 6 } as const;

export const growthSettingsSchema = z
  .object({
    probabilities: z.object({ HOT: probabilitySchema, WARM: probabilitySchema, COLD: probabilitySchema }),
    /** The fee schedule that prices the pipeline's potential revenue; none: the pipeline shows AUM only. */
    defaultFeeScheduleId: z.uuid(GROWTH_MESSAGES.feeScheduleNotFound).nullable(),
    partnership: z.object({ households: countSchema, aum: aumSchema, conversions: countSchema }),
  })
  .superRefine((value, ctx) => {
    const p = value.probabilities;
    if (p.HOT < p.WARM) {
      ctx.addIssue({
        code: 'custom',
        path: ['probabilities', 'HOT'],
        message: GROWTH_MESSAGES.probabilityOrder,
      });
    }
    if (p.WARM < p.COLD) {
      ctx.addIssue({
        code: 'custom',
        path: ['probabilities', 'WARM'],
        message: GROWTH_MESSAGES.probabilityOrder,
      });
    }
  });
export type GrowthSettingsBody = z.input<typeof growthSettingsSchema>;
export type GrowthSettingsValues = z.output<typeof growthSettingsSchema>;

/** The settings as the server answers them, with the default schedule's name. */
export const growthSettingsViewSchema = z.object({
  probabilities: z.object({ HOT: z.number().int(), WARM: z.number().int(), COLD: z.number().int() }),
  defaultFeeScheduleId: z.string().nullable(),
  defaultFeeScheduleName: z.string().nullable(),
  partnership: z.object({ households: z.number().int(), aum: z.string(), conversions: z.number().int() }),
});
export type GrowthSettings = z.infer<typeof growthSettingsViewSchema>;

// ---------------------------------------------------------------------------------------------------------
// Goals

/** The targets of a user's year: annual goals (households, AUM, meetings) and prospect targets. */
export const GOAL_METRICS = ['newHouseholds', 'newAum', 'meetings', 'newProspects', 'conversions'] as const;
export type GoalMetric = (typeof GOAL_METRICS)[number];
export const GOAL_METRIC_LABELS: Readonly<Record<GoalMetric, string>> = {
  newHouseholds: 'New households',
  newAum: 'New AUM',
  meetings: 'Meetings',
  newProspects: 'New prospects',
  conversions: 'Conversions',
};
/** How each is counted (the goals screen and the tile say it under the figure). */
export const GOAL_METRIC_HINTS: Readonly<Record<GoalMetric, string>> = {
  newHouseholds: 'Households added this year with the user on their advisor team',
  newAum: "Asset-management value of the user's prospects converted this year",
  meetings: "Meetings held and meetings with the user's prospects this year",
  newProspects: 'Prospects added this year with the user as wealth advisor or business developer',
  conversions: 'Prospects converted this year with the user as wealth advisor or business developer',
};

export const goalBodySchema = z.object({
  newHouseholds: countSchema,
  newAum: aumSchema,
  meetings: countSchema,
  newProspects: countSchema,
  conversions: countSchema,
});
export type GoalBody = z.input<typeof goalBodySchema>;
export type GoalValues = z.output<typeof goalBodySchema>;

export const goalParamsSchema = z.object({
  userId: z.uuid(GROWTH_MESSAGES.userNotFound),
  // Bounded here as well as by the service's this-year-or-next rule: a path's number never reaches the database
  // out of an integer's range.
  year: z.coerce
    .number({ error: GROWTH_MESSAGES.yearRange })
    .int(GROWTH_MESSAGES.yearRange)
    .min(2000, GROWTH_MESSAGES.yearRange)
    .max(2100, GROWTH_MESSAGES.yearRange),
});

export const goalsQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

const targetsSchema = z.object({
  newHouseholds: z.number().int(),
  newAum: z.string(),
  meetings: z.number().int(),
  newProspects: z.number().int(),
  conversions: z.number().int(),
});
export type GoalTargets = z.infer<typeof targetsSchema>;

/** One user's year: the targets (null when none are set) and what is achieved so far. */
export const goalProgressSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  roleName: z.string(),
  year: z.number().int(),
  targets: targetsSchema.nullable(),
  achieved: targetsSchema,
});
export type GoalProgress = z.infer<typeof goalProgressSchema>;

export const goalsListSchema = z.object({
  year: z.number().int(),
  /** Whether the caller may set goals (an administrator). */
  canEdit: z.boolean(),
  users: z.array(goalProgressSchema),
});
export type GoalsList = z.infer<typeof goalsListSchema>;

// ---------------------------------------------------------------------------------------------------------
// Pathway to partnership

export const partnershipRowSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  households: z.number().int(),
  aum: z.string(),
  conversions: z.number().int(),
  /** Each criterion's progress, 0 to 100 (whole percent, capped). */
  progress: z.object({ households: z.number(), aum: z.number(), conversions: z.number() }),
  /** The average of the three, 0 to 100. */
  overall: z.number(),
  criteriaMet: z.number().int(),
});
export type PartnershipRow = z.infer<typeof partnershipRowSchema>;

export const partnershipSchema = z.object({
  criteria: z.object({ households: z.number().int(), aum: z.string(), conversions: z.number().int() }),
  advisors: z.array(partnershipRowSchema),
});
export type Partnership = z.infer<typeof partnershipSchema>;

/** Lead statuses in the pipeline's order, hottest first. */
export const PIPELINE_STATUSES: readonly LeadStatus[] = LEAD_STATUSES;
