import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a body parser (body-parser, express.json) rejects a request body with. */
interface BodyParserError {
  status?: number;
  type?: string;
}

/** A refused request body's GraphQL-shaped error: its code and message. */
export interface RefusedBody {
  code: string;
  message: string;
}

/**
 * What a caller is told of a body the parser refused, by the parser's error type: the same codes from the
 * gateway and from every service. `limitBytes` names the limit a body went over, `what` the kind of body (a
 * webhook's limit is not the GraphQL one, and its refusal says so).
 */
export function refusedBody(type: unknown, limitBytes: number, what = 'request body'): RefusedBody {
  if (type === 'entity.parse.failed')
    return { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' };
  if (type === 'entity.too.large') {
    return {
      code: 'PAYLOAD_TOO_LARGE',
      message: `The ${what} is larger than ${Math.round(limitBytes / 1024)} KB.`,
    };
  }
  return { code: 'BAD_REQUEST', message: 'The request body cannot be read.' };
}

/**
 * Express error middleware for a refused request body (malformed JSON, over the size limit, bad encoding): a
 * GraphQL-shaped JSON error with the parser's status, instead of Express's HTML page with a stack and file
 * paths. Any other error goes on to the next handler.
 */
export function answerBodyErrorsAsJson(limitBytes: number, what?: string) {
  return (
    error: unknown,
    _request: IncomingMessage,
    response: ServerResponse,
    next: (error?: unknown) => void,
  ): void => {
    const { status, type } = (error ?? {}) as BodyParserError;
    if (typeof type !== 'string' || typeof status !== 'number' || status < 400 || status > 499) {
      next(error);
      return;
    }
    response.statusCode = status;
    response.setHeader('content-type', 'application/json; charset=utf-8');
    const { code, message } = refusedBody(type, limitBytes, what);
    response.end(JSON.stringify({ errors: [{ message, extensions: { code } }] }));
  };
}
