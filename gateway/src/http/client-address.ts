import type { IncomingMessage } from 'node:http';
import type { Express } from 'express';

/**
 * The client's address for a request express does not see (a WebSocket upgrade), worked out by express's own
 * `req.ip` getter with the app's `trust proxy` setting: sockets and HTTP requests of one client count alike.
 */
export function clientAddressResolver(app: Express): (request: IncomingMessage) => string {
  return (request) => {
    const asExpressRequest = Object.assign(Object.create(request) as IncomingMessage, { app });
    return (Reflect.get(app.request, 'ip', asExpressRequest) as string | undefined) ?? 'unknown';
  };
}
