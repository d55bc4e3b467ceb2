import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  specifiedRules,
  validate,
  type ExecutionArgs,
  type ValidationRule,
} from 'graphql';
import type { Context, Disposable, SubscribePayload } from 'graphql-ws';
import { useServer, type Extra } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { API_LIMITS } from '@gallery/contracts';
import { documentLimitRules, parseWithinLimits } from '../limits/document-limits.js';
import type { LiveContext } from './live-schema.js';
import type { LiveFanout } from './live-fanout.js';

/** WebSocket close code 1012: the client reconnects, and the web app re-reads the gallery when it does. */
const SERVICE_RESTART = 1012;
/**
 * 1013 "try again later": a socket that fell behind is closed with it. graphql-ws clients treat it as
 * non-fatal and reconnect, and the web app re-reads the gallery, so no photo is missed.
 */
const TRY_AGAIN_LATER = 1013;

const TOO_MANY_SUBSCRIPTIONS = `A connection may hold at most ${API_LIMITS.subscriptionsPerSocket} live subscriptions.`;

export interface LiveSubscriptions extends Disposable {
  /** Makes every client reconnect, so screens re-read what they may have missed. */
  restartClients(): void;
}

export interface LiveSubscriptionsOptions {
  production?: boolean;
  /** Who opened a socket: the same address the HTTP side gives the subgraphs. */
  clientAddressOf(request: IncomingMessage): string;
}

/**
 * graphql-ws on the gateway's own origin and path: @apollo/gateway has no subscriptions, so the sockets are
 * served here from the live schema, with the fan-out's shared execution. Every document is held to the same
 * limits as over HTTP, each message to API_LIMITS.socketMessageBytes, each client to a number of sockets and
 * each socket to a number of subscriptions.
 */
export function serveLiveSubscriptions(
  server: Server,
  fanout: LiveFanout,
  options: LiveSubscriptionsOptions,
): LiveSubscriptions {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: API_LIMITS.socketMessageBytes });
  const perClient = new SocketsPerClient(API_LIMITS.socketsPerClient);
  server.on('upgrade', (request: IncomingMessage, stream: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://gateway').pathname !== '/graphql') {
      refuseUpgrade(stream, 404, 'Not Found');
      return;
    }
    const client = options.clientAddressOf(request);
    if (perClient.full(client)) {
      refuseUpgrade(stream, 429, 'Too Many Requests');
      return;
    }
    // Counted once the handshake succeeds (it completes synchronously, so no other upgrade slips in between).
    sockets.handleUpgrade(request, stream, head, (socket) => {
      perClient.opened(client);
      socket.once('close', () => perClient.closed(client));
      sockets.emit('connection', socket, request);
    });
  });

  const rules = [
    ...specifiedRules,
    ...documentLimitRules(),
    ...(options.production ? [NoSchemaIntrospectionCustomRule] : []),
  ];
  const served = useServer(
    {
      schema: fanout.schema,
      subscribe: (args) => fanout.subscribe(args),
      onSubscribe: (ctx, _id, payload) => executionArgs(ctx, payload, fanout, rules),
      context: (ctx): LiveContext => ({
        fellBehind: () => ctx.extra.socket.close(TRY_AGAIN_LATER, 'fell behind: read again'),
      }),
    },
    sockets,
  );
  return {
    dispose: () => served.dispose(),
    restartClients: () => {
      for (const socket of sockets.clients) socket.close(SERVICE_RESTART, 'live feed resumed: read again');
    },
  };
}

/** graphql-ws's onSubscribe: the subscription cap, then parsing and validation within the document limits. */
function executionArgs(
  ctx: Context<Record<string, unknown> | undefined, Extra>,
  payload: SubscribePayload,
  fanout: LiveFanout,
  rules: readonly ValidationRule[],
): ExecutionArgs | readonly GraphQLError[] {
  // graphql-ws registers the subscription being asked for before calling onSubscribe.
  if (Object.keys(ctx.subscriptions).length > API_LIMITS.subscriptionsPerSocket) {
    return [new GraphQLError(TOO_MANY_SUBSCRIPTIONS, { extensions: { code: 'BAD_REQUEST' } })];
  }
  let document;
  try {
    document = parseWithinLimits(payload.query);
  } catch (error) {
    return [error instanceof GraphQLError ? error : new GraphQLError(String(error))];
  }
  const errors = validate(fanout.schema, document, rules);
  if (errors.length > 0) return errors;
  return {
    schema: fanout.schema,
    document,
    operationName: payload.operationName,
    variableValues: payload.variables,
  };
}

function refuseUpgrade(stream: Duplex, status: number, reason: string): void {
  stream.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Open sockets per client address, so one client cannot hold every socket the gateway can serve. */
class SocketsPerClient {
  private readonly counts = new Map<string, number>();

  constructor(private readonly limit: number) {}

  full(client: string): boolean {
    return (this.counts.get(client) ?? 0) >= this.limit;
  }

  opened(client: string): void {
    this.counts.set(client, (this.counts.get(client) ?? 0) + 1);
  }

  closed(client: string): void {
    const count = (this.counts.get(client) ?? 1) - 1;
    if (count > 0) this.counts.set(client, count);
    else this.counts.delete(client);
  }
}
