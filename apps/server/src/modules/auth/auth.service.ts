import { AUTH_MESSAGES, PASSWORD_MESSAGES, ROLE_IDS } from '@centric/contracts';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import {
  badRequest,
  conflict,
  fieldError,
  forbidden,
  notFound,
  unauthorized,
} from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import {
  hashPassword,
  passwordPolicyViolation,
  verifyAgainstDummy,
  verifyPassword,
} from '../../platform/passwords.ts';
import {
  createSession,
  revokeSession,
  revokeUserSessions,
  type AuthenticatedSession,
} from '../../platform/sessions.ts';
import {
  assertNotThrottled,
  clearFailures,
  countRequest,
  failureRules,
  recordFailure,
  resetRequestRules,
} from '../../platform/throttle.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { auditWriter, type AuditContext } from '../../platform/audit.ts';
import type { ProfileService } from '../profile/profile.service.ts';
import {
  addPasswordHistory,
  consumeUserToken,
  findUnusedUserToken,
  findUserByEmail,
  findUserById,
  insertUserToken,
  recentPasswordHashes,
  retireUserTokens,
  updateUser,
  type UserTokenPurpose,
} from './auth.repository.ts';
import { invitationMail, passwordResetMail, verifyEmailMail } from './auth.mails.ts';

export const TOTP_PERIOD = 30;
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
export const EMAIL_VERIFY_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** An invitation is a set-password link that waits longer than a reset link. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const PASSWORD_HISTORY_DEPTH = 3;

export type Client = { ip: string; userAgent?: string | undefined; requestId?: string | undefined };

/** The audit context of a sign-in call: the person it is about is the actor. */
const contextOf = (
  client: Client,
  user: { id: string; email: string } | null,
  email?: string,
): AuditContext => ({
  actorId: user?.id ?? null,
  actorEmail: user?.email ?? email ?? null,
  requestId: client.requestId ?? null,
  ip: client.ip,
});

const totpFor = (email: string, secret: string) =>
  new OTPAuth.TOTP({
    issuer: 'Centric',
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

export const createAuthService = (deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  secrets: SecretBox;
  clock: Clock;
  /** The user details a completed sign-in answers. */
  profile: Pick<ProfileService, 'userDetails'>;
}) => {
  const { db, config, mailer, secrets, clock, profile } = deps;
  const writeAudit = auditWriter(clock);

  /** The password must obey §5 and differ from the last three; returns its hash. */
  /** TOTP secrets are sealed at rest; one stored before sealing existed is read as it is. */
  const openMfaSecret = (stored: string) => (stored.startsWith('v1:') ? secrets.open(stored) : stored);

  const acceptNewPassword = async (userId: string | null, password: string) => {
    const violation = passwordPolicyViolation(password);
    if (violation) throw fieldError('password', violation);
    if (userId) {
      for (const old of await recentPasswordHashes(db, userId, PASSWORD_HISTORY_DEPTH)) {
        if (await verifyPassword(old, password)) {
          throw fieldError('password', PASSWORD_MESSAGES.history);
        }
      }
    }
    return hashPassword(password);
  };

  /**
   * A signed-in user types their password again before changing how they sign in (MFA, password): a wrong
   * one is a failed sign-in, counted against the account and the address like one at the sign-in screen.
   */
  const confirmPassword = async (
    userId: string,
    password: string | undefined,
    client: Client,
    refusal: { field: string; message: string },
  ) => {
    if (!password) throw fieldError(refusal.field, AUTH_MESSAGES.passwordEmpty);
    const user = await findUserById(db, userId);
    if (!user) throw unauthorized();
    const keys = failureRules('login', user.email, client.ip);
    const now = clock.now();
    await assertNotThrottled(db, [keys.account, keys.address], now);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
      await recordFailure(db, [keys.account, keys.address], now);
      await writeAudit(db, contextOf(client, user), {
        action: 'SIGN_IN_FAILED',
        entity: 'user',
        entityId: user.id,
        after: { step: 'password', email: user.email },
      });
      throw fieldError(refusal.field, refusal.message);
    }
    await clearFailures(db, keys.account);
    return user;
  };

  const setPassword = async (tx: Db, userId: string, passwordHash: string) => {
    const now = clock.now();
    await updateUser(tx, userId, { passwordHash, passwordChangedAt: now }, now);
    await addPasswordHistory(tx, userId, passwordHash);
  };

  const issueUserToken = async (
    userId: string,
    purpose: UserTokenPurpose,
    lifetimeMs: number,
    audit: { context: AuditContext; action: string },
  ) => {
    const token = newToken();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + lifetimeMs);
    await db.transaction(async (tx) => {
      await retireUserTokens(tx, userId, purpose, now);
      await insertUserToken(tx, { userId, purpose, tokenHash: hashToken(token), expiresAt });
      await writeAudit(tx, audit.context, {
        action: audit.action,
        entity: 'user',
        entityId: userId,
        after: { expiresAt },
      });
    });
    return token;
  };

  return {
    /** The user with this id (any status), or null: for single sign-on, which signs users in too. */
    userById: (id: string) => findUserById(db, id),
    /** The user with this address (any case, any status), or null. */
    userByEmail: (email: string) => findUserByEmail(db, email),

    async login(email: string, password: string, client: Client) {
      const keys = failureRules('login', email, client.ip);
      const now = clock.now();
      await assertNotThrottled(db, [keys.account, keys.address], now);
      const user = await findUserByEmail(db, email);
      const valid =
        user?.passwordHash && user.status === 'ACTIVE'
          ? await verifyPassword(user.passwordHash, password)
          : await verifyAgainstDummy(password);
      if (!user || !valid) {
        await recordFailure(db, [keys.account, keys.address], now);
        await writeAudit(db, contextOf(client, user, email), {
          action: 'SIGN_IN_FAILED',
          entity: 'user',
          entityId: user?.id ?? null,
          after: { step: 'password', email },
        });
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      await clearFailures(db, keys.account);
      const accessToken = await createSession(db, {
        userId: user.id,
        kind: 'PRE_MFA',
        method: 'PASSWORD',
        now,
        ip: client.ip,
        userAgent: client.userAgent,
      });
      return { accessToken, mfaEnrolled: Boolean(user.mfaEnrolledAt) };
    },

    async setupMfa(session: AuthenticatedSession, email: string) {
      const user = await findUserById(db, session.user.id);
      if (!user) throw unauthorized();
      if (user.email.toLowerCase() !== email.toLowerCase())
        throw forbidden('This email does not belong to the signed-in user.');
      if (user.mfaEnrolledAt) throw conflict(AUTH_MESSAGES.mfaAlreadyEnrolled);
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      await updateUser(db, user.id, { mfaSecret: secrets.seal(secret), mfaLastStep: null }, clock.now());
      const otpauthUrl = totpFor(user.email, secret).toString();
      const qrCode = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 });
      return { qrCode, secret, otpauthUrl };
    },

    async verifyMfa(session: AuthenticatedSession, code: string, client: Client) {
      const keys = failureRules('mfa', session.user.id, client.ip);
      const at = clock.now();
      await assertNotThrottled(db, [keys.account, keys.address], at);
      const user = await findUserById(db, session.user.id);
      if (!user) throw unauthorized();
      if (!user.mfaSecret) throw badRequest('Set up MFA before entering a code.');
      const now = at.getTime();
      const delta = /^\d{6}$/.test(code)
        ? totpFor(user.email, openMfaSecret(user.mfaSecret)).validate({
            token: code,
            timestamp: now,
            window: 1,
          })
        : null;
      const step = delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD) + delta;
      // A code is accepted once: its time step must be newer than the last one accepted.
      if (step === null || (user.mfaLastStep !== null && step <= user.mfaLastStep)) {
        await recordFailure(db, [keys.account, keys.address], at);
        await writeAudit(db, contextOf(client, user), {
          action: 'SIGN_IN_FAILED',
          entity: 'user',
          entityId: user.id,
          after: { step: 'mfa' },
        });
        throw fieldError('code', AUTH_MESSAGES.mfaCodeInvalid);
      }
      await clearFailures(db, keys.account);
      const accessToken = await db.transaction(async (tx) => {
        await updateUser(
          tx,
          user.id,
          { mfaLastStep: step, ...(user.mfaEnrolledAt ? {} : { mfaEnrolledAt: at }) },
          at,
        );
        await revokeSession(tx, session.sessionId);
        await writeAudit(tx, contextOf(client, user), {
          action: 'SIGN_IN',
          entity: 'user',
          entityId: user.id,
          after: { method: 'PASSWORD', mfaEnrolled: !user.mfaEnrolledAt ? 'now' : 'before' },
        });
        return createSession(tx, {
          userId: user.id,
          kind: 'FULL',
          method: 'PASSWORD',
          now: at,
          ip: client.ip,
          userAgent: client.userAgent,
        });
      });
      return { ...(await profile.userDetails(user.id, 'PASSWORD')), accessToken };
    },

    logout: (session: AuthenticatedSession, client: Client) =>
      db.transaction(async (tx) => {
        await revokeSession(tx, session.sessionId);
        await writeAudit(tx, contextOf(client, session.user), {
          action: 'SIGN_OUT',
          entity: 'user',
          entityId: session.user.id,
        });
      }),

    /**
     * Clears a user's MFA and ends their sessions; a user resetting their own confirms with their password
     * and gets a token to set it up again.
     */
    async resetMfa(
      session: AuthenticatedSession,
      userId: string,
      password: string | undefined,
      client: Client,
    ) {
      const self = session.user.id === userId;
      if (!self && session.user.roleId !== ROLE_IDS.administrator) throw forbidden();
      if (self) {
        await confirmPassword(userId, password, client, {
          field: 'password',
          message: AUTH_MESSAGES.invalidCredentials,
        });
      }
      const target = await findUserById(db, userId);
      if (!target) throw notFound('User not found.');
      await db.transaction(async (tx) => {
        await updateUser(
          tx,
          userId,
          { mfaSecret: null, mfaEnrolledAt: null, mfaLastStep: null },
          clock.now(),
        );
        await revokeUserSessions(tx, userId);
        await writeAudit(tx, contextOf(client, session.user), {
          action: 'MFA_RESET',
          entity: 'user',
          entityId: userId,
          before: { mfaEnrolled: Boolean(target.mfaEnrolledAt) },
          after: { mfaEnrolled: false },
        });
      });
      if (!self) return null;
      const accessToken = await createSession(db, {
        userId,
        kind: 'PRE_MFA',
        method: 'PASSWORD',
        now: clock.now(),
        ip: client.ip,
        userAgent: client.userAgent,
      });
      return { accessToken };
    },

    async changePassword(
      session: AuthenticatedSession,
      oldPassword: string,
      newPassword: string,
      client: Client,
    ) {
      const user = await confirmPassword(session.user.id, oldPassword, client, {
        field: 'oldPassword',
        message: AUTH_MESSAGES.oldPasswordWrong,
      });
      const passwordHash = await acceptNewPassword(user.id, newPassword);
      await db.transaction(async (tx) => {
        await setPassword(tx, user.id, passwordHash);
        await revokeUserSessions(tx, user.id, session.sessionId);
        await writeAudit(tx, contextOf(client, user), {
          action: 'PASSWORD_CHANGED',
          entity: 'user',
          entityId: user.id,
        });
      });
    },

    /** Every request counts against the address (the spec's answer tells whether an email exists). */
    async forgotPassword(email: string, client: Client) {
      await countRequest(db, resetRequestRules(client.ip), clock.now(), AUTH_MESSAGES.tooManyRequests);
      const user = await findUserByEmail(db, email);
      if (!user || user.status !== 'ACTIVE') throw notFound(AUTH_MESSAGES.emailDoesNotExist);
      const token = await issueUserToken(user.id, 'PASSWORD_RESET', RESET_TOKEN_LIFETIME_MS, {
        context: contextOf(client, user),
        action: 'PASSWORD_RESET_REQUESTED',
      });
      const link = `${config.publicUrl}/reset-password?${new URLSearchParams({ email: user.email, token })}`;
      await mailer.send(db, passwordResetMail({ to: user.email, fullName: user.fullName, link }));
      return `${AUTH_MESSAGES.resetLinkSent} ${user.email}`;
    },

    async resetPassword(email: string, token: string, password: string, client: Client) {
      const keys = failureRules('reset', email, client.ip);
      const now = clock.now();
      await assertNotThrottled(db, [keys.account, keys.address], now);
      const tokenHash = hashToken(token);
      const user = await findUserByEmail(db, email);
      const live = await findUnusedUserToken(db, tokenHash, 'PASSWORD_RESET', 'live', now);
      if (!user || !live || live.userId !== user.id || user.status !== 'ACTIVE') {
        await recordFailure(db, [keys.account, keys.address], now);
        // An invitation link that ran out before the new user set a password: only an admin can send another.
        if (user && !live && user.status === 'ACTIVE' && !user.invitationAccepted) {
          const expired = await findUnusedUserToken(db, tokenHash, 'PASSWORD_RESET', 'expired', now);
          if (expired?.userId === user.id) throw badRequest(AUTH_MESSAGES.inviteExpired);
        }
        throw badRequest(AUTH_MESSAGES.tokenMismatch);
      }
      const passwordHash = await acceptNewPassword(user.id, password);
      const consumed = await consumeUserToken(db, tokenHash, 'PASSWORD_RESET', now);
      if (!consumed) throw badRequest(AUTH_MESSAGES.tokenMismatch);
      await db.transaction(async (tx) => {
        await setPassword(tx, user.id, passwordHash);
        // Following the link proves the address, and accepts an invitation.
        await updateUser(
          tx,
          user.id,
          { invitationAccepted: true, ...(user.emailVerifiedAt ? {} : { emailVerifiedAt: now }) },
          now,
        );
        await revokeUserSessions(tx, user.id);
        await writeAudit(tx, contextOf(client, user), {
          action: 'PASSWORD_RESET',
          entity: 'user',
          entityId: user.id,
          before: { invitationAccepted: user.invitationAccepted },
          after: { invitationAccepted: true },
        });
      });
      await clearFailures(db, keys.account);
    },

    /** Invites a user: a set-password link, valid 7 days, that also verifies the address. */
    async sendInvitation(userId: string, context: AuditContext) {
      const user = await findUserById(db, userId);
      if (!user) throw notFound('User not found.');
      const token = await issueUserToken(user.id, 'PASSWORD_RESET', INVITATION_LIFETIME_MS, {
        context,
        action: 'INVITE',
      });
      const link = `${config.publicUrl}/reset-password?${new URLSearchParams({ email: user.email, token })}`;
      await mailer.send(db, invitationMail({ to: user.email, fullName: user.fullName, link }));
    },

    /** Sends a link that proves the user owns the address. */
    async sendEmailVerification(userId: string, context: AuditContext) {
      const user = await findUserById(db, userId);
      if (!user) throw notFound('User not found.');
      const token = await issueUserToken(user.id, 'EMAIL_VERIFY', EMAIL_VERIFY_LIFETIME_MS, {
        context,
        action: 'EMAIL_VERIFICATION_SENT',
      });
      const link = `${config.publicUrl}/verify-email?${new URLSearchParams({ token })}`;
      await mailer.send(db, verifyEmailMail({ to: user.email, fullName: user.fullName, link }));
    },

    async verifyEmail(token: string, client: Client) {
      const keys = failureRules('verify', 'email', client.ip);
      const now = clock.now();
      await assertNotThrottled(db, [keys.address], now);
      await db
        .transaction(async (tx) => {
          const consumed = await consumeUserToken(tx, hashToken(token), 'EMAIL_VERIFY', now);
          if (!consumed) throw badRequest(AUTH_MESSAGES.emailVerifyFailed);
          await updateUser(tx, consumed.userId, { emailVerifiedAt: now }, now);
          const user = await findUserById(tx, consumed.userId);
          await writeAudit(tx, contextOf(client, user), {
            action: 'EMAIL_VERIFIED',
            entity: 'user',
            entityId: consumed.userId,
          });
        })
        .catch(async (err: unknown) => {
          await recordFailure(db, [keys.address], now);
          throw err;
        });
    },
  };
};

export type AuthService = ReturnType<typeof createAuthService>;
