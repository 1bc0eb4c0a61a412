import {
  AUTH_MESSAGES,
  changePasswordBodySchema,
  envelope,
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResultSchema,
  resetMfaBodySchema,
  resetPasswordBodySchema,
  setupMfaBodySchema,
  setupMfaResultSchema,
  verifyEmailBodySchema,
  verifyMfaBodySchema,
  verifyMfaResultSchema,
} from '@centric/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { sessionOf } from '../../platform/guard.ts';
import type { AuthService } from './auth.service.ts';

const client = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  requestId: request.id,
});
const nullResult = envelope(z.null());
const tags = ['Sign-in'];

/** Sign-in, MFA, passwords and email links; its service is created by app.ts (users and SSO use it too). */
export const registerAuthModule = (parent: FastifyInstance, deps: { auth: AuthService }) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { auth } = deps;

  app.post('/api/login', {
    config: { auth: 'public' },
    schema: {
      tags,
      summary: 'Password step of sign-in',
      body: loginBodySchema,
      response: { 200: envelope(loginResultSchema) },
    },
    handler: async (request) =>
      ok(
        await auth.login(request.body.email, request.body.password, client(request)),
        AUTH_MESSAGES.loginSuccess,
      ),
  });

  app.post('/api/setupMfa', {
    config: { auth: 'preMfa' },
    schema: {
      tags,
      summary: 'Start TOTP enrolment',
      body: setupMfaBodySchema,
      response: { 200: envelope(setupMfaResultSchema) },
    },
    handler: async (request) =>
      ok(await auth.setupMfa(sessionOf(request), request.body.email), AUTH_MESSAGES.mfaSetupReady),
  });

  app.post('/api/verifyMfa', {
    config: { auth: 'preMfa' },
    schema: {
      tags,
      summary: 'TOTP step of sign-in',
      body: verifyMfaBodySchema,
      response: { 200: envelope(verifyMfaResultSchema) },
    },
    handler: async (request) =>
      ok(
        await auth.verifyMfa(sessionOf(request), request.body.code, client(request)),
        AUTH_MESSAGES.mfaVerified,
      ),
  });

  app.post('/api/logout', {
    config: { auth: 'signedIn' },
    schema: { tags, summary: 'Sign out (revokes the token)', response: { 200: nullResult } },
    handler: async (request) => {
      await auth.logout(sessionOf(request), client(request));
      return ok(null, AUTH_MESSAGES.loggedOut);
    },
  });

  app.put('/api/updateMfa/:userId', {
    config: { auth: 'signedIn' },
    schema: {
      tags,
      summary: "Reset a user's MFA (own with the password, or any as administrator)",
      params: z.object({ userId: z.string().uuid('User not found.') }),
      body: resetMfaBodySchema,
      response: { 200: envelope(z.object({ accessToken: z.string() }).nullable()) },
    },
    handler: async (request) =>
      ok(
        await auth.resetMfa(
          sessionOf(request),
          request.params.userId,
          request.body?.password,
          client(request),
        ),
        AUTH_MESSAGES.mfaReset,
      ),
  });

  app.post('/api/changePassword', {
    config: { auth: 'signedIn' },
    schema: {
      tags,
      summary: 'Change own password',
      body: changePasswordBodySchema,
      response: { 200: nullResult },
    },
    handler: async (request) => {
      await auth.changePassword(
        sessionOf(request),
        request.body.oldPassword,
        request.body.newPassword,
        client(request),
      );
      return ok(null, AUTH_MESSAGES.passwordUpdated);
    },
  });

  app.post('/api/forgotPassword', {
    config: { auth: 'public' },
    schema: {
      tags,
      summary: 'Email a password reset link',
      body: forgotPasswordBodySchema,
      response: { 200: nullResult },
    },
    handler: async (request) => ok(null, await auth.forgotPassword(request.body.email, client(request))),
  });

  app.post('/api/resetPassword', {
    config: { auth: 'public' },
    schema: {
      tags,
      summary: 'Set a password with a reset or invitation link',
      body: resetPasswordBodySchema,
      response: { 200: nullResult },
    },
    handler: async (request) => {
      const { email, token, password } = request.body;
      await auth.resetPassword(email, token, password, client(request));
      return ok(null, AUTH_MESSAGES.passwordReset);
    },
  });

  app.post('/api/verifyEmail', {
    config: { auth: 'public' },
    schema: {
      tags,
      summary: 'Confirm an email address',
      body: verifyEmailBodySchema,
      response: { 200: nullResult },
    },
    handler: async (request) => {
      await auth.verifyEmail(request.body.token, client(request));
      return ok(null, AUTH_MESSAGES.emailVerified);
    },
  });
};
