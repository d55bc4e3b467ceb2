import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PeriodicTask } from '@gallery/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { MediaConfig } from '../config/media-config.js';
import { ObjectStorage } from './object-storage.js';

/** Deletions are due within a minute of being scheduled: refused and replaced objects do not linger. */
export const DELETION_INTERVAL_MS = 60 * 1000;
/** Rows claimed per run: bounds how long one run's transaction holds its rows while deleting. */
const DELETION_BATCH = 100;
const FIRST_RETRY_MS = 30 * 1000;
const LONGEST_RETRY_MS = 60 * 60 * 1000;

/** How long to wait before trying a deletion again after `failures` failed attempts: doubling, up to an hour. */
export function deletionRetryDelayMs(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), LONGEST_RETRY_MS);
}

interface DueDeletion {
  id: string;
  object_key: string;
  attempts: number;
}

/**
 * A durable queue of objects to delete from storage (table storage_deletions), so that no deletion is lost to a
 * storage outage or a crash: a deletion is recorded before it is tried, and a failed one is retried with
 * back-off until storage accepts it. Each run locks a batch of due rows, skipping rows another replica holds,
 * so replicas share the queue; a row is removed only once its object is gone.
 *
 * It also holds reservations: objects a confirmation is about to write are scheduled for deletion in case the
 * confirmation never finishes, and the confirmation `keep`s them in the transaction that records the photo.
 */
@Injectable()
export class StorageDeletions implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(StorageDeletions.name);
  private readonly worker: PeriodicTask;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(MediaConfig) config: MediaConfig,
  ) {
    this.worker = new PeriodicTask(
      'storage deletions',
      config.storageDeletionIntervalMs ?? DELETION_INTERVAL_MS,
      () => this.processOnce(),
      this.logger,
    );
  }

  onApplicationBootstrap(): void {
    this.worker.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker.stop();
  }

  /** Records that these objects must be deleted, not before `notBefore`; in the caller's transaction if given. */
  async schedule(keys: string[], notBefore: Date, manager = this.dataSource.manager): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO storage_deletions (object_key, not_before)
       SELECT key, $2 FROM unnest($1::text[]) AS key RETURNING id`,
      [keys, notBefore],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Cancels the scheduled deletion of objects that are to stay. False when one of them was no longer scheduled:
   * a run already deleted it (a reservation that outlived its deadline), so it must not be relied on.
   */
  async keep(manager: EntityManager, keys: string[]): Promise<boolean> {
    const [, deleted] = (await manager.query(
      'DELETE FROM storage_deletions WHERE object_key = ANY($1::text[])',
      [keys],
    )) as [unknown, number];
    return deleted >= keys.length;
  }

  /**
   * Deletes objects now, or, when storage does not answer, leaves their deletion scheduled for the worker to
   * retry. Never throws for storage: the caller's answer does not depend on it.
   */
  async removeNow(keys: string[]): Promise<void> {
    const ids = await this.schedule(keys, new Date());
    try {
      await this.storage.remove(keys);
    } catch (error) {
      this.logger.warn(
        `could not delete ${keys.length} objects now, retrying later: ${(error as Error).message}`,
      );
      return;
    }
    await this.dataSource.query('DELETE FROM storage_deletions WHERE id = ANY($1::bigint[])', [ids]);
  }

  /**
   * Deletes objects whose deletion is already scheduled (durably, for later): now, as early cleanup, without a
   * row of its own. When storage does not answer, the scheduled deletion does it in its time. Never throws.
   */
  async removeEarly(keys: string[]): Promise<void> {
    try {
      await this.storage.remove(keys);
    } catch (error) {
      this.logger.warn(
        `could not delete ${keys.length} objects early, their scheduled deletion will: ${(error as Error).message}`,
      );
    }
  }

  /** Deletes up to one batch of due objects; how many were deleted. */
  async processOnce(): Promise<number> {
    const { deleted, failures, reason } = await this.dataSource.transaction(async (manager) => {
      const due: DueDeletion[] = await manager.query(
        `SELECT id, object_key, attempts FROM storage_deletions WHERE not_before <= now()
         ORDER BY not_before LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [DELETION_BATCH],
      );
      // Each deletion has its deadline (ObjectStorage), so a storage that stops answering cannot hold the run.
      const results = await Promise.allSettled(due.map((row) => this.storage.remove([row.object_key])));
      const done = due.filter((_, index) => results[index].status === 'fulfilled');
      const failed = due.filter((_, index) => results[index].status === 'rejected');
      if (done.length > 0) {
        await manager.query('DELETE FROM storage_deletions WHERE id = ANY($1::bigint[])', [
          done.map((row) => row.id),
        ]);
      }
      for (const row of failed) {
        const retryAt = new Date(Date.now() + deletionRetryDelayMs(row.attempts + 1));
        await manager.query(
          'UPDATE storage_deletions SET attempts = attempts + 1, not_before = $2 WHERE id = $1',
          [row.id, retryAt],
        );
      }
      const firstFailure = results.find((result) => result.status === 'rejected');
      return {
        deleted: done.length,
        failures: failed.length,
        reason: firstFailure && ((firstFailure as PromiseRejectedResult).reason as Error).message,
      };
    });
    if (failures > 0) this.logger.warn(`could not delete ${failures} objects, retrying later: ${reason}`);
    return deleted;
  }
}
