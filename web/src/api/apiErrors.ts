import { CombinedGraphQLErrors } from '@apollo/client';
import { en, type ErrorCode } from '@gallery/contracts';

export interface ApiError {
  code: ErrorCode;
  /** VALIDATION_FAILED: the message key of each refused field. */
  fields?: Record<string, string>;
  /** Extra values the server attached (for example a photo limit). */
  extensions: Record<string, unknown>;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(en.errors, value);
}

/** The first GraphQL error's code and details; anything else (network, unknown code) is INTERNAL. */
export function readApiError(error: unknown): ApiError {
  if (CombinedGraphQLErrors.is(error) && error.errors.length > 0) {
    const extensions = (error.errors[0].extensions ?? {}) as Record<string, unknown>;
    const code = isErrorCode(extensions.code) ? extensions.code : 'INTERNAL';
    const fields =
      typeof extensions.fields === 'object' && extensions.fields !== null
        ? (extensions.fields as Record<string, string>)
        : undefined;
    return { code, fields, extensions };
  }
  return { code: 'INTERNAL', extensions: {} };
}
