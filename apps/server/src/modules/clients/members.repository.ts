import { SYSTEM_SETTING_DEFAULTS } from '@centric/contracts';
import { and, asc, eq, inArray, ne, not, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import {
  households,
  masterDataItems,
  memberAddresses,
  memberEmails,
  memberEmploymentStatuses,
  memberInterests,
  memberPhones,
  members,
  systemSettings,
} from '../../db/schema/index.ts';

export type MemberRow = typeof members.$inferSelect;
export type MemberValues = Partial<Omit<typeof members.$inferInsert, 'id' | 'searchName' | 'createdAt'>>;

// ---- Households -------------------------------------------------------------------------------------------

/** A new household from the member wizard's first step: a draft until the wizard is finished (decision 13). */
export const insertHousehold = async (db: Db, values: { name: string; createdBy: string | null }) => {
  const [row] = await db
    .insert(households)
    .values({ name: values.name, status: 'ACTIVE', createdBy: values.createdBy, draft: true })
    .returning();
  if (!row) throw new Error('household insert returned nothing');
  return row;
};

export const renameHousehold = (db: Db, id: string, name: string, updatedAt: Date) =>
  db.update(households).set({ name, updatedAt }).where(eq(households.id, id));

// ---- Members ----------------------------------------------------------------------------------------------

export const findMember = async (db: Db, id: string): Promise<MemberRow | undefined> => {
  const [row] = await db.select().from(members).where(eq(members.id, id));
  return row;
};

export const lockMember = async (db: Db, id: string): Promise<MemberRow | undefined> => {
  const [row] = await db.select().from(members).where(eq(members.id, id)).for('update');
  return row;
};

/** Who is in the household, in stored display order (for the primary rules and renumbering). */
export const householdMembers = (db: Db, householdId: string) =>
  db
    .select({
      id: members.id,
      subType: members.subType,
      displaySequence: members.displaySequence,
    })
    .from(members)
    .where(eq(members.householdId, householdId))
    .orderBy(asc(members.displaySequence), asc(members.createdAt), asc(members.id));

export const insertMember = async (db: Db, values: typeof members.$inferInsert): Promise<MemberRow> => {
  const [row] = await db.insert(members).values(values).returning();
  if (!row) throw new Error('member insert returned nothing');
  return row;
};

export const updateMember = (db: Db, id: string, values: MemberValues, updatedAt: Date) =>
  db
    .update(members)
    .set({ ...values, updatedAt })
    .where(eq(members.id, id));

export const setDisplaySequence = (db: Db, id: string, displaySequence: number) =>
  db.update(members).set({ displaySequence }).where(eq(members.id, id));

export const deleteMember = (db: Db, id: string) => db.delete(members).where(eq(members.id, id));

// ---- Lists of a member -------------------------------------------------------------------------------------

export type PhoneValues = Omit<typeof memberPhones.$inferInsert, 'id' | 'memberId'>;
export type EmailValues = Omit<typeof memberEmails.$inferInsert, 'id' | 'memberId'>;
export type AddressValues = Omit<typeof memberAddresses.$inferInsert, 'id' | 'memberId'>;

export const replacePhones = async (db: Db, memberId: string, list: PhoneValues[]) => {
  await db.delete(memberPhones).where(eq(memberPhones.memberId, memberId));
  if (list.length > 0) await db.insert(memberPhones).values(list.map((p) => ({ ...p, memberId })));
};

export const replaceEmails = async (db: Db, memberId: string, list: EmailValues[]) => {
  await db.delete(memberEmails).where(eq(memberEmails.memberId, memberId));
  if (list.length > 0) await db.insert(memberEmails).values(list.map((e) => ({ ...e, memberId })));
};

export const replaceAddresses = async (db: Db, memberId: string, list: AddressValues[]) => {
  await db.delete(memberAddresses).where(eq(memberAddresses.memberId, memberId));
  if (list.length > 0) await db.insert(memberAddresses).values(list.map((a) => ({ ...a, memberId })));
};

export const replaceInterests = async (db: Db, memberId: string, ids: number[]) => {
  await db.delete(memberInterests).where(eq(memberInterests.memberId, memberId));
  if (ids.length > 0) {
    await db.insert(memberInterests).values(ids.map((interestId) => ({ memberId, interestId })));
  }
};

export const replaceEmploymentStatuses = async (db: Db, memberId: string, ids: number[]) => {
  await db.delete(memberEmploymentStatuses).where(eq(memberEmploymentStatuses.memberId, memberId));
  if (ids.length > 0) {
    await db.insert(memberEmploymentStatuses).values(ids.map((statusId) => ({ memberId, statusId })));
  }
};

/**
 * Phones (normalised) that a member other than `exceptMemberId` holds without the linked-to-primary flag:
 * such a number is in use (the unique index member_phones_in_use_idx enforces the same).
 */
export const phonesInUse = async (
  db: Db,
  phones: readonly string[],
  exceptMemberId: string | null,
): Promise<Set<string>> => {
  if (phones.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ phone: memberPhones.phone })
    .from(memberPhones)
    .where(
      and(
        inArray(memberPhones.phone, [...new Set(phones)]),
        not(memberPhones.linkedToPrimary),
        exceptMemberId === null ? undefined : ne(memberPhones.memberId, exceptMemberId),
      ),
    );
  return new Set(rows.map((r) => r.phone));
};

// ---- Master data and settings --------------------------------------------------------------------------------

export type MasterItemRef = { id: number; type: string; parentId: number | null };

export const masterItemsByIds = async (
  db: Db,
  ids: readonly number[],
): Promise<Map<number, MasterItemRef>> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: masterDataItems.id, type: masterDataItems.type, parentId: masterDataItems.parentId })
    .from(masterDataItems)
    .where(inArray(masterDataItems.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
};

/** The firm's ssnMasking setting (default on). */
export const ssnMaskingEnabled = async (db: Db): Promise<boolean> => {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, 'ssnMasking'));
  return typeof row?.value === 'boolean' ? row.value : SYSTEM_SETTING_DEFAULTS.ssnMasking;
};

/** Which of these members belong to the household. */
export const memberInHousehold = async (db: Db, householdId: string, memberIds: readonly string[]) => {
  const unique = [...new Set(memberIds)];
  if (unique.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.householdId, householdId), inArray(members.id, unique)));
  return new Set(rows.map((r) => r.id));
};

/** The household's primary member, locked until the transaction ends (none in a household without one). */
export const lockPrimaryMember = async (db: Db, householdId: string): Promise<MemberRow | undefined> => {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.householdId, householdId), eq(members.subType, 'PRIMARY')))
    .for('update');
  return row;
};

/** Whether the member has any phone, email and address. */
export const contactPresence = async (db: Db, memberId: string) => {
  const [row] = rowsOf<{ phones: boolean; emails: boolean; addresses: boolean }>(
    await db.execute(sql`select
      exists (select 1 from ${memberPhones} where member_id = ${memberId}) as phones,
      exists (select 1 from ${memberEmails} where member_id = ${memberId}) as emails,
      exists (select 1 from ${memberAddresses} where member_id = ${memberId}) as addresses`),
  );
  return row ?? { phones: false, emails: false, addresses: false };
};
