import { execute, getOperationAST, GraphQLError, type ExecutionArgs, type ExecutionResult } from 'graphql';
import {
  CloseCode,
  handleProtocols,
  MessageType,
  parseMessage,
  stringifyMessage,
  GRAPHQL_TRANSPORT_WS_PROTOCOL,
  type Disposable,
  type SubscribeMessage,
  type SubscribePayload,
} from 'graphql-ws';
import type { WebSocket, WebSocketServer } from 'ws';
import { NextMessages } from './next-messages.js';

const TEXT = { binary: false };

type Stream = AsyncIterableIterator<ExecutionResult>;

export interface TransportWsOptions {
  /** A subscription operation's stream, or the result that refuses it. */
  subscribe(args: ExecutionArgs): Promise<Stream | ExecutionResult>;
  /**
   * A subscribe message's execution arguments, or the errors it is refused with; `open` is the number of the
   * socket's subscriptions, this one included.
   */
  executionArgs(
    payload: SubscribePayload,
    open: number,
    socket: WebSocket,
  ): ExecutionArgs | readonly GraphQLError[];
  /** The context of subscription `id` of `socket`. */
  context(socket: WebSocket, id: string): unknown;
  /** Hears each socket's connection_init payload (graphql-ws's `connectionParams`), once. */
  initialised?(socket: WebSocket, payload: unknown): void;
  production: boolean;
  /** How often every socket is pinged; one that has not answered by its next ping is cut. */
  keepAliveMs: number;
  /** How long a socket has to send connection_init before it is closed. */
  connectionInitWaitMs: number;
}

/** Each socket is pinged with one group of them, one group after the other. */
const PING_GROUPS = 12;

const ACK = stringifyMessage({ type: MessageType.ConnectionAck });
const PONG = stringifyMessage({ type: MessageType.Pong });

/** One socket's protocol state; a subscription is `null` while it is being set up. */
interface Connection {
  socket: WebSocket;
  initialised: boolean;
  subscriptions: Map<string, Stream | null>;
}

/**
 * The graphql-transport-ws protocol (graphql-ws's, which the web app's client speaks) over `ws`, as graphql-ws's
 * own server and `useServer` serve it (same messages, close codes, validation of messages and errors), with
 * what one open gallery screen keeps made small, for thousands of them on one gateway:
 *
 * - per socket, its state (whether it sent connection_init, its subscriptions) and its message handler: no
 *   suspended async function, promise or timer. graphql-ws keeps each subscribe message, its execution
 *   arguments and an async function suspended in a `for await` for as long as the subscription lasts, and
 *   `useServer` two timers per socket;
 * - one interval pings every socket, a twelfth of them at a time (one loop over thousands of sockets would hold
 *   the event loop, and a photo arriving meanwhile, for as long as their writes take), and cuts those that did
 *   not answer their previous ping; another closes those that have not sent connection_init in time;
 * - a subscription's results are written by its context as they come (LiveFanout with `deliver`), not pulled
 *   through its stream; whatever the stream yields is sent too, and its end completes the subscription.
 */
export function serveTransportWs(sockets: WebSocketServer, options: TransportWsOptions): Disposable {
  const { production, keepAliveMs, connectionInitWaitMs } = options;
  const awaitingPong = new WeakSet<WebSocket>();
  const awaitingInit = new Map<WebSocket, number>();
  const pingGroups = Array.from({ length: PING_GROUPS }, () => new Set<WebSocket>());
  let nextGroup = 0;
  let groupToPing = 0;
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

  const internalError = (error: unknown) =>
    production
      ? 'Internal server error'
      : String(error instanceof Error ? error.message : error).slice(0, 100);
  const failed = (socket: WebSocket) => (error: unknown) => {
    console.error('Internal error while handling a socket message.', error);
    socket.close(CloseCode.InternalServerError, internalError(error));
  };

  /** Every message of the protocol is text, whether it comes as a string or as its UTF-8 bytes. */
  function send(socket: WebSocket, message: string | Buffer): void {
    if (socket.readyState === socket.OPEN) socket.send(message, TEXT);
  }

  function handle(connection: Connection, data: string): Promise<void> | void {
    const { socket } = connection;
    let message;
    try {
      message = parseMessage(data);
    } catch {
      return socket.close(CloseCode.BadRequest, 'Invalid message received');
    }
    switch (message.type) {
      case MessageType.ConnectionInit:
        if (connection.initialised)
          return socket.close(CloseCode.TooManyInitialisationRequests, 'Too many initialisation requests');
        connection.initialised = true;
        awaitingInit.delete(socket);
        options.initialised?.(socket, message.payload);
        return send(socket, ACK);
      case MessageType.Ping:
        return send(
          socket,
          message.payload ? stringifyMessage({ type: MessageType.Pong, payload: message.payload }) : PONG,
        );
      case MessageType.Pong:
        return;
      case MessageType.Subscribe:
        return subscribe(connection, message);
      case MessageType.Complete: {
        const stream = connection.subscriptions.get(message.id);
        connection.subscriptions.delete(message.id);
        return stream?.return?.().then(() => undefined);
      }
      default:
        throw new Error(`Unexpected message of type ${message.type} received`);
    }
  }

  async function subscribe(connection: Connection, { id, payload }: SubscribeMessage): Promise<void> {
    const { socket, subscriptions } = connection;
    if (!connection.initialised) return socket.close(CloseCode.Unauthorized, 'Unauthorized');
    if (subscriptions.has(id))
      return socket.close(CloseCode.SubscriberAlreadyExists, `Subscriber for ${id} already exists`);
    subscriptions.set(id, null);
    let started = false;
    try {
      const args = options.executionArgs(payload, subscriptions.size, socket);
      if (Array.isArray(args)) return refuse(connection, id, args as readonly GraphQLError[]);
      const executionArgs = args as ExecutionArgs;
      const operation = getOperationAST(executionArgs.document, executionArgs.operationName);
      if (!operation) return refuse(connection, id, [new GraphQLError('Unable to identify operation')]);
      const withContext = { ...executionArgs, contextValue: options.context(socket, id) };
      const result =
        operation.operation === 'subscription'
          ? await options.subscribe(withContext)
          : await execute(withContext);
      if (!(Symbol.asyncIterator in result)) {
        if (subscriptions.has(id)) {
          send(socket, new NextMessages(id).of(result));
          send(socket, stringifyMessage({ id, type: MessageType.Complete }));
        }
        return;
      }
      if (!subscriptions.has(id)) {
        await result.return?.();
        return;
      }
      subscriptions.set(id, result);
      started = true;
      follow(connection, id, result);
    } finally {
      if (!started) subscriptions.delete(id);
    }
  }

  function refuse(connection: Connection, id: string, errors: readonly GraphQLError[]): void {
    if (!connection.subscriptions.has(id)) return;
    send(
      connection.socket,
      stringifyMessage({ id, type: MessageType.Error, payload: errors.map((error) => error.toJSON()) }),
    );
  }

  /** Sends what the stream yields and completes the subscription when it ends. */
  function follow(connection: Connection, id: string, stream: Stream): void {
    stream.next().then((step) => {
      if (!step.done) {
        if (connection.subscriptions.get(id) === stream) {
          send(connection.socket, new NextMessages(id).of(step.value));
        }
        return follow(connection, id, stream);
      }
      if (connection.subscriptions.get(id) !== stream) return;
      connection.subscriptions.delete(id);
      send(connection.socket, stringifyMessage({ id, type: MessageType.Complete }));
    }, failed(connection.socket));
  }

  sockets.options.handleProtocols = handleProtocols;
  sockets.once('error', (error) => {
    console.error('Internal error emitted on the WebSocket server.', error);
    for (const client of sockets.clients) client.close(CloseCode.InternalServerError, internalError(error));
  });
  sockets.on('connection', (socket: WebSocket) => {
    socket.once('error', (error) => {
      // ws's refusal of a client's frame (too big, malformed) is the client's doing, not an internal error: ws
      // has already closed the socket with the code that says why (1009 for a message over the limit).
      if (isRefusedFrame(error)) return;
      console.error('Internal error emitted on a WebSocket socket.', error);
      socket.close(CloseCode.InternalServerError, internalError(error));
    });
    if (socket.protocol !== GRAPHQL_TRANSPORT_WS_PROTOCOL) {
      socket.close(CloseCode.SubprotocolNotAcceptable, 'Subprotocol not acceptable');
      return;
    }
    const connection: Connection = { socket, initialised: false, subscriptions: new Map() };
    socket.on('pong', answered);
    const pingGroup = pingGroups[nextGroup];
    nextGroup = (nextGroup + 1) % PING_GROUPS;
    pingGroup.add(socket);
    awaitingInit.set(socket, Date.now() + connectionInitWaitMs);
    socket.on('message', (data) => {
      try {
        void handle(connection, String(data))?.catch(failed(socket));
      } catch (error) {
        failed(socket)(error);
      }
    });
    socket.once('close', () => {
      awaitingInit.delete(socket);
      pingGroup.delete(socket);
      const streams = [...connection.subscriptions.values()];
      connection.subscriptions.clear();
      for (const stream of streams) void stream?.return?.();
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

/** An error ws raises for a frame it refuses (its codes start with WS_ERR_), closing the socket itself. */
function isRefusedFrame(error: Error): boolean {
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('WS_ERR_');
}
