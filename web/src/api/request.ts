import { galleryPassHeader } from '../session/galleryPass';
import { guestIdentityHeader } from '../session/guestIdentity';
import { authorizationHeader } from '../session/ownerToken';
import { apiUrl } from './origin';

/** The error of a non-OK answer: "status: body", or the status text when the body is empty. */
export async function responseError(response: Response): Promise<Error> {
  const body = await response.text().catch(() => '');
  return new Error(`${response.status}: ${body || response.statusText}`);
}

/**
 * One request to the gateway, any method: a path (starting with a slash) goes to apiOrigin(), the owner's bearer
 * token (session/ownerToken), the guest identity and the open gallery's pass (session/) are sent, credentials are included. The answer is returned whatever its status.
 */
function apiRequest(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const credentials = { ...authorizationHeader(), ...guestIdentityHeader(), ...galleryPassHeader() };
  for (const [name, value] of Object.entries(credentials)) headers.set(name, value);
  const target = typeof input === 'string' && input.startsWith('/') ? apiUrl(input) : input;
  return fetch(target, { ...init, headers, credentials: 'include' });
}

/**
 * The fetch every GraphQL request goes through (the Apollo HTTP link): apiRequest, with any non-OK answer
 * turned into an error reading "status: body". Nothing here retries.
 */
export async function apiFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const response = await apiRequest(input, init);
  if (!response.ok) throw await responseError(response);
  return response;
}

/**
 * The default data fetch: GET on the first item of the key (a gateway path), the answer parsed as JSON. A 401
 * gives null rather than an error; any other non-OK answer is the "status: body" error. Never retried.
 */
export async function getQueryData<T>(key: readonly [string, ...unknown[]]): Promise<T | null> {
  const response = await apiRequest(key[0], { method: 'GET', headers: { accept: 'application/json' } });
  if (response.status === 401) return null;
  if (!response.ok) throw await responseError(response);
  return (await response.json()) as T;
}
