import type { Logger } from '@nestjs/common';

/**
 * Runs a task every `intervalMs`, one run at a time: the next run is scheduled only once the previous one has
 * finished, and `stop` waits for a run in progress, so a shutdown never closes the database or storage under it.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly task: () => Promise<unknown>,
    private readonly logger: Logger,
  ) {}

  /** Schedules the first run `firstAfterMs` from now (a whole interval unless told: 0 runs it right away). */
  start(firstAfterMs = this.intervalMs): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.task()
        .catch((error: unknown) => this.logger.warn(`${this.name} failed: ${(error as Error).message}`))
        .finally(() => this.start());
    }, firstAfterMs);
    // Waiting for the next run is no reason to keep the process alive.
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
