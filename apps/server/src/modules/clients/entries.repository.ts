import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberRelationships, milestones, specialDates } from '../../db/schema/index.ts';

/** Special dates, milestones and relationships of a household (each row carries its household id). */

export type SpecialDateRow = typeof specialDates.$inferSelect;
export type MilestoneRow = typeof milestones.$inferSelect;
export type RelationshipRow = typeof memberRelationships.$inferSelect;

// ---- Special dates -------------------------------------------------------------------------------------------

export const findSpecialDate = async (db: Db, householdId: string, id: string) => {
  const [row] = await db
    .select()
    .from(specialDates)
    .where(and(eq(specialDates.id, id), eq(specialDates.householdId, householdId)));
  return row;
};

/** Another special date of the member with that date type (one per member and type). */
export const specialDateTaken = async (
  db: Db,
  memberId: string,
  dateType: string,
  exceptId: string | null,
): Promise<boolean> => {
  const [row] = await db
    .select({ id: specialDates.id })
    .from(specialDates)
    .where(
      and(
        eq(specialDates.memberId, memberId),
        eq(specialDates.dateType, dateType),
        exceptId === null ? undefined : ne(specialDates.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
};

export type SpecialDateValues = {
  memberId: string;
  dateType: string;
  date: string;
  description: string | null;
};

export const insertSpecialDate = async (db: Db, householdId: string, values: SpecialDateValues) => {
  const [row] = await db
    .insert(specialDates)
    .values({ ...values, householdId })
    .returning();
  if (!row) throw new Error('special date insert returned nothing');
  return row;
};

export const updateSpecialDate = (db: Db, id: string, values: SpecialDateValues, updatedAt: Date) =>
  db
    .update(specialDates)
    .set({ ...values, updatedAt })
    .where(eq(specialDates.id, id));

export const deleteSpecialDate = (db: Db, id: string) =>
  db.delete(specialDates).where(eq(specialDates.id, id));

// ---- Milestones ------------------------------------------------------------------------------------------------

export const findMilestone = async (db: Db, householdId: string, id: string) => {
  const [row] = await db
    .select()
    .from(milestones)
    .where(and(eq(milestones.id, id), eq(milestones.householdId, householdId)));
  return row;
};

export type MilestoneValues = {
  memberId: string;
  fullName: string;
  description: string | null;
  dob: string;
};

export const insertMilestone = async (db: Db, householdId: string, values: MilestoneValues) => {
  const [row] = await db
    .insert(milestones)
    .values({ ...values, householdId })
    .returning();
  if (!row) throw new Error('milestone insert returned nothing');
  return row;
};

export const updateMilestone = (db: Db, id: string, values: MilestoneValues, updatedAt: Date) =>
  db
    .update(milestones)
    .set({ ...values, updatedAt })
    .where(eq(milestones.id, id));

export const deleteMilestone = (db: Db, id: string) => db.delete(milestones).where(eq(milestones.id, id));

// ---- Relationships -----------------------------------------------------------------------------------------------

export const findRelationship = async (db: Db, householdId: string, id: string) => {
  const [row] = await db
    .select()
    .from(memberRelationships)
    .where(and(eq(memberRelationships.id, id), eq(memberRelationships.householdId, householdId)));
  return row;
};

/** "member is … of relative" already recorded (one relation per ordered pair). */
export const relationshipTaken = async (db: Db, memberId: string, relativeId: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: memberRelationships.id })
    .from(memberRelationships)
    .where(and(eq(memberRelationships.memberId, memberId), eq(memberRelationships.relativeId, relativeId)))
    .limit(1);
  return row !== undefined;
};

export const insertRelationship = async (
  db: Db,
  householdId: string,
  values: { memberId: string; relation: string; relativeId: string },
) => {
  const [row] = await db
    .insert(memberRelationships)
    .values({ ...values, householdId })
    .returning();
  if (!row) throw new Error('relationship insert returned nothing');
  return row;
};

export const deleteRelationship = (db: Db, id: string) =>
  db.delete(memberRelationships).where(eq(memberRelationships.id, id));
