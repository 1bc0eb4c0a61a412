import { AUTH_MESSAGES, envelope, PROFILE_IMAGE_MAX_BYTES, userDetailsSchema } from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { auditContextOf, writeAudit } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { sniffImageType, type FileStorage } from '../../platform/files.ts';
import { sessionOf } from '../../platform/guard.ts';
import { findUserById, updateUser } from '../auth/auth.repository.ts';
import { buildUserDetails, profileImageUrl } from './profile.service.ts';

const tags = ['Profile'];
const ALLOWED_EXTENSIONS = /\.(jpe?g|png)$/i;

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
      const formatError = (status: number) => new HttpError(status, AUTH_MESSAGES.profileImageFormat);
      if (!request.isMultipart()) throw formatError(415);
      let part;
      try {
        part = await request.file({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1 } });
      } catch {
        throw formatError(400);
      }
      if (!part) throw formatError(400);
      const data = await part.toBuffer().catch(() => {
        throw formatError(413);
      });
      if (part.file.truncated) throw formatError(413);
      const type = sniffImageType(data);
      if (!type || !ALLOWED_EXTENSIONS.test(part.filename)) throw formatError(415);
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
      return reply
        .header('content-type', sniffImageType(data) ?? 'application/octet-stream')
        .header('cache-control', 'private, max-age=900')
        .send(data);
    },
  });
};
