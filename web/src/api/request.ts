import { authorizationHeader } from '../storage';

interface PageLocation {
  hostname: string;
  port: string;
}

/** Where REST calls go: the same origin, or the backend on port 5000 when the page runs on localhost elsewhere. */
export function apiBaseUrl(location: PageLocation | undefined = globalThis.location): string {
  if (location && location.hostname === 'localhost' && location.port !== '5000')
    return 'http://localhost:5000';
  return '';
}

/** The error every non-OK response becomes: "STATUS: body", or "STATUS: statusText" when the body is empty. */
export async function errorFromResponse(response: Response): Promise<Error> {
  let body = '';
  try {
    body = await response.text();
  } catch {
    // An unreadable body counts as empty.
  }
  return new Error(`${response.status}: ${body || response.statusText}`);
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) throw await errorFromResponse(response);
}

/** The generic request helper: any method, JSON body when given, bearer token, cookies included. */
export async function apiRequest(method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { ...authorizationHeader() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${apiBaseUrl()}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

/** A data fetch: GET the path and parse JSON; with `on401: 'returnNull'` an unauthenticated answer is null. */
export async function fetchJson<T>(
  path: string,
  { on401 = 'throw' }: { on401?: 'throw' | 'returnNull' } = {},
) {
  const response = await fetch(`${apiBaseUrl()}${path}`, {
    headers: authorizationHeader(),
    credentials: 'include',
  });
  if (on401 === 'returnNull' && response.status === 401) return null;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}
