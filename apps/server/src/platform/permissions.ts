import { FEATURES, moduleOfFeature, type Feature, type PermissionEntry } from '@centric/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rolePermissions } from '../db/schema/index.ts';

/**
 * The complete matrix of a role: every feature has an entry; a feature the role has no row for is denied
 * (new roles start with nothing allowed).
 */
export const loadPermissions = async (db: Db, roleId: number): Promise<PermissionEntry[]> => {
  const rows = await db.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  const byFeature = new Map(rows.map((r) => [r.feature, r]));
  return FEATURES.map((feature: Feature) => {
    const row = byFeature.get(feature);
    return {
      feature,
      module: moduleOfFeature(feature),
      read: row?.read ?? false,
      write: row?.write ?? false,
      delete: row?.delete ?? false,
    };
  });
};
