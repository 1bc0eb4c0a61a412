import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

export const NUL_MESSAGE = 'Text cannot contain the NUL character.';
export const ILL_FORMED_MESSAGE = 'Text cannot contain a lone UTF-16 surrogate (ill-formed Unicode).';

/** String.prototype.isWellFormed is ES2024 (in Node 20); the project's lib stops at ES2023. */
const isWellFormed = (text: string) => (text as string & { isWellFormed: () => boolean }).isWellFormed();

/** Why PostgreSQL could not store this text (NUL: error 22021; a lone surrogate has no UTF-8), or null. */
const textProblem = (text: string) =>
  text.includes('\u0000') ? NUL_MESSAGE : isWellFormed(text) ? null : ILL_FORMED_MESSAGE;

/** A node still to visit: its value and how it was reached (the path is only built for the one refused). */
type Visit = { value: unknown; key: string | null; parent: Visit | null };

const pathOf = (visit: Visit) => {
  const path: string[] = [];
  for (let at: Visit | null = visit; at; at = at.parent) if (at.key !== null) path.push(at.key);
  return path.reverse();
};

/**
 * The first string (value or key) PostgreSQL text cannot hold, with its path and the reason, or null.
 * Iterative, one visit per node: a body nested however deep costs no stack.
 */
export const findBadText = (value: unknown): { path: string[]; message: string } | null => {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      const message = textProblem(current);
      if (message) return { path: pathOf(visit), message };
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      // A file's bytes (a CSV body) are the upload's to read, never walked byte by byte here.
      const entries = Array.isArray(current)
        ? current.map((item, index) => [String(index), item] as const)
        : Object.entries(current);
      for (const [key] of entries) {
        const message = textProblem(key);
        if (message) return { path: [...pathOf(visit), key], message };
      }
      // Pushed last to first, so that the first bad field in document order is the one named.
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index]!;
        stack.push({ value: item, key, parent: visit });
      }
    }
  }
  return null;
};

/**
 * The text guard. Before any handler runs (so before any write) it refuses with a 400 a query, params or
 * JSON body with text that PostgreSQL cannot store, in any value or key: a NUL character or ill-formed Unicode (a lone surrogate such as "\ud800"). Every route would
 * otherwise answer 500, or, on PGlite, store the text mangled.
 */
export const registerTextGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['query', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const found = findBadText(value);
      if (found) {
        throw badRequest(found.message, [{ field: found.path.join('.') || part, message: found.message }]);
      }
    }
  });
};
