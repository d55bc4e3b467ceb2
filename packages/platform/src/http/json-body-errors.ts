import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a body parser (body-parser, express.json) rejects a request body with. */
interface BodyParserError {
  status?: number;
  type?: string;
}

const ANSWERS: Record<string, { code: string; message: string }> = {
  'entity.parse.failed': { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
  'entity.too.large': { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
};
const OTHER = { code: 'BAD_REQUEST', message: 'The request body cannot be read.' };

/**
 * Express error middleware for a refused request body (malformed JSON, over the size limit, bad encoding): a
 * GraphQL-shaped JSON error with the parser's status, instead of Express's HTML page with a stack and file
 * paths. Any other error goes on to the next handler.
 */
export function answerBodyErrorsAsJson(
  error: unknown,
  _request: IncomingMessage,
  response: ServerResponse,
  next: (error?: unknown) => void,
): void {
  const { status, type } = (error ?? {}) as BodyParserError;
  if (typeof type !== 'string' || typeof status !== 'number' || status < 400 || status > 499) {
    next(error);
    return;
  }
  const { code, message } = ANSWERS[type] ?? OTHER;
  response.statusCode = status;
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.end(JSON.stringify({ errors: [{ message, extensions: { code } }] }));
}
