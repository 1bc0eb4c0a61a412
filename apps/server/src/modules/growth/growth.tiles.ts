import { centsOf, formatCents } from '@centric/billing';
import {
  type DashboardTile,
  GOAL_METRIC_LABELS,
  GOAL_METRICS,
  type GoalTargets,
  INFLUENCER_TIER_LABELS,
  isAllowed,
  LEAD_STATUS_LABELS,
  PROSPECT_INTEREST_LABELS,
  ROLE_IDS,
} from '@centric/contracts';
import type { Db } from '../../db/client.ts';
import type { DashboardTileProvider, TileContext } from '../../platform/dashboard-tiles.ts';
import {
  type Days,
  achievedIn,
  influencerRows,
  leaderboardRows,
  pipelineRows,
  SERVICE_COLUMNS,
  servicePricingRows,
} from './growth.repository.ts';
import { type GrowthService, LEAD_ORDER, percentOf, potentialFee, weighCents } from './growth.service.ts';

/**
 * The growth dashboard's tiles on the Stats tab (issue 17 §3; decision 0023): opportunities (the pipeline in
 * money), goals, pathway to partnership, leaderboard, top influencers and service pricing. Each is computed for
 * the dashboard's period and the caller's permissions, and names the list behind it.
 */

const PERIOD_WORDS: Record<TileContext['duration'], string> = {
  THIS_WEEK: 'this week',
  THIS_MONTH: 'this month',
  THIS_QUARTER: 'this quarter',
  THIS_YEAR: 'this year',
};

const daysOf = (context: TileContext): Days => ({
  from: context.from,
  to: context.to,
  timeZone: context.timeZone,
});

const sumCents = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);

const LEAD_COLORS: Record<string, string> = { HOT: 'red.7', WARM: 'orange.6', COLD: 'blue.6' };

export const createGrowthTiles = (growth: GrowthService): DashboardTileProvider[] => [
  {
    id: 'opportunities',
    feature: 'prospects',
    order: 5,
    async load(db: Db, context): Promise<DashboardTile> {
      const [settings, pricing, rows] = [
        await growth.settings(),
        await growth.pricingSchedule(),
        await pipelineRows(db, daysOf(context)),
      ];
      let unpriced = 0;
      const data = LEAD_ORDER.map((status) => {
        const ofStatus = rows.filter((r) => r.leadStatus === status);
        const probability = settings.probabilities[status];
        const aum = sumCents(ofStatus.map((r) => (centsOf(r.aum ?? '0') ?? 0n) * BigInt(r.open)));
        const revenue = sumCents(
          ofStatus.map((r) => {
            if (!pricing || r.open === 0) return 0n;
            const fee = potentialFee(pricing.schedule, r.aum ?? '0');
            if (fee === null) {
              unpriced += r.open;
              return 0n;
            }
            return (centsOf(fee) ?? 0n) * BigInt(r.open);
          }),
        );
        return {
          status: LEAD_STATUS_LABELS[status],
          leadStatus: status,
          prospects: ofStatus.reduce((n, r) => n + r.open, 0),
          added: ofStatus.reduce((n, r) => n + r.added, 0),
          converted: ofStatus.reduce((n, r) => n + r.converted, 0),
          probability,
          potentialAum: formatCents(aum),
          potentialRevenue: formatCents(revenue),
          weightedRevenue: formatCents(weighCents(revenue, probability)),
          color: LEAD_COLORS[status] ?? 'gray.6',
        };
      });
      const weighted = sumCents(data.map((d) => centsOf(d.weightedRevenue) ?? 0n));
      const open = data.reduce((n, d) => n + d.prospects, 0);
      const notices = [
        pricing
          ? `Revenue is the annual fee of each prospect's asset-management value by the firm's default fee schedule (${pricing.name}), weighted by the probability of its lead status.`
          : "Potential revenue needs the firm's default fee schedule: an administrator chooses it on the Goals page.",
        ...(unpriced > 0
          ? [
              `${unpriced} prospect${unpriced === 1 ? '' : 's'} above the schedule's $10 billion ceiling are not priced.`,
            ]
          : []),
      ];
      return {
        id: 'opportunities',
        title: 'Opportunities',
        description: `The open pipeline by lead status; added and converted ${PERIOD_WORDS[context.duration]}.`,
        chart: 'pipeline',
        dataKey: 'status',
        data: open === 0 && data.every((d) => d.converted === 0) ? [] : data,
        series: [
          { name: 'potentialRevenue', label: 'Potential revenue', color: 'gray.4' },
          { name: 'weightedRevenue', label: 'Weighted revenue', color: 'teal.7' },
        ],
        columns: [
          { name: 'status', label: 'Lead status', format: 'text' },
          { name: 'prospects', label: 'Open', format: 'count' },
          { name: 'added', label: 'Added', format: 'count' },
          { name: 'converted', label: 'Converted', format: 'count' },
          { name: 'potentialAum', label: 'Potential AUM', format: 'money' },
          { name: 'probability', label: 'Probability', format: 'percent' },
          { name: 'weightedRevenue', label: 'Weighted revenue', format: 'money' },
        ],
        headline: pricing
          ? { value: formatCents(weighted), label: 'weighted annual revenue', format: 'money' }
          : { value: open, label: 'open prospects', format: 'count' },
        link: { target: 'prospectsBoard', label: 'Open the board' },
        emptyMessage: 'No open prospects yet. Add a prospect to start the pipeline.',
        notice: notices.join(' '),
      };
    },
  },
  {
    id: 'goals',
    feature: 'dashboard',
    order: 6,
    async load(db, context): Promise<DashboardTile> {
      const year = Number(context.today.slice(0, 4));
      const [mine] = await growth.progressOf(year, context.userId);
      const administrator = context.roleId === ROLE_IDS.administrator;
      // Someone with goals sees theirs; an administrator without goals sees the firm's together.
      let scope: 'own' | 'firm' | 'none' = mine?.targets ? 'own' : administrator ? 'firm' : 'none';
      let targets: GoalTargets | null = mine?.targets ?? null;
      let achieved: GoalTargets | null = mine?.achieved ?? null;
      let inPeriod = (await achievedIn(db, daysOf(context), context.userId)).get(context.userId);
      if (scope === 'firm') {
        const everyone = (await growth.progressOf(year)).filter((u) => u.targets);
        if (everyone.length === 0) scope = 'none';
        else {
          const total = (pick: (u: (typeof everyone)[number]) => GoalTargets) => ({
            newHouseholds: everyone.reduce((n, u) => n + pick(u).newHouseholds, 0),
            newAum: formatCents(sumCents(everyone.map((u) => centsOf(pick(u).newAum) ?? 0n))),
            meetings: everyone.reduce((n, u) => n + pick(u).meetings, 0),
            newProspects: everyone.reduce((n, u) => n + pick(u).newProspects, 0),
            conversions: everyone.reduce((n, u) => n + pick(u).conversions, 0),
          });
          targets = total((u) => u.targets as GoalTargets);
          achieved = total((u) => u.achieved);
          const period = await achievedIn(db, daysOf(context));
          const withGoals = new Set(everyone.map((u) => u.userId));
          const rows = [...period.values()].filter((r) => withGoals.has(r.userId));
          inPeriod = {
            userId: '',
            newHouseholds: rows.reduce((n, r) => n + r.newHouseholds, 0),
            newAum: formatCents(sumCents(rows.map((r) => centsOf(r.newAum) ?? 0n))),
            meetings: rows.reduce((n, r) => n + r.meetings, 0),
            newProspects: rows.reduce((n, r) => n + r.newProspects, 0),
            conversions: rows.reduce((n, r) => n + r.conversions, 0),
          };
        }
      }
      const data =
        scope === 'none' || !targets || !achieved
          ? []
          : GOAL_METRICS.filter((metric) =>
              metric === 'newAum' ? centsOf(targets.newAum) !== 0n : targets[metric] > 0,
            ).map((metric) => {
              const money = metric === 'newAum';
              const value = money ? achieved.newAum : achieved[metric];
              const target = money ? targets.newAum : targets[metric];
              const period = money ? (inPeriod?.newAum ?? '0.00') : (inPeriod?.[metric] ?? 0);
              return {
                metric: GOAL_METRIC_LABELS[metric],
                value,
                target,
                period,
                percent: money
                  ? percentOf(centsOf(achieved.newAum) ?? 0n, centsOf(targets.newAum) ?? 0n)
                  : percentOf(BigInt(achieved[metric]), BigInt(targets[metric])),
                format: money ? 'money' : 'count',
              };
            });
      return {
        id: 'goals',
        title: scope === 'firm' ? `Firm goals ${year}` : `My goals ${year}`,
        description:
          scope === 'firm'
            ? `Everyone's annual goals and prospect targets together; what was added ${PERIOD_WORDS[context.duration]} beside each.`
            : `Your annual goals and prospect targets, the year so far; what was added ${PERIOD_WORDS[context.duration]} beside each.`,
        chart: 'progress',
        dataKey: 'metric',
        data,
        series: [],
        columns: [
          { name: 'metric', label: 'Goal', format: 'text' },
          { name: 'value', label: 'Achieved', format: 'text' },
          { name: 'target', label: 'Target', format: 'text' },
          { name: 'period', label: PERIOD_WORDS[context.duration].replace(/^t/, 'T'), format: 'text' },
          { name: 'percent', label: 'Progress', format: 'percent' },
        ],
        headline: data.length
          ? {
              value: Math.floor(data.reduce((n, d) => n + d.percent, 0) / data.length),
              label: '% on average',
              format: 'count',
            }
          : null,
        link: { target: 'goals', label: 'All goals' },
        emptyMessage: administrator
          ? `No goals are set for ${year} yet. Set them on the Goals page.`
          : `No goals are set for you for ${year}. An administrator sets them.`,
      };
    },
  },
  {
    id: 'pathway-to-partnership',
    feature: 'dashboard',
    order: 7,
    async load(_db, context): Promise<DashboardTile> {
      const everyone =
        context.roleId === ROLE_IDS.administrator || isAllowed(context.permissions, 'users', 'read');
      const result = await growth.partnership({
        ...(everyone ? {} : { userId: context.userId }),
        period: daysOf(context),
      });
      const { criteria } = result;
      return {
        id: 'pathway-to-partnership',
        title: 'Pathway to partnership',
        description: `Each wealth advisor against the firm's criteria: ${criteria.households} households, ${formatMoneyShort(criteria.aum)} AUM, ${criteria.conversions} conversions in 12 months.`,
        chart: 'table',
        dataKey: 'advisor',
        data: result.advisors.slice(0, 8).map((a) => ({
          advisor: a.fullName,
          households: a.households,
          aum: a.aum,
          conversions: a.conversions,
          inPeriod: result.inPeriod.get(a.userId) ?? 0,
          met: `${a.criteriaMet} of 3`,
          summary: `${a.households} households · ${formatMoneyShort(a.aum)} AUM · ${a.conversions} converted in 12 mo.`,
          overall: a.overall,
        })),
        series: [],
        columns: [
          { name: 'advisor', label: 'Advisor', format: 'text', detail: 'summary' },
          {
            name: 'inPeriod',
            label: `Converted ${PERIOD_WORDS[context.duration]}`,
            format: 'count',
          },
          { name: 'overall', label: 'Progress', format: 'percent' },
        ],
        headline: null,
        link: { target: 'partnership', label: 'Every advisor' },
        emptyMessage: everyone
          ? 'No active wealth advisors yet.'
          : 'The pathway to partnership shows for wealth advisors.',
      };
    },
  },
  {
    id: 'leaderboard',
    feature: 'prospects',
    order: 8,
    async load(db, context): Promise<DashboardTile> {
      const rows = await leaderboardRows(db, daysOf(context), 8);
      return {
        id: 'leaderboard',
        title: 'Leaderboard',
        description: `Advisors and business developers by prospects converted ${PERIOD_WORDS[context.duration]} and the AUM they brought.`,
        chart: 'table',
        dataKey: 'name',
        data: rows.map((r, i) => ({
          rank: i + 1,
          name: r.fullName,
          role: r.roleName,
          conversions: r.conversions,
          newAum: r.newAum,
        })),
        series: [],
        columns: [
          { name: 'rank', label: '#', format: 'count' },
          { name: 'name', label: 'Name', format: 'text', detail: 'role' },
          { name: 'conversions', label: 'Conversions', format: 'count' },
          { name: 'newAum', label: 'New AUM', format: 'money' },
        ],
        headline: {
          value: rows.reduce((n, r) => n + r.conversions, 0),
          label: 'credited conversions',
          format: 'count',
        },
        link: { target: 'prospects', label: 'Converted prospects', query: { activityStatus: 'CONVERTED' } },
        emptyMessage: `No prospect was converted ${PERIOD_WORDS[context.duration]}.`,
      };
    },
  },
  {
    id: 'top-influencers',
    feature: 'clients',
    order: 35,
    async load(db, context): Promise<DashboardTile> {
      const rows = await influencerRows(db, daysOf(context), 8);
      return {
        id: 'top-influencers',
        title: 'Top influencers',
        description: `Households whose introductions became clients ${PERIOD_WORDS[context.duration]}.`,
        chart: 'table',
        dataKey: 'household',
        data: rows.map((r) => ({
          id: r.id,
          household: r.name,
          tier: INFLUENCER_TIER_LABELS[r.tier as keyof typeof INFLUENCER_TIER_LABELS] ?? r.tier,
          inPeriod: r.inPeriod,
          total: r.total,
        })),
        series: [],
        columns: [
          { name: 'household', label: 'Household', format: 'text' },
          { name: 'tier', label: 'Tier', format: 'text' },
          { name: 'inPeriod', label: PERIOD_WORDS[context.duration].replace(/^t/, 'T'), format: 'count' },
          { name: 'total', label: 'All time', format: 'count' },
        ],
        rowLink: 'client',
        headline: {
          value: rows.reduce((n, r) => n + r.inPeriod, 0),
          label: 'introduced clients',
          format: 'count',
        },
        link: { target: 'clients', label: 'Clients' },
        emptyMessage: `No introduced household became a client ${PERIOD_WORDS[context.duration]}.`,
      };
    },
  },
  {
    id: 'service-pricing',
    feature: 'clients',
    order: 25,
    async load(db, context): Promise<DashboardTile> {
      const row = await servicePricingRows(db, context);
      const mayReadBilling = isAllowed(context.permissions, 'billingInstances', 'read');
      const entries = [
        ...SERVICE_COLUMNS.map(([key]) => [key, PROSPECT_INTEREST_LABELS[key]] as const),
        ['none', 'No service'] as const,
      ];
      const revenues = entries.map(([key]) => centsOf(String(row[`${key}Revenue`] ?? '0')) ?? 0n);
      const top = revenues.reduce((a, b) => (b > a ? b : a), 0n);
      // Revenue shows to billing readers once a live bill ends in the period.
      const withRevenue = mayReadBilling && top > 0n;
      const data = entries.map(([key, label], i) => ({
        service: label,
        households: Number(row[`${key}Households`] ?? 0),
        ...(withRevenue
          ? {
              revenue: formatCents(revenues[i] ?? 0n),
              share: percentOf(revenues[i] ?? 0n, top === 0n ? 1n : top),
            }
          : {}),
      }));
      const empty = data.every((d) => d.households === 0);
      return {
        id: 'service-pricing',
        title: 'Service pricing',
        description: mayReadBilling
          ? `Active households by service, and the live bills' fees for periods ending ${PERIOD_WORDS[context.duration]}.`
          : 'Active households by service (a household may take several).',
        chart: 'table',
        dataKey: 'service',
        data: empty ? [] : data,
        series: [],
        columns: [
          { name: 'service', label: 'Service', format: 'text' },
          { name: 'households', label: 'Households', format: 'count' },
          ...(withRevenue
            ? ([
                { name: 'revenue', label: 'Revenue', format: 'money' },
                { name: 'share', label: 'Against the top', format: 'percent' },
              ] as const)
            : []),
        ],
        headline: withRevenue
          ? { value: formatCents(sumCents(revenues)), label: 'billed', format: 'money' }
          : null,
        link: { target: 'clients', label: 'Clients' },
        emptyMessage: 'No active households yet.',
        notice: !mayReadBilling
          ? 'Revenue shows to those who may read billing instances.'
          : withRevenue
            ? 'A household with several services counts in each of them.'
            : `No live bill ends ${PERIOD_WORDS[context.duration]}: revenue shows once one does.`,
      };
    },
  },
];

/** "$100M", "$2.5B", "$750K" for a sentence (whole-number arithmetic on the cents). */
const formatMoneyShort = (amount: string) => {
  const dollars = (centsOf(amount) ?? 0n) / 100n;
  const [scale, unit] =
    dollars >= 1_000_000_000n
      ? [1_000_000_000n, 'B']
      : dollars >= 1_000_000n
        ? [1_000_000n, 'M']
        : dollars >= 1_000n
          ? [1_000n, 'K']
          : [1n, ''];
  const tenths = (dollars * 10n) / scale;
  const text = tenths % 10n === 0n ? `${tenths / 10n}` : `${tenths / 10n}.${tenths % 10n}`;
  return `$${text}${unit}`;
};
