import {
  createSourceEventStream,
  execute,
  print,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLFieldConfigMap,
  type GraphQLSchema,
} from 'graphql';
import { normalizeEventCode, type LivePhoto } from '@gallery/contracts';
import { EventQueue } from './event-queue.js';
import { buildLiveSchema, type LiveContext, type PhotoAddedEvent } from './live-schema.js';

type Execute = (args: ExecutionArgs) => ExecutionResult | Promise<ExecutionResult>;

/**
 * Delivers each new photo to the open gallery screens of its gallery, in process.
 *
 * Known gateways resolve an event once per subscriber. Here the payload already carries every field (event-
 * carried state, no subgraph query), and the selection set is executed once per distinct operation (document,
 * operation name, variables) per event; every subscriber with that operation gets the same result object.
 * Sharing is sound because only the subscribe resolver reads the per-connection context, never the selection.
 */
export class PhotoFanout {
  readonly schema: GraphQLSchema;
  private readonly listeners = new Map<string, Set<EventQueue<PhotoAddedEvent>>>();
  // Keyed by the event object, so an event's results go away with the event once every queue has sent it.
  private readonly results = new WeakMap<
    PhotoAddedEvent,
    Map<string, ExecutionResult | Promise<ExecutionResult>>
  >();

  constructor(
    private readonly executeSelection: Execute = execute,
    /** Other subscriptions served on the same sockets, with the same shared execution per event. */
    extraSubscriptions: GraphQLFieldConfigMap<unknown, LiveContext> = {},
  ) {
    this.schema = buildLiveSchema(
      (eventCode, fellBehind) => this.listen(eventCode, fellBehind),
      extraSubscriptions,
    );
  }

  /**
   * A stream of the photos added to one gallery from now on; `return()` it to stop listening. It ends and calls
   * `fellBehind` when its reader falls too far behind.
   */
  listen(eventCode: string, fellBehind: () => void): EventQueue<PhotoAddedEvent> {
    const code = normalizeEventCode(eventCode);
    let queues = this.listeners.get(code);
    if (!queues) {
      queues = new Set();
      this.listeners.set(code, queues);
    }
    const queue: EventQueue<PhotoAddedEvent> = new EventQueue(() => {
      queues.delete(queue);
      if (queues.size === 0 && this.listeners.get(code) === queues) this.listeners.delete(code);
    }, fellBehind);
    queues.add(queue);
    return queue;
  }

  /** Hands the photo to every listener of its gallery; returns how many there were. */
  publish(photo: LivePhoto): number {
    const queues = this.listeners.get(normalizeEventCode(photo.eventCode));
    if (!queues) return 0;
    const event: PhotoAddedEvent = { photoAdded: photo };
    // Counted first: a queue that overflows leaves the set while it is handed the photo.
    const count = queues.size;
    for (const queue of queues) queue.push(event);
    return count;
  }

  listenerCount(eventCode?: string): number {
    if (eventCode !== undefined) return this.listeners.get(normalizeEventCode(eventCode))?.size ?? 0;
    let count = 0;
    for (const queues of this.listeners.values()) count += queues.size;
    return count;
  }

  /** graphql-ws's `subscribe`: graphql-js's subscription algorithm with the per-event execution shared. */
  async subscribe(args: ExecutionArgs): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
    const source = await createSourceEventStream(args);
    if (!(Symbol.asyncIterator in source)) return source;
    const events = source[Symbol.asyncIterator]() as AsyncIterator<PhotoAddedEvent>;
    const operation = operationKey(args);
    const results: AsyncIterableIterator<ExecutionResult> = {
      next: async () => {
        const next = await events.next();
        if (next.done) return { value: undefined, done: true };
        return { value: await this.resultFor(next.value, operation, args), done: false };
      },
      return: async () => {
        await events.return?.();
        return { value: undefined, done: true };
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
    return results;
  }

  private resultFor(
    event: PhotoAddedEvent,
    operation: string,
    args: ExecutionArgs,
  ): ExecutionResult | Promise<ExecutionResult> {
    let byOperation = this.results.get(event);
    if (!byOperation) {
      byOperation = new Map();
      this.results.set(event, byOperation);
    }
    let result = byOperation.get(operation);
    if (!result) {
      result = this.executeSelection({ ...args, rootValue: event });
      byOperation.set(operation, result);
    }
    return result;
  }
}

function operationKey(args: ExecutionArgs): string {
  return JSON.stringify([print(args.document), args.operationName ?? null, args.variableValues ?? {}]);
}
