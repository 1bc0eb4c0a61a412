import { MEETING_STATUS_LABELS } from './activity.ts';
import { NOTE_CATEGORY_LABELS } from './activity.ts';
import type { AuditLogEntry } from './audit.ts';
import { CLIENT_STATUS_LABELS, REVIEW_STATUS_LABELS } from './client-labels.ts';
import { INFLUENCER_TIER_LABELS } from './clients-api.ts';
import { ADVISOR_ROLE_LABELS, ADVISOR_ROLES } from './clients.ts';
import { FEE_STRUCTURE_LABELS, FEE_TYPE_LABELS } from './fee-schedule-labels.ts';
import { ACTIONS, type Action } from './features.ts';
import { FEATURE_LABELS, PERMISSION_ACTION_LABELS } from './permission-labels.ts';
import { PRODUCT_TYPE_LABELS } from './product-labels.ts';
import { BILLING_TIMING_LABELS, PAY_METHOD_LABELS, PAYOUT_TYPE_LABELS } from './billing-setup-api.ts';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS } from './tasks-api.ts';
import { PLANNING_FEE_TYPE_LABELS } from './billing-planning-api.ts';
import { EXCLUSION_APPLIES_TO_LABELS, EXCLUSION_KIND_LABELS } from './billing-exclusions-api.ts';
import { RECEIVABLE_FREQUENCY_LABELS, RECEIVABLE_PAYMENT_STATE_LABELS } from './receivables-api.ts';
import { STATEMENT_FLAG_LABELS, STATEMENT_RESOLUTION_LABELS } from './carrier-statements-api.ts';

/** The records whose ids the audit list resolves to names (one query per kind per page, on the server). */
export const AUDIT_NAME_KINDS = ['user', 'role', 'team', 'household', 'member', 'professional'] as const;
export type AuditNameKind = (typeof AUDIT_NAME_KINDS)[number];

/** The key of a resolved name in an entry's `names`: `role:2`, `user:<uuid>`. */
export const auditNameKey = (kind: AuditNameKind, id: string | number) => `${kind}:${String(id)}`;

/** Fields of the audited snapshots that hold ids, and what kind of record they name. */
export const AUDIT_ID_FIELDS: Readonly<Record<string, AuditNameKind>> = {
  roleId: 'role',
  teamIds: 'team',
  teamId: 'team',
  memberIds: 'user',
  userId: 'user',
  clientId: 'household',
  clientIds: 'household',
  memberId: 'member',
  relativeId: 'member',
  professionalIds: 'professional',
  introducedByClientId: 'household',
  introducedByProfessionalId: 'professional',
  mentionedUserIds: 'user',
  authorId: 'user',
  assigneeId: 'user',
  attendeeIds: 'user',
  payeeUserId: 'user',
  householdId: 'household',
  // A household's team is stored by advisor role: each role's value is a user.
  ...Object.fromEntries(ADVISOR_ROLES.map((role) => [role, 'user' as const])),
};

type EntityLabel = {
  /** What the record is called in a sentence: "the fee schedule Tiered 2026". */
  noun: string;
  /** A person is named bare ("Ann Lee"), anything else with its noun ("the team Boston"). */
  person?: boolean;
  /** Whose name the entity id resolves to. */
  kind?: AuditNameKind;
  /** The snapshot field that carries the record's name. */
  nameField?: string;
  /** Field labels, in words: the fields this entity writes to the trail. */
  fields: Readonly<Record<string, string>>;
  /** The display names of a field's enumeration values (contracts' labels): PERCENTAGE reads "Percentage". */
  values?: Readonly<Record<string, Readonly<Record<string, string>>>>;
};

const MEMBER_FIELDS = {
  firstName: 'first name',
  middleName: 'middle name',
  lastName: 'last name',
  nickName: 'nickname',
  dateOfBirth: 'date of birth',
  genderId: 'gender',
  marriageStatusId: 'marital status',
  industryId: 'industry',
  identityNumber: 'identity number',
  profileImage: 'profile picture',
  step: 'wizard step',
  clientId: 'household',
} as const;

/** Each audited entity: its noun and the labels of the fields its service writes (grep `writeAudit`). */
export const AUDIT_ENTITY_LABELS: Readonly<Record<string, EntityLabel>> = {
  user: {
    noun: 'user',
    person: true,
    kind: 'user',
    nameField: 'fullName',
    fields: {
      fullName: 'name',
      email: 'email address',
      roleId: 'role',
      status: 'status',
      teamIds: 'teams',
      profileImage: 'profile picture',
      mfaEnrolled: 'two-step sign-in',
      invitationAccepted: 'invitation accepted',
      sessionsRevoked: 'sessions ended',
    },
  },
  role: {
    noun: 'role',
    kind: 'role',
    nameField: 'displayName',
    fields: { role: 'code', displayName: 'name', description: 'description', active: 'active' },
  },
  // A permission matrix: one field per feature, each a row of read/write/delete.
  rolePermission: { noun: 'role', kind: 'role', fields: FEATURE_LABELS },
  team: {
    noun: 'team',
    kind: 'team',
    nameField: 'name',
    fields: {
      name: 'name',
      location: 'location',
      emailAlias: 'email alias',
      memberIds: 'members',
      logo: 'logo',
    },
  },
  household: {
    noun: 'household',
    kind: 'household',
    nameField: 'name',
    fields: {
      name: 'name',
      status: 'status',
      reviewStatus: 'review status',
      influencerTier: 'influencer tier',
      nextFollowUp: 'next follow-up',
      draft: 'draft',
      introducedByClientId: 'introducing household',
      introducedByProfessionalId: 'introducing professional',
    },
    values: {
      status: CLIENT_STATUS_LABELS,
      reviewStatus: REVIEW_STATUS_LABELS,
      influencerTier: INFLUENCER_TIER_LABELS,
    },
  },
  household_team: {
    noun: 'household',
    kind: 'household',
    // The team's roles by their titles: "the Wealth Advisor 1 of the household Lee".
    fields: ADVISOR_ROLE_LABELS,
  },
  household_professionals: {
    noun: 'household',
    kind: 'household',
    fields: { professionalIds: 'other professionals' },
  },
  member: { noun: 'member', person: true, kind: 'member', fields: MEMBER_FIELDS },
  specialDate: {
    noun: 'special date',
    nameField: 'description',
    fields: { clientId: 'household', date: 'date', description: 'description', memberId: 'member' },
  },
  milestone: {
    noun: 'milestone',
    nameField: 'description',
    fields: { clientId: 'household', date: 'date', description: 'description', memberId: 'member' },
  },
  relationship: {
    noun: 'relationship',
    fields: { clientId: 'household', memberId: 'member', relation: 'relation', relativeId: 'relative' },
  },
  feeSchedule: {
    noun: 'fee schedule',
    nameField: 'name',
    fields: {
      name: 'name',
      type: 'type',
      structure: 'structure',
      description: 'description',
      annualMinimum: 'annual minimum',
      tiers: 'tiers',
    },
    values: { type: FEE_TYPE_LABELS, structure: FEE_STRUCTURE_LABELS },
  },
  masterData: {
    noun: 'list item',
    nameField: 'name',
    fields: { name: 'name', type: 'list', parentId: 'parent', imagePath: 'image', active: 'active' },
  },
  systemSettings: { noun: 'system settings', fields: {} },
  other_professional: {
    noun: 'other professional',
    kind: 'professional',
    nameField: 'fullName',
    fields: {
      type: 'type',
      fullName: 'name',
      phoneNumber: 'phone number',
      address: 'address',
      city: 'city',
      stateId: 'state',
      zip: 'ZIP code',
      email: 'email address',
      note: 'note',
      clientIds: 'households',
    },
  },
  other_professional_households: {
    noun: 'other professional',
    kind: 'professional',
    fields: { clientIds: 'households' },
  },
  task: {
    noun: 'task',
    nameField: 'description',
    fields: {
      description: 'description',
      type: 'type',
      dueDate: 'due date',
      priority: 'priority',
      assigneeId: 'assignee',
      status: 'status',
      recurrence: 'repeat',
      clientId: 'household',
      completedAt: 'completed at',
    },
    values: { priority: TASK_PRIORITY_LABELS, status: TASK_STATUS_LABELS },
  },
  meeting: {
    noun: 'meeting',
    nameField: 'title',
    fields: {
      title: 'title',
      startsAt: 'start',
      endsAt: 'end',
      location: 'location',
      videoUrl: 'video link',
      attendeeIds: 'attendees',
      status: 'status',
      clientId: 'household',
    },
    values: { status: MEETING_STATUS_LABELS },
  },
  note: {
    noun: 'note',
    fields: {
      text: 'text',
      category: 'category',
      type: 'type',
      subType: 'kind',
      isPinned: 'pin',
      clientIds: 'households',
      mentionedUserIds: 'mentioned users',
      attachmentIds: 'attachments',
      authorId: 'author',
      isSystemGenerated: 'written by the system',
    },
    values: { category: NOTE_CATEGORY_LABELS },
  },
  attachment: {
    noun: 'attachment',
    nameField: 'fileName',
    fields: { fileName: 'file name', contentType: 'type', size: 'size', noteId: 'note' },
  },
  assetClass: {
    noun: 'asset category',
    nameField: 'assetCategory',
    fields: {
      assetClass: 'asset class',
      assetCategory: 'asset category',
      productType: 'product type',
      avdReportable: 'ADV reportable',
      fReportable: '13F reportable',
    },
    values: { productType: PRODUCT_TYPE_LABELS },
  },
  product: {
    noun: 'product',
    nameField: 'name',
    fields: {
      name: 'name',
      symbol: 'symbol',
      cusip: 'CUSIP',
      productType: 'product type',
      securityType: 'security type',
      assetClass: 'asset class',
      advReportable: 'ADV reportable',
      f13Reportable: '13F reportable',
      prices: 'prices',
    },
    values: { productType: PRODUCT_TYPE_LABELS },
  },
  productPrice: {
    noun: 'price',
    nameField: 'label',
    fields: { label: 'price', product: 'product', date: 'date', price: 'value' },
  },
  // Billing setup (issue 14): the account's fee setting, the unit's billing information, payouts, ACH.
  billingAccount: {
    noun: 'account billing',
    fields: {
      feeScheduleId: 'fee schedule',
      payMethod: 'pay method',
      billingFrequency: 'frequency',
      billingTiming: 'timing',
      billingStartDate: 'billing start',
      feePayingAccountId: 'fee-paying account',
    },
    values: { payMethod: PAY_METHOD_LABELS, billingTiming: BILLING_TIMING_LABELS },
  },
  billingUnit: {
    noun: 'billing unit',
    nameField: 'name',
    fields: {
      billingContact: 'billing contact',
      payMethod: 'pay method',
      frequency: 'frequency',
      timing: 'timing',
      startDate: 'start date',
    },
    values: { payMethod: PAY_METHOD_LABELS, timing: BILLING_TIMING_LABELS },
  },
  payoutBlock: {
    noun: 'payout block',
    fields: {
      type: 'type',
      payeeUserId: 'payee',
      payoutPercentage: 'payout percentage',
      creditTo: 'credit to',
      startDate: 'start date',
      paymentType: 'payment type',
      numberOfPayments: 'number of payments',
    },
    values: { type: PAYOUT_TYPE_LABELS },
  },
  achAccount: {
    noun: 'ACH account',
    fields: {
      achAccountType: 'account type',
      accountNumber: 'account number',
      routingNumber: 'routing number',
      accountNumberChanged: 'account number changed',
      routingNumberChanged: 'routing number changed',
    },
  },
  excludedAsset: {
    noun: 'excluded asset',
    fields: {
      kind: 'type',
      accountId: 'account',
      productId: 'product',
      percent: 'percentage',
      appliesTo: 'applies to',
      reason: 'reason',
      startDate: 'start date',
      endDate: 'end date',
    },
    values: { kind: EXCLUSION_KIND_LABELS, appliesTo: EXCLUSION_APPLIES_TO_LABELS },
  },
  planningFee: {
    noun: 'planning fee',
    nameField: 'description',
    fields: {
      description: 'description',
      feeType: 'type',
      amount: 'amount',
      frequency: 'frequency',
      startDate: 'start date',
      endDate: 'end date',
      payMethod: 'pay method',
      feePayingAccountId: 'fee-paying account',
    },
    values: { feeType: PLANNING_FEE_TYPE_LABELS, payMethod: PAY_METHOD_LABELS },
  },
  accountPayees: { noun: 'account payees', fields: { payees: 'payees' } },
  // Cash flows (issue 14 §5): manual flows and the firm's threshold below which flows are not prorated.
  cashflow: {
    noun: 'cash flow',
    fields: {
      accountId: 'account',
      householdId: 'household',
      date: 'date',
      amount: 'amount',
      reason: 'reason',
      threshold: 'threshold',
    },
  },
  // Receivables (issue 16): the receivable with its splits, and each payment's state.
  receivable: {
    noun: 'receivable',
    nameField: 'accountHolder',
    fields: {
      householdId: 'household',
      productType: 'product type',
      productId: 'product',
      providerId: 'provider',
      accountHolder: 'account holder',
      description: 'description',
      amount: 'amount',
      paymentFrequency: 'payment frequency',
      numberOfPayments: 'number of payments',
      startDate: 'start date',
      policyNumber: 'policy or contract number',
      splits: 'commission splits',
      paymentId: 'payment',
      sequence: 'payment number',
      dueDate: 'due date',
      paymentState: 'payment state',
      receivedDate: 'received date',
      amountReceived: 'amount received',
      note: 'note',
    },
    values: { paymentFrequency: RECEIVABLE_FREQUENCY_LABELS, paymentState: RECEIVABLE_PAYMENT_STATE_LABELS },
  },
  // Carrier statements (issue 16 §2): a statement imported, its column mapping, a difference resolved.
  carrierStatement: {
    noun: 'carrier statement',
    nameField: 'fileName',
    fields: {
      fileName: 'file',
      providerId: 'provider',
      rows: 'lines',
      refused: 'refused lines',
      imported: 'lines imported',
      unpaid: 'unpaid payments',
      phase: 'phase',
      status: 'status',
      policyColumn: 'policy column',
      dateColumn: 'date column',
      amountColumn: 'amount column',
      kindColumn: 'kind column',
    },
  },
  statementDifference: {
    noun: 'statement difference',
    nameField: 'policyNumber',
    fields: {
      policyNumber: 'policy or contract number',
      flag: 'flag',
      resolution: 'resolution',
      note: 'note',
      paymentState: 'payment state',
    },
    values: { flag: STATEMENT_FLAG_LABELS, resolution: STATEMENT_RESOLUTION_LABELS },
  },
  // Compensation (issue 16 §3): a payee's period marked paid.
  compensation: {
    noun: 'compensation',
    fields: {
      payeeUserId: 'payee',
      from: 'from',
      to: 'to',
      basis: 'basis',
      amount: 'amount',
      paidOn: 'paid on',
    },
  },
  // Bill runs (issue 15): runs, bills, adjustments, collections and the billing settings.
  billingInstance: { noun: 'bill run', fields: { stage: 'stage', status: 'status', reason: 'reason' } },
  bill: { noun: 'bill', fields: { status: 'status', reason: 'reason', override: 'check overridden' } },
  billingAdjustment: {
    noun: 'billing adjustment',
    fields: {
      accountId: 'account',
      reasonCode: 'reason code',
      amount: 'amount',
      note: 'note',
      state: 'state',
    },
  },
  billCollection: {
    noun: 'collection',
    fields: { amount: 'amount', collectedOn: 'collected on', source: 'source', reference: 'reference' },
  },
  billingSettings: {
    noun: 'billing settings',
    fields: {
      proration: 'proration',
      firmName: 'firm name',
      collectionWindowDays: 'collection window',
      achBankRouting: 'ACH bank routing number',
      achBankName: 'ACH bank name',
      achCompanyName: 'ACH company name',
      achCompanyId: 'ACH company id',
    },
  },
  auditLog: { noun: 'audit log', fields: {} },
  route: { noun: 'page', fields: {} },
};

/** The permission an ACCESS_DENIED row names, as a verb: "no permission to change Users". */
const PERMISSION_VERBS: Readonly<Record<string, string>> = { read: 'see', write: 'change', delete: 'delete' };

/** `emailAlias` → "email alias": the fallback label of a field no map names. */
export const humanizeField = (field: string) =>
  field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();

const labelOfEntity = (entity: string): EntityLabel =>
  AUDIT_ENTITY_LABELS[entity] ?? { noun: humanizeField(entity), fields: {} };

/** A field's label in words, for the sentence and the side-by-side view. */
export const auditFieldLabel = (entity: string, field: string) =>
  labelOfEntity(entity).fields[field] ?? humanizeField(field);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const quoteList = (items: string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;

type Names = Readonly<Record<string, string>>;

const nameOf = (names: Names, kind: AuditNameKind, id: unknown) =>
  typeof id === 'string' || typeof id === 'number' ? names[auditNameKey(kind, id)] : undefined;

/** A value as a reader says it: ids as names, empty as "empty", true/false as yes/no. */
export const auditValueText = (field: string, value: unknown, names: Names = {}): string => {
  if (value === null || value === undefined || value === '') return 'empty';
  const kind = AUDIT_ID_FIELDS[field];
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    return quoteList(
      value.map((v) => (kind ? (nameOf(names, kind, v) ?? String(v)) : auditValueText(field, v))),
    );
  }
  if (kind) return nameOf(names, kind, value) ?? String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (isRecord(value)) return JSON.stringify(value);
  return String(value);
};

const isPermissionRow = (value: unknown): value is Readonly<Record<Action, boolean>> =>
  isRecord(value) && ACTIONS.every((action) => typeof value[action] === 'boolean');

/** A permission row in words: the actions it allows ("Read and Write"), or "No access". */
export const permissionRowText = (row: Readonly<Record<Action, boolean>>) => {
  const allowed = ACTIONS.filter((action) => row[action]).map((action) => PERMISSION_ACTION_LABELS[action]);
  return allowed.length > 0 ? quoteList(allowed) : 'No access';
};

/** The label of an enumeration value of an entity's field ("Percentage"), when contracts name it. */
const valueLabelOf = (entity: string, field: string, value: unknown) =>
  typeof value === 'string' ? labelOfEntity(entity).values?.[field]?.[value] : undefined;

/**
 * A value of an entry's before or after as the details table shows it: ids as the names the server resolved,
 * enumeration values and permission rows by their labels. Undefined where the value reads well as it is.
 */
export const auditDetailText = (
  entity: string,
  field: string,
  value: unknown,
  names: Names = {},
): string | undefined => {
  if (value === undefined) return undefined;
  const label = valueLabelOf(entity, field, value);
  if (label !== undefined) return label;
  if (entity === 'rolePermission' && isPermissionRow(value)) return permissionRowText(value);
  return AUDIT_ID_FIELDS[field] ? auditValueText(field, value, names) : undefined;
};

/** A value in a sentence: as the details table says it, else as auditValueText does. */
const sentenceValueText = (entity: string, field: string, value: unknown, names: Names) =>
  auditDetailText(entity, field, value, names) ?? auditValueText(field, value, names);

const snapshot = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

/** The fields whose values differ between before and after (in the order the snapshots name them). */
export const auditChangedFields = (before: unknown, after: unknown) => {
  const b = snapshot(before);
  const a = snapshot(after);
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (field) => JSON.stringify(b[field]) !== JSON.stringify(a[field]),
  );
};

/** Whom an entry is about: "Ann Lee", "the team Boston", "the fee schedule Tiered 2026". */
const subjectOf = (entry: AuditLogEntry, names: Names) => {
  const label = labelOfEntity(entry.entity);
  const before = snapshot(entry.before);
  const after = snapshot(entry.after);
  const resolved = label.kind && entry.entityId ? nameOf(names, label.kind, entry.entityId) : undefined;
  const fromSnapshot = label.nameField ? (after[label.nameField] ?? before[label.nameField]) : undefined;
  const name = resolved ?? (typeof fromSnapshot === 'string' && fromSnapshot ? fromSnapshot : undefined);
  if (label.person) return name ?? `a ${label.noun}`;
  return name ? `the ${label.noun} ${name}` : `a ${label.noun}`;
};

/** Who acted: the user's name, their email, or the system. */
const actorOf = (entry: AuditLogEntry, names: Names) =>
  (entry.actorId ? nameOf(names, 'user', entry.actorId) : undefined) ?? entry.actorEmail ?? 'The system';

const updateSentence = (entry: AuditLogEntry, actor: string, subject: string, names: Names) => {
  const before = snapshot(entry.before);
  const after = snapshot(entry.after);
  const changed = auditChangedFields(before, after).filter(
    (field) => field !== 'step' && field !== 'clientId',
  );
  if (changed.length === 0) return `${actor} saved ${subject} without changes.`;
  // A permission matrix or a tier list changes as a whole: say what changed, the table shows how.
  if (entry.entity === 'rolePermission') {
    const features = changed.map((field) => auditFieldLabel(entry.entity, field));
    return `${actor} changed the permissions of ${subject} for ${quoteList(features)}.`;
  }
  const parts = changed.map((field, index) => {
    const label = auditFieldLabel(entry.entity, field);
    const the = index === 0 ? `the ${label} of ${subject}` : `the ${label}`;
    if (isRecord(before[field]) || isRecord(after[field]) || field === 'tiers') return the;
    const from = sentenceValueText(entry.entity, field, before[field], names);
    return `${the} from ${from} to ${sentenceValueText(entry.entity, field, after[field], names)}`;
  });
  return `${actor} changed ${quoteList(parts)}.`;
};

const signInFailure = (after: Record<string, unknown>) => {
  switch (after.step) {
    case 'password':
      return ' (wrong email or password)';
    case 'mfa':
      return ' (wrong verification code)';
    case 'sso':
      return typeof after.reason === 'string'
        ? ` through single sign-on (${after.reason})`
        : ' through single sign-on';
    default:
      return '';
  }
};

/**
 * One entry of the trail as a sentence a compliance officer reads: "Jordan Hayes changed the role of Ann Lee
 * from Operations to Wealth Advisor." `names` maps `kind:id` (auditNameKey) to names the server resolved.
 */
export const auditSentence = (entry: AuditLogEntry, names: Names = entry.names ?? {}): string => {
  const actor = actorOf(entry, names);
  const subject = subjectOf(entry, names);
  const after = snapshot(entry.after);
  const self = entry.entity === 'user' && entry.actorId !== null && entry.actorId === entry.entityId;
  switch (entry.action) {
    case 'CREATE':
      return `${actor} created ${subject}.`;
    case 'UPDATE':
      return updateSentence(entry, actor, subject, names);
    case 'DELETE':
      return `${actor} deleted ${subject}.`;
    case 'SIGN_IN':
      return `${subject === 'a user' ? actor : subject} signed in${after.method === 'SSO' ? ' with single sign-on' : ''}.`;
    case 'SIGN_IN_FAILED': {
      const who =
        subject === 'a user' ? (typeof after.email === 'string' ? after.email : 'an unknown user') : subject;
      return `A sign-in as ${who} failed${signInFailure(after)}.`;
    }
    case 'SIGN_OUT':
      return `${subject === 'a user' ? actor : subject} signed out.`;
    case 'MFA_RESET':
      return `${actor} reset the two-step sign-in of ${subject}.`;
    case 'PASSWORD_CHANGED':
      return self ? `${subject} changed their password.` : `${actor} changed the password of ${subject}.`;
    case 'PASSWORD_RESET':
      return `${subject} set a new password.`;
    case 'PASSWORD_RESET_REQUESTED':
      return `A password reset was requested for ${subject}.`;
    case 'INVITE':
      return `${actor} invited ${subject}.`;
    case 'EMAIL_VERIFICATION_SENT':
      return `A verification email was sent to ${subject}.`;
    case 'EMAIL_VERIFIED':
      return `${subject} verified their email address.`;
    case 'ACCESS_DENIED': {
      const feature =
        typeof after.feature === 'string' ? auditFieldLabel('rolePermission', after.feature) : undefined;
      const action =
        typeof after.action === 'string' ? (PERMISSION_VERBS[after.action] ?? after.action) : undefined;
      const need = feature && action ? `: no permission to ${action} ${feature}` : '';
      return `Access denied to ${actor} at ${entry.entityId ?? 'a page'}${need}.`;
    }
    case 'EXPORT': {
      const rows =
        typeof after.rows === 'number' ? ` (${after.rows} ${after.rows === 1 ? 'row' : 'rows'})` : '';
      const what =
        entry.entity === 'masterData'
          ? `the list ${entry.entityId ?? ''}`.trim()
          : `the ${labelOfEntity(entry.entity).noun} list`;
      return `${actor} exported ${entry.entity === 'auditLog' ? 'the audit log' : what}${rows}.`;
    }
    case 'IMPORT': {
      const count = (key: string) => (typeof after[key] === 'number' ? after[key] : 0);
      const rows = count('rows');
      return `${actor} imported a ${labelOfEntity(entry.entity).noun} file (${rows} ${rows === 1 ? 'line' : 'lines'}: ${count('imported')} saved, ${count('unchanged')} unchanged, ${count('refused')} refused).`;
    }
    case 'DEACTIVATE':
      return `${actor} deactivated ${subject}.`;
    case 'REACTIVATE':
      return `${actor} reactivated ${subject}.`;
    case 'REVEAL':
      return `${actor} revealed the ${auditFieldLabel(entry.entity, typeof after.field === 'string' ? after.field : 'value')} of ${subject}.`;
    default:
      return `${actor}: ${humanizeField(entry.action)} ${subject}.`;
  }
};
