import { liveSockets } from '@gallery/platform/observability';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex, Writable } from 'node:stream';
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type ValidationRule,
} from 'graphql';
import type { Disposable, SubscribePayload } from 'graphql-ws';
import { WebSocketServer, type WebSocket } from 'ws';
import { API_LIMITS } from '@gallery/contracts';
import {
  AppError,
  bearerTokenDigest,
  bearerTokenFromHeader,
  guestIdentityTokenDigest,
} from '@gallery/platform/edge';
import { outsideGallery } from '../custom-domains/gallery-scope.js';
import { HostNotServed } from '../http/served-hosts.js';
import { documentLimitRules, parseWithinLimits } from '../limits/document-limits.js';
import type { LiveContext } from './live-schema.js';
import type { LiveFanout } from './live-fanout.js';
import {
  liveCredentials,
  type AdmitLive,
  type LiveAdmitted,
  type LiveCredentials,
} from './live-admission.js';
import { serveTransportWs } from './graphql-transport-ws.js';
import { NextMessages } from './next-messages.js';

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
  /**
   * Closes the sockets whose owner token is the ended session's (`tokenDigest`, see bearerTokenDigest): they
   * reconnect with what their page holds now and are admitted afresh, so an ended session keeps no couple's view.
   */
  endSession(tokenDigest: string): number;
  /**
   * Closes the sockets admitted to gallery `code` as guests under a PIN version older than `version` (no PIN
   * then, or a pass that is now void): they reconnect, are refused until the guest enters the PIN, and the page
   * asks for it, so a stranger's tab opened before the PIN stops receiving photos.
   */
  dropGuestsBefore(code: string, version: number): void;
}

export interface LiveSubscriptionsOptions {
  production?: boolean;
  /** Who opened a socket: the same address the HTTP side gives the subgraphs. */
  clientAddressOf(request: IncomingMessage): string;
  /** Whether the page that asks for a socket may have one (its Origin); every origin when not given. */
  originAllowed?(request: IncomingMessage): boolean;
  /**
   * The gallery a request's host is a couple's domain for (null: the product's own host): such a socket may only
   * subscribe to that gallery. Throws HostNotServed for a host the gateway does not serve (421), anything else
   * when it cannot be told now (503).
   */
  galleryOf?(request: IncomingMessage): Promise<string | null>;
  /**
   * Whether a socket with these credentials may follow a gallery and as whom (LiveAdmission.audienceOf); asked
   * once per socket and gallery, at its first subscription to it.
   */
  admit: AdmitLive;
  /** How often every socket is pinged; one that has not answered by the next ping is cut (12 s). */
  keepAliveMs?: number;
  /** How long a socket has to send connection_init before it is closed (3 s, graphql-ws's default). */
  connectionInitWaitMs?: number;
}

/**
 * graphql-transport-ws (graphql-ws's protocol, see graphql-transport-ws.ts) on the gateway's own origin and path: @apollo/gateway has no subscriptions, so the sockets are
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
  /** Each open WebSocket's own connection, which results are written to as whole frames (see writingTo). */
  const connections = new WeakMap<WebSocket, Duplex>();
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
    if (!options.galleryOf) {
      // Counted once the handshake succeeds (it completes synchronously, so no other upgrade slips in between).
      sockets.handleUpgrade(request, stream, head, (socket) => accepted(socket, stream, client, null));
      return;
    }
    options.galleryOf(request).then(
      (gallery) => {
        if (stream.destroyed) return;
        if (perClient.full(client)) return refuseUpgrade(stream, 429, 'Too Many Requests');
        sockets.handleUpgrade(request, stream, head, (socket) => accepted(socket, stream, client, gallery));
      },
      (error: unknown) =>
        error instanceof HostNotServed
          ? refuseUpgrade(stream, 421, 'Misdirected Request')
          : refuseUpgrade(stream, 503, 'Service Unavailable'),
    );
  });
  /** The gallery each socket opened on a couple's domain is held to. */
  const galleries = new WeakMap<WebSocket, string>();
  /**
   * Apart from the upgrade handler: a closure made in there would keep the upgrade request (its headers and
   * buffers, about 2 KB) for as long as the socket stays open, and nothing reads it.
   */
  function accepted(socket: WebSocket, stream: Duplex, client: string, gallery: string | null): void {
    connections.set(socket, stream);
    if (gallery) galleries.set(socket, gallery);
    perClient.opened(client);
    liveSockets.inc();
    socket.once('close', () => {
      perClient.closed(client);
      liveSockets.dec();
    });
    sockets.emit('connection', socket);
  }

  const rules = [
    ...specifiedRules,
    ...documentLimitRules(),
    ...(options.production ? [NoSchemaIntrospectionCustomRule] : []),
  ];
  /** What each socket's connection_init carried (only for sockets that carried a pass or a token). */
  const credentials = new WeakMap<WebSocket, LiveCredentials>();
  /** Each socket's answers, per gallery: kept for the socket's life; a refusal or a failure is not kept. */
  const admissions = new WeakMap<WebSocket, Map<string, Promise<LiveAdmitted>>>();
  function admitOn(socket: WebSocket, code: string): Promise<LiveAdmitted> {
    let answers = admissions.get(socket);
    if (!answers) {
      answers = new Map();
      admissions.set(socket, answers);
    }
    let answer = answers.get(code);
    if (!answer) {
      if (answers.size >= API_LIMITS.subscriptionsPerSocket) {
        // Bounded by the socket's subscriptions. Forgetting an answer would forget whom a live subscription was
        // admitted as (a PIN set later must reach it): a socket that asked about more galleries than it may
        // follow at once starts afresh instead (the web app reconnects and reads again).
        socket.close(SERVICE_RESTART, 'too many galleries: read again');
        return Promise.reject(new AppError('SERVICE_UNAVAILABLE'));
      }
      const asked = options.admit(code, credentials.get(socket));
      answers.set(code, asked);
      asked.catch((error: unknown) => {
        if (answers.get(code) === asked) answers.delete(code);
        // Events could not say (reconnecting after a NATS restart, say): an error would end the subscription for
        // good. Closed before that error is sent, the client reconnects after its back-off, subscribes again
        // and is asked about afresh, and the web app reads what it missed.
        if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE') {
          socket.close(TRY_AGAIN_LATER, 'gallery service not answering: try again');
        }
      });
      answer = asked;
    }
    return answer;
  }

  const frames: LentFrame = {};
  // Valid under this server's rules (production refuses introspection): one cache per server.
  const validDocuments = new DocumentCache(256);
  const served = serveTransportWs(sockets, {
    subscribe: (args) => fanout.subscribe(args),
    executionArgs: (payload, open, socket) => {
      const args = executionArgs(payload, open, fanout, rules, validDocuments);
      const gallery = galleries.get(socket);
      if (!gallery || Array.isArray(args)) return args;
      const { document, operationName, variableValues } = args as ExecutionArgs;
      const refusal = outsideGallery(document, operationName, variableValues, gallery);
      return refusal ? [refusal] : args;
    },
    context: (socket, id): LiveContext => {
      const guestIdentity = credentials.get(socket)?.guestIdentity;
      return {
        ...writingTo(socket, connections.get(socket)!, id, frames),
        admit: (code) => admitOn(socket, code).then((admitted) => admitted.audience),
        ...(guestIdentity && { guestTokenDigest: guestIdentityTokenDigest(guestIdentity) }),
      };
    },
    initialised: (socket, payload) => {
      const given = liveCredentials(payload);
      if (given) credentials.set(socket, given);
    },
    production: Boolean(options.production),
    keepAliveMs: options.keepAliveMs ?? 12_000,
    connectionInitWaitMs: options.connectionInitWaitMs ?? 3_000,
  });
  return {
    dispose: () => served.dispose(),
    restartClients: () => {
      for (const socket of sockets.clients) socket.close(SERVICE_RESTART, 'live feed resumed: read again');
    },
    endSession: (tokenDigest) => {
      let closed = 0;
      // Only sockets that carried a token have credentials with one: a wedding's thousands of guests cost nothing.
      for (const socket of sockets.clients) {
        const token = bearerTokenFromHeader(credentials.get(socket)?.authorization);
        if (token && bearerTokenDigest(token) === tokenDigest) {
          socket.close(SERVICE_RESTART, 'session ended: read again');
          closed++;
        }
      }
      return closed;
    },
    dropGuestsBefore: (code, version) => {
      for (const socket of sockets.clients) {
        // An admission still under way is judged when it is given: it may have been decided under the old PIN.
        admissions
          .get(socket)
          ?.get(code)
          ?.then(
            (admitted) => {
              if (admitted.audience === 'guests' && admitted.pinVersion < version) {
                socket.close(SERVICE_RESTART, 'gallery PIN set: read again');
              }
            },
            () => undefined,
          );
      }
    },
  };
}

/**
 * A frame buffer that the sockets of a fan-out use in turn: a connection with nothing waiting to be written takes
 * a frame at once (the kernel copies it during the write), so the next socket's frame, mostly the same length,
 * is written into the same buffer instead of a new one. A connection that could not take it all keeps it, and
 * the next frame gets a new buffer.
 */
export interface LentFrame {
  frame?: Buffer;
}

/**
 * A subscription's context: its results are written to its socket as the fan-out hands them over, each event
 * in the same synchronous step for every subscriber (see LiveFanout.subscribe), every message's payload the
 * shared bytes of its result. Each message goes to the connection as one whole frame in one write: ws's own send
 * makes, per socket, two option objects, a header buffer and a two-chunk write, garbage that a 5,000-screen
 * fan-out paid for in collector pauses (no extension is negotiated, so a plain frame is all a message needs).
 * Behind earlier writes still waiting, a frame is the connection's own to keep; otherwise it is written from
 * `frames`.
 *
 * Messages handed to the socket and not yet written out are counted: past API_LIMITS.eventsQueuedPerSubscription
 * the screen fell behind and its socket is closed. They are counted without a callback per write (a stream calls
 * one a tick later, a queued task and an object per socket and message, which the fan-out's writes otherwise do
 * without): a message is out once a later turn of the event loop finds nothing of the connection's waiting, and
 * until then counted, as a callback would have counted it until that turn.
 */
export function writingTo(
  socket: WebSocket,
  connection: Writable,
  id: string,
  frames: LentFrame,
): LiveContext {
  const messages = new NextMessages(id);
  /** Messages handed over since the connection was last seen with nothing waiting, in an earlier turn. */
  let unwritten = 0;
  let countedInTurn = -1;
  const fellBehind = () => socket.close(TRY_AGAIN_LATER, 'fell behind: read again');
  return {
    fellBehind,
    deliver: (result) => {
      if (socket.readyState !== socket.OPEN) return;
      const turn = currentTurn();
      const waiting = connection.writableLength > 0;
      if (turn !== countedInTurn) {
        if (!waiting) unwritten = 0;
        countedInTurn = turn;
      }
      if (unwritten >= API_LIMITS.eventsQueuedPerSubscription) return fellBehind();
      unwritten++;
      if (waiting) {
        connection.write(messages.frameOf(result));
        return;
      }
      const frame = messages.frameOf(result, frames.frame);
      connection.write(frame);
      // A frame the connection could not write at once is its own until it has.
      frames.frame = connection.writableLength > 0 ? undefined : frame;
    },
  };
}

/**
 * The turn of the event loop the fan-out is writing in: a number that changes once the current synchronous step
 * (and its microtasks) is over, one queued task per turn that wrote something, not per socket.
 */
let turn = 0;
let turnEnding = false;
function currentTurn(): number {
  if (!turnEnding) {
    turnEnding = true;
    process.nextTick(endTurn);
  }
  return turn;
}
function endTurn(): void {
  turn++;
  turnEnding = false;
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

/** A subscribe message's arguments: the subscription cap, then parsing and validation within the document limits. */
function executionArgs(
  payload: SubscribePayload,
  open: number,
  fanout: LiveFanout,
  rules: readonly ValidationRule[],
  validDocuments: DocumentCache,
): ExecutionArgs | readonly GraphQLError[] {
  // `open` counts the subscription being asked for.
  if (open > API_LIMITS.subscriptionsPerSocket) {
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
