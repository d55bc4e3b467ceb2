import { CombinedGraphQLErrors } from '@apollo/client';
import { en, UPLOADS_BUSY_RETRY_SECONDS, type ErrorCode } from '@gallery/contracts';

export interface ApiError {
  code: ErrorCode;
  /** The {{count}} the server gave for the message (RATE_LIMITED: the seconds to wait). */
  count?: number;
  /** VALIDATION_FAILED: the message key of each refused field. */
  fields?: Record<string, string>;
  /** Extra values the server attached (for example a photo limit). */
  extensions: Record<string, unknown>;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(en.errors, value);
}

/**
 * The first GraphQL error's code and details. An error without a GraphQL answer (network failure, gateway
 * down, unreadable response) is SERVICE_UNAVAILABLE: the request may or may not have been carried out, and
 * trying again is the remedy. An answer with an unknown code is INTERNAL.
 */
export function readApiError(error: unknown): ApiError {
  if (!CombinedGraphQLErrors.is(error) || error.errors.length === 0) {
    return { code: 'SERVICE_UNAVAILABLE', extensions: {} };
  }
  const extensions = (error.errors[0].extensions ?? {}) as Record<string, unknown>;
  const code = isErrorCode(extensions.code) ? extensions.code : 'INTERNAL';
  const count = typeof extensions.count === 'number' ? extensions.count : undefined;
  const fields =
    typeof extensions.fields === 'object' && extensions.fields !== null
      ? (extensions.fields as Record<string, string>)
      : undefined;
  return { code, count, fields, extensions };
}

/** Whether the answer was lost or the service could not answer: the same request may be sent again. */
export function isRetryable(error: ApiError): boolean {
  return error.code === 'SERVICE_UNAVAILABLE';
}

/** The shortest wait after a RATE_LIMITED refusal, whatever count it gave (none, or 0): never a busy loop. */
export const MIN_RETRY_AFTER_MS = 1000;

/**
 * The longest: a window the server says frees later than this is tried again after it anyway. One request
 * every five minutes costs the server nothing, a refusal then gives a fresh wait, and a guest is never told to
 * come back in an hour because of a count misread or a limit since relaxed.
 */
export const MAX_RETRY_AFTER_MS = 5 * 60 * 1000;

/**
 * How long to wait before sending again a request refused for going too fast (RATE_LIMITED) or while the
 * gallery's upload slots are all taken (UPLOADS_BUSY), its count the seconds the server gave, within
 * MIN_RETRY_AFTER_MS and MAX_RETRY_AFTER_MS; null for any other error. Neither is the guest's to act on.
 */
export function retryAfterMs(error: ApiError): number | null {
  if (error.code !== 'RATE_LIMITED' && error.code !== 'UPLOADS_BUSY') return null;
  const given = (error.count ?? (error.code === 'UPLOADS_BUSY' ? UPLOADS_BUSY_RETRY_SECONDS : 0)) * 1000;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(MIN_RETRY_AFTER_MS, given));
}

/**
 * One root field's outcome from an answer that may carry several (a mutation sent with errorPolicy 'all'): its
 * value, undefined when the answer has none and no error of its own (a refusal of another field nulled it or
 * stopped the request before it), or thrown, its own errors as a CombinedGraphQLErrors that readApiError reads
 * as a request of its own. An error naming no field (the request refused whole) belongs to every field.
 */
export function fieldOf<T>(
  answer: { data?: Record<string, unknown> | null; error?: unknown },
  field: string,
): T | undefined {
  if (answer.error && !CombinedGraphQLErrors.is(answer.error)) throw answer.error;
  const errors = CombinedGraphQLErrors.is(answer.error)
    ? answer.error.errors.filter((error) => !error.path?.length || error.path[0] === field)
    : [];
  if (errors.length > 0) throw new CombinedGraphQLErrors({ data: answer.data ?? null, errors });
  return (answer.data?.[field] ?? undefined) as T | undefined;
}
