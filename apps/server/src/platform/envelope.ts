import type { FieldError } from '@centric/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from './errors.ts';

/** Builds a success envelope (API.md). */
export const ok = <T>(result: T, message = 'Success', statusCode = 200) => ({ statusCode, message, result });

const fieldPath = (instancePath: string, params: unknown) => {
  const base = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = (params as { missingProperty?: string } | undefined)?.missingProperty;
  return [base, missing].filter(Boolean).join('.');
};

/**
 * Every failure leaves as an envelope: validation 400 with the first message and all field errors;
 * known errors with their status and message; anything else 500 with the request id and no internals.
 */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((v) => ({
        field: fieldPath(v.instancePath, v.params),
        message: v.message ?? 'Invalid value',
      }));
      return reply
        .code(400)
        .send({ statusCode: 400, message: errors[0]?.message ?? 'Invalid request', result: null, errors });
    }
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.code(error.statusCode).send({
        statusCode: error.statusCode,
        message: error.message,
        result: null,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type.
      const message =
        status === 413
          ? 'Request is too large.'
          : status === 415
            ? 'Unsupported content type.'
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'Request body is required.'
              : status === 400
                ? 'Malformed request.'
                : error.message;
      return reply.code(status).send({ statusCode: status, message, result: null });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({
      statusCode: 500,
      message: `Internal Server Error (request ${request.id})`,
      result: null,
    });
  });
};

/** The 404 envelope for a path no route serves. */
export const sendRouteNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  reply.code(404).send({
    statusCode: 404,
    message: `Route ${request.method} ${request.url.split('?')[0]} not found.`,
    result: null,
  });
