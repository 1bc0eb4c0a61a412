import { z } from 'zod';
import { serialIdParamSchema } from './ids.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { type Action, FEATURES, type Feature, ROLE_IDS } from './features.ts';

export const ROLE_NAME_MAX = 60;
export const ROLE_DESCRIPTION_MAX = 300;

export const ROLE_MESSAGES = {
  created: 'Role created successfully.',
  updated: 'Role updated successfully.',
  permissionsSaved: 'Permissions saved successfully.',
  nameRequired: 'Role name is required.',
  nameMax: 'Role name can be up to 60 characters in length.',
  nameOnlySpaces: AUTH_MESSAGES.nameOnlySpaces,
  descriptionMax: 'Description can be up to 300 characters in length.',
  duplicate: 'A role with this name already exists.',
  notFound: 'Role not found.',
  nothingToUpdate: 'Nothing to update.',
  systemRole: 'The system role cannot be edited.',
  administratorInactive: 'The administrator role cannot be deactivated.',
  administratorProtected:
    'The administrator role must keep read and write on Users and Roles, so that someone can still manage access.',
  inUse: 'This role is assigned to active users. Move them to another role before deactivating it.',
  unknownFeature: 'Unknown feature.',
  incompleteMatrix: 'The permission matrix must list every feature exactly once.',
  writeNeedsRead: 'Write and delete need read on the same feature.',
} as const;

/**
 * The rights of the administrator role (id 1) that keep access administrable: without them nobody could
 * manage users and roles any more. The server refuses a matrix that removes one; the grid disables them.
 */
export const ADMIN_PROTECTED_CELLS: ReadonlyArray<{ feature: Feature; action: Action }> = [
  { feature: 'users', action: 'read' },
  { feature: 'users', action: 'write' },
  { feature: 'roles', action: 'read' },
  { feature: 'roles', action: 'write' },
];

export const isProtectedCell = (roleId: number, feature: Feature, action: Action) =>
  roleId === ROLE_IDS.administrator &&
  ADMIN_PROTECTED_CELLS.some((c) => c.feature === feature && c.action === action);

/** Role 3 is the system/service role: never edited from the UI, never assigned to a person. */
export const isSystemRole = (roleId: number) => roleId === ROLE_IDS.system;

/** Role (spec §3): id, role, displayName, active; plus its description and how many users hold it. */
export const roleSchema = z.object({
  id: z.number().int(),
  role: z.string(),
  displayName: z.string(),
  description: z.string(),
  active: z.boolean(),
  /** False for the system role (3): read-only everywhere. */
  editable: z.boolean(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleListQuerySchema = z.object({
  active: z
    .enum(['true', 'false'], { error: 'active must be true or false.' })
    .transform((v) => v === 'true')
    .optional(),
});

const roleNameSchema = z
  .string({ error: ROLE_MESSAGES.nameRequired })
  .min(1, ROLE_MESSAGES.nameRequired)
  .refine((v) => v.trim().length > 0, ROLE_MESSAGES.nameOnlySpaces)
  .transform((v) => v.trim())
  .pipe(z.string().max(ROLE_NAME_MAX, ROLE_MESSAGES.nameMax));

const descriptionSchema = z
  .string({ error: ROLE_MESSAGES.descriptionMax })
  .transform((v) => v.trim())
  .pipe(z.string().max(ROLE_DESCRIPTION_MAX, ROLE_MESSAGES.descriptionMax));

/** POST /api/roles: spec §3 (creation uses role_name and description), §5 (max 60 and 300). */
export const createRoleBodySchema = z.object({
  role_name: roleNameSchema,
  description: descriptionSchema.optional(),
});
export type CreateRoleBody = z.input<typeof createRoleBodySchema>;

/** PATCH /api/roles/:id: rename, describe, (de)activate. */
export const updateRoleBodySchema = z
  .object({
    role_name: roleNameSchema.optional(),
    description: descriptionSchema.optional(),
    active: z.boolean({ error: 'active must be true or false.' }).optional(),
  })
  .refine((v) => v.role_name !== undefined || v.description !== undefined || v.active !== undefined, {
    message: ROLE_MESSAGES.nothingToUpdate,
  });
export type UpdateRoleBody = z.input<typeof updateRoleBodySchema>;

/** The role form (create and edit) with the same rules. */
export const roleFormSchema = z.object({ role_name: roleNameSchema, description: descriptionSchema });
export type RoleFormValues = z.input<typeof roleFormSchema>;

export const roleIdParamsSchema = z.object({
  id: serialIdParamSchema({ message: ROLE_MESSAGES.notFound }),
});

export const rolePermissionRowSchema = z.object({
  feature: z.enum(FEATURES as [Feature, ...Feature[]], { error: ROLE_MESSAGES.unknownFeature }),
  read: z.boolean(),
  write: z.boolean(),
  delete: z.boolean(),
});
export type RolePermissionRow = z.infer<typeof rolePermissionRowSchema>;

/**
 * A complete matrix: every feature exactly once, and write/delete only together with read (a right to change
 * or delete what one cannot see makes no sense, and the screens need read to show anything).
 */
export const permissionMatrixSchema = z.array(rolePermissionRowSchema).superRefine((rows, ctx) => {
  const seen = new Set(rows.map((r) => r.feature));
  if (seen.size !== rows.length || seen.size !== FEATURES.length) {
    ctx.addIssue({ code: 'custom', message: ROLE_MESSAGES.incompleteMatrix });
    return;
  }
  rows.forEach((row, index) => {
    if ((row.write || row.delete) && !row.read) {
      ctx.addIssue({ code: 'custom', message: ROLE_MESSAGES.writeNeedsRead, path: [index, 'read'] });
    }
  });
});

export const savePermissionsBodySchema = z.object({ permissions: permissionMatrixSchema });
export type SavePermissionsBody = z.input<typeof savePermissionsBodySchema>;

export const rolePermissionsResultSchema = z.object({
  roleId: z.number().int(),
  editable: z.boolean(),
  permissions: z.array(rolePermissionRowSchema),
});
export type RolePermissions = z.infer<typeof rolePermissionsResultSchema>;
