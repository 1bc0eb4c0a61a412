import { AUTH_MESSAGES, envelope, PROFILE_IMAGE_MAX_BYTES, userDetailsSchema } from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { auditContextOf, writeAudit } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { readImageUpload, sendImage, type FileStorage } from '../../platform/files.ts';
import { sessionOf } from '../../platform/guard.ts';
import { findUserById, updateUser } from '../auth/auth.repository.ts';
import { buildUserDetails, profileImageUrl } from './profile.service.ts';

const tags = ['Profile'];

export const registerProfileRoutes = (parent: FastifyInstance, deps: { db: Db; files: FileStorage }) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db, files } = deps;

  app.get('/api/waprofile', {
    config: { auth: 'signedIn' },
    schema: { tags, summary: 'The signed-in user', response: { 200: envelope(userDetailsSchema) } },
    handler: async (request) => {
      const session = sessionOf(request);
      return ok(await buildUserDetails(db, session.user.id, session.method));
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
      const session = sessionOf(request);
      const { data, type } = await readImageUpload(request, {
        maxBytes: PROFILE_IMAGE_MAX_BYTES,
        formatMessage: AUTH_MESSAGES.profileImageFormat,
        tooLargeMessage: AUTH_MESSAGES.profileImageFormat,
      });
      const key = `profile-images/${session.user.id}`;
      await files.put(key, data);
      const previous = await findUserById(db, session.user.id);
      await db.transaction(async (tx) => {
        await updateUser(tx, session.user.id, { profileImagePath: key });
        await writeAudit(tx, auditContextOf(request), {
          action: 'UPDATE',
          entity: 'user',
          entityId: session.user.id,
          before: { profileImage: previous?.profileImagePath ? 'set' : 'none' },
          after: { profileImage: `replaced (${type}, ${data.length} bytes)` },
        });
      });
      const user = await findUserById(db, session.user.id);
      if (!user) throw notFound();
      return ok({ profileImageUrl: profileImageUrl(user) ?? '' }, AUTH_MESSAGES.profileImageUpdated);
    },
  });

  app.get('/api/profile-image/:userId', {
    config: { auth: 'signedIn' },
    schema: { tags, summary: "A user's profile image", params: z.object({ userId: z.string().uuid() }) },
    handler: async (request, reply) => {
      const user = await findUserById(db, request.params.userId);
      const data = user?.profileImagePath ? await files.get(user.profileImagePath) : null;
      if (!data) throw notFound('No profile image.');
      return sendImage(reply, data);
    },
  });
};
