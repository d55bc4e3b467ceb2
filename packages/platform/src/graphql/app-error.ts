import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { en, englishMessage, type ErrorCode } from '@gallery/contracts';
import { isInfrastructureFailure } from './infrastructure-failure.js';
import { describeError, errorWithStack } from '../logging/describe-error.js';

/** An error a caller can act on: a code from the shared catalogue and its clear English message. */
export class AppError extends GraphQLError {
  constructor(
    readonly code: ErrorCode,
    options: { count?: number; extensions?: Record<string, unknown> } = {},
  ) {
    super(englishMessage(`errors.${code}`, { count: options.count }), {
      extensions: {
        code,
        ...(options.count !== undefined && { count: options.count }),
        ...options.extensions,
      },
    });
  }
}

const PASSED_THROUGH = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT']);

/**
 * Apollo's formatError for every subgraph: AppErrors and GraphQL's own input errors pass with their code; a
 * database, NATS or storage that does not answer becomes SERVICE_UNAVAILABLE (the caller may retry); anything
 * else becomes INTERNAL with the catalogue's message. Stack traces never leave the process.
 */
export function formatGraphQLError(
  formatted: GraphQLFormattedError,
  error: unknown,
  log: (line: string) => void = console.error,
): GraphQLFormattedError {
  const original = (error as { originalError?: unknown })?.originalError ?? error;
  const code = formatted.extensions?.code as string | undefined;
  if (original instanceof AppError || (code && (PASSED_THROUGH.has(code) || code in en.errors))) {
    const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
    return { message: formatted.message, path: formatted.path, locations: formatted.locations, extensions };
  }
  const unavailable = isInfrastructureFailure(original);
  // Never the error object itself: a query error carries its parameters (emails, phones, token hashes).
  log(unavailable ? `dependency unavailable: ${describeError(original)}` : errorWithStack(original));
  return {
    message: englishMessage(unavailable ? 'errors.SERVICE_UNAVAILABLE' : 'errors.INTERNAL'),
    path: formatted.path,
    extensions: { code: unavailable ? 'SERVICE_UNAVAILABLE' : 'INTERNAL' },
  };
}
