import type { Server } from 'node:http';
import type { Disposable } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { PhotoFanout } from './photo-fanout.js';

/** WebSocket close code 1012: the client reconnects, and the web app re-reads the gallery when it does. */
const SERVICE_RESTART = 1012;

export interface LiveSubscriptions extends Disposable {
  /** Makes every client reconnect, so screens re-read what they may have missed. */
  restartClients(): void;
}

/**
 * graphql-ws on the gateway's own origin and path: @apollo/gateway has no subscriptions, so the sockets are
 * served here from the live schema, with the fan-out's shared execution.
 */
export function serveLiveSubscriptions(
  server: Server,
  fanout: PhotoFanout,
  options: { production?: boolean } = {},
): LiveSubscriptions {
  const sockets = new WebSocketServer({ server, path: '/graphql' });
  const served = useServer(
    { schema: fanout.schema, subscribe: (args) => fanout.subscribe(args), isProd: options.production },
    sockets,
  );
  return {
    dispose: () => served.dispose(),
    restartClients: () => {
      for (const socket of sockets.clients) socket.close(SERVICE_RESTART, 'live feed resumed: read again');
    },
  };
}
