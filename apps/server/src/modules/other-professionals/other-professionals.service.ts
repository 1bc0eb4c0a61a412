import {
  CLIENT_API_MESSAGES,
  CLIENT_MESSAGES,
  type OtherProfessionalItem,
  type otherProfessionalListQuerySchema,
  type otherProfessionalSchema,
} from '@centric/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { changedFields, auditWriter, type AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { fieldError, notFound, validationError } from '../../platform/errors.ts';
import {
  deleteProfessionalRow,
  existingHouseholdIds,
  findMasterItemOfType,
  findProfessional,
  householdIdsOfProfessional,
  householdsOfProfessionals,
  insertProfessional,
  listProfessionals,
  lockProfessional,
  type ProfessionalItemRow,
  type ProfessionalRow,
  type ProfessionalValues,
  replaceHouseholdLinks,
  STATE_LIST_TYPE,
  updateProfessionalRow,
} from './other-professionals.repository.ts';

export type ProfessionalBody = z.output<typeof otherProfessionalSchema>;
export type ProfessionalListQuery = z.output<typeof otherProfessionalListQuerySchema>;

const AUDIT_ENTITY = 'other_professional';
const LINKS_AUDIT_ENTITY = 'other_professional_households';

/** The stored fields of a body: the contracts schema already trimmed it and normalised the phone. */
const valuesOf = (body: ProfessionalBody): ProfessionalValues => ({
  type: body.type,
  fullName: body.fullName,
  phoneNumber: body.phoneNumber,
  address: body.address,
  city: body.city,
  stateId: body.stateId,
  zip: body.zip,
  email: body.email,
  note: body.note,
});

const storedValues = (row: ProfessionalRow): ProfessionalValues => ({
  type: row.type,
  fullName: row.fullName,
  phoneNumber: row.phoneNumber,
  address: row.address,
  city: row.city,
  stateId: row.stateId,
  zip: row.zip,
  email: row.email,
  note: row.note,
});

const invalidState = () => fieldError('stateId', CLIENT_MESSAGES.invalidOption);

export const createOtherProfessionalsService = (deps: { db: Db; clock: Clock }) => {
  const { db, clock } = deps;
  const writeAudit = auditWriter(clock);

  const toItems = async (rows: ProfessionalItemRow[]): Promise<OtherProfessionalItem[]> => {
    const linked = await householdsOfProfessionals(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      fullName: row.fullName,
      phoneNumber: row.phoneNumber,
      address: row.address,
      city: row.city,
      stateId: row.stateId,
      state: row.state,
      zip: row.zip,
      email: row.email,
      note: row.note,
      households: linked.get(row.id) ?? [],
      createdAt: row.createdAt.toISOString(),
    }));
  };

  const get = async (id: string): Promise<OtherProfessionalItem> => {
    const row = await findProfessional(db, id);
    if (!row) throw notFound(CLIENT_API_MESSAGES.professionalNotFound);
    const [item] = await toItems([row]);
    if (!item) throw notFound(CLIENT_API_MESSAGES.professionalNotFound);
    return item;
  };

  /** A state must be an item of the states list; a retired state may only stay where it already is. */
  const assertState = async (tx: Db, stateId: number, currentStateId: number | null = null) => {
    const state = await findMasterItemOfType(tx, stateId, STATE_LIST_TYPE);
    if (!state) throw invalidState();
    if (!state.active && state.id !== currentStateId) throw invalidState();
  };

  return {
    get,

    async list(query: ProfessionalListQuery) {
      const { rows, total } = await listProfessionals(db, {
        search: query.search ?? '',
        type: query.type ?? '',
        clientId: query.clientId,
        sortBy: query.sortBy,
        order: query.order,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { items: await toItems(rows), total };
    },

    async create(body: ProfessionalBody, context: AuditContext) {
      const values = valuesOf(body);
      const id = await db.transaction(async (tx) => {
        await assertState(tx, body.stateId);
        const row = await insertProfessional(tx, values);
        await writeAudit(tx, context, {
          action: 'CREATE',
          entity: AUDIT_ENTITY,
          entityId: row.id,
          after: values,
        });
        return row.id;
      });
      return get(id);
    },

    async update(id: string, body: ProfessionalBody, context: AuditContext) {
      await db.transaction(async (tx) => {
        const row = await lockProfessional(tx, id);
        if (!row) throw notFound(CLIENT_API_MESSAGES.professionalNotFound);
        await assertState(tx, body.stateId, row.stateId);
        const before = storedValues(row);
        const after = valuesOf(body);
        const diff = changedFields(before, after);
        if (!diff.changed) return;
        await updateProfessionalRow(tx, id, after, clock.now());
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: AUDIT_ENTITY,
          entityId: id,
          before: diff.before,
          after: diff.after,
        });
      });
      return get(id);
    },

    async remove(id: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        const row = await lockProfessional(tx, id);
        if (!row) throw notFound(CLIENT_API_MESSAGES.professionalNotFound);
        const clientIds = await householdIdsOfProfessional(tx, id);
        await deleteProfessionalRow(tx, id);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: AUDIT_ENTITY,
          entityId: id,
          before: { ...storedValues(row), clientIds },
        });
      });
    },

    /** Makes the professional's household links exactly `clientIds`; every id must be a household. */
    async linkHouseholds(id: string, clientIds: readonly string[], context: AuditContext) {
      // uuids compare in lower case, as the database prints them.
      const given = clientIds.map((clientId) => clientId.toLowerCase());
      const wanted = [...new Set(given)].sort();
      await db.transaction(async (tx) => {
        const row = await lockProfessional(tx, id);
        if (!row) throw notFound(CLIENT_API_MESSAGES.professionalNotFound);
        const existing = await existingHouseholdIds(tx, wanted);
        const unknown = given
          .map((clientId, i) => ({ clientId, i }))
          .filter((c) => !existing.has(c.clientId));
        if (unknown.length > 0) {
          throw validationError(
            unknown.map(({ i }) => ({
              path: ['clientIds', i],
              message: CLIENT_API_MESSAGES.householdNotFound,
            })),
          );
        }
        const before = await householdIdsOfProfessional(tx, id);
        if (JSON.stringify(before) === JSON.stringify(wanted)) return;
        await replaceHouseholdLinks(tx, id, wanted);
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: LINKS_AUDIT_ENTITY,
          entityId: id,
          before: { clientIds: before },
          after: { clientIds: wanted },
        });
      });
      return get(id);
    },
  };
};

export type OtherProfessionalsService = ReturnType<typeof createOtherProfessionalsService>;
