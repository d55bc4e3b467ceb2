import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
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
import { NextMessages } from './next-messages.js';

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
  /** How often every socket is pinged; one that has not answered by the next ping is cut (12 s). */
  keepAliveMs?: number;
  /** How long a socket has to send connection_init before it is closed (3 s, graphql-ws's default). */
  connectionInitWaitMs?: number;
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
    sockets.handleUpgrade(request, stream, head, (socket) => accepted(socket, client));
  });
  /**
   * Apart from the upgrade handler: a closure made in there would keep the upgrade request (its headers and
   * buffers, about 2 KB) for as long as the socket stays open, and nothing reads it.
   */
  function accepted(socket: WebSocket, client: string): void {
    perClient.opened(client);
    socket.once('close', () => perClient.closed(client));
    sockets.emit('connection', socket);
  }

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
      context: (ctx, id): LiveContext => writingTo(ctx.extra.socket, id),
    },
    sockets,
    {
      production: Boolean(options.production),
      keepAliveMs: options.keepAliveMs ?? 12_000,
      connectionInitWaitMs: options.connectionInitWaitMs ?? 3_000,
    },
  );
  return {
    dispose: () => served.dispose(),
    restartClients: () => {
      for (const socket of sockets.clients) socket.close(SERVICE_RESTART, 'live feed resumed: read again');
    },
  };
}

/** Each socket is pinged with one group of them, one group after the other. */
const PING_GROUPS = 12;

/** What ws needs to send a buffer as a text message. */
const TEXT_MESSAGE = { binary: false };

/**
 * A subscription's context: its results are written to its socket as the fan-out hands them over, each event
 * in the same synchronous step for every subscriber (see LiveFanout.subscribe), every message's payload the
 * shared bytes of its result. Messages handed to the socket and not yet written out are counted: past
 * API_LIMITS.eventsQueuedPerSubscription the screen fell behind and its socket is closed.
 */
function writingTo(socket: WebSocket, id: string): LiveContext {
  const messages = new NextMessages(id);
  let unwritten = 0;
  const written = () => {
    unwritten--;
  };
  const fellBehind = () => socket.close(TRY_AGAIN_LATER, 'fell behind: read again');
  return {
    fellBehind,
    deliver: (result) => {
      if (socket.readyState !== socket.OPEN) return;
      if (unwritten >= API_LIMITS.eventsQueuedPerSubscription) return fellBehind();
      unwritten++;
      socket.send(messages.of(result), TEXT_MESSAGE, written);
    },
  };
}

/**
 * Documents that passed parsing and validation, by their text. Every screen of a wedding sends the same
 * subscription: parsed and validated once, one DocumentNode shared by every socket (memory per idle screen, and
 * the fan-out's per-operation key is made once per document). Bounded; the oldest goes first.
 */
class DocumentCache {
  private readonly documents = new Map<string, { query: string; document: DocumentNode }>();

  constructor(private readonly capacity: number) {}

  /** The document of a query text, and the text as first seen (one string for every socket that sends it). */
  get(query: string): { query: string; document: DocumentNode } | undefined {
    return this.documents.get(query);
  }

  set(query: string, document: DocumentNode): void {
    if (this.documents.size >= this.capacity) this.documents.delete(this.documents.keys().next().value!);
    this.documents.set(query, { query, document });
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
  const known = validDocuments.get(payload.query);
  let document: DocumentNode;
  if (known) {
    document = known.document;
    // graphql-ws keeps the subscribe message for as long as the subscription lasts: its query becomes the one
    // text every screen shares instead of a copy per socket.
    (payload as { query: string }).query = known.query;
  } else {
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

/**
 * graphql-ws's own `useServer` for `ws` (graphql-ws/use/ws), with these differences: a live subscription's
 * results do not go through graphql-ws but are written by its context (`writingTo`); and no timer per socket (graphql-ws's connection_init wait and `useServer`'s keep-alive each
 * make one or two, kept for the socket's life): one interval pings every socket, a group at a time, and cuts
 * those that did not answer their previous ping; another closes those that have not sent connection_init in time. Protocol
 * negotiation and error handling are as in `useServer`.
 */
function serveGraphqlWs(
  options: ServerOptions<Record<string, unknown> | undefined, Extra>,
  sockets: WebSocketServer,
  {
    production,
    keepAliveMs,
    connectionInitWaitMs,
  }: { production: boolean; keepAliveMs: number; connectionInitWaitMs: number },
): Disposable {
  // Sockets pinged and not answered yet, and sockets opened and not initialised yet (with their deadline).
  const awaitingPong = new WeakSet<WebSocket>();
  const awaitingInit = new Map<WebSocket, number>();
  // Every socket is pinged once per keepAliveMs, a twelfth of them at a time: one loop over thousands of
  // sockets would hold the event loop (and a photo arriving meanwhile) for as long as their writes take.
  const pingGroups = Array.from({ length: PING_GROUPS }, () => new Set<WebSocket>());
  let nextGroup = 0;
  let groupToPing = 0;
  const server = makeServer({
    ...options,
    connectionInitWaitTimeout: 0,
    onConnect: (ctx) => {
      awaitingInit.delete(ctx.extra.socket);
      return options.onConnect?.(ctx);
    },
  });
  const keepAlive = setInterval(() => {
    const group = pingGroups[groupToPing];
    groupToPing = (groupToPing + 1) % PING_GROUPS;
    for (const socket of group) {
      if (socket.readyState !== socket.OPEN) continue;
      if (awaitingPong.has(socket)) {
        socket.terminate();
        continue;
      }
      awaitingPong.add(socket);
      socket.ping();
    }
  }, keepAliveMs / PING_GROUPS);
  const initWait = setInterval(
    () => {
      const now = Date.now();
      for (const [socket, deadline] of awaitingInit) {
        if (deadline > now) break; // in order of opening
        awaitingInit.delete(socket);
        socket.close(CloseCode.ConnectionInitialisationTimeout, 'Connection initialisation timeout');
      }
    },
    Math.min(connectionInitWaitMs, 1_000),
  );
  keepAlive.unref();
  initWait.unref();
  function answered(this: WebSocket): void {
    awaitingPong.delete(this);
  }

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
    socket.on('pong', answered);
    const pingGroup = pingGroups[nextGroup];
    nextGroup = (nextGroup + 1) % PING_GROUPS;
    pingGroup.add(socket);
    awaitingInit.set(socket, Date.now() + connectionInitWaitMs);
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve, reject) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            socket.send(data, (error) => (error ? reject(error) : resolve()));
          }),
        close: (code, reason) => socket.close(code, reason),
        // Not an async function: its frame would keep the message's bytes for as long as graphql-ws handles it,
        // which for a subscribe message is as long as the subscription lasts.
        onMessage: (handle) =>
          socket.on('message', (data) => {
            handle(String(data)).catch((error: unknown) => {
              console.error('Internal error while handling a socket message.', error);
              socket.close(CloseCode.InternalServerError, internalError(error));
            });
          }),
      },
      { socket },
    );
    socket.once('close', (code, reason) => {
      awaitingInit.delete(socket);
      pingGroup.delete(socket);
      void closed(code, String(reason));
    });
  });
  return {
    dispose: async () => {
      clearInterval(keepAlive);
      clearInterval(initWait);
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
