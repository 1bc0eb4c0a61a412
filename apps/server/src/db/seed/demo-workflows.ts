import {
  type WorkflowAssigneeRole,
  type WorkflowCompletionRequirement,
  type WorkflowDueFrom,
  type DueUnit,
  workflowTemplateBodySchema,
} from '@centric/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  firmHolidays,
  masterDataItems,
  users,
  workflowTemplates,
  workflowTemplateSteps,
  workflowTemplateVersions,
} from '../schema/index.ts';
import { stepColumns } from '../../modules/workflows/workflows.repository.ts';

/**
 * A step of a demo template: [title, assignee (a household role, or a demo user's email), due days, unit,
 * from, required, what completing needs, description].
 */
type DemoStep = readonly [
  string,
  WorkflowAssigneeRole | `${string}@centric.local`,
  number,
  DueUnit,
  WorkflowDueFrom,
  boolean,
  WorkflowCompletionRequirement,
  string | null,
];

type DemoTemplate = {
  name: string;
  type: string;
  description: string;
  /** Published versions (each a list of steps), oldest first; `draft` is an unpublished edit. */
  versions: readonly (readonly DemoStep[])[];
  draft?: readonly DemoStep[];
};

const OPS = 'daniel.kim@centric.local';
const OPS2 = 'grace.lee@centric.local';

const onboarding: readonly DemoStep[] = [
  [
    'Discovery meeting',
    'WEALTH_ADVISOR_1',
    3,
    'BUSINESS',
    'REQUEST_START',
    true,
    'NOTE',
    'Goals, family, risk tolerance and assets held elsewhere.',
  ],
  [
    'Send advisory agreement and Form ADV',
    OPS,
    1,
    'BUSINESS',
    'PREVIOUS_STEP',
    true,
    'DOCUMENT',
    'Part 2A brochure and 2B supplements with the agreement.',
  ],
  ['Collect signed agreement', 'WEALTH_ADVISOR_1', 5, 'BUSINESS', 'PREVIOUS_STEP', true, 'DOCUMENT', null],
  [
    'Identity verification (CIP)',
    OPS,
    2,
    'BUSINESS',
    'PREVIOUS_STEP',
    true,
    'DOCUMENT',
    'Government ID for every account owner.',
  ],
  ['Risk questionnaire', 'WEALTH_ADVISOR_2', 5, 'BUSINESS', 'REQUEST_START', true, 'DOCUMENT', null],
  ['Open accounts at the custodian', OPS, 3, 'BUSINESS', 'PREVIOUS_STEP', true, 'NOTE', null],
  [
    'Initiate ACAT transfers',
    OPS2,
    2,
    'BUSINESS',
    'PREVIOUS_STEP',
    true,
    'NOTE',
    'One transfer per account held away.',
  ],
  [
    'Investment policy statement',
    'WEALTH_ADVISOR_1',
    10,
    'BUSINESS',
    'REQUEST_START',
    true,
    'DOCUMENT',
    null,
  ],
  [
    'Welcome packet',
    'BUSINESS_DEVELOPER',
    14,
    'CALENDAR',
    'REQUEST_START',
    false,
    'NONE',
    'Portal login, team contacts, calendar of reviews.',
  ],
  ['30-day check-in call', 'WEALTH_ADVISOR_1', 30, 'CALENDAR', 'REQUEST_START', false, 'NOTE', null],
];

const accountOpening: readonly DemoStep[] = [
  [
    'Choose registration and custodian',
    'WEALTH_ADVISOR_1',
    2,
    'BUSINESS',
    'REQUEST_START',
    true,
    'NOTE',
    null,
  ],
  ['Prepare account application', OPS, 2, 'BUSINESS', 'PREVIOUS_STEP', true, 'DOCUMENT', null],
  ['Client signature (e-sign)', 'WEALTH_ADVISOR_1', 5, 'BUSINESS', 'PREVIOUS_STEP', true, 'DOCUMENT', null],
  ['Submit to custodian', OPS, 1, 'BUSINESS', 'PREVIOUS_STEP', true, 'NONE', null],
  [
    'Account number received',
    OPS,
    3,
    'BUSINESS',
    'PREVIOUS_STEP',
    true,
    'NOTE',
    'Record the custodian number on the account.',
  ],
  ['Fund the account', OPS2, 5, 'BUSINESS', 'PREVIOUS_STEP', true, 'NOTE', null],
];

const annualReview: readonly DemoStep[] = [
  ['Schedule the review meeting', 'BUSINESS_DEVELOPER', 5, 'BUSINESS', 'REQUEST_START', true, 'NONE', null],
  ['Update financial plan', 'WEALTH_ADVISOR_2', 10, 'BUSINESS', 'REQUEST_START', true, 'DOCUMENT', null],
  ['Performance and fee report', OPS, 3, 'BUSINESS', 'PREVIOUS_STEP', true, 'DOCUMENT', null],
  [
    'Confirm suitability and risk profile',
    'WEALTH_ADVISOR_1',
    2,
    'BUSINESS',
    'PREVIOUS_STEP',
    true,
    'NOTE',
    null,
  ],
  ['Hold the review meeting', 'WEALTH_ADVISOR_1', 21, 'CALENDAR', 'REQUEST_START', true, 'NOTE', null],
  ['Send meeting summary', 'WEALTH_ADVISOR_1', 2, 'BUSINESS', 'PREVIOUS_STEP', true, 'DOCUMENT', null],
  ['Trades from the review', OPS2, 3, 'BUSINESS', 'PREVIOUS_STEP', false, 'NOTE', null],
];

const beneficiaryChange: readonly DemoStep[] = [
  [
    'Confirm the requested change with the client',
    'WEALTH_ADVISOR_1',
    1,
    'BUSINESS',
    'REQUEST_START',
    true,
    'NOTE',
    null,
  ],
  ['Prepare beneficiary designation form', OPS, 2, 'BUSINESS', 'PREVIOUS_STEP', true, 'DOCUMENT', null],
  [
    'Collect signatures (spousal consent if needed)',
    'WEALTH_ADVISOR_1',
    5,
    'BUSINESS',
    'PREVIOUS_STEP',
    true,
    'DOCUMENT',
    null,
  ],
  ['Submit to custodian or carrier', OPS, 1, 'BUSINESS', 'PREVIOUS_STEP', true, 'NONE', null],
  ['Confirmation received', OPS, 10, 'BUSINESS', 'PREVIOUS_STEP', true, 'DOCUMENT', null],
  ['Update estate plan records', 'SOLICITOR', 10, 'CALENDAR', 'PREVIOUS_STEP', false, 'NOTE', null],
];

const addressChange: readonly DemoStep[] = [
  [
    'Verify the request with the client by phone',
    'WEALTH_ADVISOR_1',
    1,
    'BUSINESS',
    'REQUEST_START',
    true,
    'NOTE',
    'Call the number on file, never one given in the request.',
  ],
  ['Update the household record', OPS, 1, 'BUSINESS', 'PREVIOUS_STEP', true, 'NONE', null],
  ['Update custodian records', OPS, 2, 'BUSINESS', 'PREVIOUS_STEP', true, 'DOCUMENT', null],
  ['Send confirmation to old and new address', OPS2, 2, 'BUSINESS', 'PREVIOUS_STEP', true, 'DOCUMENT', null],
  [
    'Review state registration and tax impact',
    'WEALTH_ADVISOR_2',
    5,
    'BUSINESS',
    'REQUEST_START',
    false,
    'NOTE',
    null,
  ],
];

const rmd: readonly DemoStep[] = [
  [
    'Calculate the RMD amount',
    OPS,
    5,
    'BUSINESS',
    'REQUEST_START',
    true,
    'DOCUMENT',
    'Prior year-end balance and the IRS life expectancy table.',
  ],
  [
    'Review with the client: timing and withholding',
    'WEALTH_ADVISOR_1',
    5,
    'BUSINESS',
    'PREVIOUS_STEP',
    true,
    'NOTE',
    null,
  ],
  ['Distribution form signed', 'WEALTH_ADVISOR_1', 5, 'BUSINESS', 'PREVIOUS_STEP', true, 'DOCUMENT', null],
  ['Raise cash in the account', OPS2, 2, 'BUSINESS', 'PREVIOUS_STEP', true, 'NOTE', null],
  ['Send the distribution', OPS, 1, 'BUSINESS', 'PREVIOUS_STEP', true, 'NONE', null],
  ['Confirm receipt and withholding', OPS, 5, 'BUSINESS', 'PREVIOUS_STEP', true, 'DOCUMENT', null],
];

/** Templates advisory firms run (issue 18 §3): 5–12 steps, some edited after publishing. */
export const DEMO_WORKFLOW_TEMPLATES: readonly DemoTemplate[] = [
  {
    name: 'New Client Onboarding',
    type: 'Client Onboarding',
    description: 'From the discovery meeting to the 30-day check-in.',
    versions: [onboarding.slice(0, 8), onboarding],
  },
  {
    name: 'Account Opening',
    type: 'New Account Opening',
    description: 'Open and fund one managed account.',
    versions: [accountOpening],
  },
  {
    name: 'Annual Review',
    type: 'Annual Review',
    description: 'Yearly review meeting with its preparation and follow-up.',
    versions: [annualReview],
    draft: [
      ...annualReview.slice(0, 6),
      ['Update the CRM review date', OPS2, 1, 'BUSINESS', 'PREVIOUS_STEP', true, 'NONE', null],
      annualReview[6]!,
    ],
  },
  {
    name: 'Beneficiary Change',
    type: 'Beneficiary Update',
    description: 'Change the beneficiaries of an account or policy.',
    versions: [beneficiaryChange],
  },
  {
    name: 'Address Change',
    type: 'Client Information Update',
    description: "Change a household's address everywhere it is held.",
    versions: [addressChange],
  },
  {
    name: 'RMD Distribution',
    type: 'Required Minimum Distribution',
    description: 'Required minimum distribution from an IRA or inherited IRA.',
    versions: [],
    draft: rmd,
  },
];

/** US market holidays the firm closes on (NYSE calendar), 2026–2027. */
export const DEMO_FIRM_HOLIDAYS: readonly (readonly [string, string])[] = [
  ['2026-01-01', "New Year's Day"],
  ['2026-01-19', 'Martin Luther King Jr. Day'],
  ['2026-02-16', "Presidents' Day"],
  ['2026-04-03', 'Good Friday'],
  ['2026-05-25', 'Memorial Day'],
  ['2026-06-19', 'Juneteenth'],
  ['2026-07-03', 'Independence Day (observed)'],
  ['2026-09-07', 'Labor Day'],
  ['2026-11-26', 'Thanksgiving Day'],
  ['2026-12-25', 'Christmas Day'],
  ['2027-01-01', "New Year's Day"],
  ['2027-01-18', 'Martin Luther King Jr. Day'],
  ['2027-02-15', "Presidents' Day"],
  ['2027-03-26', 'Good Friday'],
  ['2027-05-31', 'Memorial Day'],
  ['2027-06-18', 'Juneteenth (observed)'],
  ['2027-07-05', 'Independence Day (observed)'],
  ['2027-09-06', 'Labor Day'],
  ['2027-11-25', 'Thanksgiving Day'],
  ['2027-12-24', 'Christmas Day (observed)'],
];

/** The demo's templates (each checked by the contract) and holidays, when there are no templates yet. */
export const seedDemoWorkflows = async (db: Db) => {
  await db
    .insert(firmHolidays)
    .values(DEMO_FIRM_HOLIDAYS.map(([date, name]) => ({ date, name })))
    .onConflictDoNothing();
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(workflowTemplates);
  if (Number(existing?.n ?? 0) > 0) return;
  const people = new Map(
    (await db.select({ id: users.id, email: users.email }).from(users)).map((u) => [u.email, u.id]),
  );
  const types = new Map(
    (
      await db
        .select({ id: masterDataItems.id, name: masterDataItems.name })
        .from(masterDataItems)
        .where(and(eq(masterDataItems.type, 'workflow-types')))
    ).map((t) => [t.name, t.id]),
  );
  const admin = people.get('admin@centric.local') ?? null;
  const stepsOf = (template: DemoTemplate, steps: readonly DemoStep[]) =>
    workflowTemplateBodySchema.parse({
      name: template.name,
      description: template.description,
      workflowTypeId: types.get(template.type),
      steps: steps.map(
        ([title, assignee, dueDays, dueUnit, dueFrom, required, completionRequirement, description]) => {
          const isRole = !assignee.includes('@');
          return {
            title,
            description,
            assigneeKind: isRole ? 'ROLE' : 'USER',
            assigneeRole: isRole ? assignee : null,
            assigneeUserId: isRole ? null : people.get(assignee),
            dueDays,
            dueUnit,
            dueFrom,
            required,
            completionRequirement,
          };
        },
      ),
    });
  const day = 86_400_000;
  const start = Date.now() - 180 * day;
  for (const template of DEMO_WORKFLOW_TEMPLATES) {
    const parsed = stepsOf(template, template.draft ?? template.versions[0]!);
    const [row] = await db
      .insert(workflowTemplates)
      .values({
        name: parsed.name,
        description: parsed.description,
        workflowTypeId: parsed.workflowTypeId,
        createdBy: admin,
        createdAt: new Date(start),
      })
      .returning({ id: workflowTemplates.id });
    const templateId = row!.id;
    const all = [
      ...template.versions.map((steps, i) => ({ steps, version: (i + 1) as number | null })),
      ...(template.draft ? [{ steps: template.draft, version: null }] : []),
    ];
    for (const [index, { steps, version }] of all.entries()) {
      const at = new Date(start + (index + 1) * 40 * day);
      const [versionRow] = await db
        .insert(workflowTemplateVersions)
        .values({
          templateId,
          version,
          publishedAt: version === null ? null : at,
          publishedBy: version === null ? null : admin,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: workflowTemplateVersions.id });
      const values = stepsOf(template, steps).steps.map((step, position) => ({
        versionId: versionRow!.id,
        ...stepColumns(step, position),
      }));
      await db.insert(workflowTemplateSteps).values(values);
      await db.update(workflowTemplates).set({ updatedAt: at }).where(eq(workflowTemplates.id, templateId));
    }
  }
};
