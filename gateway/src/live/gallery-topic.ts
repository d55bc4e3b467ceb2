import { normalizeEventCode } from '@gallery/contracts';
import { EventQueue } from './event-queue.js';

/**
 * Live values per gallery, for subscriptions: each listener gets a bounded queue of what is published for its
 * gallery from now on. The generic part of a live feed (photos, zip progress, plan changes...): a feed from
 * NATS publishes into a topic, a subscription field listens to it.
 */
export class GalleryTopic<T> {
  private readonly listeners = new Map<string, Set<EventQueue<T>>>();

  /** A stream of the gallery's values from now on; `return()` it to stop. Ends and calls `fellBehind` on overflow. */
  listen(eventCode: string, fellBehind: () => void): EventQueue<T> {
    const code = normalizeEventCode(eventCode);
    let queues = this.listeners.get(code);
    if (!queues) {
      queues = new Set();
      this.listeners.set(code, queues);
    }
    const queue: EventQueue<T> = new EventQueue(() => {
      queues.delete(queue);
      if (queues.size === 0 && this.listeners.get(code) === queues) this.listeners.delete(code);
    }, fellBehind);
    queues.add(queue);
    return queue;
  }

  /** Hands the value to every listener of the gallery; returns how many there were. */
  publish(eventCode: string, value: T): number {
    const queues = this.listeners.get(normalizeEventCode(eventCode));
    if (!queues) return 0;
    const count = queues.size;
    for (const queue of queues) queue.push(value);
    return count;
  }

  listenerCount(eventCode: string): number {
    return this.listeners.get(normalizeEventCode(eventCode))?.size ?? 0;
  }
}
