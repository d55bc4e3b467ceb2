import { authorizationHeader } from '../storage';

/** The error of a non-OK answer: "status: body", or the status text when the body is empty. */
export async function responseError(response: Response): Promise<Error> {
  const body = await response.text().catch(() => '');
  return new Error(`${response.status}: ${body || response.statusText}`);
}

/**
 * The fetch every GraphQL request goes through. Paths are relative: the page's own origin, which on localhost
 * during development is the Vite dev server forwarding /graphql and /media to the gateway on localhost:5000
 * (vite.config.ts). the owner's bearer token from `authToken`, credentials
 * included, and any non-OK answer turned into an error reading "status: body". Nothing here retries.
 */
export async function apiFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(authorizationHeader())) headers.set(name, value);
  const response = await fetch(input, { ...init, headers, credentials: 'include' });
  if (!response.ok) throw await responseError(response);
  return response;
}
