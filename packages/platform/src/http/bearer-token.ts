import { createHash } from 'node:crypto';

/** The token of an `Authorization: Bearer <token>` header, or null when there is none. */
export function bearerTokenFromHeader(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value ?? '');
  return match ? match[1] : null;
}

/**
 * A bearer token's SHA-256 (base64url), as `owner.session-ended` names an ended session: the gateway recognises
 * the sockets that carry it without anyone holding the token in an event.
 */
export function bearerTokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}
