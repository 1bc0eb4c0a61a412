import {
  ADVISOR_ROLE_LABELS,
  type AdvisorRole,
  CLIENT_API_MESSAGES,
  CLIENT_MESSAGES,
  type ConversionFieldChange,
  formatPhone,
  type Member,
  type SERVICE_FLAG_KEYS,
  SERVICE_LABELS,
  type createClientBodySchema,
  type CreateClientResult,
  identityNumberIssues,
  MEMBER_WIZARD_STEPS,
  type memberBasicStepSchema,
  type MemberDetail,
  type MemberStepBody,
  type MemberSubType,
  type MemberType,
  normalizePhone,
  renumberDisplaySequence,
} from '@centric/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { changedFields, auditWriter, type AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, fieldConflict, fieldError, notFound, validationError } from '../../platform/errors.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import type { FileStorage } from '../../platform/files.ts';
import { lockHousehold } from '../../platform/households.ts';
import { dbRefusalOf } from '../../platform/pg-errors.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import {
  fitsMemberType,
  isMaskedEchoOf,
  isMaskedOnly,
  openIdentityNumber,
  sealIdentityNumber,
  type StoredIdentity,
} from './identity-numbers.ts';
import { loadMemberDetail } from './member-read.ts';
import {
  contactPresence,
  deleteMember,
  householdMembers,
  insertHousehold,
  insertMember,
  lockMember,
  lockPrimaryMember,
  masterItemsByIds,
  type MemberRow,
  type MemberValues,
  phonesInUse,
  type PhoneValues,
  type EmailValues,
  type AddressValues,
  renameHousehold,
  replaceAddresses,
  replaceEmails,
  replaceEmploymentStatuses,
  replaceInterests,
  replacePhones,
  setDisplaySequence,
  ssnMaskingEnabled,
  updateMember,
} from './members.repository.ts';
import { hasPrimaryContacts, publishHousehold } from './drafts.repository.ts';
import { assignableUserIds, setHouseholdFields, setTeamRole, teamUserIds } from './clients.repository.ts';

type BasicStep = z.output<typeof memberBasicStepSchema>;
type StepBody<S extends MemberStepBody['step']> = Extract<MemberStepBody, { step: S }>;
type PreferencesStep = StepBody<'preferences'>;
type ContactStep = StepBody<'contact'>;
type IdentityStep = StepBody<'identity'>;
type EmploymentStep = StepBody<'employment'>;
type CreateClientBody = z.output<typeof createClientBodySchema>;

// ---- Errors -------------------------------------------------------------------------------------------------

const subTypeConflict = (message: string) => fieldConflict('subType', message);

/** Maps what the database refused to the answer the user should see; rethrows anything else. */
const mapWriteError = (err: unknown): never => {
  const refusal = dbRefusalOf(err);
  if (refusal?.kind === 'unique' && refusal.constraint === 'members_one_primary_idx')
    throw subTypeConflict(CLIENT_API_MESSAGES.primaryExists);
  if (refusal?.kind === 'unique' && refusal.constraint === 'members_one_secondary_idx')
    throw subTypeConflict(CLIENT_API_MESSAGES.secondaryExists);
  // A master-data value deleted between the check and the write.
  if (refusal?.kind === 'foreignKey') throw badRequest(CLIENT_MESSAGES.invalidOption);
  throw err;
};

// ---- Master data ----------------------------------------------------------------------------------------------

type MasterRef = { path: string; id: number | null; types: readonly string[] };

const RELIGION_TYPES = ['religious-affiliations', 'sub-religions'] as const;
const INDUSTRY_TYPES = ['industry', 'industry-jobs'] as const;

const basicRefs = (d: BasicStep): MasterRef[] => [
  { path: 'gender', id: d.gender, types: ['gender'] },
  { path: 'marriageStatus', id: d.marriageStatus, types: ['marriage-status'] },
];

const preferencesRefs = (d: PreferencesStep): MasterRef[] => [
  { path: 'sexualOrientation', id: d.sexualOrientation, types: ['sexual-orientation'] },
  { path: 'politicalParty', id: d.politicalParty, types: ['political-party'] },
  { path: 'religion', id: d.religion, types: RELIGION_TYPES },
  { path: 'parentReligion', id: d.parentReligion, types: ['religious-affiliations'] },
  ...d.interests.map((id, i) => ({ path: `interests.${i}`, id, types: ['specific-interest'] })),
];

const contactRefs = (d: ContactStep): MasterRef[] =>
  d.addresses.map((a, i) => ({ path: `addresses.${i}.stateId`, id: a.stateId, types: ['states'] }));

const identityRefs = (d: IdentityStep): MasterRef[] => [
  { path: 'driverLicenseState', id: d.driverLicenseState, types: ['states'] },
];

const employmentRefs = (d: EmploymentStep): MasterRef[] => [
  ...d.employmentStatus.map((id, i) => ({ path: `employmentStatus.${i}`, id, types: ['employment-status'] })),
  { path: 'industry', id: d.industry, types: INDUSTRY_TYPES },
  { path: 'parentIndustry', id: d.parentIndustry, types: ['industry'] },
];

/**
 * Every referenced master-data value exists and is of the list the field takes; a sub-item (sub-religion,
 * industry job) must belong to the parent chosen next to it.
 */
const checkMasterRefs = async (
  db: Db,
  refs: MasterRef[],
  parents: { child: string; parent: string }[] = [],
) => {
  const wanted = refs.filter((r): r is MasterRef & { id: number } => r.id !== null);
  if (wanted.length === 0) return;
  const items = await masterItemsByIds(
    db,
    wanted.map((r) => r.id),
  );
  const issues: { path: PropertyKey[]; message: string }[] = [];
  for (const ref of wanted) {
    const item = items.get(ref.id);
    if (!item || !ref.types.includes(item.type)) {
      issues.push({ path: [ref.path], message: CLIENT_MESSAGES.invalidOption });
    }
  }
  for (const { child, parent } of parents) {
    const childRef = wanted.find((r) => r.path === child);
    const parentRef = wanted.find((r) => r.path === parent);
    const item = childRef ? items.get(childRef.id) : undefined;
    if (item && parentRef && item.parentId !== null && item.parentId !== parentRef.id) {
      issues.push({ path: [child], message: CLIENT_MESSAGES.invalidOption });
    }
  }
  if (issues.length > 0) throw validationError(issues);
};

// ---- Field mapping ---------------------------------------------------------------------------------------------

const textOrNull = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

const basicValues = (d: BasicStep): MemberValues => ({
  firstName: d.firstName,
  middleName: textOrNull(d.middleName),
  lastName: d.lastName,
  nickName: textOrNull(d.nickName),
  suffix: textOrNull(d.suffix),
  dateOfBirth: d.date,
  genderId: d.gender,
  marriageStatusId: d.marriageStatus,
  deceased: d.deceased,
  deceasedDate: d.deceased ? d.deceasedDate : null,
});

const householdNameOf = (m: { firstName: string; lastName: string }) => `${m.lastName}, ${m.firstName}`;

/** What the audit trail records of a member: no ids of list rows, the identity number masked. */
const auditSnapshot = (d: MemberDetail) => {
  const {
    id: _id,
    ageLabel: _ageLabel,
    genderName: _genderName,
    marriageStatusName: _marriageStatusName,
    industryName: _industryName,
    identityNumberMasked,
    hasIdentityNumber: _has,
    phoneNumbers,
    emailAddresses,
    addresses,
    ...rest
  } = d;
  return {
    ...rest,
    identityNumber: identityNumberMasked,
    phoneNumbers: phoneNumbers.map(({ id: _pid, ...p }) => p),
    emailAddresses: emailAddresses.map(({ id: _eid, ...e }) => e),
    addresses: addresses.map(({ id: _aid, state: _state, ...a }) => a),
  };
};

type ContactLists = Pick<ContactStep, 'phoneNumbers' | 'emailAddresses' | 'addresses'>;

/** An entry's place in its list: its type (Other when none), primary and linked-to-primary flags, position. */
const placed = (
  e: { type?: string | null; isPrimary: boolean; linkedToPrimary: boolean },
  position: number,
) => ({ type: e.type ?? 'Other', isPrimary: e.isPrimary, linkedToPrimary: e.linkedToPrimary, position });

/** A member's phones, emails and addresses replaced by these lists, in their order. */
const writeContacts = async (tx: Db, memberId: string, d: ContactLists) => {
  await replacePhones(
    tx,
    memberId,
    d.phoneNumbers.map((p, position) => ({ phone: p.phone, ...placed(p, position) })),
  );
  await replaceEmails(
    tx,
    memberId,
    d.emailAddresses.map((e, position) => ({ email: e.email, ...placed(e, position) })),
  );
  await replaceAddresses(
    tx,
    memberId,
    d.addresses.map((a, position) => ({
      addressLine1: a.addressLine1,
      addressLine2: a.addressLine2,
      addressLine3: a.addressLine3,
      city: a.city,
      stateId: a.stateId,
      zip: a.zip,
      country: a.country,
      ...placed(a, position),
      type: a.type ?? null,
    })),
  );
};

/**
 * What a household can be given from outside the wizard (a prospect converting, decision 0022): services,
 * advisors for team roles, and its primary member's optional fields and first phone, email and address. Into
 * an existing household only what is empty is filled; `names` are how the values read in a preview.
 */
export type HouseholdSeed = {
  services: readonly (typeof SERVICE_FLAG_KEYS)[number][];
  team: ReadonlyArray<{ role: AdvisorRole; userId: string; fullName: string }>;
  primary: {
    middleName: string | null;
    nickName: string | null;
    suffix: string | null;
    genderId: number | null;
    employer: string | null;
    phone: string | null;
    email: string | null;
    address: {
      addressLine1: string;
      addressLine2: string | null;
      city: string;
      stateId: number;
      zip: string | null;
    } | null;
  };
  names: { gender: string | null; state: string | null };
};

const unique = <T>(values: readonly T[]) => [...new Set(values)];

export type MembersService = ReturnType<typeof createMembersService>;

export const createMembersService = (deps: {
  db: Db;
  secrets: SecretBox;
  files?: FileStorage;
  today: FirmToday;
  clock: Clock;
  /** Called in the transaction of each change to a household's members (the missing-information alert). */
  householdChanged?: (tx: Db, clientId: string) => Promise<void>;
}) => {
  const { db, secrets, files, today, clock } = deps;
  const writeAudit = auditWriter(clock);

  /**
   * A transaction that changes a household: its missing-information alert is brought up to date in it, so
   * the alerts list and badge show the change with it (platform/alerts.ts; the activity sweep would within
   * 15 minutes).
   */
  const inHousehold = <T>(clientId: string, work: (tx: Db) => Promise<T>) =>
    db.transaction(async (tx) => {
      const result = await work(tx);
      await deps.householdChanged?.(tx, clientId);
      return result;
    });

  const requireMember = async (tx: Db, clientId: string, memberId: string): Promise<MemberRow> => {
    const member = await lockMember(tx, memberId);
    if (!member || member.householdId !== clientId) throw notFound(CLIENT_API_MESSAGES.memberNotFound);
    return member;
  };

  const detailOf = async (tx: Db, clientId: string, memberId: string) => {
    const detail = await loadMemberDetail(tx, clientId, memberId, today());
    if (!detail) throw notFound(CLIENT_API_MESSAGES.memberNotFound);
    return detail;
  };

  /** Primary first, secondary second, the rest in their order: displaySequence 1..n. */
  const renumber = async (tx: Db, householdId: string) => {
    const list = await householdMembers(tx, householdId);
    const before = new Map(list.map((m) => [m.id, m.displaySequence]));
    const renumbered = renumberDisplaySequence(
      list.map((m) => ({ ...m, subType: (m.subType ?? null) as MemberSubType | null })),
    );
    for (const m of renumbered) {
      if (before.get(m.id) !== m.displaySequence) await setDisplaySequence(tx, m.id, m.displaySequence);
    }
  };

  /** One primary and one secondary per household (409), and the primary stays primary (400). */
  const assertSubTypeAllowed = async (
    tx: Db,
    householdId: string,
    member: { id: string; subType: MemberSubType | null } | null,
    subType: MemberSubType | null,
  ) => {
    if (member?.subType === 'PRIMARY' && subType !== 'PRIMARY') {
      throw fieldError('subType', CLIENT_API_MESSAGES.primarySubTypeLocked);
    }
    if (subType !== 'PRIMARY' && subType !== 'SECONDARY') return;
    if (member?.subType === subType) return;
    const others = (await householdMembers(tx, householdId)).filter((m) => m.id !== member?.id);
    if (subType === 'PRIMARY' && others.some((m) => m.subType === 'PRIMARY')) {
      throw subTypeConflict(CLIENT_API_MESSAGES.primaryExists);
    }
    if (subType === 'SECONDARY' && others.some((m) => m.subType === 'SECONDARY')) {
      throw subTypeConflict(CLIENT_API_MESSAGES.secondaryExists);
    }
  };

  /** 400 'This phone number is already in use.' at each phone another member holds (not linked to primary). */
  const assertPhonesAvailable = async (
    tx: Db,
    memberId: string | null,
    phones: ContactStep['phoneNumbers'],
  ) => {
    const candidates = phones.filter((p) => !p.linkedToPrimary).map((p) => p.phone);
    const inUse = await phonesInUse(tx, candidates, memberId);
    const issues = phones.flatMap((p, index) =>
      !p.linkedToPrimary && inUse.has(p.phone)
        ? [{ path: ['phoneNumbers', index, 'phone'], message: CLIENT_MESSAGES.phoneInUse }]
        : [],
    );
    if (issues.length > 0) throw validationError(issues);
  };

  /**
   * Whether an identity step keeps the stored number: when it sends none, or (ssnMasking on) sends the stored
   * one back masked. Any other number must fit the member's kind (400 otherwise).
   */
  const keepsIdentity = (d: IdentityStep, current: MemberRow, ssnMasked: boolean): boolean => {
    const sent = d.identityNumber;
    if (sent === undefined) return true;
    const stored: StoredIdentity = {
      sealed: current.identityNumberSealed,
      last4: current.identityNumberLast4,
    };
    if (ssnMasked && isMaskedEchoOf(current.type as MemberType, sent, stored)) return true;
    const issues = identityNumberIssues(
      { type: d.type, subType: d.subType, identityNumber: sent },
      { ssnMasked },
    );
    if (issues.length > 0) throw validationError(issues);
    return false;
  };

  return {
    /** POST /api/clients: a household named after its new PRIMARY member ("Last, First"). */
    async createHousehold(
      body: CreateClientBody,
      context: AuditContext,
      createdBy: string | null,
    ): Promise<CreateClientResult> {
      const member = body;
      if (member.subType !== null && member.subType !== 'PRIMARY') {
        throw fieldError('subType', CLIENT_API_MESSAGES.primaryRequired);
      }
      // The step schema asks for the date only of a primary or secondary; without a subType it did not.
      if (member.date === null) throw fieldError('date', CLIENT_MESSAGES.dobRequired);
      await checkMasterRefs(db, basicRefs(member));
      try {
        return await db.transaction(async (tx) => {
          const household = await insertHousehold(tx, { name: householdNameOf(member), createdBy });
          const row = await insertMember(tx, {
            ...basicValues(member),
            firstName: member.firstName,
            lastName: member.lastName,
            householdId: household.id,
            type: member.type,
            subType: 'PRIMARY',
            displaySequence: 1,
            completedSteps: 1,
          });
          await writeAudit(tx, context, {
            action: 'CREATE',
            entity: 'household',
            entityId: household.id,
            after: { name: household.name, status: household.status },
          });
          await writeAudit(tx, context, {
            action: 'CREATE',
            entity: 'member',
            entityId: row.id,
            after: auditSnapshot(await detailOf(tx, household.id, row.id)),
          });
          return { clientId: household.id, memberId: row.id };
        });
      } catch (err) {
        return mapWriteError(err);
      }
    },

    /**
     * A complete household in the caller's transaction (a prospect converting, decision 0022): its primary
     * member with every wizard step's fields at once (checked with the member's schema by the caller and its
     * master data here), contacts, services and team; published, never a draft. Audited like the wizard's.
     */
    async createCompleteHousehold(
      tx: Db,
      member: Member,
      seed: Pick<HouseholdSeed, 'services' | 'team'>,
      context: AuditContext,
    ): Promise<{ clientId: string; memberId: string }> {
      try {
        await checkMasterRefs(
          tx,
          [
            ...basicRefs(member),
            ...contactRefs({ ...member, step: 'contact' }),
            ...employmentRefs({ ...member, step: 'employment' }),
          ],
          [{ child: 'industry', parent: 'parentIndustry' }],
        );
        await assertPhonesAvailable(tx, null, member.phoneNumbers);
        const household = await insertHousehold(tx, {
          name: householdNameOf(member),
          createdBy: context.actorId,
        });
        const services = Object.fromEntries(seed.services.map((key) => [key, true]));
        await setHouseholdFields(tx, household.id, { draft: false, ...services }, clock.now());
        const row = await insertMember(tx, {
          ...basicValues(member),
          firstName: member.firstName,
          lastName: member.lastName,
          householdId: household.id,
          type: member.type,
          subType: 'PRIMARY',
          displaySequence: 1,
          completedSteps: MEMBER_WIZARD_STEPS.length,
          employer: member.employer,
          jobTitle: member.jobTitle,
        });
        await writeContacts(tx, row.id, member);
        await replaceEmploymentStatuses(tx, row.id, unique(member.employmentStatus));
        const assignable = await assignableUserIds(
          tx,
          seed.team.map((t) => t.userId),
        );
        const team = seed.team.filter((t) => assignable.has(t.userId));
        for (const t of team) await setTeamRole(tx, household.id, t.role, t.userId, clock.now());
        await writeAudit(tx, context, {
          action: 'CREATE',
          entity: 'household',
          entityId: household.id,
          after: {
            name: household.name,
            status: household.status,
            services: seed.services,
            team: Object.fromEntries(team.map((t) => [t.role, t.userId])),
          },
        });
        await writeAudit(tx, context, {
          action: 'CREATE',
          entity: 'member',
          entityId: row.id,
          after: auditSnapshot(await detailOf(tx, household.id, row.id)),
        });
        await deps.householdChanged?.(tx, household.id);
        return { clientId: household.id, memberId: row.id };
      } catch (err) {
        const refusal = dbRefusalOf(err);
        if (refusal?.kind === 'unique' && refusal.constraint === 'member_phones_in_use_idx') {
          throw fieldError('phoneNumbers.0.phone', CLIENT_MESSAGES.phoneInUse);
        }
        return mapWriteError(err);
      }
    },

    /**
     * What the seed would fill in an existing household (its empty fields only) and what it keeps (its fields
     * already filled, which the seed would have changed). With `apply`, in the caller's transaction, the
     * household and its primary member locked: the empty fields are filled and the change audited.
     */
    async fillEmptyFields(
      tx: Db,
      clientId: string,
      seed: HouseholdSeed,
      context: AuditContext | null,
    ): Promise<{ name: string; fills: ConversionFieldChange[]; kept: ConversionFieldChange[] }> {
      const household = await lockHousehold(tx, clientId);
      const fills: ConversionFieldChange[] = [];
      const kept: ConversionFieldChange[] = [];
      const consider = (field: string, label: string, value: string | null, empty: boolean) => {
        if (value === null) return;
        (empty ? fills : kept).push({ field, label, value });
      };
      const services = seed.services.filter((key) => !household[key]);
      for (const key of seed.services)
        consider(`services.${key}`, 'Service', SERVICE_LABELS[key], !household[key]);
      const current = await teamUserIds(tx, clientId);
      const assignable = await assignableUserIds(
        tx,
        seed.team.map((t) => t.userId),
      );
      const team = seed.team.filter((t) => assignable.has(t.userId) && current[t.role] === null);
      for (const t of seed.team) {
        if (!assignable.has(t.userId) || current[t.role] === t.userId) continue;
        consider(`team.${t.role}`, ADVISOR_ROLE_LABELS[t.role], t.fullName, current[t.role] === null);
      }
      const primary = await lockPrimaryMember(tx, clientId);
      const memberValues: MemberValues = {};
      let contacts: { phones: PhoneValues[]; emails: EmailValues[]; addresses: AddressValues[] } | null =
        null;
      if (primary) {
        const p = seed.primary;
        const fill = <K extends keyof MemberValues>(
          key: K,
          label: string,
          value: MemberValues[K] | null,
          shown: string | null,
        ) => {
          if (value === null || value === undefined) return;
          const empty = primary[key as keyof MemberRow] === null;
          consider(`member.${key}`, label, shown, empty);
          if (empty) memberValues[key] = value;
        };
        fill('middleName', 'Middle name', p.middleName, p.middleName);
        fill('nickName', 'Nickname', p.nickName, p.nickName);
        fill('suffix', 'Suffix', p.suffix, p.suffix);
        if (primary.type === 'PERSON') fill('genderId', 'Gender', p.genderId, seed.names.gender);
        fill('employer', 'Employer', p.employer, p.employer);
        const has = await contactPresence(tx, primary.id);
        const phoneFree = p.phone !== null && !(await phonesInUse(tx, [p.phone], primary.id)).has(p.phone);
        if (p.phone !== null && (phoneFree || has.phones))
          consider('member.phone', 'Phone', formatPhone(p.phone), !has.phones);
        if (p.email !== null) consider('member.email', 'Email', p.email, !has.emails);
        const address = p.address;
        if (address) {
          const shown = [
            address.addressLine1,
            address.addressLine2,
            address.city,
            seed.names.state,
            address.zip,
          ]
            .filter(Boolean)
            .join(', ');
          consider('member.address', 'Address', shown, !has.addresses);
        }
        contacts = {
          phones:
            !has.phones && phoneFree && p.phone !== null
              ? [{ phone: p.phone, type: 'Mobile', isPrimary: true, linkedToPrimary: false, position: 0 }]
              : [],
          emails:
            !has.emails && p.email !== null
              ? [{ email: p.email, type: 'Personal', isPrimary: true, linkedToPrimary: false, position: 0 }]
              : [],
          addresses:
            !has.addresses && address
              ? [
                  {
                    addressLine1: address.addressLine1,
                    addressLine2: address.addressLine2 ?? undefined,
                    city: address.city,
                    stateId: address.stateId,
                    zip: address.zip ?? undefined,
                    type: 'Home',
                    isPrimary: true,
                    linkedToPrimary: false,
                    position: 0,
                  },
                ]
              : [],
        };
      }
      if (context === null) return { name: household.name, fills, kept };

      if (services.length > 0) {
        await setHouseholdFields(
          tx,
          clientId,
          Object.fromEntries(services.map((key) => [key, true])),
          clock.now(),
        );
      }
      for (const t of team) await setTeamRole(tx, clientId, t.role, t.userId, clock.now());
      if (primary && contacts) {
        if (Object.keys(memberValues).length > 0)
          await updateMember(tx, primary.id, memberValues, clock.now());
        if (contacts.phones.length > 0) await replacePhones(tx, primary.id, contacts.phones);
        if (contacts.emails.length > 0) await replaceEmails(tx, primary.id, contacts.emails);
        if (contacts.addresses.length > 0) await replaceAddresses(tx, primary.id, contacts.addresses);
      }
      if (fills.length > 0) {
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: 'household',
          entityId: clientId,
          before: Object.fromEntries(fills.map((f) => [f.field, null])),
          after: Object.fromEntries(fills.map((f) => [f.field, f.value])),
        });
      }
      await deps.householdChanged?.(tx, clientId);
      return { name: household.name, fills, kept };
    },

    /** POST /api/clients/:clientId/members: a member from the basic step, placed by the primary rules. */
    async addMember(clientId: string, body: BasicStep, context: AuditContext): Promise<MemberDetail> {
      try {
        return await inHousehold(clientId, async (tx) => {
          await lockHousehold(tx, clientId);
          await assertSubTypeAllowed(tx, clientId, null, body.subType);
          await checkMasterRefs(tx, basicRefs(body));
          const list = await householdMembers(tx, clientId);
          const row = await insertMember(tx, {
            ...basicValues(body),
            firstName: body.firstName,
            lastName: body.lastName,
            householdId: clientId,
            type: body.type,
            subType: body.subType,
            displaySequence: Math.max(0, ...list.map((m) => m.displaySequence)) + 1,
            completedSteps: 1,
          });
          await renumber(tx, clientId);
          const detail = await detailOf(tx, clientId, row.id);
          await writeAudit(tx, context, {
            action: 'CREATE',
            entity: 'member',
            entityId: row.id,
            after: auditSnapshot(detail),
          });
          return detail;
        });
      } catch (err) {
        return mapWriteError(err);
      }
    },

    async getMember(clientId: string, memberId: string): Promise<MemberDetail> {
      return detailOf(db, clientId, memberId);
    },

    /**
     * PUT …/steps/:step: validates the body with the step's schema and saves that step's fields (and the
     * type and subType every step carries). Contact lists and link rows are replaced in the order sent.
     * Identity number: absent keeps it, null/'' clears it, its masked form (ssnMasking on) keeps it. When the
     * type changes and the stored number does not fit the new type (a pet, an EIN on a person), it is cleared.
     */
    async saveStep(
      clientId: string,
      memberId: string,
      data: MemberStepBody,
      context: AuditContext,
    ): Promise<MemberDetail> {
      const { step } = data;
      const ssnMasked = step === 'identity' ? await ssnMaskingEnabled(db) : false;
      let phones: ContactStep['phoneNumbers'] = [];
      try {
        return await inHousehold(clientId, async (tx) => {
          const household = await lockHousehold(tx, clientId);
          const current = await requireMember(tx, clientId, memberId);
          const keepIdentity = data.step === 'identity' && keepsIdentity(data, current, ssnMasked);
          const before = await detailOf(tx, clientId, memberId);
          const currentSubType = (current.subType ?? null) as MemberSubType | null;
          await assertSubTypeAllowed(tx, clientId, { id: current.id, subType: currentSubType }, data.subType);

          const stepIndex = MEMBER_WIZARD_STEPS.indexOf(step);
          const values: MemberValues = {
            type: data.type,
            subType: data.subType,
            completedSteps: Math.max(current.completedSteps, stepIndex + 1),
          };
          let identityReplaced = false;

          if (data.step === 'basic') {
            const d = data;
            await checkMasterRefs(tx, basicRefs(d));
            Object.assign(values, basicValues(d));
          } else if (data.step === 'preferences') {
            const d = data;
            await checkMasterRefs(tx, preferencesRefs(d), [{ child: 'religion', parent: 'parentReligion' }]);
            Object.assign(values, {
              sexualOrientationId: d.sexualOrientation,
              politicalPartyId: d.politicalParty,
              religionId: d.religion,
              parentReligionId: d.parentReligion,
              riskScore: d.riskScore,
              annualIncome: d.annualIncome,
              linkedinUrl: d.linkedinUrl,
            } satisfies MemberValues);
          } else if (data.step === 'contact') {
            const d = data;
            await checkMasterRefs(tx, contactRefs(d));
            phones = d.phoneNumbers;
            await assertPhonesAvailable(tx, memberId, d.phoneNumbers);
          } else if (data.step === 'identity') {
            const d = data;
            await checkMasterRefs(tx, identityRefs(d));
            Object.assign(values, {
              driverLicenseNum: d.driverLicenseNum,
              driverLicenseStateId: d.driverLicenseState,
            } satisfies MemberValues);
            if (!keepIdentity && d.identityNumber !== undefined) {
              identityReplaced = true;
              if (d.identityNumber === null) {
                Object.assign(values, { identityNumberSealed: null, identityNumberLast4: null });
              } else if (isMaskedOnly(d.type, d.identityNumber)) {
                // Only the last four digits, and not those of the stored number: the full SSN is needed.
                throw fieldError('identityNumber', CLIENT_MESSAGES.ssnInvalid);
              } else {
                const sealed = sealIdentityNumber(secrets, d.type, d.identityNumber);
                Object.assign(values, {
                  identityNumberSealed: sealed.sealed,
                  identityNumberLast4: sealed.last4,
                });
              }
            }
          } else {
            const d = data;
            await checkMasterRefs(tx, employmentRefs(d), [{ child: 'industry', parent: 'parentIndustry' }]);
            Object.assign(values, {
              employer: d.employer,
              jobTitle: d.jobTitle,
              industryId: d.industry,
              parentIndustryId: d.parentIndustry,
            } satisfies MemberValues);
          }

          // A new type may not hold the stored number (a pet, an EIN on a person): it is cleared then.
          if (!identityReplaced && data.type !== current.type && current.identityNumberSealed !== null) {
            const clear = openIdentityNumber(secrets, current.identityNumberSealed);
            if (!fitsMemberType(data.type, clear)) {
              Object.assign(values, { identityNumberSealed: null, identityNumberLast4: null });
            }
          }

          await updateMember(tx, memberId, values, clock.now());
          if (data.step === 'contact') {
            await writeContacts(tx, memberId, data);
          } else if (data.step === 'preferences') {
            await replaceInterests(tx, memberId, unique(data.interests));
          } else if (data.step === 'employment') {
            await replaceEmploymentStatuses(tx, memberId, unique(data.employmentStatus));
          }

          // The household keeps the primary's name unless someone renamed it by hand.
          if (data.step === 'basic' && current.subType === 'PRIMARY') {
            const d = data;
            const oldName = householdNameOf(current);
            const newName = householdNameOf(d);
            if (household.name === oldName && newName !== oldName)
              await renameHousehold(tx, clientId, newName, clock.now());
          }
          if (data.subType !== currentSubType) await renumber(tx, clientId);
          // Saving the primary's last step finishes the wizard: a draft household is published (decision 13).
          const finished = (values.completedSteps ?? 0) >= MEMBER_WIZARD_STEPS.length;
          if (
            household.draft &&
            current.subType === 'PRIMARY' &&
            finished &&
            (await hasPrimaryContacts(tx, memberId))
          ) {
            await publishHousehold(tx, clientId);
            await writeAudit(tx, context, {
              action: 'UPDATE',
              entity: 'household',
              entityId: clientId,
              before: { draft: true },
              after: { draft: false },
            });
          }

          const after = await detailOf(tx, clientId, memberId);
          const diff = changedFields(auditSnapshot(before), auditSnapshot(after));
          const sealedChanged =
            values.identityNumberSealed !== undefined &&
            values.identityNumberSealed !== current.identityNumberSealed;
          if (sealedChanged) {
            // The same last four digits still mean a new number: record that it changed (masked).
            diff.before.identityNumber = before.identityNumberMasked;
            diff.after.identityNumber = after.identityNumberMasked;
          }
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: 'member',
            entityId: memberId,
            before: { clientId, step, ...diff.before },
            after: { clientId, step, ...diff.after },
          });
          return after;
        });
      } catch (err) {
        const refusal = dbRefusalOf(err);
        if (refusal?.kind === 'unique' && refusal.constraint === 'member_phones_in_use_idx') {
          // Another member took the number between the check and the write.
          const inUse = await phonesInUse(
            db,
            phones.filter((p) => !p.linkedToPrimary).map((p) => p.phone),
            memberId,
          );
          const index = phones.findIndex((p) => !p.linkedToPrimary && inUse.has(p.phone));
          const at =
            index >= 0
              ? index
              : Math.max(
                  0,
                  phones.findIndex((p) => !p.linkedToPrimary),
                );
          throw fieldError(`phoneNumbers.${at}.phone`, CLIENT_MESSAGES.phoneInUse);
        }
        return mapWriteError(err);
      }
    },

    /** GET …/identity-number: the clear number, for users who may write clients; always audited. */
    async revealIdentityNumber(clientId: string, memberId: string, context: AuditContext) {
      return db.transaction(async (tx) => {
        await lockHousehold(tx, clientId);
        const member = await requireMember(tx, clientId, memberId);
        if (member.identityNumberSealed === null) throw notFound(CLIENT_API_MESSAGES.noIdentityNumber);
        const identityNumber = openIdentityNumber(secrets, member.identityNumberSealed);
        await writeAudit(tx, context, {
          action: 'REVEAL',
          entity: 'member',
          entityId: memberId,
          after: { clientId, field: 'identityNumber' },
        });
        return { identityNumber };
      });
    },

    /** DELETE …/members/:memberId: never the primary; its contacts and dates go with it. */
    async deleteMember(clientId: string, memberId: string, context: AuditContext) {
      const imagePath = await inHousehold(clientId, async (tx) => {
        await lockHousehold(tx, clientId);
        const member = await requireMember(tx, clientId, memberId);
        if (member.subType === 'PRIMARY') throw badRequest(CLIENT_API_MESSAGES.primaryCannotBeDeleted);
        const before = await detailOf(tx, clientId, memberId);
        await deleteMember(tx, memberId);
        await renumber(tx, clientId);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'member',
          entityId: memberId,
          before: auditSnapshot(before),
        });
        return member.profileImagePath;
      });
      // The row is gone: its profile image is no longer served, and the file goes too.
      if (imagePath && files) await files.remove(imagePath).catch(() => undefined);
    },

    /** GET /api/clients/phone-availability: is the number free for this member (or a new one)? */
    async phoneAvailability(phone: string, memberId: string | undefined) {
      const normalized = normalizePhone(phone);
      if (normalized === null) throw fieldError('phone', CLIENT_MESSAGES.phoneInvalid);
      const inUse = await phonesInUse(db, [normalized], memberId ?? null);
      const available = !inUse.has(normalized);
      return {
        available,
        message: available ? CLIENT_API_MESSAGES.phoneAvailable : CLIENT_MESSAGES.phoneInUse,
      };
    },
  };
};
