import { z } from 'zod';
import { serialIdParamSchema, serialIdSchema } from './ids.ts';
import { pagingShape, type SortOrder, sortKeySchema, sortOrderSchema } from './list-query.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { moneySchema } from './money.ts';

/**
 * Master data: the 20 reference lists of spec §2 (`/master-data/{type}`), described once here. The server
 * validates and lists them from this description, the web builds its one generic screen from it (field
 * kind -> component), and the sidebar takes its 20 sub-items from it.
 */

/** The URL slugs of spec §2, in the spec's order. */
export const MASTER_DATA_TYPES = [
  'receivable-products',
  'states',
  'strategy-types',
  'workflow-types',
  'security-type',
  'registration-type',
  'country',
  'sexual-orientation',
  'gender',
  'political-party',
  'sources',
  'specific-interest',
  'marriage-status',
  'religious-affiliations',
  'industry',
  'providers',
  'age-range',
  'marketing-segment',
  'employment-status',
  'account-objective',
  'task-types',
] as const;
export type MasterDataType = (typeof MASTER_DATA_TYPES)[number];
export const masterDataTypeSchema = z.enum(MASTER_DATA_TYPES);

/** Lists that live only under a parent item (sub-religions of a religion, jobs of an industry). */
export const MASTER_DATA_SUB_TYPES = ['sub-religions', 'industry-jobs'] as const;
export type MasterDataSubType = (typeof MASTER_DATA_SUB_TYPES)[number];
export type MasterDataStoredType = MasterDataType | MasterDataSubType;

export const MASTER_DATA_NAME_MAX = 120;
export const MASTER_DATA_DESCRIPTION_MAX = 300;
export const MASTER_DATA_ABBREVIATION_MAX = 10;
export const MASTER_DATA_POSSIBLE_VALUE_MAX = 120;
export const MASTER_DATA_POSSIBLE_VALUES_MAX = 50;
export const MASTER_DATA_AGE_MAX = 150;
/** Spec §5 Files: master-data images are jpg, jpeg or png up to 512 KB. */
export const MASTER_DATA_IMAGE_MAX_BYTES = 512 * 1024;

export const MASTER_DATA_MESSAGES = {
  required: 'Required',
  nameOnlySpaces: AUTH_MESSAGES.nameOnlySpaces,
  descriptionOnlySpaces: 'Description cannot contain only spaces.',
  abbreviationOnlySpaces: 'Abbreviation cannot contain only spaces.',
  possibleValueOnlySpaces: 'Possible value cannot contain only spaces.',
  possibleValuesRequired: 'Add at least one possible value.',
  possibleValuesDuplicate: 'This value is already added.',
  maxAgeGreater: 'Max age must be greater than min age.',
  ageWhole: 'Age must be a whole number.',
  ageRange: `Age must be between 0 and ${MASTER_DATA_AGE_MAX}.`,
  imageTooLarge: 'The file is greater than 512kb',
  imageFormat: 'File format accepted only .jpg, .jpeg, .png up to 512 KB',
  imageNotSupported: 'This list has no images.',
  created: 'Value added successfully.',
  updated: 'Value updated successfully.',
  deleted: 'Value deleted successfully.',
  imageUpdated: 'Image uploaded successfully.',
  imageRemoved: 'Image removed successfully.',
  settingsUpdated: 'Settings updated successfully.',
  notFound: 'This value does not exist.',
  parentNotFound: 'Select a valid value.',
} as const;

/**
 * Insurance and annuity product types (spec §3 Enumerations): the `productType` of a receivable product.
 */
export const RECEIVABLE_PRODUCT_TYPES = [
  { value: 'LIFE_TERM', label: 'Life: Term' },
  { value: 'LIFE_IUL', label: 'Life: Indexed Universal Life (IUL)' },
  { value: 'LIFE_UL', label: 'Life: Universal Life (UL)' },
  { value: 'LIFE_GUL', label: 'Life: Guaranteed Universal Life (GUL)' },
  { value: 'LIFE_WHOLE', label: 'Life: Whole' },
  { value: 'DISABILITY', label: 'Disability' },
  { value: 'LONG_TERM_CARE', label: 'Long-Term Care' },
  { value: 'SUPPLEMENTAL', label: 'Supplemental' },
  { value: 'OTHER', label: 'Other' },
  { value: 'ANNUITY_GUARANTEED', label: 'Annuity: Guaranteed' },
  { value: 'ANNUITY_INDEXED', label: 'Annuity: Indexed' },
  { value: 'ANNUITY_OTHER', label: 'Annuity: Other' },
] as const;
export type ReceivableProductType = (typeof RECEIVABLE_PRODUCT_TYPES)[number]['value'];

/** The editable fields of an item; every list has `name`, the rest per list. */
export type MasterDataFieldKey =
  | 'name'
  | 'description'
  | 'abbreviation'
  | 'parentId'
  | 'minAge'
  | 'maxAge'
  | 'productType'
  | 'possibleValues';

/** How a field is edited; the web maps each kind to one component. */
export type MasterDataFieldKind = 'text' | 'textarea' | 'number' | 'select' | 'parent' | 'tags';

export type MasterDataFieldSpec = {
  key: MasterDataFieldKey;
  label: string;
  kind: MasterDataFieldKind;
  /** Spec §5: name, description and possible values of master data are required. */
  required: boolean;
  max?: number;
  /** For `select`. */
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** Shown as a column in the list. */
  column: boolean;
  /** The list can be sorted by this column. */
  sortable: boolean;
};

export const MASTER_DATA_SORT_KEYS = [
  'name',
  'createdAt',
  'updatedAt',
  'description',
  'abbreviation',
  'minAge',
  'maxAge',
  'productType',
] as const;
export type MasterDataSortKey = (typeof MASTER_DATA_SORT_KEYS)[number];

export type MasterDataListSpec = {
  type: MasterDataStoredType;
  /** Plural label, as in the sidebar ('Religious Affiliations'). */
  label: string;
  /** One item ('Religious affiliation'), for buttons and dialogs. */
  singular: string;
  fields: readonly MasterDataFieldSpec[];
  /** Items point to an item of this list (states -> country). */
  parentType?: MasterDataStoredType;
  /** Items own a sub-list (religions -> sub-religions, industries -> jobs). */
  subItems?: MasterDataSubType;
  /** Items may carry an image (jpg/jpeg/png up to 512 KB). */
  image: boolean;
  defaultSort: { sortBy: MasterDataSortKey; order: SortOrder };
  /** The legacy calls of spec §7: POST /api/{list} lists, POST /api/{add} adds. */
  legacy?: { list: string; add: string };
};

const f = {
  name: (label = 'Name'): MasterDataFieldSpec => ({
    key: 'name',
    label,
    kind: 'text',
    required: true,
    max: MASTER_DATA_NAME_MAX,
    column: true,
    sortable: true,
  }),
  description: (label = 'Description'): MasterDataFieldSpec => ({
    key: 'description',
    label,
    kind: 'textarea',
    required: true,
    max: MASTER_DATA_DESCRIPTION_MAX,
    column: true,
    sortable: true,
  }),
  abbreviation: (): MasterDataFieldSpec => ({
    key: 'abbreviation',
    label: 'Abbreviation',
    kind: 'text',
    required: true,
    max: MASTER_DATA_ABBREVIATION_MAX,
    column: true,
    sortable: true,
  }),
  parent: (label: string): MasterDataFieldSpec => ({
    key: 'parentId',
    label,
    kind: 'parent',
    required: true,
    column: true,
    sortable: false,
  }),
  minAge: (): MasterDataFieldSpec => ({
    key: 'minAge',
    label: 'Min age',
    kind: 'number',
    required: true,
    max: MASTER_DATA_AGE_MAX,
    column: true,
    sortable: true,
  }),
  maxAge: (): MasterDataFieldSpec => ({
    key: 'maxAge',
    label: 'Max age',
    kind: 'number',
    required: true,
    max: MASTER_DATA_AGE_MAX,
    column: true,
    sortable: true,
  }),
  productType: (): MasterDataFieldSpec => ({
    key: 'productType',
    label: 'Product type',
    kind: 'select',
    required: true,
    options: RECEIVABLE_PRODUCT_TYPES,
    column: true,
    sortable: true,
  }),
  possibleValues: (label: string): MasterDataFieldSpec => ({
    key: 'possibleValues',
    label,
    kind: 'tags',
    required: true,
    max: MASTER_DATA_POSSIBLE_VALUE_MAX,
    column: true,
    sortable: false,
  }),
};

const byName = { sortBy: 'name', order: 'ASC' } as const;
const byCreated = { sortBy: 'createdAt', order: 'ASC' } as const;

const list = (
  type: MasterDataStoredType,
  label: string,
  singular: string,
  rest: Partial<Omit<MasterDataListSpec, 'type' | 'label' | 'singular'>> = {},
): MasterDataListSpec => ({
  type,
  label,
  singular,
  fields: [f.name()],
  image: false,
  defaultSort: byName,
  ...rest,
});

const legacy = (name: string, add: string) => ({ legacy: { list: name, add } });

/**
 * Every list, keyed by slug. Choices: providers and receivable products
 * carry an image (logo); strategy types and workflow types carry possible values (categories, steps);
 * lists whose entries need explaining carry a required description.
 */
export const MASTER_DATA_LISTS: Readonly<Record<MasterDataStoredType, MasterDataListSpec>> = {
  'receivable-products': list('receivable-products', 'Receivable Products', 'Receivable product', {
    fields: [f.name(), f.productType()],
    image: true,
  }),
  states: list('states', 'States', 'State', {
    fields: [f.name(), f.abbreviation(), f.parent('Country')],
    parentType: 'country',
    ...legacy('statesType', 'addState'),
  }),
  'strategy-types': list('strategy-types', 'Strategy Types', 'Strategy type', {
    fields: [f.name(), f.description(), f.possibleValues('Categories')],
  }),
  'workflow-types': list('workflow-types', 'Workflow Types', 'Workflow type', {
    fields: [f.name(), f.description(), f.possibleValues('Steps')],
  }),
  'security-type': list('security-type', 'Security Types', 'Security type', {
    fields: [f.name(), f.description()],
  }),
  'registration-type': list('registration-type', 'Registration Types', 'Registration type'),
  country: list('country', 'Countries', 'Country', { fields: [f.name(), f.abbreviation()] }),
  'sexual-orientation': list('sexual-orientation', 'Sexual Orientations', 'Sexual orientation', {
    ...legacy('getSexualOrientation', 'addSexualOrientation'),
  }),
  gender: list('gender', 'Genders', 'Gender', { ...legacy('getGender', 'addGender') }),
  'political-party': list('political-party', 'Political Parties', 'Political party', {
    ...legacy('getPoliticalParty', 'addPoliticalParty'),
  }),
  sources: list('sources', 'Sources', 'Source', { ...legacy('getSources', 'addSources') }),
  'specific-interest': list('specific-interest', 'Specific Interests', 'Specific interest', {
    ...legacy('getSpecificInterest', 'addSpecificInterest'),
  }),
  'marriage-status': list('marriage-status', 'Marriage Statuses', 'Marriage status', {
    ...legacy('getMarriageStatus', 'addMarriageStatus'),
  }),
  'religious-affiliations': list(
    'religious-affiliations',
    'Religious Affiliations',
    'Religious affiliation',
    {
      subItems: 'sub-religions',
      ...legacy('getReligiousAffiliations', 'addReligiousAffiliations'),
    },
  ),
  industry: list('industry', 'Industries', 'Industry', {
    subItems: 'industry-jobs',
    ...legacy('getIndustry', 'addIndustry'),
  }),
  providers: list('providers', 'Providers', 'Provider', { image: true }),
  'age-range': list('age-range', 'Age Ranges', 'Age range', {
    fields: [f.name(), f.minAge(), f.maxAge()],
    defaultSort: byCreated,
    ...legacy('getAgeRange', 'addAgeRange'),
  }),
  'marketing-segment': list('marketing-segment', 'Marketing Segments', 'Marketing segment', {
    fields: [f.name(), f.description()],
    ...legacy('getMarketingSegment', 'addMarketingSegment'),
  }),
  'employment-status': list('employment-status', 'Employment Statuses', 'Employment status', {
    ...legacy('getEmploymentStatus', 'addEmploymentStatus'),
  }),
  'account-objective': list('account-objective', 'Account Objectives', 'Account objective', {
    fields: [f.name(), f.description()],
    defaultSort: byCreated,
    ...legacy('getAccountObjective', 'addAccountObjective'),
  }),
  // Issue 12: the types a task is of (Call, Email, Meeting …), kept by the administrator like the others.
  'task-types': list('task-types', 'Task Types', 'Task type'),
  'sub-religions': list('sub-religions', 'Sub-religions', 'Sub-religion', {
    parentType: 'religious-affiliations',
  }),
  'industry-jobs': list('industry-jobs', 'Industry Jobs', 'Industry job', { parentType: 'industry' }),
};

export const masterDataList = (type: MasterDataStoredType): MasterDataListSpec => MASTER_DATA_LISTS[type];

/** The legacy list calls of spec §7 with their list (POST /api/getGender ... POST /api/statesType). */
export const MASTER_DATA_LEGACY_LISTS = MASTER_DATA_TYPES.flatMap((type) => {
  const spec = MASTER_DATA_LISTS[type];
  return spec.legacy ? [{ type, ...spec.legacy }] : [];
});

// ---------------------------------------------------------------------------------------------------------
// Validation built from the description

/** Required text, not only spaces (spec §5), trimmed, at most `max` characters. */
export const requiredText = (label: string, max: number, onlySpacesMessage: string) =>
  z
    .string({ error: MASTER_DATA_MESSAGES.required })
    .refine((v) => v.length > 0, { message: MASTER_DATA_MESSAGES.required })
    // Not `abort`: an aborted field would stop the form-level checks (maxAge > minAge) from showing too.
    .refine((v) => v.length === 0 || v.trim().length > 0, { message: onlySpacesMessage })
    .trim()
    .max(max, `${label} can be up to ${max} characters.`);

const age = () =>
  z
    .number({ error: MASTER_DATA_MESSAGES.required })
    .int(MASTER_DATA_MESSAGES.ageWhole)
    .min(0, MASTER_DATA_MESSAGES.ageRange)
    .max(MASTER_DATA_AGE_MAX, MASTER_DATA_MESSAGES.ageRange);

const fieldSchema = (field: MasterDataFieldSpec): z.ZodType => {
  switch (field.key) {
    case 'name':
      return requiredText(
        field.label,
        field.max ?? MASTER_DATA_NAME_MAX,
        MASTER_DATA_MESSAGES.nameOnlySpaces,
      );
    case 'description':
      return requiredText(
        field.label,
        field.max ?? MASTER_DATA_DESCRIPTION_MAX,
        MASTER_DATA_MESSAGES.descriptionOnlySpaces,
      );
    case 'abbreviation':
      return requiredText(
        field.label,
        field.max ?? MASTER_DATA_ABBREVIATION_MAX,
        MASTER_DATA_MESSAGES.abbreviationOnlySpaces,
      );
    case 'parentId':
      return serialIdSchema({ message: MASTER_DATA_MESSAGES.required });
    case 'minAge':
    case 'maxAge':
      return age();
    case 'productType':
      return z.enum(
        (field.options ?? []).map((o) => o.value) as [string, ...string[]],
        MASTER_DATA_MESSAGES.required,
      );
    case 'possibleValues':
      return z
        .array(
          requiredText(
            'Possible value',
            field.max ?? MASTER_DATA_POSSIBLE_VALUE_MAX,
            MASTER_DATA_MESSAGES.possibleValueOnlySpaces,
          ),
          { error: MASTER_DATA_MESSAGES.possibleValuesRequired },
        )
        .min(1, MASTER_DATA_MESSAGES.possibleValuesRequired)
        .max(MASTER_DATA_POSSIBLE_VALUES_MAX, `Up to ${MASTER_DATA_POSSIBLE_VALUES_MAX} values.`)
        .refine((values) => new Set(values.map((v) => v.toLowerCase())).size === values.length, {
          message: MASTER_DATA_MESSAGES.possibleValuesDuplicate,
        });
  }
};

/** The values of an item as a form or a request body carries them. */
export type MasterDataItemInput = {
  name: string;
  description?: string | undefined;
  abbreviation?: string | undefined;
  parentId?: number | undefined;
  minAge?: number | undefined;
  maxAge?: number | undefined;
  productType?: string | undefined;
  possibleValues?: string[] | undefined;
};

const schemaCache = new Map<MasterDataStoredType, z.ZodType<MasterDataItemInput, MasterDataItemInput>>();

/**
 * The create (and full-update) schema of a list: its fields only, spec messages, trimmed text, and
 * maxAge > minAge for age ranges. Sub-lists take their parent from the URL, so `parentId` is not a field.
 */
export const masterDataItemSchema = (type: MasterDataStoredType) => {
  const cached = schemaCache.get(type);
  if (cached) return cached;
  const spec = MASTER_DATA_LISTS[type];
  const shape = Object.fromEntries(spec.fields.map((field) => [field.key, fieldSchema(field)]));
  const schema = z
    .object(shape)
    .refine(
      (value: Record<string, unknown>) =>
        !(
          typeof value.minAge === 'number' &&
          typeof value.maxAge === 'number' &&
          value.maxAge <= value.minAge
        ),
      {
        path: ['maxAge'],
        message: MASTER_DATA_MESSAGES.maxAgeGreater,
        // Checked even when another field (the name) is invalid, so that every message shows at once.
        when: ({ value }) => {
          const v = value as Record<string, unknown> | null;
          return typeof v?.minAge === 'number' && typeof v.maxAge === 'number';
        },
      },
    ) as unknown as z.ZodType<MasterDataItemInput, MasterDataItemInput>;
  schemaCache.set(type, schema);
  return schema;
};

/**
 * What the routes accept before the list's own schema runs (the list is known only from the URL): the
 * union of all fields, loosely typed; the service then validates with `masterDataItemSchema(type)`.
 */
export const masterDataBodySchema = z.object({
  name: z.unknown().optional().describe('Required on create; max 120; not only spaces'),
  description: z.unknown().optional().describe('Lists with a description: required, max 300'),
  abbreviation: z.unknown().optional().describe('States and countries: required, max 10'),
  parentId: z.unknown().optional().describe('States: the id of a country'),
  minAge: z.unknown().optional().describe('Age ranges: 0-150'),
  maxAge: z.unknown().optional().describe('Age ranges: greater than minAge'),
  productType: z.unknown().optional().describe('Receivable products: one of RECEIVABLE_PRODUCT_TYPES'),
  possibleValues: z.unknown().optional().describe('Strategy and workflow types: at least one value'),
});

// ---------------------------------------------------------------------------------------------------------
// Answers

export const masterDataSubItemSchema = z.object({ id: z.number().int(), name: z.string() });

export const masterDataItemResultSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  abbreviation: z.string().nullable(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  minAge: z.number().int().nullable(),
  maxAge: z.number().int().nullable(),
  productType: z.string().nullable(),
  possibleValues: z.array(z.string()).nullable(),
  imageUrl: z.string().nullable(),
  subItemCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MasterDataItem = z.infer<typeof masterDataItemResultSchema>;

/** The legacy list calls also carry the sub-items (subReligions, industryJobs) for cascading pickers. */
export const masterDataLegacyItemSchema = masterDataItemResultSchema.extend({
  subItems: z.array(masterDataSubItemSchema).optional(),
});

export const masterDataListQuerySchema = z.object({
  q: z.string().max(MASTER_DATA_NAME_MAX).optional(),
  // Each list has its own default sort (MASTER_DATA_LISTS defaultSort).
  ...pagingShape(),
  sortBy: sortKeySchema(MASTER_DATA_SORT_KEYS).optional(),
  order: sortOrderSchema.optional(),
  /** States of one country. */
  parentId: serialIdParamSchema().optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export type MasterDataListQuery = z.input<typeof masterDataListQuerySchema>;

/** Body of the legacy list calls (spec §7: sorting sortBy and order). */
export const masterDataLegacyListBodySchema = z.preprocess(
  (value) => value ?? {},
  z.object({
    sortBy: sortKeySchema(MASTER_DATA_SORT_KEYS).optional(),
    order: sortOrderSchema.optional(),
  }),
);

// ---------------------------------------------------------------------------------------------------------
// System settings (GET/PUT /api/sysconfig)

/** Every setting with its default; stored in system_settings by key. */
export const SYSTEM_SETTING_DEFAULTS = {
  ssnMasking: true,
  largeWithdrawalAmount: '100000.00',
  largeWithdrawalPercent: 25,
} as const;

export const SYSCONFIG_MESSAGES = {
  largeWithdrawalAmount: 'Large withdrawal amount must be an amount in dollars from $1 to $1,000,000,000.',
  largeWithdrawalPercent: 'Large withdrawal share must be a whole percent from 1 to 100.',
} as const;

/** The settings as answered (and as stored). */
export const sysconfigSchema = z.object({
  /** Spec §5: a masked 4-digit SSN is accepted when the masking flag is on. */
  ssnMasking: z.boolean(),
  /**
   * Transaction alerts (issue 13 §2): a withdrawal or transfer out of at least this amount (dollars, two
   * decimals), or of at least this share (whole percent) of the account's value on its date, raises a
   * managedAccounts alert.
   */
  largeWithdrawalAmount: z.string(),
  largeWithdrawalPercent: z.number().int(),
});
export type Sysconfig = z.infer<typeof sysconfigSchema>;

/** A change of some settings, each checked. */
export const sysconfigUpdateSchema = z
  .object({
    ssnMasking: z.boolean(),
    largeWithdrawalAmount: moneySchema('1000000000', {
      invalid: SYSCONFIG_MESSAGES.largeWithdrawalAmount,
      max: SYSCONFIG_MESSAGES.largeWithdrawalAmount,
    }).refine((v) => !v.startsWith('0.'), SYSCONFIG_MESSAGES.largeWithdrawalAmount),
    largeWithdrawalPercent: z
      .number({ error: SYSCONFIG_MESSAGES.largeWithdrawalPercent })
      .int(SYSCONFIG_MESSAGES.largeWithdrawalPercent)
      .min(1, SYSCONFIG_MESSAGES.largeWithdrawalPercent)
      .max(100, SYSCONFIG_MESSAGES.largeWithdrawalPercent),
  })
  .partial()
  .strict();
