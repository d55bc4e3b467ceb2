import type { ErrorRequestHandler, RequestHandler } from 'express';
import { API_LIMITS, englishMessage } from '@gallery/contracts';
import { refusedBody } from '@gallery/platform/edge';

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
    // GraphQL's shape, so the web app reads every error alike; a refused body as every service answers it.
    const { code, message } = clientMistake
      ? refusedBody(type, API_LIMITS.bodyBytes)
      : { code: 'INTERNAL', message: englishMessage('errors.INTERNAL') };
    res.status(clientMistake ? status : 500).json({ errors: [{ message, extensions: { code } }] });
  };
}

/** Paths nothing answers: a JSON 404 rather than express's HTML page. */
export const jsonNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ errors: [{ message: 'Not found', extensions: { code: 'NOT_FOUND' } }] });
};
