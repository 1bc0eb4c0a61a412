import {
  ADVISOR_ROLE_LABELS,
  type ConversionFieldChange,
  type ConversionMoves,
  conversionIssues,
  formatPhone,
  type HouseholdProspectActivity,
  PROSPECT_CONVERSION_MESSAGES,
  PROSPECT_INTERESTS,
  PROSPECT_MESSAGES,
  type ProspectActivityType,
  type ProspectConversionBody,
  type ProspectConversionPreview,
  type ProspectConversionResult,
  type ProspectForMember,
  type ProspectType,
  SERVICE_LABELS,
} from '@centric/contracts';
import type { Db } from '../../db/client.ts';
import type { Alerts } from '../../platform/alerts.ts';
import { type AuditContext, auditWriter } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, validationError } from '../../platform/errors.ts';
import { recordLinksService } from '../../platform/record-links.ts';
import type { HouseholdSeed, MembersService } from '../clients/members.service.ts';
import {
  householdActivities,
  linkedCounts,
  masterItems,
  moveActivities,
  type ProspectDbRow,
  updateProspect,
  userNames,
} from './prospects.repository.ts';
import { inactiveCause, lockOrNotFound } from './prospects.service.ts';

const NOTHING_MOVED: ConversionMoves = { notes: 0, activities: 0, tasks: 0, meetings: 0, attachments: 0 };

/** The prospect's fields a member also has. */
const forMember = (p: ProspectDbRow): ProspectForMember => ({
  type: p.type as ProspectType,
  name: p.name,
  firstName: p.firstName,
  lastName: p.lastName,
  middleName: p.middleName,
  nickName: p.nickName,
  suffix: p.suffix,
  genderId: p.genderId,
  worksAt: p.worksAt,
  phone: p.phone,
  email: p.email,
  addressLine1: p.addressLine1,
  addressLine2: p.addressLine2,
  city: p.city,
  stateId: p.stateId,
  zip: p.zip,
});

export type ProspectConversionDeps = {
  db: Db;
  clock: Clock;
  members: Pick<MembersService, 'createCompleteHousehold' | 'fillEmptyFields'>;
  alerts: Pick<Alerts, 'resolveAlert'>;
};

/**
 * Converting a prospect into a household (issue 17 §2, decision 0022). In one transaction, the prospect's row
 * locked first so a second request (a double click, another tab) waits and then finds it converted: a new
 * household through the members service (its member's rules), or an existing household's empty fields
 * filled; every note, task, meeting (links) and activity moved, never copied; the prospect CONVERTED with the
 * date and the household; all in the audit trail.
 */
export const createProspectConversion = (deps: ProspectConversionDeps) => {
  const { db, clock } = deps;
  const writeAudit = auditWriter(clock);

  /** What the prospect gives a household: services it is interested in, its advisors, its contact. */
  const seedOf = async (conn: Db, p: ProspectDbRow): Promise<HouseholdSeed> => {
    const [items, names] = await Promise.all([
      masterItems(
        conn,
        [p.genderId, p.stateId].filter((v): v is number => v !== null),
      ),
      userNames(
        conn,
        [p.wealthAdvisorId, p.businessDeveloperId].filter((v): v is string => v !== null),
      ),
    ]);
    const team: HouseholdSeed['team'][number][] = [];
    const advisorName = names.get(p.wealthAdvisorId);
    if (advisorName)
      team.push({ role: 'WEALTH_ADVISOR_1', userId: p.wealthAdvisorId, fullName: advisorName });
    const developerName = p.businessDeveloperId ? names.get(p.businessDeveloperId) : undefined;
    if (p.businessDeveloperId && developerName) {
      team.push({ role: 'BUSINESS_DEVELOPER', userId: p.businessDeveloperId, fullName: developerName });
    }
    const person = p.type === 'PERSON';
    return {
      services: PROSPECT_INTERESTS.filter((key) => {
        const value = p[key];
        return value !== null && Number.parseFloat(value) > 0;
      }),
      team,
      primary: {
        middleName: person ? p.middleName : null,
        nickName: p.nickName,
        suffix: person ? p.suffix : null,
        genderId: person ? p.genderId : null,
        employer: p.worksAt,
        phone: p.phone,
        email: p.email,
        address:
          p.addressLine1 && p.city && p.stateId !== null
            ? {
                addressLine1: p.addressLine1,
                addressLine2: p.addressLine2,
                city: p.city,
                stateId: p.stateId,
                zip: p.zip,
              }
            : null,
      },
      names: {
        gender: p.genderId === null ? null : (items.get(p.genderId)?.name ?? null),
        state: p.stateId === null ? null : (items.get(p.stateId)?.name ?? null),
      },
    };
  };

  /** What a new household gets from the prospect (its member's answers come from the dialog). */
  const newHouseholdFills = (p: ProspectDbRow, seed: HouseholdSeed): ConversionFieldChange[] => {
    const fills: ConversionFieldChange[] = [
      { field: 'member', label: 'Primary member', value: p.displayName },
    ];
    if (p.phone) fills.push({ field: 'member.phone', label: 'Phone', value: formatPhone(p.phone) });
    if (p.email) fills.push({ field: 'member.email', label: 'Email', value: p.email });
    if (p.worksAt) fills.push({ field: 'member.employer', label: 'Employer', value: p.worksAt });
    for (const key of seed.services) {
      fills.push({ field: `services.${key}`, label: 'Service', value: SERVICE_LABELS[key] });
    }
    for (const t of seed.team) {
      fills.push({ field: `team.${t.role}`, label: ADVISOR_ROLE_LABELS[t.role], value: t.fullName });
    }
    return fills;
  };

  return {
    /**
     * What converting would do: what moves, and which fields it fills (into an existing household: its empty
     * ones, with those it keeps). It only reads, in one transaction so that all it says is of one moment.
     */
    async preview(id: string, clientId: string | undefined): Promise<ProspectConversionPreview> {
      return db.transaction(async (tx) => {
        const p = await lockOrNotFound(tx, id);
        const converted = p.activityStatus === 'CONVERTED';
        const base = {
          prospectId: p.id,
          displayName: p.displayName,
          type: p.type as ProspectType,
          mode: clientId ? ('EXISTING' as const) : ('NEW' as const),
          convertedHouseholdId: p.convertedHouseholdId,
        };
        if (converted) return { ...base, household: null, moves: NOTHING_MOVED, fills: [], kept: [] };
        const [seed, moves] = [await seedOf(tx, p), await linkedCounts(tx, { kind: 'prospect', id })];
        if (!clientId) {
          return { ...base, household: null, moves, fills: newHouseholdFills(p, seed), kept: [] };
        }
        const plan = await deps.members.fillEmptyFields(tx, clientId, seed, null);
        return {
          ...base,
          household: { clientId, name: plan.name },
          moves,
          fills: plan.fills,
          kept: plan.kept,
        };
      });
    },

    async convert(
      id: string,
      body: ProspectConversionBody,
      context: AuditContext,
    ): Promise<ProspectConversionResult> {
      return db.transaction(async (tx) => {
        const p = await lockOrNotFound(tx, id);
        if (p.activityStatus === 'CONVERTED') {
          // A second request (a double click, another tab) waited for the first: it finds the household.
          if (!p.convertedHouseholdId) throw conflict(PROSPECT_CONVERSION_MESSAGES.alreadyConverted);
          return { clientId: p.convertedHouseholdId, alreadyConverted: true, moved: NOTHING_MOVED };
        }
        const prospect = forMember(p);
        const seed = await seedOf(tx, p);
        let clientId: string;
        if (body.mode === 'NEW') {
          const { issues, member } = conversionIssues(prospect, body.member);
          if (issues.length > 0 || !member) throw validationError(issues);
          ({ clientId } = await deps.members.createCompleteHousehold(tx, member, seed, context));
        } else {
          // §4: a converted prospect has an email, whichever household it goes into.
          if (!p.email) {
            throw validationError([{ path: ['email'], message: PROSPECT_MESSAGES.emailRequiredConverted }]);
          }
          await deps.members.fillEmptyFields(tx, body.clientId, seed, context);
          clientId = body.clientId;
        }
        const moved = await linkedCounts(tx, { kind: 'prospect', id });
        // The lapse's alert ends: the prospect is a client now.
        await deps.alerts.resolveAlert(tx, inactiveCause(id));
        await recordLinksService.relink(tx, { kind: 'prospect', id }, { kind: 'household', id: clientId });
        await moveActivities(tx, id, clientId);
        const now = clock.now();
        await updateProspect(tx, id, {
          activityStatus: 'CONVERTED',
          convertedAt: now,
          convertedHouseholdId: clientId,
          updatedAt: now,
        });
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: 'prospect',
          entityId: id,
          before: { activityStatus: p.activityStatus, convertedHouseholdId: null },
          after: {
            activityStatus: 'CONVERTED',
            convertedHouseholdId: clientId,
            into: body.mode === 'NEW' ? 'new household' : 'existing household',
            moved,
          },
        });
        return { clientId, alreadyConverted: false, moved };
      });
    },

    /** The activities of the prospects that became (or went into) the household. */
    async householdActivities(clientId: string): Promise<HouseholdProspectActivity[]> {
      const rows = await householdActivities(db, clientId);
      return rows.map(({ activity: a, prospectName, createdByName }) => ({
        id: a.id,
        prospectId: a.prospectId,
        prospectName,
        activityType: a.activityType as ProspectActivityType,
        activityDate: a.activityDate,
        minutes: a.minutes,
        createdBy:
          a.createdBy && createdByName !== null ? { id: a.createdBy, fullName: createdByName } : null,
      }));
    },
  };
};

export type ProspectConversion = ReturnType<typeof createProspectConversion>;
