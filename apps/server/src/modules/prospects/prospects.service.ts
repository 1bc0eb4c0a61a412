import {
  addDays,
  combineInterestsOf,
  daysBetween,
  type LeadStatus,
  periodRange,
  type Prospect,
  type ProspectActivity,
  type ProspectActivityBody,
  type ProspectActivityType,
  type ProspectCreateBody,
  PROSPECT_INACTIVE_DAYS,
  PROSPECT_MESSAGES,
  prospectDisplayName,
  type ProspectRow,
  type ProspectsExportQuery,
  type ProspectsQuery,
  type ProspectStatistics,
  type ProspectUpdateBody,
} from '@centric/contracts';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { Alerts } from '../../platform/alerts.ts';
import { type AuditContext, auditWriter, changedFields } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, notFound, validationError } from '../../platform/errors.ts';
import { recordLinksService, type RecordRef } from '../../platform/record-links.ts';
import type { FirmToday } from '../../platform/firm-calendar.ts';
import type { FileStorage } from '../../platform/files.ts';
import {
  activeUserIds,
  activitiesOf,
  findProspect,
  insertActivities,
  insertProspect,
  listProspects,
  lockProspectRow,
  markInactiveAlerted,
  masterItems,
  type ProspectDbRow,
  type ProspectListRow,
  type ProspectValues,
  refreshLastActivity,
  statistics,
  unalertedInactive,
  updateProspect,
  deleteProspect,
} from './prospects.repository.ts';

const AUDIT_ENTITY = 'prospect';
const SWEEP_BATCH = 500;

/** The alert's cause: one per prospect, resolved by its next activity and raised again at the next lapse. */
export const inactiveCause = (prospectId: string) => `prospect-inactive:${prospectId}`;

type Issue = { path: PropertyKey[]; message: string };

/** The prospect's row, locked until the transaction ends, or 404 'Prospect not found.'. */
export const lockOrNotFound = async (tx: Db, id: string) => {
  const current = await lockProspectRow(tx, id);
  if (!current) throw notFound(PROSPECT_MESSAGES.notFound);
  return current;
};

/** The prospect's row from the form's values (the import's lines too): names by type, combineInterests. */
export const prospectValuesOf = (body: ProspectUpdateBody, now: Date): Omit<ProspectValues, 'createdBy'> => {
  const combine = combineInterestsOf(body);
  return {
    type: body.type,
    name: body.type === 'PERSON' ? null : body.name,
    firstName: body.type === 'PERSON' ? body.firstName : null,
    lastName: body.type === 'PERSON' ? body.lastName : null,
    middleName: body.type === 'PERSON' ? body.middleName : null,
    nickName: body.nickName,
    suffix: body.type === 'PERSON' ? body.suffix : null,
    displayName: prospectDisplayName(body),
    genderId: body.genderId,
    worksAt: body.worksAt,
    activityStatus: body.activityStatus,
    leadStatus: body.leadStatus,
    wealthAdvisorId: body.wealthAdvisorId as string,
    businessDeveloperId: body.businessDeveloperId,
    financialLifeManagement: body.financialLifeManagement,
    riskManagement: body.riskManagement,
    assetManagement: body.assetManagement,
    legacyPlanning: body.legacyPlanning,
    privateFund: body.privateFund,
    combineInterests: combine,
    addressLine1: body.addressLine1,
    addressLine2: body.addressLine2,
    city: body.city,
    stateId: body.stateId,
    zip: body.zip,
    sourceId: body.sourceId as number,
    other: body.other,
    phone: body.phone,
    email: body.email,
    updatedAt: now,
  };
};

/** A prospect's row as the audit trail keeps it (no file path). */
const prospectAuditOf = (row: ProspectDbRow) => {
  const { profileImagePath: _image, inactiveAlertedFor: _alerted, version: _version, ...rest } = row;
  return rest;
};

export type ProspectsServiceDeps = {
  db: Db;
  /** The notes that hang on a prospect go with it (decision 0026). */
  notes: { removeAllOf: (tx: Db, record: RecordRef, context: AuditContext) => Promise<number> };
  files: FileStorage;
  clock: Clock;
  today: FirmToday;
  config: { FIRM_TIME_ZONE: string };
  alerts: Pick<Alerts, 'resolveAlert'>;
};

export type ProspectsService = ReturnType<typeof createProspectsService>;

export const createProspectsService = (deps: ProspectsServiceDeps) => {
  const { db, clock, today } = deps;
  const writeAudit = auditWriter(clock);

  const toRow = ({ prospect: p, wealthAdvisorName, businessDeveloperName }: ProspectListRow): ProspectRow => {
    const day = today();
    return {
      id: p.id,
      displayName: p.displayName,
      type: p.type as ProspectRow['type'],
      leadStatus: p.leadStatus as LeadStatus,
      activityStatus: p.activityStatus as ProspectRow['activityStatus'],
      wealthAdvisor:
        wealthAdvisorName === null ? null : { id: p.wealthAdvisorId, fullName: wealthAdvisorName },
      businessDeveloper:
        p.businessDeveloperId && businessDeveloperName !== null
          ? { id: p.businessDeveloperId, fullName: businessDeveloperName }
          : null,
      email: p.email,
      phone: p.phone,
      combineInterests: p.combineInterests,
      lastActivityDate: p.lastActivityDate,
      daysSinceLastActivity: p.lastActivityDate ? Math.max(0, daysBetween(p.lastActivityDate, day)) : null,
      profileImageUrl: p.profileImagePath
        ? `/api/prospects/${p.id}/profile-image?v=${p.updatedAt.getTime()}`
        : null,
      convertedHouseholdId: p.convertedHouseholdId,
      createdAt: p.createdAt.toISOString(),
    };
  };

  const get = async (id: string): Promise<Prospect> => {
    const row = await findProspect(db, id);
    if (!row) throw notFound(PROSPECT_MESSAGES.notFound);
    const p = row.prospect;
    const [activities, items] = await Promise.all([
      activitiesOf(db, id),
      masterItems(
        db,
        [p.genderId, p.stateId, p.sourceId].filter((v): v is number => v !== null),
      ),
    ]);
    const named = (itemId: number | null) => {
      const item = itemId === null ? undefined : items.get(itemId);
      return itemId !== null && item ? { id: itemId, name: item.name } : null;
    };
    return {
      ...toRow(row),
      name: p.name,
      firstName: p.firstName,
      lastName: p.lastName,
      middleName: p.middleName,
      nickName: p.nickName,
      suffix: p.suffix,
      gender: named(p.genderId),
      worksAt: p.worksAt,
      financialLifeManagement: p.financialLifeManagement,
      riskManagement: p.riskManagement,
      assetManagement: p.assetManagement,
      legacyPlanning: p.legacyPlanning,
      privateFund: p.privateFund,
      addressLine1: p.addressLine1,
      addressLine2: p.addressLine2,
      city: p.city,
      state: named(p.stateId),
      zip: p.zip,
      source: named(p.sourceId),
      other: p.other,
      convertedAt: p.convertedAt?.toISOString() ?? null,
      activities: activities.map(({ activity: a, createdByName }): ProspectActivity => ({
        id: a.id,
        activityType: a.activityType as ProspectActivityType,
        activityDate: a.activityDate,
        minutes: a.minutes,
        createdAt: a.createdAt.toISOString(),
        createdBy:
          a.createdBy && createdByName !== null ? { id: a.createdBy, fullName: createdByName } : null,
      })),
    };
  };

  /**
   * What only the server can check: the advisors are active users, the master-data choices are of their
   * lists, and no activity is dated after the firm's today. CONVERTED is never chosen in the form.
   */
  const checkReferences = async (
    tx: Db,
    body: ProspectUpdateBody,
    activities: readonly ProspectActivityBody[],
    current?: ProspectDbRow,
  ) => {
    const issues: Issue[] = [];
    if (body.activityStatus === 'CONVERTED' && current?.activityStatus !== 'CONVERTED') {
      issues.push({ path: ['activityStatus'], message: PROSPECT_MESSAGES.convertedOnlyByConversion });
    }
    const advisors = [body.wealthAdvisorId, body.businessDeveloperId].filter((v): v is string => v !== null);
    const active = await activeUserIds(tx, advisors);
    if (body.wealthAdvisorId && !active.has(body.wealthAdvisorId))
      issues.push({ path: ['wealthAdvisorId'], message: PROSPECT_MESSAGES.advisorNotFound });
    if (body.businessDeveloperId && !active.has(body.businessDeveloperId))
      issues.push({ path: ['businessDeveloperId'], message: PROSPECT_MESSAGES.advisorNotFound });
    const refs = [
      { path: 'genderId', id: body.genderId, type: 'gender' },
      { path: 'stateId', id: body.stateId, type: 'states' },
      { path: 'sourceId', id: body.sourceId, type: 'sources' },
    ];
    const items = await masterItems(
      tx,
      refs.map((r) => r.id).filter((v): v is number => v !== null),
    );
    for (const ref of refs) {
      if (ref.id === null) continue;
      if (items.get(ref.id)?.type !== ref.type) {
        issues.push({
          path: [ref.path],
          message:
            ref.path === 'sourceId' ? PROSPECT_MESSAGES.sourceRequired : PROSPECT_MESSAGES.invalidOption,
        });
      }
    }
    const day = today();
    activities.forEach((a, i) => {
      if (a.activityDate > day)
        issues.push({
          path: ['activities', i, 'activityDate'],
          message: PROSPECT_MESSAGES.activityDateFuture,
        });
    });
    if (issues.length > 0) throw validationError(issues);
  };

  const valuesOf = (body: ProspectUpdateBody) => prospectValuesOf(body, clock.now());

  /** Adds activities, keeps the latest activity date, and ends the lapse's alert when the prospect is active again. */
  const addActivities = async (
    tx: Db,
    prospectId: string,
    activities: readonly ProspectActivityBody[],
    userId: string | null,
  ) => {
    const rows = await insertActivities(
      tx,
      activities.map((a) => ({ prospectId, ...a, createdBy: userId })),
    );
    const [latest] = await refreshLastActivity(tx, prospectId);
    const last = latest?.lastActivityDate ?? null;
    if (last && daysBetween(last, today()) < PROSPECT_INACTIVE_DAYS) {
      await deps.alerts.resolveAlert(tx, inactiveCause(prospectId));
    }
    return rows;
  };

  return {
    get,

    async list(query: ProspectsQuery) {
      const { rows, total } = await listProspects(db, query, query, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { items: rows.map(toRow), total };
    },

    async export(query: ProspectsExportQuery, context: AuditContext) {
      const { rows } = await listProspects(db, query, query);
      await writeAudit(db, context, { action: 'EXPORT', entity: AUDIT_ENTITY, after: { rows: rows.length } });
      return rows.map(toRow);
    },

    async statistics(): Promise<ProspectStatistics> {
      const day = today();
      const month = periodRange('THIS_MONTH', day);
      const quarter = periodRange('THIS_QUARTER', day);
      const row = await statistics(db, {
        zone: deps.config.FIRM_TIME_ZONE,
        monthStart: month.from,
        quarterStart: quarter.from,
        quarterEnd: addDays(quarter.to, 1),
      });
      return {
        byLeadStatus: { HOT: row?.hot ?? 0, WARM: row?.warm ?? 0, COLD: row?.cold ?? 0 },
        total: row?.total ?? 0,
        newThisMonth: row?.new_this_month ?? 0,
        convertedThisQuarter: row?.converted ?? 0,
        pipelineValue: row?.pipeline ?? '0.00',
      };
    },

    async create(body: ProspectCreateBody, context: AuditContext) {
      const id = await db.transaction(async (tx) => {
        await checkReferences(tx, body, body.activities);
        const now = clock.now();
        const row = await insertProspect(tx, {
          ...valuesOf(body),
          createdBy: context.actorId,
          createdAt: now,
        });
        await addActivities(tx, row.id, body.activities, context.actorId);
        await writeAudit(tx, context, {
          action: 'CREATE',
          entity: AUDIT_ENTITY,
          entityId: row.id,
          after: { ...valuesOf(body), activities: body.activities },
        });
        return row.id;
      });
      return get(id);
    },

    async update(id: string, body: ProspectUpdateBody, context: AuditContext) {
      await db.transaction(async (tx) => {
        const current = await lockOrNotFound(tx, id);
        await checkReferences(tx, body, [], current);
        const values = valuesOf(body);
        await updateProspect(tx, id, values);
        const was = current as unknown as Record<string, unknown>;
        const { before, after } = changedFields(
          Object.fromEntries(Object.keys(values).map((key) => [key, was[key]])),
          values as unknown as Record<string, unknown>,
        );
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: AUDIT_ENTITY,
          entityId: id,
          before,
          after,
        });
      });
      return get(id);
    },

    /** The board's move: only the lead status changes. */
    async setLeadStatus(id: string, leadStatus: LeadStatus, context: AuditContext) {
      await db.transaction(async (tx) => {
        const current = await lockOrNotFound(tx, id);
        if (current.leadStatus === leadStatus) return;
        await updateProspect(tx, id, { leadStatus, updatedAt: clock.now() });
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: AUDIT_ENTITY,
          entityId: id,
          before: { leadStatus: current.leadStatus },
          after: { leadStatus },
        });
      });
      return get(id);
    },

    async addActivity(id: string, body: ProspectActivityBody, context: AuditContext) {
      await db.transaction(async (tx) => {
        await lockOrNotFound(tx, id);
        if (body.activityDate > today()) {
          throw validationError([{ path: ['activityDate'], message: PROSPECT_MESSAGES.activityDateFuture }]);
        }
        const [row] = await addActivities(tx, id, [body], context.actorId);
        await updateProspect(tx, id, { updatedAt: clock.now() });
        await writeAudit(tx, context, {
          action: 'CREATE',
          entity: 'prospectActivity',
          entityId: row?.id ?? null,
          after: { prospectId: id, ...body },
        });
      });
      return get(id);
    },

    /**
     * Deletes a prospect (decision 0026): refused once CONVERTED (what it had is its household's now). In one
     * transaction, the prospect row locked: its activities go with it (the audit keeps them), its notes are
     * deleted as notes are (kept with deleted_at, each audited), tasks and meetings on it stay with the people
     * they are for, without the link; its alert is resolved; its profile image file goes once committed.
     */
    async remove(id: string, context: AuditContext) {
      const image = await db.transaction(async (tx) => {
        const current = await lockOrNotFound(tx, id);
        if (current.activityStatus === 'CONVERTED') throw conflict(PROSPECT_MESSAGES.convertedNotDeleted);
        const activities = await activitiesOf(tx, id);
        const record = { kind: 'prospect' as const, id };
        const notes = await deps.notes.removeAllOf(tx, record, context);
        await recordLinksService.unlinkRecord(tx, record);
        await deps.alerts.resolveAlert(tx, inactiveCause(id));
        await deleteProspect(tx, id);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: AUDIT_ENTITY,
          entityId: id,
          before: {
            ...prospectAuditOf(current),
            activities: activities.map(({ activity: a }) => ({
              activityType: a.activityType,
              activityDate: a.activityDate,
              minutes: a.minutes,
            })),
            notesDeleted: notes,
          },
        });
        return current.profileImagePath;
      });
      if (image) await deps.files.remove(image).catch(() => undefined);
    },

    /**
     * The prospect's profile image (jpg or png, checked by content by the route): stored under a new name,
     * the previous file removed once the change is committed.
     */
    async setProfileImage(
      id: string,
      image: { data: Buffer; type: 'image/jpeg' | 'image/png' },
      context: AuditContext,
    ) {
      const key = `prospects/${id}/${randomUUID()}.${image.type === 'image/png' ? 'png' : 'jpg'}`;
      if (!(await findProspect(db, id))) throw notFound(PROSPECT_MESSAGES.notFound);
      await deps.files.put(key, image.data);
      let previous: string | null;
      try {
        previous = await db.transaction(async (tx) => {
          const current = await lockOrNotFound(tx, id);
          await updateProspect(tx, id, { profileImagePath: key, updatedAt: clock.now() });
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: AUDIT_ENTITY,
            entityId: id,
            before: { profileImage: current.profileImagePath ? 'set' : 'none' },
            after: { profileImage: `replaced (${image.type}, ${image.data.length} bytes)` },
          });
          return current.profileImagePath;
        });
      } catch (err) {
        await deps.files.remove(key).catch(() => undefined);
        throw err;
      }
      if (previous && previous !== key) await deps.files.remove(previous).catch(() => undefined);
      return get(id);
    },

    async profileImage(id: string) {
      const row = await findProspect(db, id);
      const path = row?.prospect.profileImagePath;
      const data = path ? await deps.files.get(path).catch(() => null) : null;
      if (!data) throw notFound('No profile image.');
      return data;
    },
  };
};

/**
 * The daily sweep's part (issue 17 §1): an ACTIVE prospect with no activity for 30 days raises one
 * `prospectInactive` alert to its business developer (else its wealth advisor), once per lapse: the lapse's
 * last activity date is stamped on the prospect, and a new activity resolves the alert.
 */
export const createProspectsInactiveSweep =
  (deps: { today: FirmToday; alerts: Pick<Alerts, 'raiseAlerts'> }) =>
  async (conn: Db, stopping: () => boolean = () => false) => {
    const lastDay = addDays(deps.today(), -PROSPECT_INACTIVE_DAYS);
    let raised = 0;
    for (;;) {
      const batch = await unalertedInactive(conn, lastDay, SWEEP_BATCH);
      if (batch.length === 0) break;
      await conn.transaction(async (tx) => {
        await deps.alerts.raiseAlerts(
          tx,
          batch.map((p) => ({
            category: 'prospectInactive' as const,
            causeKey: inactiveCause(p.id),
            message: PROSPECT_MESSAGES.alert(p.name, daysBetween(p.lastActivityDate, deps.today())),
            details: { prospectId: p.id, lastActivityDate: p.lastActivityDate },
            record: { kind: 'prospect' as const, id: p.id },
            recipients: [p.businessDeveloperId ?? p.wealthAdvisorId],
          })),
        );
        await markInactiveAlerted(tx, batch);
      });
      raised += batch.length;
      if (batch.length < SWEEP_BATCH || stopping()) break;
    }
    return raised;
  };
