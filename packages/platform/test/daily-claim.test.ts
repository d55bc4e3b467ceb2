import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource, type EntityManager } from 'typeorm';
import { startTestPostgres, waitFor, type TestPostgres } from '@gallery/testing';
import { DailyClaim, dailyClaimTableMigration, utcDay } from '../src/index.js';

// DailyClaim against real PostgreSQL, each replica its own DataSource (its own pool), as two pods would have.

const LOCK_KEY = 0x54455354;
const DAY = 24 * 60 * 60 * 1000;
const DailyClaimsTest1700000000000 = dailyClaimTableMigration(
  'DailyClaimsTest1700000000000',
  'daily_claims_test',
  'reset_at',
);

/** A promise and the function that settles it. */
function signal(): { given: Promise<void>; give: () => void } {
  let give!: () => void;
  const given = new Promise<void>((resolve) => (give = resolve));
  return { given, give };
}

/**
 * Runs `first` in a transaction of `replica` and holds that transaction open until `release` is called, `then`
 * running before it ends: `begun` settles once `first` is done (its claim or lock taken, not committed yet).
 */
function heldOpen<T>(
  replica: DataSource,
  first: (manager: EntityManager) => Promise<unknown>,
  then: (manager: EntityManager) => Promise<T>,
): { begun: Promise<void>; release: () => void; result: Promise<T> } {
  const begun = signal();
  const released = signal();
  const result = replica.transaction(async (manager) => {
    await first(manager);
    begun.give();
    await released.given;
    return then(manager);
  });
  return { begun: begun.given, release: released.give, result };
}

describe('DailyClaim: once a UTC day across replicas', () => {
  let postgres: TestPostgres | undefined;
  const replicas: DataSource[] = [];
  let first: DataSource;
  let second: DataSource;
  const claims = new DailyClaim('daily_claims_test', LOCK_KEY);
  /** A day of its own for each test, so that no test sees another's claims. */
  let dayIndex = 0;
  const nextDay = () => new Date(Date.UTC(2030, 0, 1, 12) + dayIndex++ * DAY);

  /** The backends of the test database waiting on a lock: a claim or a lock that another transaction holds up. */
  const waitingOnLocks = async (): Promise<number> => {
    const [row]: { waiting: number }[] = await first.query(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    return row.waiting;
  };

  const claimIn = (replica: DataSource, now: Date) =>
    replica.transaction((manager) => claims.claim(manager, now));

  beforeAll(async () => {
    postgres = await startTestPostgres();
    const url = await postgres.createDatabase();
    for (let i = 0; i < 2; i++) {
      const replica = new DataSource({
        type: 'postgres',
        url,
        migrations: [DailyClaimsTest1700000000000],
        logging: false,
      });
      replicas.push(await replica.initialize());
    }
    [first, second] = replicas;
    await first.runMigrations();
  });

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.destroy()));
    await postgres?.stop();
  });

  it('creates its table as the migration names it: the day the key, the named time column', async () => {
    const columns: { column_name: string; data_type: string; is_nullable: string; column_default: string }[] =
      await first.query(
        `SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns
         WHERE table_name = 'daily_claims_test' ORDER BY ordinal_position`,
      );
    expect(columns).toEqual([
      { column_name: 'day', data_type: 'date', is_nullable: 'NO', column_default: null },
      {
        column_name: 'reset_at',
        data_type: 'timestamp with time zone',
        is_nullable: 'NO',
        column_default: 'now()',
      },
    ]);
    const [key]: { columns: string }[] = await first.query(
      `SELECT string_agg(a.attname, ',') AS columns FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
       WHERE i.indrelid = 'daily_claims_test'::regclass AND i.indisprimary`,
    );
    expect(key.columns).toBe('day');
  });

  it('claims a day once: the first claim wins, later ones find it claimed, the next day is free', async () => {
    const now = nextDay();
    expect(await claims.claimed(first.manager, now)).toBe(false);
    expect(await claimIn(first, now)).toBe(true);
    expect(await claims.claimed(first.manager, now)).toBe(true);
    expect(await claims.claimed(second.manager, now)).toBe(true);
    // Later the same UTC day, on either replica.
    expect(await claimIn(first, new Date(now.getTime() + 60_000))).toBe(false);
    expect(await claimIn(second, now)).toBe(false);
    const tomorrow = new Date(now.getTime() + DAY);
    expect(await claims.claimed(second.manager, tomorrow)).toBe(false);
    expect(await claimIn(second, tomorrow)).toBe(true);
    dayIndex++; // tomorrow was this test's too
  });

  it('keys the day in UTC: 23:30 in New York on the 5th is the 6th', () => {
    expect(utcDay(new Date('2026-12-05T23:30:00-05:00'))).toBe('2026-12-06');
    expect(utcDay(new Date('2026-12-06T00:00:00Z'))).toBe('2026-12-06');
  });

  it('two replicas racing for the same day: the second waits on the first and finds the day taken', async () => {
    const now = nextDay();
    let won = false;
    const firstClaim = heldOpen(
      first,
      async (manager) => (won = await claims.claim(manager, now)),
      async () => won,
    );
    await firstClaim.begun;
    // The first's row is not committed yet: the second replica cannot see it and claims too.
    expect(await claims.claimed(second.manager, now)).toBe(false);
    const secondWins = claimIn(second, now);
    await waitFor('the second claim to wait on the first', async () => (await waitingOnLocks()) === 1);
    firstClaim.release();
    expect([await firstClaim.result, await secondWins]).toEqual([true, false]);
    const rows: unknown[] = await first.query('SELECT day FROM daily_claims_test WHERE day = $1', [
      utcDay(now),
    ]);
    expect(rows).toHaveLength(1);
  });

  it('many claims of both replicas at once: exactly one wins', async () => {
    const now = nextDay();
    const won = await Promise.all(
      Array.from({ length: 8 }, (_, i) => claimIn(replicas[i % 2], new Date(now.getTime() + i * 1000))),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
  });

  it('a claim rolled back leaves the day free, and the replica waiting on it wins', async () => {
    const now = nextDay();
    const firstClaim = heldOpen(
      first,
      (manager) => claims.claim(manager, now),
      () => Promise.reject(new Error('the work after the claim failed')),
    );
    await firstClaim.begun;
    const secondWins = claimIn(second, now);
    await waitFor('the second claim to wait on the first', async () => (await waitingOnLocks()) === 1);
    firstClaim.release();
    await expect(firstClaim.result).rejects.toThrow('the work after the claim failed');
    expect(await secondWins).toBe(true);
  });

  it("lock holds a second replica's look at the day until the first's transaction ends", async () => {
    const now = nextDay();
    const firstLock = heldOpen(
      first,
      (manager) => claims.lock(manager),
      (manager) => claims.claim(manager, now),
    );
    await firstLock.begun;
    const secondSaw = second.transaction(async (manager) => {
      await claims.lock(manager);
      return claims.claimed(manager, now);
    });
    await waitFor('the second lock to wait on the first', async () => (await waitingOnLocks()) === 1);
    firstLock.release();
    expect(await firstLock.result).toBe(true);
    // Behind the lock the second replica sees the day the first claimed, with no claim of its own.
    expect(await secondSaw).toBe(true);
  });

  it('takes plain names only: a table or column name goes into its statements as it is', () => {
    expect(() => new DailyClaim('resets; DROP TABLE events', LOCK_KEY)).toThrow('not a plain table');
    expect(() => dailyClaimTableMigration('X1700000000000', 'resets', 'at"')).toThrow('not a plain');
  });

  it('the migration drops its table going down', async () => {
    await first.undoLastMigration();
    const tables: unknown[] = await first.query(
      `SELECT 1 FROM information_schema.tables WHERE table_name = 'daily_claims_test'`,
    );
    expect(tables).toHaveLength(0);
  });
});
