import { AUTH_MESSAGES, envelope, PROFILE_IMAGE_MAX_BYTES, userDetailsSchema } from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { readImageUpload, sendImage } from '../../platform/files.ts';
import { sessionOf } from '../../platform/guard.ts';
import type { ProfileService } from './profile.service.ts';

const tags = ['Profile'];

/** The signed-in user's profile; its service is created by app.ts, since sign-in answers its details too. */
export const registerProfileModule = (parent: FastifyInstance, deps: { profile: ProfileService }) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { profile } = deps;

  app.get('/api/waprofile', {
    config: { auth: 'signedIn' },
    schema: { tags, summary: 'The signed-in user', response: { 200: envelope(userDetailsSchema) } },
    handler: async (request) => {
      const session = sessionOf(request);
      return ok(await profile.userDetails(session.user.id, session.method));
    },
  });

  app.put('/api/waprofile/image', {
    config: { auth: 'signedIn' },
    schema: {
      tags,
      summary: 'Upload the profile image (jpg, jpeg, png up to 15 MB), multipart field "file"',
      consumes: ['multipart/form-data'],
      response: { 200: envelope(z.object({ profileImageUrl: z.string() })) },
    },
    handler: async (request) => {
      const image = await readImageUpload(request, {
        maxBytes: PROFILE_IMAGE_MAX_BYTES,
        formatMessage: AUTH_MESSAGES.profileImageFormat,
        tooLargeMessage: AUTH_MESSAGES.profileImageFormat,
      });
      const url = await profile.replaceImage(sessionOf(request).user.id, image, auditContextOf(request));
      return ok({ profileImageUrl: url }, AUTH_MESSAGES.profileImageUpdated);
    },
  });

  app.get('/api/profile-image/:userId', {
    config: { auth: 'signedIn' },
    schema: { tags, summary: "A user's profile image", params: z.object({ userId: z.string().uuid() }) },
    handler: async (request, reply) => sendImage(reply, await profile.image(request.params.userId)),
  });
};
