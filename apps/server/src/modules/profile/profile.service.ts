import type { UserDetails } from '@centric/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { loadPermissions } from '../../platform/permissions.ts';
import type { AuthenticatedSession } from '../../platform/sessions.ts';
import { findUserWithRole } from '../auth/auth.repository.ts';

export const profileImageUrl = (user: { id: string; profileImagePath: string | null; updatedAt: Date }) =>
  user.profileImagePath ? `/api/profile-image/${user.id}?v=${user.updatedAt.getTime()}` : null;

/** The user details of spec §3, as /api/waprofile and /api/verifyMfa answer them. */
export const buildUserDetails = async (
  db: Db,
  userId: string,
  method: AuthenticatedSession['method'],
): Promise<UserDetails> => {
  const row = await findUserWithRole(db, userId);
  if (!row) throw notFound('User not found.');
  return {
    id: row.user.id,
    email: row.user.email,
    fullName: row.user.fullName,
    profileImageUrl: profileImageUrl(row.user),
    role: row.role,
    userPermission: await loadPermissions(db, row.user.roleId),
    // Alerts and workflow requests arrive with their issues; until then there are none to count.
    alertCount: 0,
    openWorkflowReqcount: 0,
    ssoSession: method === 'SSO',
  };
};
