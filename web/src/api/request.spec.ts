import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiFetch, getQueryData } from './request';

const originalFetch = globalThis.fetch;
const store = new Map<string, string>();

let calls: Array<[RequestInfo | URL, RequestInit | undefined]>;

function answer(response: Response) {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push([input, init]);
    return response;
  }) as typeof fetch;
}

beforeEach(() => {
  calls = [];
  store.clear();
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    },
  });
  // A production build's page: requests go to its own origin.
  Object.defineProperty(globalThis, 'window', {
    configurable: true,
    value: { location: new URL('http://localhost:41234/dashboard') },
  });
});
afterEach(() => {
  globalThis.fetch = originalFetch;
  Reflect.deleteProperty(globalThis, 'window');
});

describe('apiFetch', () => {
  it('sends the stored bearer token with credentials to the same origin', async () => {
    store.set('authToken', 'owner-token');
    answer(new Response('{"data":{}}', { status: 200 }));
    await apiFetch('/graphql', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    const [url, init] = calls[0];
    expect(url).toBe('http://localhost:41234/graphql');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer owner-token');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it('sends no Authorization without a token', async () => {
    answer(new Response('{}', { status: 200 }));
    await apiFetch('/graphql');
    expect(new Headers(calls[0][1]?.headers).has('authorization')).toBe(false);
  });

  it('turns a non-OK answer into "status: body", or the status text when the body is empty', async () => {
    answer(new Response('Request body too large', { status: 413 }));
    await expect(apiFetch('/graphql')).rejects.toThrow('413: Request body too large');
    answer(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiFetch('/graphql')).rejects.toThrow('503: Service Unavailable');
    expect(calls).toHaveLength(2);
  });
});

describe('getQueryData', () => {
  it('GETs the first item of the key from the gateway with the bearer token and parses the JSON', async () => {
    store.set('authToken', 'owner-token');
    answer(new Response('{"email":"sarah@example.com"}', { status: 200 }));
    await expect(getQueryData(['/api/session', 'ignored'])).resolves.toEqual({ email: 'sarah@example.com' });
    const [url, init] = calls[0];
    expect(url).toBe('http://localhost:41234/api/session');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer owner-token');
  });

  it('gives null for a 401', async () => {
    answer(new Response('{"errors":[]}', { status: 401 }));
    await expect(getQueryData(['/api/session'])).resolves.toBeNull();
  });

  it('throws "status: body" for any other non-OK answer, once (no retry)', async () => {
    answer(new Response('body', { status: 500 }));
    await expect(getQueryData(['/api/session'])).rejects.toThrow('500: body');
    expect(calls).toHaveLength(1);
  });
});
