import { PROSPECT_MESSAGES } from '@centric/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { prospects } from '../db/schema/index.ts';
import { notFound } from './errors.ts';

/**
 * The prospect's id, its row locked until the transaction ends (unless `lock: false`), or 404 'Prospect not
 * found.'. What hangs on a prospect (its notes) takes this first, like `lockHousehold` for a household.
 */
export const lockProspect = async (tx: Db, id: string, options: { lock?: boolean } = {}) => {
  const query = tx.select({ id: prospects.id }).from(prospects).where(eq(prospects.id, id)).limit(1);
  const [row] = options.lock === false ? await query : await query.for('update');
  if (!row) throw notFound(PROSPECT_MESSAGES.notFound);
  return row;
};
