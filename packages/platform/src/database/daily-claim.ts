import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';

/** `now`'s UTC day as a claims table keys it: 2026-12-06. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** A PostgreSQL identifier this code writes into its statements as it is. */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain table or column name: ${name}`);
  return name;
}

/**
 * Work done once a UTC day whichever of a service's replicas gets there first, in that service's own table of
 * the days claimed (one row a day, `day` its key; the table's migration is dailyClaimTableMigration). A claim is an
 * insert of the day that does nothing when the day is there, in the caller's transaction: a second replica's
 * claim waits on the first's row until that commits and then finds the day taken, so exactly one claim of a day
 * wins, and a claim whose transaction rolls back leaves the day free for the next try. `lock` serialises what a
 * replica looks at around its claim (whether the work is due for another reason, say) under an advisory lock of
 * the transaction.
 */
export class DailyClaim {
  readonly table: string;

  constructor(
    table: string,
    /** The transaction-scoped advisory lock `lock` takes: a number no other lock of the service uses. */
    private readonly lockKey: number,
  ) {
    this.table = identifier(table);
  }

  /** Waits for the claim's advisory lock and holds it until the manager's transaction ends. */
  async lock(manager: EntityManager): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [this.lockKey]);
  }

  /** Whether `now`'s UTC day is claimed: by a committed claim, or by one in the manager's transaction. */
  async claimed(manager: EntityManager, now: Date): Promise<boolean> {
    const [row]: { claimed: boolean }[] = await manager.query(
      `SELECT EXISTS (SELECT 1 FROM ${this.table} WHERE day = $1) AS claimed`,
      [utcDay(now)],
    );
    return row.claimed;
  }

  /** Claims `now`'s UTC day in the manager's transaction: whether this call did (false: it was claimed already). */
  async claim(manager: EntityManager, now: Date): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO ${this.table} (day) VALUES ($1) ON CONFLICT (day) DO NOTHING RETURNING day`,
      [utcDay(now)],
    );
    return inserted.length === 1;
  }
}

/**
 * The migration class that creates a DailyClaim's table: `day` its key and `atColumn` when the day was claimed.
 * `name` is the migration's, ending in its 13-digit timestamp as TypeORM wants it.
 */
export function dailyClaimTableMigration(
  name: string,
  table: string,
  atColumn = 'claimed_at',
): new () => MigrationInterface {
  const created = identifier(table);
  const at = identifier(atColumn);
  return class DailyClaimTable implements MigrationInterface {
    name = name;

    async up(db: QueryRunner): Promise<void> {
      await db.query(`CREATE TABLE ${created} (
      day date PRIMARY KEY,
      ${at} timestamptz NOT NULL DEFAULT now()
    )`);
    }

    async down(db: QueryRunner): Promise<void> {
      await db.query(`DROP TABLE ${created}`);
    }
  };
}
