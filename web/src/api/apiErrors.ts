import { CombinedGraphQLErrors } from '@apollo/client';
import { en, type ErrorCode } from '@gallery/contracts';

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
