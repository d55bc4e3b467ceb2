import type { Server } from 'node:http';
import type { Disposable } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { PhotoFanout } from './photo-fanout.js';

/**
 * graphql-ws on the gateway's own origin and path: @apollo/gateway has no subscriptions, so the sockets are
 * served here from the live schema, with the fan-out's shared execution.
 */
export function serveLiveSubscriptions(
  server: Server,
  fanout: PhotoFanout,
  options: { production?: boolean } = {},
): Disposable {
  const sockets = new WebSocketServer({ server, path: '/graphql' });
  return useServer(
    { schema: fanout.schema, subscribe: (args) => fanout.subscribe(args), isProd: options.production },
    sockets,
  );
}
