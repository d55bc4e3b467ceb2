import { API_LIMITS } from '@gallery/contracts';

/**
 * One subscriber's undelivered events, read as an async iterator. Bounded: a subscriber that falls further
 * behind than its capacity is closed and told so (`onOverflow`), never left with photos silently dropped; its
 * client re-reads the gallery when it reconnects. `return()` ends a pending `next()` at once, unlike an async
 * generator, so a closed socket unsubscribes immediately even when its gallery is quiet.
 */
export class EventQueue<T> implements AsyncIterableIterator<T> {
  private readonly pending: T[] = [];
  private waiting: ((result: IteratorResult<T>) => void) | undefined;
  private consumer: ((value: T) => void) | undefined;
  private closed = false;

  constructor(
    private readonly onClose: () => void,
    private readonly onOverflow: () => void,
    private readonly capacity: number = API_LIMITS.eventsQueuedPerSubscription,
  ) {}

  push(value: T): void {
    if (this.closed) return;
    if (this.consumer) {
      this.consumer(value);
      return;
    }
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting({ value, done: false });
      return;
    }
    if (this.pending.length >= this.capacity) {
      this.close();
      this.onOverflow();
      return;
    }
    this.pending.push(value);
  }

  /**
   * From now on each event goes to `consumer` as it is pushed, in the same synchronous step, instead of waiting
   * to be read: no promise or buffered event per event. Whoever consumes bounds its own backlog; `next()` then
   * only says when the queue ends.
   */
  consume(consumer: (value: T) => void): void {
    for (const value of this.pending.splice(0)) consumer(value);
    this.consumer = consumer;
  }

  next(): Promise<IteratorResult<T>> {
    if (this.pending.length > 0) return Promise.resolve({ value: this.pending.shift()!, done: false });
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  return(): Promise<IteratorResult<T>> {
    this.close();
    return Promise.resolve({ value: undefined, done: true });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.pending.length = 0;
    this.consumer = undefined;
    this.waiting?.({ value: undefined, done: true });
    this.waiting = undefined;
    this.onClose();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
