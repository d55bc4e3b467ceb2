import { availableParallelism } from 'node:os';
import { imageQueueJobs } from '@gallery/platform';

/**
 * How many images one media process works on at once in each lane. Each decode of a large photo holds hundreds
 * of megabytes and libvips already spreads one image over every core, so half the cores (at least one) keeps
 * the processor busy without a burst of uploads multiplying the memory.
 */
export function imageWorkConcurrency(cores = availableParallelism()): number {
  return Math.max(1, Math.floor(cores / 2));
}

interface Job {
  lane: 'urgent' | 'background';
  work: () => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * A bounded queue for image work (decode, resize), in two lanes of `concurrency` each. `run` is for what a
 * guest is waiting for (a confirmation's thumbnail); `runInBackground` for what can come later (previews).
 * Background work never holds up urgent work: the urgent lane has its own turns, and background work starts
 * while the urgent lane is idle (nothing running, nothing waiting). So a preview that takes half a second is
 * never in front of the next photo's thumbnail; at worst a thumbnail arriving while previews run shares the
 * cores with them. While the urgent lane is idle, background work also takes its turns: a JPEG's decode runs on
 * one thread, so one preview at a time would leave cores idle after a burst while its previews catch up. (A
 * thumbnail arriving then still starts at once: for the moment the running previews end, three times
 * `concurrency` images are in work.) Under a steady stream of urgent work (a burst of uploads) background work
 * would wait for a pause that does not come, so once more than `backgroundBacklog` jobs wait it also starts
 * beside urgent work, in its own turns: the backlog, and what its jobs hold, stays bounded, and the burst's
 * previews keep up with its thumbnails.
 */
export class ImageWorkQueue {
  private readonly urgent: Job[] = [];
  private readonly background: Job[] = [];
  private urgentRunning = 0;
  private backgroundRunning = 0;

  /** `name`: the queue's name in the metrics (gallery_image_queue_jobs), which media scales on. */
  constructor(
    private readonly concurrency: number,
    private readonly backgroundBacklog = Number.POSITIVE_INFINITY,
    private readonly name = 'images',
  ) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.enqueue(this.urgent, 'urgent', work);
  }

  runInBackground<T>(work: () => Promise<T>): Promise<T> {
    return this.enqueue(this.background, 'background', work);
  }

  /** Work running now, in both lanes. */
  get running(): number {
    return this.urgentRunning + this.backgroundRunning;
  }

  /** Work waiting for its turn, in both lanes, not counting what is running. */
  get waiting(): number {
    return this.urgent.length + this.background.length;
  }

  private enqueue<T>(jobs: Job[], lane: Job['lane'], work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      jobs.push({ lane, work, resolve: resolve as (value: unknown) => void, reject });
      imageQueueJobs.inc({ queue: this.name, lane, state: 'waiting' });
      this.next();
    });
  }

  private next(): void {
    while (this.urgentRunning < this.concurrency && this.urgent.length > 0) {
      this.urgentRunning++;
      this.start(this.urgent.shift()!, () => this.urgentRunning--);
    }
    while (this.background.length > 0 && this.backgroundRunning < this.backgroundTurns()) {
      this.backgroundRunning++;
      this.start(this.background.shift()!, () => this.backgroundRunning--);
    }
  }

  /** How much background work may run now. */
  private backgroundTurns(): number {
    if (this.urgentRunning === 0 && this.urgent.length === 0) return 2 * this.concurrency;
    return this.background.length > this.backgroundBacklog ? this.concurrency : 0;
  }

  private start(job: Job, done: () => void): void {
    const labels = { queue: this.name, lane: job.lane };
    imageQueueJobs.dec({ ...labels, state: 'waiting' });
    imageQueueJobs.inc({ ...labels, state: 'running' });
    void Promise.resolve()
      .then(job.work)
      .then(job.resolve, job.reject)
      .finally(() => {
        imageQueueJobs.dec({ ...labels, state: 'running' });
        done();
        this.next();
      });
  }
}
