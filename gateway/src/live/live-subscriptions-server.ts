import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type ValidationRule,
} from 'graphql';
import {
  CloseCode,
  handleProtocols,
  makeServer,
  type Context,
  type Disposable,
  type ServerOptions,
  type SubscribePayload,
} from 'graphql-ws';
import { WebSocketServer, type WebSocket } from 'ws';
import { API_LIMITS } from '@gallery/contracts';
import { documentLimitRules, parseWithinLimits } from '../limits/document-limits.js';
import type { LiveContext } from './live-schema.js';
import type { LiveFanout } from './live-fanout.js';
import { serialisedPayload, serialisedPayloadReplacer, spliceSerialisedPayload } from './serialised-next.js';

/**
 * What graphql-ws keeps of each connection besides its own state: the socket only. (graphql-ws's `useServer`
 * also keeps the upgrade request, for as long as the socket is open; nothing here reads it.)
 */
interface Extra {
  socket: WebSocket;
}

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
  /** Whether the page that asks for a socket may have one (its Origin); every origin when not given. */
  originAllowed?(request: IncomingMessage): boolean;
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
    if (options.originAllowed && !options.originAllowed(request)) {
      refuseUpgrade(stream, 403, 'Forbidden');
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
  // Valid under this server's rules (production refuses introspection): one cache per server.
  const validDocuments = new DocumentCache(256);
  const served = serveGraphqlWs(
    {
      schema: fanout.schema,
      subscribe: (args) => fanout.subscribe(args),
      onSubscribe: (ctx, _id, payload) => executionArgs(ctx, payload, fanout, rules, validDocuments),
      // The fan-out hands every subscriber of one operation the same result: serialised once, here.
      onNext: (_ctx, _id, _payload, _args, result) => serialisedPayload(result) as unknown as ExecutionResult,
      jsonMessageReplacer: serialisedPayloadReplacer,
      context: (ctx): LiveContext => ({
        fellBehind: () => ctx.extra.socket.close(TRY_AGAIN_LATER, 'fell behind: read again'),
      }),
    },
    sockets,
    Boolean(options.production),
  );
  return {
    dispose: () => served.dispose(),
    restartClients: () => {
      for (const socket of sockets.clients) socket.close(SERVICE_RESTART, 'live feed resumed: read again');
    },
  };
}

/**
 * Documents that passed parsing and validation, by their text. Every screen of a wedding sends the same
 * subscription: parsed and validated once, one DocumentNode shared by every socket (memory per idle screen, and
 * the fan-out's per-operation key is made once per document). Bounded; the oldest goes first.
 */
class DocumentCache {
  private readonly documents = new Map<string, DocumentNode>();

  constructor(private readonly capacity: number) {}

  get(query: string): DocumentNode | undefined {
    return this.documents.get(query);
  }

  set(query: string, document: DocumentNode): void {
    if (this.documents.size >= this.capacity) this.documents.delete(this.documents.keys().next().value!);
    this.documents.set(query, document);
  }
}

/** graphql-ws's onSubscribe: the subscription cap, then parsing and validation within the document limits. */
function executionArgs(
  ctx: Context<Record<string, unknown> | undefined, Extra>,
  payload: SubscribePayload,
  fanout: LiveFanout,
  rules: readonly ValidationRule[],
  validDocuments: DocumentCache,
): ExecutionArgs | readonly GraphQLError[] {
  // graphql-ws registers the subscription being asked for before calling onSubscribe.
  if (Object.keys(ctx.subscriptions).length > API_LIMITS.subscriptionsPerSocket) {
    return [new GraphQLError(TOO_MANY_SUBSCRIPTIONS, { extensions: { code: 'BAD_REQUEST' } })];
  }
  let document = validDocuments.get(payload.query);
  if (!document) {
    try {
      document = parseWithinLimits(payload.query);
    } catch (error) {
      return [error instanceof GraphQLError ? error : new GraphQLError(String(error))];
    }
    const errors = validate(fanout.schema, document, rules);
    if (errors.length > 0) return errors;
    validDocuments.set(payload.query, document);
  }
  return {
    schema: fanout.schema,
    document,
    operationName: payload.operationName,
    variableValues: payload.variables,
  };
}

/** How often an idle socket is pinged; one that does not answer within as long again is cut. */
const KEEP_ALIVE_MS = 12_000;

/**
 * graphql-ws's own `useServer` for `ws` (graphql-ws/use/ws), with one difference: each message goes through
 * `spliceSerialisedPayload` on its way to the socket, so a shared `next` payload is written from its one
 * serialisation. Keep-alive pings, protocol negotiation and error handling are as in `useServer`.
 */
function serveGraphqlWs(
  options: ServerOptions<Record<string, unknown> | undefined, Extra>,
  sockets: WebSocketServer,
  production: boolean,
): Disposable {
  const server = makeServer(options);
  sockets.options.handleProtocols = handleProtocols;
  const internalError = (error: unknown) =>
    production
      ? 'Internal server error'
      : String(error instanceof Error ? error.message : error).slice(0, 100);
  sockets.once('error', (error) => {
    console.error('Internal error emitted on the WebSocket server.', error);
    for (const client of sockets.clients) client.close(CloseCode.InternalServerError, internalError(error));
  });
  sockets.on('connection', (socket: WebSocket) => {
    socket.once('error', (error) => {
      console.error('Internal error emitted on a WebSocket socket.', error);
      socket.close(CloseCode.InternalServerError, internalError(error));
    });
    let pongWait: NodeJS.Timeout | undefined;
    const pingInterval = setInterval(() => {
      if (socket.readyState !== socket.OPEN) return;
      pongWait = setTimeout(() => socket.terminate(), KEEP_ALIVE_MS);
      socket.once('pong', () => {
        clearTimeout(pongWait);
        pongWait = undefined;
      });
      socket.ping();
    }, KEEP_ALIVE_MS);
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) => {
          // Synchronous from graphql-ws's stringify to here: the payload spliced in is this message's.
          const message = spliceSerialisedPayload(data);
          return new Promise<void>((resolve, reject) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            socket.send(message, (error) => (error ? reject(error) : resolve()));
          });
        },
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on('message', async (data) => {
            try {
              await handle(String(data));
            } catch (error) {
              console.error('Internal error while handling a socket message.', error);
              socket.close(CloseCode.InternalServerError, internalError(error));
            }
          }),
      },
      { socket },
    );
    socket.once('close', (code, reason) => {
      clearTimeout(pongWait);
      clearInterval(pingInterval);
      void closed(code, String(reason));
    });
  });
  return {
    dispose: async () => {
      for (const client of sockets.clients) client.close(1001, 'Going away');
      sockets.removeAllListeners();
      await new Promise<void>((resolve, reject) =>
        sockets.close((error) => (error ? reject(error) : resolve())),
      );
    },
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
