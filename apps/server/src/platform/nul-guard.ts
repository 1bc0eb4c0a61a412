import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

export const NUL_MESSAGE = 'Text cannot contain the NUL character.';

/** The path of the first string holding U+0000, or null. PostgreSQL text cannot store it (error 22021). */
export const findNul = (value: unknown, path: string[] = []): string[] | null => {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(item, [...path, key]) ?? findNul(key, [...path, key]);
      if (found) return found;
    }
  }
  return null;
};

/**
 * Refuses, before any handler runs, a query, params or JSON body with a NUL character anywhere: such text
 * cannot reach PostgreSQL, and every route would otherwise answer 500.
 */
export const registerNulGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['query', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const path = findNul(value);
      if (path) throw badRequest(NUL_MESSAGE, [{ field: path.join('.') || part, message: NUL_MESSAGE }]);
    }
  });
};
