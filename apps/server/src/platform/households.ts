import { CLIENT_API_MESSAGES } from '@centric/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { households } from '../db/schema/index.ts';
import { notFound } from './errors.ts';

export type HouseholdRow = typeof households.$inferSelect;

/**
 * The household's row, locked until the transaction ends, or 404 'Household not found.'. Every change to a
 * household or to what hangs on it (members, dates, and later notes, accounts …) takes this lock first, so
 * the changes of one household run one at a time.
 */
export const lockHousehold = async (tx: Db, id: string): Promise<HouseholdRow> => {
  const [row] = await tx.select().from(households).where(eq(households.id, id)).for('update').limit(1);
  if (!row) throw notFound(CLIENT_API_MESSAGES.householdNotFound);
  return row;
};
