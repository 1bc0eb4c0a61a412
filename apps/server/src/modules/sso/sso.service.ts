import { AUTH_MESSAGES } from '@centric/contracts';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { auditWriter, type AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { createSession } from '../../platform/sessions.ts';
import type { AuthService } from '../auth/auth.service.ts';
import {
  consumeLoginState,
  deleteExpiredLoginStates,
  findSsoIdentity,
  insertLoginState,
  linkSsoIdentity,
  userHasSsoIdentity,
} from './sso.repository.ts';

/** Shown (on the sign-in page) for every failure that is not about who the user is. */
export const SSO_FAILED_MESSAGE = AUTH_MESSAGES.ssoFailed;
export const SSO_SCOPE = 'openid email profile';
export const SSO_CALLBACK_PATH = '/api/sso/office365/callback';

export type SsoClient = { ip: string; userAgent?: string | undefined; requestId?: string | undefined };

/** Why a sign-in failed: `userMessage` goes to the browser, the rest only to the log. */
class SsoFailure extends Error {
  constructor(
    readonly userMessage: string,
    readonly reason: string,
    readonly details: Record<string, string | number | boolean | undefined> = {},
  ) {
    super(reason);
  }
}

const notAuthorised = (reason: string, details?: SsoFailure['details']) =>
  new SsoFailure(AUTH_MESSAGES.ssoNotAuthorised, reason, details);
const failed = (reason: string, details?: SsoFailure['details']) =>
  new SsoFailure(SSO_FAILED_MESSAGE, reason, details);

/** An OAuth error code is short and of a known alphabet; anything else is not logged as itself. */
const safeCode = (value: unknown) =>
  typeof value === 'string' && /^[\w.-]{1,64}$/.test(value)
    ? value
    : typeof value === 'string'
      ? '(malformed)'
      : undefined;

const truncate = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * What may be logged of an error: the messages of openid-client are fixed texts (their `cause` holds
 * claims and response bodies, so it is left out); other errors (database, bugs) log only name and code.
 */
const describeError = (error: unknown): Record<string, string | number | undefined> => {
  if (error instanceof oidc.ResponseBodyError) {
    return { errorType: 'ResponseBodyError', oauthError: safeCode(error.error), httpStatus: error.status };
  }
  if (error instanceof oidc.AuthorizationResponseError) {
    return { errorType: 'AuthorizationResponseError', oauthError: safeCode(error.error) };
  }
  if (error instanceof oidc.ClientError) {
    return { errorType: error.name, errorCode: error.code, errorMessage: truncate(error.message) };
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { errorType: error.name, errorCode: typeof code === 'string' ? code : undefined };
  }
  return { errorType: typeof error };
};

export const createSsoService = (deps: {
  db: Db;
  config: Config;
  clock: Clock;
  /** Who the users are: SSO signs in the users the password sign-in knows. */
  auth: Pick<AuthService, 'userById' | 'userByEmail'>;
}) => {
  const { db, config, clock, auth } = deps;
  const writeAudit = auditWriter(clock);
  const redirectUri = `${config.publicUrl}${SSO_CALLBACK_PATH}`;
  const issuerSetting = config.OFFICE365_ISSUER;
  const clientId = config.OFFICE365_CLIENT_ID;
  const clientSecret = config.OFFICE365_CLIENT_SECRET;
  const tenantId = config.OFFICE365_TENANT_ID;

  // Only the discovered provider metadata is kept in memory (a cache: any instance can rediscover it).
  let discovered: Promise<oidc.Configuration> | null = null;
  const providerConfiguration = () => {
    if (!issuerSetting || !clientId || !clientSecret) throw failed('single sign-on is not configured');
    if (!discovered) {
      const issuerUrl = new URL(issuerSetting);
      // Plain http is for a local test provider only (openid-client refuses it otherwise).
      const insecure = issuerUrl.protocol === 'http:';
      discovered = oidc
        .discovery(issuerUrl, clientId, undefined, oidc.ClientSecretPost(clientSecret), {
          timeout: 10,
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        })
        .catch((error: unknown) => {
          discovered = null;
          throw failed('provider discovery failed', describeError(error));
        });
    }
    return discovered;
  };

  const auditContext = (client: SsoClient, user: { id: string; email: string } | null): AuditContext => ({
    actorId: user?.id ?? null,
    actorEmail: user?.email ?? null,
    requestId: client.requestId ?? null,
    ip: client.ip,
  });

  const failureUrl = (message: string) => `${config.publicUrl}/?ssoError=${encodeURIComponent(message)}`;

  const logFailure = (log: FastifyBaseLogger, step: 'start' | 'callback', error: unknown) => {
    if (error instanceof SsoFailure) {
      log.warn({ sso: { step, reason: error.reason, ...error.details } }, 'single sign-on refused');
      return error.userMessage;
    }
    log.error(
      { sso: { step, reason: 'unexpected error', ...describeError(error) } },
      'single sign-on failed',
    );
    return SSO_FAILED_MESSAGE;
  };

  /** Where to send the browser to sign in at the provider (or back to the sign-in page with an error). */
  const start = async (log: FastifyBaseLogger): Promise<string> => {
    try {
      const providerConfig = await providerConfiguration();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
      await deleteExpiredLoginStates(db);
      await insertLoginState(db, { state, nonce, codeVerifier });
      return oidc.buildAuthorizationUrl(providerConfig, {
        redirect_uri: redirectUri,
        scope: SSO_SCOPE,
        response_type: 'code',
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        state,
        nonce,
      }).href;
    } catch (error) {
      return failureUrl(logFailure(log, 'start', error));
    }
  };

  /** The user an ID token signs in: by (issuer, subject), else linked on first use by verified email. */
  const resolveUser = async (claims: oidc.IDToken) => {
    const issuer = claims.iss;
    const subject = claims.sub;
    const identity = await findSsoIdentity(db, issuer, subject);
    if (identity) {
      const user = await auth.userById(identity.userId);
      if (!user || user.status !== 'ACTIVE') throw notAuthorised('linked user is not active', { subject });
      return { user, linked: false };
    }
    const email =
      typeof claims.email === 'string' && claims.email
        ? claims.email
        : typeof claims.preferred_username === 'string' && claims.preferred_username
          ? claims.preferred_username
          : null;
    if (!email || email.length > 255) throw notAuthorised('no email in the ID token', { subject });
    // Entra ID rarely sends email_verified; a token of the configured tenant is trusted for its addresses.
    const verified = claims.email_verified === true || Boolean(tenantId);
    if (!verified) throw notAuthorised('email not verified by the provider', { subject });
    const user = await auth.userByEmail(email);
    if (!user || user.status !== 'ACTIVE') throw notAuthorised('no active user with this email', { subject });
    // A user is linked to one subject per provider; another account with the same address is refused.
    if (await userHasSsoIdentity(db, issuer, user.id)) {
      throw notAuthorised('user is already linked to another subject', { subject });
    }
    const link = await linkSsoIdentity(db, { issuer, subject, userId: user.id });
    if (link?.userId !== user.id)
      throw notAuthorised('subject was linked to another user meanwhile', { subject });
    return { user, linked: true };
  };

  /**
   * Completes a sign-in from the provider's redirect (its raw query string); answers where to send the
   * browser: the web app's callback with a session token, or the sign-in page with an error.
   */
  const callback = async (rawQuery: string, client: SsoClient, log: FastifyBaseLogger): Promise<string> => {
    try {
      const params = new URLSearchParams(rawQuery);
      const states = params.getAll('state');
      const state = states[0];
      if (states.length !== 1 || !state || state.length > 64) throw failed('missing or malformed state');
      const saved = await consumeLoginState(db, state);
      if (!saved) throw failed('unknown or expired state');
      if (params.has('error'))
        throw failed('the provider answered an error', { oauthError: safeCode(params.get('error')) });
      if (!params.has('code')) throw failed('no authorization code');

      const providerConfig = await providerConfiguration();
      const currentUrl = new URL(redirectUri);
      currentUrl.search = params.toString();
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(providerConfig, currentUrl, {
          pkceCodeVerifier: saved.codeVerifier,
          expectedState: state,
          expectedNonce: saved.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        throw failed('code exchange or ID token validation failed', describeError(error));
      }
      if (!claims) throw failed('no ID token');
      if (tenantId && claims.tid !== tenantId)
        throw notAuthorised('ID token of another tenant', { subject: claims.sub });

      const { user, linked } = await resolveUser(claims);
      const token = await db.transaction(async (tx) => {
        await writeAudit(tx, auditContext(client, user), {
          action: 'SIGN_IN',
          entity: 'user',
          entityId: user.id,
          after: { method: 'SSO', linkedNow: linked },
        });
        return createSession(tx, {
          userId: user.id,
          kind: 'FULL',
          method: 'SSO',
          now: clock.now(),
          ip: client.ip,
          ...(client.userAgent ? { userAgent: client.userAgent } : {}),
        });
      });
      log.info({ sso: { userId: user.id, linked } }, 'single sign-on succeeded');
      return `${config.publicUrl}/sso-callback#accessToken=${encodeURIComponent(token)}`;
    } catch (error) {
      const reason = error instanceof SsoFailure ? error.reason : 'unexpected error';
      await writeAudit(db, auditContext(client, null), {
        action: 'SIGN_IN_FAILED',
        entity: 'user',
        after: { step: 'sso', reason },
      }).catch((auditError: unknown) =>
        log.error({ err: auditError }, 'could not record the failed sign-in'),
      );
      return failureUrl(logFailure(log, 'callback', error));
    }
  };

  return { enabled: config.ssoEnabled, redirectUri, start, callback };
};

export type SsoService = ReturnType<typeof createSsoService>;
