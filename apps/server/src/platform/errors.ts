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

/** 400 about one field: its message is the answer's and the field's. */
export const fieldError = (field: string, message: string) => badRequest(message, [{ field, message }]);

/** 409 about one field (a value already taken, a second primary), so a form can show it there. */
export const fieldConflict = (field: string, message: string) => conflict(message, [{ field, message }]);

/** 400 with every field of these issues (zod's, or a service's own checks); the first message leads. */
export const validationError = (issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>) => {
  const errors: FieldError[] = issues.map((i) => ({
    field: i.path.map(String).join('.'),
    message: i.message,
  }));
  return badRequest(errors[0]?.message ?? 'Invalid request', errors);
};
