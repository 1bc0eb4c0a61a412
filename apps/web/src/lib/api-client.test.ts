import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stubFetch } from '../test/render.tsx';
import { ApiError, api, apiUpload } from './api-client.ts';
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
});
