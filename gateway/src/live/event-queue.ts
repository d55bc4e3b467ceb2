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
  /** While the first value is on its way (startWith): what is pushed waits behind it. */
  private holding = false;

  constructor(
    private readonly onClose: () => void,
    private readonly onOverflow: () => void,
    private readonly capacity: number = API_LIMITS.eventsQueuedPerSubscription,
  ) {}

  push(value: T): void {
    if (this.closed) return;
    if (!this.holding) {
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
    }
    if (this.pending.length >= this.capacity) {
      this.close();
      this.onOverflow();
      return;
    }
    this.pending.push(value);
  }

  /**
   * Holds what is pushed until `first` settles, then hands out its value (when there is one) before all of it: a
   * subscription whose first message is the state as it was once listening had begun, every change after it in
   * order. A `first` that fails or gives nothing leaves the events alone.
   */
  startWith(first: Promise<T | undefined>): void {
    this.holding = true;
    void first
      .catch(() => undefined)
      .then((value) => {
        this.holding = false;
        if (this.closed) return;
        if (value !== undefined) this.pending.unshift(value);
        this.flush();
      });
  }

  /**
   * From now on each event goes to `consumer` as it is pushed, in the same synchronous step, instead of waiting
   * to be read: no promise or buffered event per event. Whoever consumes bounds its own backlog; `next()` then
   * only says when the queue ends.
   */
  consume(consumer: (value: T) => void): void {
    this.consumer = consumer;
    if (!this.holding) this.flush();
  }

  next(): Promise<IteratorResult<T>> {
    if (!this.holding && this.pending.length > 0)
      return Promise.resolve({ value: this.pending.shift()!, done: false });
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

  /** Hands what waited to the consumer, or its next value to a pending `next()`. */
  private flush(): void {
    const consumer = this.consumer;
    if (consumer) {
      for (const value of this.pending.splice(0)) consumer(value);
      return;
    }
    const waiting = this.waiting;
    if (waiting && this.pending.length > 0) {
      this.waiting = undefined;
      waiting({ value: this.pending.shift()!, done: false });
    }
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
