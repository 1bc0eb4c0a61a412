import { z } from 'zod';
import { AUTH_MESSAGES, PASSWORD_MESSAGES } from './messages.ts';
import { permissionEntrySchema } from './permissions.ts';

export const EMAIL_MAX = 255;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 14;
export const MFA_CODE_LENGTH = 6;

/** Email as the spec's field kind: trimmed, no inner spaces, max 255, a plausible address. */
export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailEmpty })
  .trim()
  .min(1, AUTH_MESSAGES.emailEmpty)
  .max(EMAIL_MAX, 'Email can be up to 255 characters in length.')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, AUTH_MESSAGES.invalidEmail)
  .transform((v) => v.toLowerCase());

/** The password rules of §5 that can be checked without the server's data (history, common list). */
export const passwordRuleChecks: ReadonlyArray<{ test: (v: string) => boolean; message: string }> = [
  { test: (v) => v.length >= PASSWORD_MIN && v.length <= PASSWORD_MAX, message: PASSWORD_MESSAGES.length },
  { test: (v) => /\d/.test(v), message: PASSWORD_MESSAGES.digit },
  { test: (v) => /[a-z]/.test(v), message: PASSWORD_MESSAGES.lower },
  { test: (v) => /[A-Z]/.test(v), message: PASSWORD_MESSAGES.upper },
  { test: (v) => /[^A-Za-z0-9\s]/.test(v), message: PASSWORD_MESSAGES.special },
  { test: (v) => !/[<>]/.test(v), message: PASSWORD_MESSAGES.angle },
];

export const passwordSchema = z
  .string({ error: AUTH_MESSAGES.passwordEmpty })
  .min(1, AUTH_MESSAGES.passwordEmpty)
  .superRefine((value, ctx) => {
    const failed = passwordRuleChecks.find((rule) => !rule.test(value));
    if (failed) ctx.addIssue({ code: 'custom', message: failed.message });
  });

/** The password a user signs in with, typed to sign in or to confirm a change to how they sign in. */
export const currentPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordEmpty })
  .min(1, AUTH_MESSAGES.passwordEmpty)
  .max(200);

export const loginBodySchema = z.object({ email: emailSchema, password: currentPasswordSchema });
export type LoginBody = z.input<typeof loginBodySchema>;

export const loginResultSchema = z.object({ accessToken: z.string(), mfaEnrolled: z.boolean() });

export const mfaCodeSchema = z
  .string({ error: AUTH_MESSAGES.mfaCodeRequired })
  .trim()
  .min(1, AUTH_MESSAGES.mfaCodeRequired)
  .max(MFA_CODE_LENGTH, AUTH_MESSAGES.mfaCodeMax);

export const verifyMfaBodySchema = z.object({ code: mfaCodeSchema });
export const setupMfaBodySchema = z.object({ email: emailSchema });
export const setupMfaResultSchema = z.object({
  qrCode: z.string(),
  secret: z.string(),
  otpauthUrl: z.string(),
});

/**
 * PUT /api/updateMfa/{userId}: users resetting their own MFA type their password again (a stolen session
 * alone cannot take over the second factor); an administrator resetting another user's sends no body.
 */
export const resetMfaBodySchema = z.object({ password: currentPasswordSchema.optional() }).nullish();
/** The reset-MFA confirmation: the password is required there. */
export const resetMfaFormSchema = z.object({ password: currentPasswordSchema });

export const roleRefSchema = z.object({ id: z.number().int(), role: z.string() });

/** User details (spec §3). */
export const userDetailsSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  fullName: z.string(),
  profileImageUrl: z.string().nullable(),
  role: roleRefSchema,
  userPermission: z.array(permissionEntrySchema),
  alertCount: z.number().int(),
  openWorkflowReqcount: z.number().int(),
  ssoSession: z.boolean(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

export const verifyMfaResultSchema = userDetailsSchema.extend({ accessToken: z.string() });

export const changePasswordBodySchema = z.object({
  oldPassword: z.string({ error: 'Required' }).min(1, 'Required').max(200),
  newPassword: passwordSchema,
});

/** The change-password form adds the confirmation the server does not need. */
export const changePasswordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string().min(1, 'Required') })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });

export const forgotPasswordBodySchema = z.object({ email: emailSchema });

export const resetPasswordBodySchema = z.object({
  email: emailSchema,
  token: z.string().min(1, AUTH_MESSAGES.tokenMismatch).max(200),
  password: passwordSchema,
});

export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string().min(1, 'Required') })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });

export const verifyEmailBodySchema = z.object({
  token: z.string().min(1, AUTH_MESSAGES.tokenMismatch).max(200),
});

export const ssoConfigSchema = z.object({ office365: z.boolean() });
export type SsoConfig = z.infer<typeof ssoConfigSchema>;
export const healthResultSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /** The firm's IANA time zone (FIRM_TIME_ZONE): "today" for every date rule. */
  firmTimeZone: z.string(),
});

export const PROFILE_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
