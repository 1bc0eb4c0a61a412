import { ROLE_IDS } from '@centric/contracts';
import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

/**
 * Up to `limit` active users (never the system role) that pass `where`, by name, with what a picker or a
 * mention list shows of each: the one query behind tagging (users module) and note mentions (notes module).
 */
export const pickableUsers = (db: Db, where: SQL | undefined, limit: number) =>
  db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      profileImagePath: users.profileImagePath,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(and(eq(users.status, 'ACTIVE'), ne(users.roleId, ROLE_IDS.system), where))
    .orderBy(asc(users.fullName), asc(users.id))
    .limit(limit);
