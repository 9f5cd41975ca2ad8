import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/utils';
import { ApiError, apiFetch } from './api-client';

describe('apiFetch', () => {
  it('sends JSON with the session cookie and returns the body', async () => {
    const fetchMock = mockFetch(() => jsonResponse(201, { message: 'ok' }));
    await expect(apiFetch('/api/auth/signup', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      message: 'ok',
    });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('sends no JSON content type without a body', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { message: 'bye' }));
    await apiFetch('/api/auth/logout', { method: 'POST' });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Content-Type')).toBe(false);
  });

  it('throws an ApiError carrying the server status, code and Italian message', async () => {
    mockFetch(() =>
      jsonResponse(401, { code: 'INVALID_CREDENTIALS', message: 'Email o password non corretti' }),
    );
    const error = await apiFetch('/api/auth/login').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Email o password non corretti',
    });
  });

  it('turns a non-JSON failure and a network failure into ApiErrors', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 502, code: 'HTTP_ERROR' });

    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
