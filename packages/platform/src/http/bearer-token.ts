/** The token of an `Authorization: Bearer <token>` header, or null when there is none. */
export function bearerTokenFromHeader(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value ?? '');
  return match ? match[1] : null;
}
