import { type Action, type Feature, ROLE_IDS, type UserDetails, isAllowed } from '@centric/contracts';
import { useCurrentUser } from './session.ts';

type PermissionSubject = Pick<UserDetails, 'userPermission' | 'role'> | null | undefined;

/** Whether the user may perform the action on the feature (a feature with no entry is allowed, spec §6). */
export const can = (user: PermissionSubject, feature: Feature, action: Action = 'read'): boolean =>
  !!user && isAllowed(user.userPermission, feature, action);

export const canRead = (user: PermissionSubject, feature: Feature) => can(user, feature, 'read');

/** Role id 1: System Configurations, compliance approval, deleting others' notes. */
export const isAdministrator = (user: PermissionSubject): boolean =>
  !!user && user.role.id === ROLE_IDS.administrator;

export const usePermission = (feature: Feature, action: Action = 'read'): boolean =>
  can(useCurrentUser(), feature, action);
