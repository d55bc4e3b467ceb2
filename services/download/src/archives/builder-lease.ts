import { randomInt } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DataSource, type QueryRunner } from 'typeorm';
import { describeError } from '@gallery/platform';

/**
 * The advisory-lock namespace of build leases (the first of PostgreSQL's two lock keys): "ZIP" in ASCII, so no
 * other lock of this database shares it.
 */
export const BUILDER_LOCK_NAMESPACE = 0x5a4950;

/**
 * This process's lease on the builds it starts: a session advisory lock (BUILDER_LOCK_NAMESPACE, key) held on a
 * connection of its own for as long as the process lives, the key written on each build it starts. When the
 * process dies, however it dies, PostgreSQL ends its session and the lock with it, so any replica can tell at
 * once a build whose process is gone (ArchiveJobsRepository.failOrphaned) from one that is only slow, without
 * waiting for its heartbeat to grow old. Should the lease's connection drop, a new lease is taken before the
 * next build; the builds of the lost one are then taken for orphaned and stop at their next heartbeat.
 */
@Injectable()
export class BuilderLease implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(BuilderLease.name);
  private runner: QueryRunner | undefined;
  private key = 0;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    await this.take();
  }

  /** The key of a lease this process holds now, written on a build it starts. */
  async current(): Promise<number> {
    try {
      await this.runner!.query('SELECT 1');
    } catch (error) {
      this.logger.warn(`build lease lost (${describeError(error)}): taking another`);
      await this.take();
    }
    return this.key;
  }

  async onApplicationShutdown(): Promise<void> {
    // Ending the session releases the lock; the data source may have closed it already.
    await this.runner?.release().catch(() => undefined);
  }

  private async take(): Promise<void> {
    await this.runner?.release().catch(() => undefined);
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    for (;;) {
      // Positive 31-bit keys, as pg_locks shows them (an oid) without a sign to convert.
      const key = randomInt(1, 2 ** 31);
      const [row] = (await runner.query('SELECT pg_try_advisory_lock($1, $2) AS taken', [
        BUILDER_LOCK_NAMESPACE,
        key,
      ])) as { taken: boolean }[];
      if (row.taken) {
        this.runner = runner;
        this.key = key;
        return;
      }
    }
  }
}
