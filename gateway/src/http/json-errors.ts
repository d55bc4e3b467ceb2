import type { ErrorRequestHandler, RequestHandler } from 'express';
import { API_LIMITS, englishMessage } from '@gallery/contracts';

/** What a client that sent a broken request gets: GraphQL's shape, so the web app reads every error alike. */
const BAD_REQUEST = 'BAD_REQUEST';

/** body-parser's error types, with what the caller is told. */
const CLIENT_MISTAKES: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'entity.too.large': `The request body is larger than ${API_LIMITS.bodyBytes / 1024} KB.`,
};

/** The last handler: a JSON answer, never express's HTML page with a stack and the server's paths. */
export function jsonErrors(log: (error: unknown) => void): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    const { status, type } = (error ?? {}) as { status?: unknown; type?: unknown };
    const clientMistake = typeof status === 'number' && status >= 400 && status < 500;
    if (!clientMistake) log(error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const message = clientMistake
      ? (CLIENT_MISTAKES[String(type)] ?? 'The request is not one the gateway can read.')
      : englishMessage('errors.INTERNAL');
    res
      .status(clientMistake ? status : 500)
      .json({ errors: [{ message, extensions: { code: clientMistake ? BAD_REQUEST : 'INTERNAL' } }] });
  };
}

/** Paths nothing answers: a JSON 404 rather than express's HTML page. */
export const jsonNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ errors: [{ message: 'Not found', extensions: { code: 'NOT_FOUND' } }] });
};
