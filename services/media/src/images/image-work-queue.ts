import { availableParallelism } from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';

/**
 * How many images one media process works on at once. Each decode of a large photo holds hundreds of megabytes
 * and libvips already spreads one image over every core, so half the cores (at least one) keeps the processor
 * busy without a burst of uploads multiplying the memory.
 */
export function imageWorkConcurrency(cores = availableParallelism()): number {
  return Math.max(1, Math.floor(cores / 2));
}

/** A bounded queue for image work (download, decode, resize): a burst of confirmations waits its turn. */
export class ImageWorkQueue {
  private readonly limit: LimitFunction;

  constructor(concurrency: number) {
    this.limit = pLimit(concurrency);
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.limit(work);
  }

  /** Work running now. */
  get running(): number {
    return this.limit.activeCount;
  }

  /** Work waiting for its turn, not counting what is running. */
  get waiting(): number {
    return this.limit.pendingCount;
  }
}
