import {
  createRoleBodySchema,
  envelope,
  ROLE_MESSAGES,
  roleIdParamsSchema,
  roleListQuerySchema,
  rolePermissionsResultSchema,
  roleSchema,
  savePermissionsBodySchema,
  updateRoleBodySchema,
} from '@centric/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { createRolesService } from './roles.service.ts';

const tags = ['Roles'];

export const registerRolesModule = (
  parent: FastifyInstance,
  deps: Parameters<typeof createRolesService>[0],
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const roles = createRolesService(deps);

  app.get('/api/roles', {
    config: { permission: { feature: 'roles', action: 'read' } },
    schema: {
      tags,
      summary: 'Roles (all, or ?active=true|false)',
      querystring: roleListQuerySchema,
      response: { 200: envelope(z.array(roleSchema)) },
    },
    handler: async (request) => {
      const list = await roles.list({ active: request.query.active });
      return { ...ok(list), totalResults: list.length };
    },
  });

  app.post('/api/roles', {
    config: { permission: { feature: 'roles', action: 'write' } },
    schema: {
      tags,
      summary: 'Create a role {role_name, description}; it starts with nothing allowed',
      body: createRoleBodySchema,
      response: { 201: envelope(roleSchema) },
    },
    handler: async (request, reply) => {
      const role = await roles.create(request.body, auditContextOf(request));
      return reply.code(201).send(ok(role, ROLE_MESSAGES.created, 201));
    },
  });

  app.patch('/api/roles/:id', {
    config: { permission: { feature: 'roles', action: 'write' } },
    schema: {
      tags,
      summary: 'Rename, describe or (de)activate a role (not the system role)',
      params: roleIdParamsSchema,
      body: updateRoleBodySchema,
      response: { 200: envelope(roleSchema) },
    },
    handler: async (request) =>
      ok(await roles.update(request.params.id, request.body, auditContextOf(request)), ROLE_MESSAGES.updated),
  });

  app.get('/api/roles/:id/permissions', {
    config: { permission: { feature: 'roles', action: 'read' } },
    schema: {
      tags,
      summary: "The role's complete permission matrix (every feature × read/write/delete)",
      params: roleIdParamsSchema,
      response: { 200: envelope(rolePermissionsResultSchema) },
    },
    handler: async (request) => ok(await roles.permissions(request.params.id)),
  });

  app.put('/api/roles/:id/permissions', {
    config: { permission: { feature: 'roles', action: 'write' } },
    schema: {
      tags,
      summary: 'Replace the matrix: every feature once; write and delete need read',
      params: roleIdParamsSchema,
      body: savePermissionsBodySchema,
      response: { 200: envelope(rolePermissionsResultSchema) },
    },
    handler: async (request) =>
      ok(
        await roles.savePermissions(request.params.id, request.body.permissions, auditContextOf(request)),
        ROLE_MESSAGES.permissionsSaved,
      ),
  });
};
