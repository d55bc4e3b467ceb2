import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';

/**
 * The PostgreSQL advisory lock a service's replicas take around their migrations (the first shared migration's
 * timestamp, a number no other lock of the product uses). Advisory locks belong to their database, so each
 * service's replicas wait for each other only.
 */
export const MIGRATION_LOCK_ID = 1763800000000;

/**
 * Runs the pending migrations of `dataSource`, one replica at a time: replicas started together (a rollout, a
 * scale-up, `kubectl apply` on a fresh database) would otherwise all find the same migrations pending and run
 * them at once, and all but one fail on tables that appeared meanwhile. The lock is held by its own connection
 * for the whole run; a replica that dies holding it lets it go with its connection, and its migrations roll back.
 * Whoever waits finds them done when the lock comes and runs nothing.
 */
export async function runMigrationsOneAtATime(
  dataSource: DataSource,
  log: (line: string) => void = (line) => new Logger('Migrations').log(line),
): Promise<void> {
  const lock = dataSource.createQueryRunner('master');
  await lock.connect();
  try {
    const [{ locked }] = (await lock.query('SELECT pg_try_advisory_lock($1) AS locked', [
      MIGRATION_LOCK_ID,
    ])) as { locked: boolean }[];
    if (!locked) {
      log('Another replica is running the migrations: waiting for it');
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    }
    try {
      await dataSource.runMigrations({ transaction: 'all' });
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    await lock.release();
  }
}
