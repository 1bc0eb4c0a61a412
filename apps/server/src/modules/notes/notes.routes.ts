import {
  attachmentIdParamsSchema,
  dashboardNotesQuerySchema,
  envelope,
  householdNotesQuerySchema,
  mentionHouseholdSchema,
  mentionHouseholdsQuerySchema,
  mentionUserSchema,
  mentionUsersQuerySchema,
  NOTE_MESSAGES,
  noteAttachmentSchema,
  noteClientParamsSchema,
  noteCreateBodySchema,
  noteIdParamsSchema,
  notePinBodySchema,
  noteSchema,
  noteUpdateBodySchema,
  PROSPECT_MESSAGES,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readAttachmentUpload, sendAttachment } from '../../platform/attachments.ts';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { sessionOf } from '../../platform/guard.ts';
import type { NotesService } from './notes.service.ts';

const tags = ['Notes'];
const noteEnvelope = envelope(noteSchema);
const notesEnvelope = envelope(z.array(noteSchema));

const read = { permission: { feature: 'notes', action: 'read' } } as const;
const write = { permission: { feature: 'notes', action: 'write' } } as const;
const remove = { permission: { feature: 'notes', action: 'delete' } } as const;

/**
 * Notes (issue 12 §1): a household's notes, the dashboard's, one note, writing, editing, pinning and
 * deleting them, mention suggestions, and the attachments they carry (spec §7 fileAttachment).
 */
export const registerNotesModule = (parent: FastifyInstance, deps: { notes: NotesService }) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { notes } = deps;

  app.get('/api/clients/:clientId/notes', {
    config: read,
    schema: {
      tags,
      summary: "A household's notes, pinned first then newest (page, limit, category, authorId, search)",
      params: noteClientParamsSchema,
      querystring: householdNotesQuerySchema,
      response: { 200: notesEnvelope },
    },
    handler: async (request) => {
      const caller = await notes.callerOf(sessionOf(request));
      const { items, total } = await notes.listOfHousehold(caller, request.params.clientId, request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.post('/api/clients/:clientId/notes', {
    config: write,
    schema: {
      tags,
      summary: 'Post a note on a household (it is also linked to every household it mentions)',
      params: noteClientParamsSchema,
      body: noteCreateBodySchema,
      response: { 201: noteEnvelope },
    },
    handler: async (request, reply) => {
      const caller = await notes.callerOf(sessionOf(request));
      const note = await notes.createOnHousehold(
        caller,
        request.params.clientId,
        request.body,
        auditContextOf(request),
      );
      return reply.code(201).send(ok(note, NOTE_MESSAGES.noteAdded, 201));
    },
  });

  const prospectParams = z.object({ prospectId: z.uuid(PROSPECT_MESSAGES.notFound) });

  app.get('/api/prospects/:prospectId/notes', {
    config: read,
    schema: {
      tags,
      summary: "A prospect's notes, pinned first then newest (needs prospects read too)",
      params: prospectParams,
      querystring: householdNotesQuerySchema,
      response: { 200: notesEnvelope },
    },
    handler: async (request) => {
      const caller = await notes.callerOf(sessionOf(request));
      const { items, total } = await notes.listOfProspect(caller, request.params.prospectId, request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.post('/api/prospects/:prospectId/notes', {
    config: write,
    schema: {
      tags,
      summary: 'Post a note on a prospect (type PROSPECTS; it moves with the prospect when it converts)',
      params: prospectParams,
      body: noteCreateBodySchema,
      response: { 201: noteEnvelope },
    },
    handler: async (request, reply) => {
      const caller = await notes.callerOf(sessionOf(request));
      const note = await notes.createOnProspect(
        caller,
        request.params.prospectId,
        request.body,
        auditContextOf(request),
      );
      return reply.code(201).send(ok(note, NOTE_MESSAGES.noteAdded, 201));
    },
  });

  app.get('/api/notes', {
    config: read,
    schema: {
      tags,
      summary: "The dashboard's notes created in the duration, pinned first then newest",
      querystring: dashboardNotesQuerySchema,
      response: { 200: notesEnvelope },
    },
    handler: async (request) => {
      const caller = await notes.callerOf(sessionOf(request));
      const { items, total } = await notes.listOfDashboard(caller, request.query);
      return { ...ok(items), totalResults: total };
    },
  });

  app.post('/api/notes', {
    config: write,
    schema: {
      tags,
      summary: 'Post a note on the dashboard (type DASHBOARD, on no household)',
      body: noteCreateBodySchema,
      response: { 201: noteEnvelope },
    },
    handler: async (request, reply) => {
      const caller = await notes.callerOf(sessionOf(request));
      const note = await notes.createOnDashboard(caller, request.body, auditContextOf(request));
      return reply.code(201).send(ok(note, NOTE_MESSAGES.noteAdded, 201));
    },
  });

  app.get('/api/notes/mention-users', {
    config: read,
    schema: {
      tags,
      summary:
        'Up to 10 active users to mention (name or email); with clientId only users who may read households',
      querystring: mentionUsersQuerySchema,
      response: { 200: envelope(z.array(mentionUserSchema)) },
    },
    handler: async (request) => {
      const caller = await notes.callerOf(sessionOf(request));
      return ok(await notes.mentionUsers(caller, request.query));
    },
  });

  app.get('/api/notes/mention-households', {
    config: read,
    schema: {
      tags,
      summary: 'Up to 10 households to mention, by name (none without households read)',
      querystring: mentionHouseholdsQuerySchema,
      response: { 200: envelope(z.array(mentionHouseholdSchema)) },
    },
    handler: async (request) => {
      const caller = await notes.callerOf(sessionOf(request));
      return ok(await notes.mentionHouseholds(caller, request.query));
    },
  });

  app.get('/api/notes/:id', {
    config: read,
    schema: { tags, summary: 'One note', params: noteIdParamsSchema, response: { 200: noteEnvelope } },
    handler: async (request) => {
      const caller = await notes.callerOf(sessionOf(request));
      return ok(await notes.get(caller, request.params.id));
    },
  });

  app.patch('/api/notes/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Edit a note: only its author, never a system note',
      params: noteIdParamsSchema,
      body: noteUpdateBodySchema,
      response: { 200: noteEnvelope },
    },
    handler: async (request) => {
      const caller = await notes.callerOf(sessionOf(request));
      const note = await notes.update(caller, request.params.id, request.body, auditContextOf(request));
      return ok(note, NOTE_MESSAGES.noteUpdated);
    },
  });

  app.put('/api/notes/:id/pin', {
    config: write,
    schema: {
      tags,
      summary: 'Pin or unpin a note {isPinned} (not a system note)',
      params: noteIdParamsSchema,
      body: notePinBodySchema,
      response: { 200: noteEnvelope },
    },
    handler: async (request) => {
      const caller = await notes.callerOf(sessionOf(request));
      const note = await notes.pin(caller, request.params.id, request.body.isPinned, auditContextOf(request));
      return ok(note, note.isPinned ? NOTE_MESSAGES.notePinned : NOTE_MESSAGES.noteUnpinned);
    },
  });

  app.delete('/api/notes/:id', {
    config: remove,
    schema: {
      tags,
      summary: 'Delete a note: its creator or an administrator, never a workflow or system note',
      params: noteIdParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      const caller = await notes.callerOf(sessionOf(request));
      await notes.remove(caller, request.params.id, auditContextOf(request));
      return ok(null, NOTE_MESSAGES.noteDeleted);
    },
  });

  app.post('/api/fileAttachment', {
    config: write,
    schema: {
      tags,
      summary: 'Upload an attachment (multipart field "file": jpg, jpeg, png or pdf up to 15 MB)',
      consumes: ['multipart/form-data'],
      response: { 201: envelope(noteAttachmentSchema) },
    },
    handler: async (request, reply) => {
      const caller = await notes.callerOf(sessionOf(request));
      const upload = await readAttachmentUpload(request);
      const attachment = await notes.uploadAttachment(caller, upload, auditContextOf(request));
      return reply.code(201).send(ok(attachment, NOTE_MESSAGES.attachmentUploaded, 201));
    },
  });

  app.get('/api/fileAttachment/:id', {
    config: read,
    schema: {
      tags,
      summary:
        'Download an attachment (its note must be readable; an unattached upload only by its uploader)',
      params: attachmentIdParamsSchema,
    },
    handler: async (request, reply) => {
      const caller = await notes.callerOf(sessionOf(request));
      const { row, data } = await notes.downloadAttachment(caller, request.params.id);
      return sendAttachment(reply, row, data);
    },
  });

  app.delete('/api/fileAttachment/:id', {
    config: write,
    schema: {
      tags,
      summary: "Delete an attachment: one's own upload, or one on a note one may edit",
      params: attachmentIdParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      const caller = await notes.callerOf(sessionOf(request));
      await notes.deleteAttachment(caller, request.params.id, auditContextOf(request));
      return ok(null, NOTE_MESSAGES.attachmentDeleted);
    },
  });
};
