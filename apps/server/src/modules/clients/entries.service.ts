import {
  CLIENT_API_MESSAGES,
  CLIENT_MESSAGES,
  type MilestoneItem,
  type milestoneSchema,
  type RelationshipItem,
  type relationshipSchema,
  type SpecialDateItem,
  type specialDateSchema,
} from '@centric/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { changedFields, auditWriter, type AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { fieldConflict, fieldError, notFound } from '../../platform/errors.ts';
import { lockHousehold } from '../../platform/households.ts';
import { dbRefusalOf } from '../../platform/pg-errors.ts';
import {
  deleteMilestone,
  deleteRelationship,
  deleteSpecialDate,
  findMilestone,
  findRelationship,
  findSpecialDate,
  insertMilestone,
  insertRelationship,
  insertSpecialDate,
  relationshipTaken,
  specialDateTaken,
  updateMilestone,
  updateSpecialDate,
} from './entries.repository.ts';
import { loadMilestones, loadRelationships, loadSpecialDates } from './member-read.ts';
import { memberInHousehold } from './members.repository.ts';

type SpecialDateBody = z.output<typeof specialDateSchema>;
type MilestoneBody = z.output<typeof milestoneSchema>;
type RelationshipBody = z.output<typeof relationshipSchema>;

export type EntriesService = ReturnType<typeof createEntriesService>;

/** Special dates, milestones and relationships of a household: each write checked, locked and audited. */
export const createEntriesService = (deps: { db: Db; clock: Clock }) => {
  const { db, clock } = deps;
  const writeAudit = auditWriter(clock);

  /** Each named member must belong to the household ('Select a member of this household.'). */
  const requireMembers = async (tx: Db, clientId: string, fields: Record<string, string>) => {
    const present = await memberInHousehold(tx, clientId, Object.values(fields));
    for (const [field, id] of Object.entries(fields)) {
      if (!present.has(id)) throw fieldError(field, CLIENT_API_MESSAGES.memberNotInHousehold);
    }
  };

  const specialDateItem = async (tx: Db, clientId: string, id: string): Promise<SpecialDateItem> => {
    const item = (await loadSpecialDates(tx, clientId)).find((d) => d.id === id);
    if (!item) throw notFound(CLIENT_API_MESSAGES.entryNotFound);
    return item;
  };

  const milestoneItem = async (tx: Db, clientId: string, id: string): Promise<MilestoneItem> => {
    const item = (await loadMilestones(tx, clientId)).find((m) => m.id === id);
    if (!item) throw notFound(CLIENT_API_MESSAGES.entryNotFound);
    return item;
  };

  const relationshipItem = async (tx: Db, clientId: string, id: string): Promise<RelationshipItem> => {
    const item = (await loadRelationships(tx, clientId)).find((r) => r.id === id);
    if (!item) throw notFound(CLIENT_API_MESSAGES.entryNotFound);
    return item;
  };

  /** A duplicate that slipped past the check (two saves at once) answers like the check would. */
  const mapDuplicate = (err: unknown): never => {
    const refusal = dbRefusalOf(err);
    if (refusal?.kind === 'unique' && refusal.constraint === 'special_dates_member_type_idx') {
      throw fieldConflict('dateType', CLIENT_MESSAGES.specialDateDuplicate);
    }
    if (refusal?.kind === 'unique' && refusal.constraint === 'member_relationships_pair_idx') {
      throw fieldConflict('relativeId', CLIENT_API_MESSAGES.relationshipDuplicate);
    }
    // A member deleted between the check and the write.
    if (refusal?.kind === 'foreignKey')
      throw fieldError('memberId', CLIENT_API_MESSAGES.memberNotInHousehold);
    throw err;
  };

  const specialDateValues = (
    body: Pick<SpecialDateBody, 'memberId' | 'date' | 'description'> & { dateType: string },
  ) => ({
    memberId: body.memberId,
    dateType: body.dateType,
    date: body.date,
    description: body.description,
  });

  const milestoneValues = (body: MilestoneBody) => ({
    memberId: body.memberId,
    fullName: body.fullName,
    description: body.description,
    dob: body.dob,
  });

  return {
    async addSpecialDate(clientId: string, body: SpecialDateBody, context: AuditContext) {
      try {
        return await db.transaction(async (tx) => {
          await lockHousehold(tx, clientId);
          await requireMembers(tx, clientId, { memberId: body.memberId });
          if (await specialDateTaken(tx, body.memberId, body.dateType, null)) {
            throw fieldConflict('dateType', CLIENT_MESSAGES.specialDateDuplicate);
          }
          const values = specialDateValues(body);
          const row = await insertSpecialDate(tx, clientId, values);
          await writeAudit(tx, context, {
            action: 'CREATE',
            entity: 'specialDate',
            entityId: row.id,
            after: { clientId, ...values },
          });
          return specialDateItem(tx, clientId, row.id);
        });
      } catch (err) {
        return mapDuplicate(err);
      }
    },

    async updateSpecialDate(clientId: string, id: string, body: SpecialDateBody, context: AuditContext) {
      try {
        return await db.transaction(async (tx) => {
          await lockHousehold(tx, clientId);
          const current = await findSpecialDate(tx, clientId, id);
          if (!current) throw notFound(CLIENT_API_MESSAGES.entryNotFound);
          await requireMembers(tx, clientId, { memberId: body.memberId });
          if (await specialDateTaken(tx, body.memberId, body.dateType, id)) {
            throw fieldConflict('dateType', CLIENT_MESSAGES.specialDateDuplicate);
          }
          const values = specialDateValues(body);
          await updateSpecialDate(tx, id, values, clock.now());
          const diff = changedFields(specialDateValues(current), values);
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: 'specialDate',
            entityId: id,
            before: { clientId, ...diff.before },
            after: { clientId, ...diff.after },
          });
          return specialDateItem(tx, clientId, id);
        });
      } catch (err) {
        return mapDuplicate(err);
      }
    },

    async deleteSpecialDate(clientId: string, id: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        await lockHousehold(tx, clientId);
        const current = await findSpecialDate(tx, clientId, id);
        if (!current) throw notFound(CLIENT_API_MESSAGES.entryNotFound);
        await deleteSpecialDate(tx, id);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'specialDate',
          entityId: id,
          before: { clientId, ...specialDateValues(current) },
        });
      });
    },

    async addMilestone(clientId: string, body: MilestoneBody, context: AuditContext) {
      try {
        return await db.transaction(async (tx) => {
          await lockHousehold(tx, clientId);
          await requireMembers(tx, clientId, { memberId: body.memberId });
          const values = milestoneValues(body);
          const row = await insertMilestone(tx, clientId, values);
          await writeAudit(tx, context, {
            action: 'CREATE',
            entity: 'milestone',
            entityId: row.id,
            after: { clientId, ...values },
          });
          return milestoneItem(tx, clientId, row.id);
        });
      } catch (err) {
        return mapDuplicate(err);
      }
    },

    async updateMilestone(clientId: string, id: string, body: MilestoneBody, context: AuditContext) {
      try {
        return await db.transaction(async (tx) => {
          await lockHousehold(tx, clientId);
          const current = await findMilestone(tx, clientId, id);
          if (!current) throw notFound(CLIENT_API_MESSAGES.entryNotFound);
          await requireMembers(tx, clientId, { memberId: body.memberId });
          const values = milestoneValues(body);
          await updateMilestone(tx, id, values, clock.now());
          const diff = changedFields(milestoneValues(current), values);
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: 'milestone',
            entityId: id,
            before: { clientId, ...diff.before },
            after: { clientId, ...diff.after },
          });
          return milestoneItem(tx, clientId, id);
        });
      } catch (err) {
        return mapDuplicate(err);
      }
    },

    async deleteMilestone(clientId: string, id: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        await lockHousehold(tx, clientId);
        const current = await findMilestone(tx, clientId, id);
        if (!current) throw notFound(CLIENT_API_MESSAGES.entryNotFound);
        await deleteMilestone(tx, id);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'milestone',
          entityId: id,
          before: { clientId, ...milestoneValues(current) },
        });
      });
    },

    async addRelationship(clientId: string, body: RelationshipBody, context: AuditContext) {
      try {
        return await db.transaction(async (tx) => {
          await lockHousehold(tx, clientId);
          await requireMembers(tx, clientId, { memberId: body.memberId, relativeId: body.relativeId });
          if (await relationshipTaken(tx, body.memberId, body.relativeId)) {
            throw fieldConflict('relativeId', CLIENT_API_MESSAGES.relationshipDuplicate);
          }
          const values = { memberId: body.memberId, relation: body.relation, relativeId: body.relativeId };
          const row = await insertRelationship(tx, clientId, values);
          await writeAudit(tx, context, {
            action: 'CREATE',
            entity: 'relationship',
            entityId: row.id,
            after: { clientId, ...values },
          });
          return relationshipItem(tx, clientId, row.id);
        });
      } catch (err) {
        return mapDuplicate(err);
      }
    },

    async deleteRelationship(clientId: string, id: string, context: AuditContext) {
      await db.transaction(async (tx) => {
        await lockHousehold(tx, clientId);
        const current = await findRelationship(tx, clientId, id);
        if (!current) throw notFound(CLIENT_API_MESSAGES.entryNotFound);
        await deleteRelationship(tx, id);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'relationship',
          entityId: id,
          before: {
            clientId,
            memberId: current.memberId,
            relation: current.relation,
            relativeId: current.relativeId,
          },
        });
      });
    },
  };
};
