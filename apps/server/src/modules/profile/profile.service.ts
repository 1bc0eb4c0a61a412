import type { UserDetails } from '@centric/contracts';
import type { Db } from '../../db/client.ts';
import type { Alerts } from '../../platform/alerts.ts';
import { auditWriter, type AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files.ts';
import { loadPermissions } from '../../platform/permissions.ts';
import type { AuthenticatedSession } from '../../platform/sessions.ts';
import { findProfileImage, findUserWithRole, setProfileImagePath } from './profile.repository.ts';

export const profileImageUrl = (user: { id: string; profileImagePath: string | null; updatedAt: Date }) =>
  user.profileImagePath ? `/api/profile-image/${user.id}?v=${user.updatedAt.getTime()}` : null;

export type ProfileService = ReturnType<typeof createProfileService>;

/** The signed-in user's own details and profile image; the details are also the answer of a sign-in. */
export const createProfileService = (deps: {
  db: Db;
  files: FileStorage;
  clock: Clock;
  alerts: Pick<Alerts, 'activeCount'>;
  /** The requests in progress in which the user has an open step (workflows). */
  openRequestCount: (db: Db, userId: string) => Promise<number>;
}) => {
  const { db, files, clock, alerts } = deps;
  const writeAudit = auditWriter(clock);
  return {
    /** The user details of spec §3, as /api/waprofile and /api/verifyMfa answer them. */
    async userDetails(userId: string, method: AuthenticatedSession['method']): Promise<UserDetails> {
      const row = await findUserWithRole(db, userId);
      if (!row) throw notFound('User not found.');
      return {
        id: row.user.id,
        email: row.user.email,
        fullName: row.user.fullName,
        profileImageUrl: profileImageUrl(row.user),
        role: row.role,
        userPermission: await loadPermissions(db, row.user.roleId),
        // The user's active alerts and open requests (the sidebar badges).
        alertCount: await alerts.activeCount(db, row.user.id),
        openWorkflowReqcount: await deps.openRequestCount(db, row.user.id),
        ssoSession: method === 'SSO',
      };
    },

    /** Replaces the user's image with an uploaded one (read by `readImageUpload`); audited. */
    async replaceImage(userId: string, image: { data: Buffer; type: string }, context: AuditContext) {
      const { data, type } = image;
      const key = `profile-images/${userId}`;
      await files.put(key, data);
      const previous = await findProfileImage(db, userId);
      await db.transaction(async (tx) => {
        await setProfileImagePath(tx, userId, key, clock.now());
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: 'user',
          entityId: userId,
          before: { profileImage: previous?.profileImagePath ? 'set' : 'none' },
          after: { profileImage: `replaced (${type}, ${data.length} bytes)` },
        });
      });
      const user = await findProfileImage(db, userId);
      if (!user) throw notFound();
      return profileImageUrl(user) ?? '';
    },

    /** The bytes of a user's profile image, or 404 'No profile image.'. */
    async image(userId: string) {
      const user = await findProfileImage(db, userId);
      const data = user?.profileImagePath ? await files.get(user.profileImagePath) : null;
      if (!data) throw notFound('No profile image.');
      return data;
    },
  };
};
