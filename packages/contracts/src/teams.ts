import { z } from 'zod';
import { serialIdParamSchema } from './ids.ts';
import { AUTH_MESSAGES } from './messages.ts';

export const TEAM_NAME_MAX = 30;
export const TEAM_LOCATION_MAX = 30;
export const TEAM_EMAIL_ALIAS_MAX = 255;
/** A team logo is a small picture: the master-data image limit of spec §5 (512 KB) applies. */
export const TEAM_LOGO_MAX_BYTES = 512 * 1024;
export const TEAM_LOGO_TYPES = ['image/jpeg', 'image/png'] as const;
export const TEAM_MEMBERS_MAX = 500;

export const TEAM_MESSAGES = {
  created: 'Team created successfully.',
  updated: 'Team updated successfully.',
  deleted: 'Team deleted successfully.',
  logoUpdated: 'Team logo updated successfully.',
  logoRemoved: 'Team logo removed.',
  nameRequired: 'Team name is required.',
  nameOnlySpaces: AUTH_MESSAGES.nameOnlySpaces,
  nameMax: 'Team name can be up to 30 characters in length.',
  locationMax: 'Location can be up to 30 characters in length.',
  emailAliasMax: 'Email can be up to 255 characters in length.',
  emailAliasInvalid: 'Please enter valid Email Alias',
  duplicate: 'A team with this name already exists.',
  notFound: 'Team not found.',
  nothingToUpdate: 'Nothing to update.',
  memberNotFound: 'One or more of the selected members do not exist or are inactive.',
  logoFormat: 'File format accepted only .jpg, .jpeg, .png up to 512 KB',
  logoTooLarge: 'The file is greater than 512kb',
  noLogo: 'This team has no logo.',
} as const;

/** Team (spec §3: name, location, emailAlias) with its logo and members. */
export const teamMemberSchema = z.object({
  id: z.string().uuid(),
  fullName: z.string(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  emailAlias: z.string(),
  logoUrl: z.string().nullable(),
  members: z.array(teamMemberSchema),
  createdAt: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

const nameSchema = z
  .string({ error: TEAM_MESSAGES.nameRequired })
  .min(1, TEAM_MESSAGES.nameRequired)
  .refine((v) => v.trim().length > 0, TEAM_MESSAGES.nameOnlySpaces)
  .transform((v) => v.trim())
  .pipe(z.string().max(TEAM_NAME_MAX, TEAM_MESSAGES.nameMax));

const locationSchema = z
  .string({ error: TEAM_MESSAGES.locationMax })
  .transform((v) => v.trim())
  .pipe(z.string().max(TEAM_LOCATION_MAX, TEAM_MESSAGES.locationMax));

/** Optional, but when given: max 255 and a valid address (spec §5), stored lower-case. */
const emailAliasSchema = z
  .string({ error: TEAM_MESSAGES.emailAliasInvalid })
  .transform((v) => v.trim().toLowerCase())
  .pipe(
    z
      .string()
      .max(TEAM_EMAIL_ALIAS_MAX, TEAM_MESSAGES.emailAliasMax)
      .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), TEAM_MESSAGES.emailAliasInvalid),
  );

const memberIdsSchema = z
  .array(z.string().uuid(TEAM_MESSAGES.memberNotFound), { error: TEAM_MESSAGES.memberNotFound })
  .max(TEAM_MEMBERS_MAX, `A team can have at most ${TEAM_MEMBERS_MAX} members.`);

export const createTeamBodySchema = z.object({
  name: nameSchema,
  location: locationSchema.optional(),
  emailAlias: emailAliasSchema.optional(),
  memberIds: memberIdsSchema.optional(),
});
export type CreateTeamBody = z.input<typeof createTeamBodySchema>;

/** PATCH /api/teams/:id: any field; `memberIds` replaces the member list. */
export const updateTeamBodySchema = z
  .object({
    name: nameSchema.optional(),
    location: locationSchema.optional(),
    emailAlias: emailAliasSchema.optional(),
    memberIds: memberIdsSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: TEAM_MESSAGES.nothingToUpdate });
export type UpdateTeamBody = z.input<typeof updateTeamBodySchema>;

/** The team form (create and edit). */
export const teamFormSchema = z.object({
  name: nameSchema,
  location: locationSchema,
  emailAlias: emailAliasSchema,
  memberIds: memberIdsSchema,
});
export type TeamFormValues = z.input<typeof teamFormSchema>;

export const teamIdParamsSchema = z.object({
  id: serialIdParamSchema({ message: TEAM_MESSAGES.notFound }),
});

export const teamListQuerySchema = z.object({
  q: z.string().trim().max(TEAM_NAME_MAX, TEAM_MESSAGES.nameMax).optional(),
});

export const teamLogoResultSchema = z.object({ logoUrl: z.string() });
