import type { FieldError } from '@centric/contracts';

/** An error that becomes an answer with this status and message (the spec's text). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to view this page.') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
/** 409; `errors` names the field it is about (a name already taken) so a form can show it there. */
export const conflict = (message: string, errors?: FieldError[]) => new HttpError(409, message, errors);
export const preconditionFailed = (message: string) => new HttpError(412, message);
