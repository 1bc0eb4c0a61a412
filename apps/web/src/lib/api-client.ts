import { AUTH_MESSAGES, type FieldError } from '@centric/contracts';
import { clearSession, getAccessToken } from './session.ts';
import { fieldsOf, isNumber, isString } from './value-checks.ts';
import { saveBlob } from './save-file.ts';

export const API_BASE = '/api';

export const NETWORK_ERROR_MESSAGE = 'Cannot reach the server. Please check your connection and try again.';
export const UNEXPECTED_RESPONSE_MESSAGE = 'The server sent an unexpected answer. Please try again.';

/** A failed call: the HTTP status, the server's message (shown verbatim in the error toast) and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldError[];

  constructor(status: number, message: string, errors: FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The message to show for any error thrown by a call. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : AUTH_MESSAGES.internalError;

/**
 * What reads a call's `result`: a contract's zod schema, or a hand-written check with the same `safeParse`
 * where the screen must not load zod (the sign-in screen's single sign-on config, lib/session-shapes.ts).
 */
export type ResultSchema<T> = {
  safeParse: (value: unknown) => { success: true; data: T } | { success: false };
};

/** What a successful call gives back, unwrapped from the envelope. */
export type ApiResponse<T> = {
  result: T;
  message: string;
  statusCode: number;
  totalResults?: number;
  /** The envelope's other fields beside `result` (a list's filter options), unchecked: the caller parses them. */
  extras?: Record<string, unknown>;
};

const ENVELOPE_FIELDS = new Set(['statusCode', 'message', 'result', 'totalResults', 'errors']);

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** Schema of `result`; parses the answer so the caller gets typed data. */
  schema?: ResultSchema<T>;
  /**
   * What a 401 means. `signOut` (default): the session is gone, clear it (the route guards then go to `/`).
   * `error`: the sign-in calls, where 401 is an answer about the credentials, not about the session.
   */
  onUnauthorized?: 'signOut' | 'error';
  signal?: AbortSignal;
};

/** The envelope as this client reads it: every field may be missing (an error answer has no result). */
type Envelope = {
  statusCode?: number;
  message?: string;
  result?: unknown;
  totalResults?: number;
  errors?: FieldError[];
};

const fieldErrorOf = (value: unknown): FieldError | null => {
  const fields = fieldsOf(value);
  return fields && isString(fields.field) && isString(fields.message)
    ? { field: fields.field, message: fields.message }
    : null;
};

/**
 * The answer's envelope, or null when the body is not one (a field of the wrong type, a body that is not an
 * object). Checked by hand rather than with zod: the sign-in screen uses this client and must not load zod (its
 * JavaScript budget, scripts/check-bundle-size.mjs). The result itself is checked by the call's own schema.
 */
export const envelopeOf = (payload: unknown): Envelope | null => {
  const fields = fieldsOf(payload);
  if (!fields) return null;
  const { statusCode, message, result, totalResults, errors } = fields;
  const envelope: Envelope = { result };
  if (statusCode !== undefined) {
    if (!isNumber(statusCode)) return null;
    envelope.statusCode = statusCode;
  }
  if (message !== undefined) {
    if (!isString(message)) return null;
    envelope.message = message;
  }
  if (totalResults !== undefined) {
    if (!isNumber(totalResults)) return null;
    envelope.totalResults = totalResults;
  }
  if (errors !== undefined) {
    if (!Array.isArray(errors)) return null;
    const fieldErrors = errors.map(fieldErrorOf);
    if (fieldErrors.some((error) => error === null)) return null;
    envelope.errors = fieldErrors.filter((error): error is FieldError => error !== null);
  }
  return envelope;
};

export const buildUrl = (path: string, query?: RequestOptions<unknown>['query']): string => {
  const url =
    /^https?:\/\//.test(path) || path.startsWith('/api/') || path === API_BASE
      ? path
      : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    const present = values.filter(
      (v): v is string | number | boolean => v !== null && v !== undefined && v !== '',
    );
    if (present.length > 0) params.set(key, present.map(String).join(','));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
};

const authHeaders = (): Record<string, string> => {
  const token = getAccessToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

const send = async (url: string, init: RequestInit): Promise<Response> => {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
};

const fail = (
  status: number,
  message: string | undefined,
  errors: FieldError[] | undefined,
  onUnauthorized: 'signOut' | 'error',
) => {
  if (status === 401 && onUnauthorized === 'signOut') clearSession();
  const fallback =
    status === 401
      ? AUTH_MESSAGES.unauthorized
      : status === 403
        ? AUTH_MESSAGES.noPermission
        : AUTH_MESSAGES.internalError;
  return new ApiError(status, message || fallback, errors ?? []);
};

const unwrap = async <T>(
  response: Response,
  options: Pick<RequestOptions<T>, 'schema' | 'onUnauthorized'>,
) => {
  const onUnauthorized = options.onUnauthorized ?? 'signOut';
  let payload: unknown = null;
  const text = await response.text();
  if (text) {
    try {
      payload = JSON.parse(text) as unknown;
    } catch {
      payload = null;
    }
  }
  const envelope = envelopeOf(payload);
  if (!response.ok) {
    throw fail(response.status, envelope?.message, envelope?.errors, onUnauthorized);
  }
  if (!envelope) throw new ApiError(response.status, UNEXPECTED_RESPONSE_MESSAGE);
  const { message = '', statusCode = response.status, totalResults } = envelope;
  let result: T;
  if (options.schema) {
    const parsed = options.schema.safeParse(envelope.result ?? null);
    if (!parsed.success) throw new ApiError(response.status, UNEXPECTED_RESPONSE_MESSAGE);
    result = parsed.data;
  } else {
    result = (envelope.result ?? null) as T;
  }
  const out: ApiResponse<T> = { result, message, statusCode };
  if (totalResults !== undefined) out.totalResults = totalResults;
  const extras = Object.entries(fieldsOf(payload) ?? {}).filter(([key]) => !ENVELOPE_FIELDS.has(key));
  if (extras.length > 0) out.extras = Object.fromEntries(extras);
  return out;
};

/** Sends JSON with the bearer token and unwraps the envelope `{statusCode, message, result, totalResults?}`. */
export const apiRequest = async <T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<ApiResponse<T>> => {
  const { method = 'GET', body, query, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (signal) init.signal = signal;
  const response = await send(buildUrl(path, query), init);
  return unwrap(response, options);
};

type Shortcut = <T = unknown>(
  path: string,
  options?: Omit<RequestOptions<T>, 'method' | 'body'>,
) => Promise<ApiResponse<T>>;
type ShortcutWithBody = <T = unknown>(
  path: string,
  body?: unknown,
  options?: Omit<RequestOptions<T>, 'method' | 'body'>,
) => Promise<ApiResponse<T>>;

export const api: {
  get: Shortcut;
  delete: Shortcut;
  post: ShortcutWithBody;
  put: ShortcutWithBody;
  patch: ShortcutWithBody;
} = {
  get: (path, options) => apiRequest(path, { ...options, method: 'GET' }),
  delete: (path, options) => apiRequest(path, { ...options, method: 'DELETE' }),
  post: (path, body, options) => apiRequest(path, { ...options, method: 'POST', body }),
  put: (path, body, options) => apiRequest(path, { ...options, method: 'PUT', body }),
  patch: (path, body, options) => apiRequest(path, { ...options, method: 'PATCH', body }),
};

export type UploadOptions<T> = Pick<RequestOptions<T>, 'schema' | 'signal'> & {
  /** PUT when replacing a known resource, else POST (spec §7). */
  method?: 'POST' | 'PUT';
  fieldName?: string;
  fields?: Record<string, string>;
};

/** Multipart upload of one file with the bearer token; the answer is the same envelope. */
export const apiUpload = async <T = unknown>(path: string, file: Blob, options: UploadOptions<T> = {}) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
  form.append(options.fieldName ?? 'file', file, file instanceof File ? file.name : 'upload');
  const init: RequestInit = {
    method: options.method ?? 'POST',
    headers: { Accept: 'application/json', ...authHeaders() },
    body: form,
  };
  if (options.signal) init.signal = options.signal;
  const response = await send(buildUrl(path), init);
  return unwrap(response, options);
};

/** The file name a response's Content-Disposition gives (`filename="…"`), or null. */
export const dispositionFileName = (header: string | null): string | null => {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  return match?.[1] ?? null;
};

/** A file's response, refused (401 signs out) unless it is ok. */
const fetchFile = async (path: string, signal?: AbortSignal): Promise<Response> => {
  const init: RequestInit = { headers: authHeaders() };
  if (signal) init.signal = signal;
  const response = await send(buildUrl(path), init);
  if (!response.ok) {
    if (response.status === 401) clearSession();
    throw new ApiError(
      response.status,
      response.status === 401 ? AUTH_MESSAGES.unauthorized : AUTH_MESSAGES.notFound,
    );
  }
  return response;
};

/** Fetches a protected binary (a profile picture behind /api) with the bearer token. */
export const apiFetchBlob = async (path: string, signal?: AbortSignal): Promise<Blob> =>
  (await fetchFile(path, signal)).blob();

/**
 * Downloads a file the server answers and saves it under the name the server gives it (a dated export is
 * named with the firm's day, not the browser's UTC one), else under `fallbackName`.
 */
export const apiDownload = async (path: string, fallbackName: string): Promise<void> => {
  const response = await fetchFile(path);
  const name = dispositionFileName(response.headers.get('content-disposition'));
  saveBlob(await response.blob(), name ?? fallbackName);
};
