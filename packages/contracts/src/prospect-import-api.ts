import { z } from 'zod';
import { IMPORT_JOB_MESSAGES, importJobSchema } from './accounts-api.ts';
import { serialIdParamSchema } from './ids.ts';
import { pagingShape } from './list-query.ts';
import {
  LEAD_STATUSES,
  PROSPECT_ACTIVITY_TYPES,
  PROSPECT_FORM_STATUSES,
  PROSPECT_MESSAGES,
  PROSPECT_MINUTES_MAX,
  PROSPECT_TYPES,
} from './prospects-api.ts';

/**
 * Prospects from a CSV file (issue 17 §1, decision 0026): the file's columns mapped to the prospect's fields
 * (the usual names found by themselves), what no column gives taken from the import's defaults, each line
 * checked by the form's own rules, duplicates by email or phone flagged (against the prospects already there
 * and within the file), then imported as a durable job after the preview is confirmed. No line cap.
 */

// ---------------------------------------------------------------------------------------------------------
// Fields a column can fill

export const PROSPECT_IMPORT_FIELDS = [
  'type',
  'firstName',
  'lastName',
  'middleName',
  'nickName',
  'suffix',
  'name',
  'worksAt',
  'leadStatus',
  'activityStatus',
  'wealthAdvisor',
  'businessDeveloper',
  'financialLifeManagement',
  'riskManagement',
  'assetManagement',
  'legacyPlanning',
  'privateFund',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'zip',
  'source',
  'other',
  'phone',
  'email',
  'activityType',
  'activityDate',
  'minutes',
] as const;
export type ProspectImportField = (typeof PROSPECT_IMPORT_FIELDS)[number];

export const PROSPECT_IMPORT_FIELD_LABELS: Readonly<Record<ProspectImportField, string>> = {
  type: 'Type',
  firstName: 'First name',
  lastName: 'Last name',
  middleName: 'Middle name',
  nickName: 'Nickname',
  suffix: 'Suffix',
  name: 'Business or trust name',
  worksAt: 'Works at',
  leadStatus: 'Lead status',
  activityStatus: 'Status',
  wealthAdvisor: 'Wealth advisor',
  businessDeveloper: 'Business developer',
  financialLifeManagement: 'Financial life management',
  riskManagement: 'Risk management',
  assetManagement: 'Asset management',
  legacyPlanning: 'Legacy planning',
  privateFund: 'Private fund',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  source: 'Source',
  other: 'Other',
  phone: 'Phone',
  email: 'Email',
  activityType: 'Activity type',
  activityDate: 'Activity date',
  minutes: 'Minutes',
};

/** The header names each field is found by (lower case, spaces, dashes and underscores ignored). */
export const PROSPECT_IMPORT_ALIASES: Readonly<Record<ProspectImportField, readonly string[]>> = {
  type: ['type', 'prospecttype'],
  firstName: ['firstname', 'first', 'givenname'],
  lastName: ['lastname', 'last', 'surname', 'familyname'],
  middleName: ['middlename', 'middle'],
  nickName: ['nickname', 'nick'],
  suffix: ['suffix'],
  name: ['name', 'businessname', 'trustname', 'company', 'companyname', 'organization'],
  worksAt: ['worksat', 'employer'],
  leadStatus: ['leadstatus', 'lead'],
  activityStatus: ['status', 'activitystatus'],
  wealthAdvisor: ['wealthadvisor', 'advisor', 'primaryadvisor'],
  businessDeveloper: ['businessdeveloper', 'developer'],
  financialLifeManagement: ['financiallifemanagement'],
  riskManagement: ['riskmanagement'],
  assetManagement: ['assetmanagement', 'aum', 'assets'],
  legacyPlanning: ['legacyplanning'],
  privateFund: ['privatefund'],
  addressLine1: ['addressline1', 'address', 'address1', 'street'],
  addressLine2: ['addressline2', 'address2'],
  city: ['city', 'town'],
  state: ['state', 'province'],
  zip: ['zip', 'zipcode', 'postalcode', 'postcode'],
  source: ['source', 'sources', 'leadsource'],
  other: ['other', 'othersource'],
  phone: ['phone', 'phonenumber', 'mobile', 'cell', 'telephone'],
  email: ['email', 'emailaddress', 'mail'],
  activityType: ['activitytype', 'activity'],
  activityDate: ['activitydate', 'lastcontact', 'contactdate'],
  minutes: ['minutes', 'duration', 'activityminutes'],
};

/** A header name as the aliases are written: lower case, without spaces, dashes, dots or underscores. */
export const importHeaderKey = (name: string) => name.toLowerCase().replace(/[\s_\-.]/g, '');

/** The columns each field is read from, found by their usual names (each column used once, first match). */
export const suggestProspectMapping = (header: readonly string[]): ProspectImportMapping => {
  const mapping: ProspectImportMapping = {};
  const used = new Set<string>();
  for (const field of PROSPECT_IMPORT_FIELDS) {
    const column = header.find(
      (name) => !used.has(name) && PROSPECT_IMPORT_ALIASES[field].includes(importHeaderKey(name)),
    );
    if (column) {
      mapping[field] = column;
      used.add(column);
    }
  }
  return mapping;
};

// ---------------------------------------------------------------------------------------------------------
// Limits and messages

/** 50 MB: a few hundred thousand prospects; the file size is the only cap (no line cap). */
export const PROSPECT_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const PROSPECT_IMPORT_COLUMN_MAX = 100;
export const PROSPECT_IMPORT_ROWS_MAX_LIMIT = 100;

export const PROSPECT_IMPORT_MESSAGES = {
  ...IMPORT_JOB_MESSAGES,
  queued: 'Prospects file received. Checking it now.',
  applying: 'Importing the prospects.',
  fileTooLarge: 'The file can be at most 50 MB.',
  fileEmpty: 'The file has no prospects.',
  headerMissing: "The file's first line must name its columns.",
  columnMissing: (name: string) => `The file's first line has no column named ${name}.`,
  columnTooLong: `A column name can be at most ${PROSPECT_IMPORT_COLUMN_MAX} characters.`,
  columnRequired: (field: string) => `Choose the column of the ${field}.`,
  nameColumnRequired: 'Choose the columns of the first and last name, or of the business or trust name.',
  serviceColumnRequired: 'Choose the column of at least one service value.',
  defaultRequired: (field: string) => `Choose the column of the ${field}, or a value for every line.`,
  mappingInvalid: 'The column mapping is not valid.',
  // Line by line
  valueUnknown: (field: string, value: string) => `${field} "${value}" is not one of the choices.`,
  advisorUnknown: (value: string) => `No active user is named or has the email "${value}".`,
  duplicateOfProspect: 'A prospect with this email or phone is already here:',
  duplicateOfLine: (line: number) => `Line ${line} has the same email or phone.`,
} as const;

// ---------------------------------------------------------------------------------------------------------
// The upload: columns and defaults

const columnName = z
  .string()
  .trim()
  .max(PROSPECT_IMPORT_COLUMN_MAX, PROSPECT_IMPORT_MESSAGES.columnTooLong)
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v));

/** The file's column of each field (its header name); a field without one is left out. */
export const prospectImportMappingSchema = z.object(
  Object.fromEntries(PROSPECT_IMPORT_FIELDS.map((f) => [f, columnName])) as Record<
    ProspectImportField,
    typeof columnName
  >,
);
export type ProspectImportMapping = Partial<Record<ProspectImportField, string>>;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values).optional());

/**
 * What a line without the column (or with the cell empty) takes: type, statuses, the advisor, the source and
 * the first activity. The activity date defaults to the day of the import.
 */
export const prospectImportDefaultsShape = {
  defaultType: optionalEnum(PROSPECT_TYPES),
  defaultLeadStatus: optionalEnum(LEAD_STATUSES),
  defaultActivityStatus: optionalEnum(PROSPECT_FORM_STATUSES),
  defaultWealthAdvisorId: z.preprocess((v) => (v === '' ? undefined : v), z.uuid().optional()),
  defaultSourceId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    serialIdParamSchema({ message: PROSPECT_MESSAGES.sourceRequired }).optional(),
  ),
  defaultActivityType: optionalEnum(PROSPECT_ACTIVITY_TYPES),
  defaultActivityDate: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  ),
  defaultMinutes: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(PROSPECT_MINUTES_MAX).optional(),
  ),
};

/** POST /api/prospect-imports?firstName=First%20Name&…&defaultWealthAdvisorId=…: the columns and defaults. */
export const prospectImportUploadQuerySchema =
  prospectImportMappingSchema.extend(prospectImportDefaultsShape);
export type ProspectImportUploadQuery = z.infer<typeof prospectImportUploadQuerySchema>;
export type ProspectImportDefaults = Pick<
  ProspectImportUploadQuery,
  keyof typeof prospectImportDefaultsShape
>;

/** What to do with the lines flagged as duplicates: leave them out (the default), or import them too. */
export const PROSPECT_IMPORT_DUPLICATE_CHOICES = ['skip', 'import'] as const;
export const prospectImportApplyBodySchema = z
  .object({ duplicates: z.enum(PROSPECT_IMPORT_DUPLICATE_CHOICES).default('skip') })
  .default({ duplicates: 'skip' });
export type ProspectImportApplyBody = z.infer<typeof prospectImportApplyBodySchema>;

// ---------------------------------------------------------------------------------------------------------
// The report

/** A line's state: ready, a duplicate, invalid (never imported); once applied, imported or skipped. */
export const PROSPECT_IMPORT_ROW_STATUSES = ['READY', 'DUPLICATE', 'INVALID', 'IMPORTED', 'SKIPPED'] as const;
export type ProspectImportRowStatus = (typeof PROSPECT_IMPORT_ROW_STATUSES)[number];
export const PROSPECT_IMPORT_ROW_STATUS_LABELS: Readonly<Record<ProspectImportRowStatus, string>> = {
  READY: 'Ready',
  DUPLICATE: 'Duplicate',
  INVALID: 'Has errors',
  IMPORTED: 'Imported',
  SKIPPED: 'Skipped',
};

const countsSchema = z.object({
  ready: z.number(),
  duplicates: z.number(),
  invalid: z.number(),
});

export const prospectImportReportSchema = z.object({
  fileName: z.string(),
  rows: z.number(),
  /** The preview: lines ready, duplicates (of prospects there, of earlier lines) and lines with errors. */
  counts: countsSchema,
  duplicatesOfProspects: z.number(),
  duplicatesInFile: z.number(),
  /** The columns read, by field. */
  mapping: z.record(z.string(), z.string()),
  /** Once applied: the duplicates' choice and what was imported and skipped. */
  applied: z
    .object({
      duplicates: z.enum(PROSPECT_IMPORT_DUPLICATE_CHOICES),
      imported: z.number(),
      skipped: z.number(),
    })
    .nullable(),
});
export type ProspectImportReport = z.infer<typeof prospectImportReportSchema>;

export const prospectImportJobSchema = importJobSchema.extend({
  report: prospectImportReportSchema.nullable(),
});
export type ProspectImportJob = z.infer<typeof prospectImportJobSchema>;

export const prospectImportRowsQuerySchema = z.object({
  status: z
    .enum(PROSPECT_IMPORT_ROW_STATUSES, { error: 'status is not a line status.' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ...pagingShape({ maxLimit: PROSPECT_IMPORT_ROWS_MAX_LIMIT, defaultLimit: 25 }),
});
export type ProspectImportRowsQuery = z.infer<typeof prospectImportRowsQuerySchema>;

export const prospectImportRowSchema = z.object({
  line: z.number(),
  status: z.enum(PROSPECT_IMPORT_ROW_STATUSES),
  displayName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
  duplicateOf: z
    .object({
      prospect: z.object({ id: z.string(), name: z.string() }).nullable(),
      line: z.number().nullable(),
    })
    .nullable(),
  /** The prospect the line became. */
  prospectId: z.string().nullable(),
});
export type ProspectImportRow = z.infer<typeof prospectImportRowSchema>;
