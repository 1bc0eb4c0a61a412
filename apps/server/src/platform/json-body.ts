import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/** Far deeper than any body the app's own forms send; shallow enough for any walk over a body. */
export const JSON_MAX_DEPTH = 64;
export const JSON_TOO_DEEP_MESSAGE = `JSON cannot be nested more than ${JSON_MAX_DEPTH} levels deep.`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether JSON text opens more than `max` arrays or objects inside one another. One pass over the text, no
 * recursion and no allocation: brackets inside strings do not count (an escaped quote does not end one).
 * Malformed text is left for the parser to refuse.
 */
export const jsonNestsDeeperThan = (text: string, max: number) => {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
};

/**
 * The JSON body parser: Fastify's own (prototype-poisoning checks, its messages for empty and malformed
 * bodies), after a scan that refuses nesting deeper than JSON_MAX_DEPTH with a 400. Every later walk over
 * a body (the text guard, zod, the audit's diff) then meets a bounded depth, and a hostile body costs one
 * linear scan.
 */
export const registerJsonBodyParser = (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonNestsDeeperThan(text, JSON_MAX_DEPTH)) {
      done(new HttpError(400, JSON_TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parse(request, text, done);
  });
};
