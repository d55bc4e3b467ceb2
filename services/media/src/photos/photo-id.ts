const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a client-sent id can be a photo's (or its upload's: a photo keeps its upload's id). Checked before
 * any query, because PostgreSQL rejects a malformed uuid with an error instead of finding nothing.
 */
export function isPhotoId(value: string): boolean {
  return UUID.test(value);
}
