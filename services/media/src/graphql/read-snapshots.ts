import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner.js';
import type { GraphQLRequestContext } from '@gallery/platform';

/**
 * Gives the connection back to the pool as broken, so it is closed rather than reused (still inside its
 * transaction, it would run the next user's statements read-only). TypeORM keeps this release private.
 */
function dropConnection(runner: PostgresQueryRunner, error: unknown): Promise<void> {
  return runner['releasePostgresConnection'](error as Error);
}

/**
 * One view of the database for the gallery reads of one GraphQL request. A gallery screen reads a page of
 * photos and the counts beside it (the gallery's, each challenge's) in one request, each field by its own
 * statement: a photo committed between two of them would be in the page but not in the counts, and its live
 * photoAdded, finding it already listed, would move no count. Read in one REPEATABLE READ transaction, a photo
 * is in all of them or in none (and then arrives live, counted).
 *
 * The transaction is begun by the request's first read that asks for it and ends when the request is answered.
 * Every read of such a request goes through it: a request holds one pooled connection at most, so requests
 * holding one never wait for a second (with the pool taken, they would wait for each other for ever).
 */
/** A request's transaction, and the end of the reads queued on it. */
interface Snapshot {
  runner: Promise<PostgresQueryRunner>;
  last: Promise<unknown>;
}

@Injectable()
export class ReadSnapshots {
  private readonly logger = new Logger(ReadSnapshots.name);
  private readonly open = new WeakMap<GraphQLRequestContext, Snapshot>();

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * Runs `work` on the request's snapshot (begun on the first call), after the request's other reads: one
   * connection runs one statement at a time, and the fields of a request are resolved side by side. `work` must
   * not ask for the snapshot again (it would wait for itself).
   */
  read<T>(context: GraphQLRequestContext, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    let snapshot = this.open.get(context);
    if (!snapshot) {
      const runner = this.begin();
      snapshot = { runner, last: runner };
      this.open.set(context, snapshot);
      context.whenAnswered(() => void this.end(runner));
    }
    const { runner } = snapshot;
    const done = snapshot.last.then(
      async () => work((await runner).manager),
      async () => work((await runner).manager),
    );
    snapshot.last = done.catch(() => undefined);
    return done;
  }

  private async begin(): Promise<PostgresQueryRunner> {
    const runner = this.dataSource.createQueryRunner() as PostgresQueryRunner;
    try {
      await runner.connect();
      // One round trip; the snapshot itself is taken by the first read.
      await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      return runner;
    } catch (error) {
      await dropConnection(runner, error);
      throw error;
    }
  }

  private async end(begun: Promise<PostgresQueryRunner>): Promise<void> {
    const runner = await begun.catch(() => null);
    if (!runner) return;
    try {
      // Nothing was written: ending it only gives the connection back.
      await runner.query('ROLLBACK');
      await runner.release();
    } catch (error) {
      this.logger.warn(`a read snapshot did not end cleanly: ${(error as Error).message}`);
      await dropConnection(runner, error);
    }
  }
}
