import { z } from 'zod';
import { serialIdParamSchema, serialIdSchema } from './ids.ts';
import { listQueryShape, type SortOrder } from './list-query.ts';
import { AUTH_MESSAGES } from './messages.ts';

/** Texts of the user administration (spec §8 verbatim where the spec gives one). */
export const USER_MESSAGES = {
  added: 'New user added.',
  somethingWentWrong: 'Something went wrong, please try again',
  fillRequired: 'Please fill all required field',
  inviteExpired: AUTH_MESSAGES.inviteExpired,
  invalidEmail: AUTH_MESSAGES.invalidEmail,
  emailMax: 'Email can be up to 255 characters in length.',
  fullNameMax: 'Full name can be up to 120 characters in length.',
  duplicateEmail: 'A user with this email already exists.',
  updated: 'User updated successfully.',
  nothingToUpdate: 'Nothing to update.',
  deactivated: 'User deactivated successfully.',
  reactivated: 'User reactivated successfully.',
  alreadyInactive: 'This user is already inactive.',
  alreadyActive: 'This user is already active.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  lastAdministrator: 'The last active administrator cannot be deactivated or lose the administrator role.',
  invitationSent: 'Invitation sent successfully.',
  invitationAlreadyAccepted: 'This user has already accepted the invitation.',
  invitationInactiveUser: 'Reactivate the user before sending an invitation.',
  notFound: 'User not found.',
  roleNotAssignable: 'Please select an active role.',
  teamNotFound: 'One or more of the selected teams do not exist.',
  exceptUsersId: 'exceptUsersId must be a JSON list of user ids.',
  exported: 'Users exported.',
} as const;

export const USER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Where an invitation stands: accepted (a password was set), pending (the link still works), expired. */
export const INVITATION_STATUSES = ['ACCEPTED', 'PENDING', 'EXPIRED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const USER_SORT_KEYS = ['fullName', 'email', 'role', 'createdAt', 'status'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

export type UserSortOrder = SortOrder;

export const FULL_NAME_MAX = 120;
export const USER_LIST_MAX_LIMIT = 100;
/** Spec §5: mention and tagging suggestions show at most 10 users. */
export const USER_SEARCH_MAX_RESULTS = 10;

const booleanParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * GET /api/users: API.md lists (page from 1, limit default 10 max 100, sortBy, order) plus the filters of
 * spec §7 (invitationAccepted, exceptRoleId), a text search `q` on name or email, `status`, and
 * `format=csv` for the export. Role 3 (system) is always left out.
 */
export const userListQuerySchema = z.object({
  ...listQueryShape({
    sortKeys: USER_SORT_KEYS,
    defaultSort: { sortBy: 'createdAt', order: 'DESC' },
    maxLimit: USER_LIST_MAX_LIMIT,
    limitMessage: `limit must be between 1 and ${USER_LIST_MAX_LIMIT}.`,
  }),
  q: z.string().trim().max(255, 'Search can be up to 255 characters in length.').optional(),
  status: z.enum(USER_STATUSES, { error: 'status must be ACTIVE or INACTIVE.' }).optional(),
  invitationAccepted: booleanParam.optional(),
  exceptRoleId: serialIdParamSchema().optional(),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv.' }).default('json'),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const userRoleRefSchema = z.object({ id: z.number().int(), role: z.string() });
export const userTeamRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const userListItemSchema = z.object({
  id: z.string().uuid(),
  fullName: z.string(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  role: userRoleRefSchema,
  teams: z.array(userTeamRefSchema),
  invitationAccepted: z.boolean(),
  invitationStatus: z.enum(INVITATION_STATUSES),
  /** When the newest invitation link stops working (null once accepted or when none was sent). */
  invitationExpiresAt: z.string().nullable(),
  mfaEnrolled: z.boolean(),
  createdAt: z.string(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

const fullNameSchema = z
  .string({ error: USER_MESSAGES.fillRequired })
  .trim()
  .min(1, USER_MESSAGES.fillRequired)
  .max(FULL_NAME_MAX, USER_MESSAGES.fullNameMax);

/** Email of a new user: required, max 255, a plausible address, stored lower-case. */
export const userEmailSchema = z
  .string({ error: USER_MESSAGES.fillRequired })
  .trim()
  .min(1, USER_MESSAGES.fillRequired)
  .max(255, USER_MESSAGES.emailMax)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, USER_MESSAGES.invalidEmail)
  .transform((v) => v.toLowerCase());

const roleIdSchema = serialIdSchema({ message: USER_MESSAGES.fillRequired });

const teamIdsSchema = z
  .array(serialIdSchema({ message: USER_MESSAGES.teamNotFound }), {
    error: USER_MESSAGES.teamNotFound,
  })
  .max(50, 'A user can belong to at most 50 teams.');

/** POST /api/users (Add user): name, email, role, optional teams. */
export const addUserBodySchema = z.object({
  fullName: fullNameSchema,
  email: userEmailSchema,
  roleId: roleIdSchema,
  teamIds: teamIdsSchema.optional(),
});
export type AddUserBody = z.input<typeof addUserBodySchema>;

/** The Add user form: the role comes from a select (a string), so it is checked the same way. */
export const addUserFormSchema = z.object({
  fullName: fullNameSchema,
  email: userEmailSchema,
  roleId: z.string({ error: USER_MESSAGES.fillRequired }).min(1, USER_MESSAGES.fillRequired),
  teamIds: z.array(z.string()),
});
export type AddUserFormValues = z.input<typeof addUserFormSchema>;

/** PATCH /api/users/:id: any of full name, role, teams (the teams list replaces the current one). */
export const updateUserBodySchema = z
  .object({
    fullName: fullNameSchema.optional(),
    roleId: roleIdSchema.optional(),
    teamIds: teamIdsSchema.optional(),
  })
  .refine((v) => v.fullName !== undefined || v.roleId !== undefined || v.teamIds !== undefined, {
    message: USER_MESSAGES.nothingToUpdate,
  });
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

export const userIdParamsSchema = z.object({ id: z.string().uuid(USER_MESSAGES.notFound) });

/** What the users screen needs to fill its selects, readable with users:read alone. */
export const userOptionsSchema = z.object({
  roles: z.array(z.object({ id: z.number().int(), role: z.string() })),
  teams: z.array(userTeamRefSchema),
});
export type UserOptions = z.infer<typeof userOptionsSchema>;

const uuidList = z.array(z.string().uuid());

/** GET /api/users/search?fullName=…&exceptUsersId=["uuid",…] (spec §7: tagging suggestions). */
export const userSearchQuerySchema = z.object({
  fullName: z.string().trim().max(FULL_NAME_MAX, USER_MESSAGES.fullNameMax).default(''),
  exceptUsersId: z
    .string()
    .max(20_000, USER_MESSAGES.exceptUsersId)
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return [];
      try {
        const parsed = uuidList.safeParse(JSON.parse(raw));
        if (parsed.success) return parsed.data;
      } catch {
        // falls through to the issue below
      }
      ctx.addIssue({ code: 'custom', message: USER_MESSAGES.exceptUsersId });
      return z.NEVER;
    }),
});

export const userSearchItemSchema = z.object({
  id: z.string().uuid(),
  fullName: z.string(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type UserSearchItem = z.infer<typeof userSearchItemSchema>;
