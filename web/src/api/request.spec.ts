import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { apiBaseUrl, apiRequest, errorFromResponse, fetchJson } from './request';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function stubFetch(response: Response) {
  const stub = jest.fn<typeof fetch>().mockResolvedValue(response);
  globalThis.fetch = stub;
  return stub;
}

describe('apiBaseUrl', () => {
  it('uses the same origin, or port 5000 on localhost', () => {
    expect(apiBaseUrl({ hostname: 'gallery.example', port: '' })).toBe('');
    expect(apiBaseUrl({ hostname: 'localhost', port: '5173' })).toBe('http://localhost:5000');
    expect(apiBaseUrl({ hostname: 'localhost', port: '5000' })).toBe('');
    expect(apiBaseUrl(undefined)).toBe('');
  });
});

describe('error text of a non-OK response', () => {
  it('is the status, a colon and the body', async () => {
    const error = await errorFromResponse(
      new Response('Gallery is closed', { status: 409, statusText: 'Conflict' }),
    );
    expect(error.message).toBe('409: Gallery is closed');
  });

  it('falls back to the status text when the body is empty', async () => {
    const error = await errorFromResponse(new Response(null, { status: 502, statusText: 'Bad Gateway' }));
    expect(error.message).toBe('502: Bad Gateway');
  });
});

describe('apiRequest', () => {
  it('sends JSON with credentials and throws on a non-OK answer', async () => {
    const stub = stubFetch(new Response('nope', { status: 400, statusText: 'Bad Request' }));
    await expect(apiRequest('POST', '/api/things', { a: 1 })).rejects.toThrow('400: nope');
    const [url, init] = stub.mock.calls[0];
    expect(url).toBe('/api/things');
    expect(init).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it('returns the response when OK', async () => {
    stubFetch(new Response('{}', { status: 200 }));
    const response = await apiRequest('DELETE', '/api/things/1');
    expect(response.status).toBe(200);
  });
});

describe('fetchJson', () => {
  it('parses JSON', async () => {
    stubFetch(new Response('{"ok":true}', { status: 200 }));
    await expect(fetchJson('/api/me')).resolves.toEqual({ ok: true });
  });

  it('turns a 401 into null when asked to', async () => {
    stubFetch(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(fetchJson('/api/me', { on401: 'returnNull' })).resolves.toBeNull();
    stubFetch(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(fetchJson('/api/me')).rejects.toThrow('401: Unauthorized');
  });
});
