import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stubFetch } from '../test/render.tsx';
import { fieldErrorSchema } from '@centric/contracts';
import { ApiError, api, apiUpload, envelopeOf } from './api-client.ts';
import { getSession, startFullSession } from './session.ts';

describe('api-client', () => {
  it('sends JSON with the bearer token and unwraps the envelope', async () => {
    startFullSession({ token: 'tok-1', sso: false, user: null });
    const { fetchStub, calls } = stubFetch({ 'POST /api/things': [201, 'Created.', { id: 7 }] });
    vi.stubGlobal('fetch', fetchStub);

    const answer = await api.post('/things', { name: 'x' }, { schema: z.object({ id: z.number() }) });

    expect(answer).toEqual({ result: { id: 7 }, message: 'Created.', statusCode: 201 });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ name: 'x' });
  });

  it("keeps the envelope's other fields beside the result for the caller to read", async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({
            statusCode: 200,
            message: 'OK',
            result: [],
            totalResults: 0,
            custodians: ['Schwab'],
          }),
          { status: 200 },
        ),
    );
    const answer = await api.get('/bookkeeping-review', { schema: z.array(z.string()) });
    expect(answer).toEqual({
      result: [],
      message: 'OK',
      statusCode: 200,
      totalResults: 0,
      extras: { custodians: ['Schwab'] },
    });
  });

  it('throws ApiError with the status, the server message and the field errors', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({
            statusCode: 400,
            message: 'Required',
            result: null,
            errors: [{ field: 'members.0.firstName', message: 'Required' }],
          }),
          { status: 400 },
        ),
    );
    const error = await api.get('/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Required',
      errors: [{ field: 'members.0.firstName' }],
    });
  });

  it('clears the session on 401, except for calls that treat 401 as an answer', async () => {
    const { fetchStub } = stubFetch({
      'GET /api/waprofile': [401, 'Unauthorized', null],
      'POST /api/login': [401, 'Invalid Credentials.', null],
    });
    vi.stubGlobal('fetch', fetchStub);

    startFullSession({ token: 'tok-2', sso: false, user: null });
    await expect(api.post('/login', {}, { onUnauthorized: 'error' })).rejects.toThrow('Invalid Credentials.');
    expect(getSession()?.token).toBe('tok-2');

    await expect(api.get('/waprofile')).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(getSession()).toBeNull();
  });

  it('reports an unreachable server in words', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/sso/config')).rejects.toMatchObject({ status: 0 });
  });

  it('uploads multipart with the file under `file`', async () => {
    startFullSession({ token: 'tok-3', sso: false, user: null });
    const { fetchStub, calls } = stubFetch({
      'PUT /api/waprofile/image': [
        200,
        'Profile image updated successfully.',
        { profileImageUrl: '/api/files/1' },
      ],
    });
    vi.stubGlobal('fetch', fetchStub);

    const file = new File(['x'], 'me.png', { type: 'image/png' });
    const answer = await apiUpload('/waprofile/image', file, { method: 'PUT' });

    expect(answer.result).toEqual({ profileImageUrl: '/api/files/1' });
    const body = calls[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect(body instanceof FormData && (body.get('file') as File).name).toBe('me.png');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer tok-3');
  });

  // The zod schema the client read envelopes with before the hand-written check: it must answer as it did.
  const envelopeSchema = z.object({
    statusCode: z.number().optional(),
    message: z.string().optional(),
    result: z.unknown().optional(),
    totalResults: z.number().optional(),
    errors: z.array(fieldErrorSchema).optional(),
  });
  const errors = [{ field: 'email', message: 'Required' }];

  it.each([
    ['a full envelope', { statusCode: 200, message: 'OK', result: { id: 1 }, totalResults: 3 }],
    ['an error envelope', { statusCode: 400, message: 'Bad', result: null, errors }],
    ['field errors with extra keys', { message: 'Bad', errors: [{ ...errors[0], code: 'x' }] }],
    ['an empty object', {}],
    ['extra top-level keys', { message: 'OK', result: 1, requestId: 'r1' }],
    ['a message that is null', { statusCode: 401, message: null, result: null }],
    ['a status code as text', { statusCode: '200', message: 'OK', result: 1 }],
    ['a total as text', { message: 'OK', result: [], totalResults: '3' }],
    ['an infinite total', { message: 'OK', result: [], totalResults: Number.POSITIVE_INFINITY }],
    ['errors that are not a list', { message: 'Bad', errors: 'email' }],
    ['a field error without its message', { message: 'Bad', errors: [{ field: 'email' }] }],
    ['a list', [{ message: 'OK' }]],
    ['text', 'OK'],
    ['null', null],
  ])('reads %s as the envelope schema did', (_, payload) => {
    const parsed = envelopeSchema.safeParse(payload);
    const expected = parsed.success ? { result: undefined, ...parsed.data } : null;
    expect(envelopeOf(payload)).toEqual(expected);
  });

  it('falls back to the status text when an error answer is not an envelope', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ message: null, errors: errors }), { status: 403 }),
    );
    await expect(api.get('/things')).rejects.toMatchObject({
      status: 403,
      message: 'You do not have permission to view this page.',
      errors: [],
    });
  });
});
