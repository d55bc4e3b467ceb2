import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Subjects, type DomainEvent } from '@gallery/contracts';
import { findFreePort, startNats } from '@gallery/local-servers';
import { startTestPostgres } from '@gallery/testing';
import { dataSourceOptions, DurableConsumer, EventBus, OutboxRelay, recordEvent } from '../src/index.js';

// The delivery guarantees every service relies on, against real PostgreSQL and a real nats-server that is
// stopped and started again on the same store.

type Nats = Awaited<ReturnType<typeof startNats>>;

const created = (code: string) => ({
  code,
  name: 'Sarah & Mike',
  plan: 'free' as const,
  createdAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
});

async function eventually<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('domain event delivery', () => {
  let postgres: Awaited<ReturnType<typeof startTestPostgres>>;
  let natsDir: string;
  let natsPort: number;
  let nats: Nats;
  let dataSource: DataSource;
  let bus: EventBus;
  let relay: OutboxRelay;
  const consumers: DurableConsumer[] = [];
  let failuresLeft = 0;

  const effects = async (): Promise<string[]> =>
    (await dataSource.query('SELECT code FROM effects ORDER BY code')).map(
      (row: { code: string }) => row.code,
    );

  function consumer(): DurableConsumer {
    const started = new DurableConsumer(bus, dataSource, {
      name: 'test-effects',
      subjects: [Subjects.EventCreated],
      handle: async (event, manager) => {
        if (failuresLeft > 0) {
          failuresLeft--;
          throw new Error('handler failed on purpose');
        }
        await manager.query('INSERT INTO effects (code) VALUES ($1)', [
          (event as DomainEvent<'event.created'>).data.code,
        ]);
      },
    });
    consumers.push(started);
    return started;
  }

  async function record(code: string): Promise<DomainEvent> {
    const event = await dataSource.transaction((manager) =>
      recordEvent(manager, Subjects.EventCreated, created(code)),
    );
    relay.kick();
    return event;
  }

  const unpublished = async () =>
    Number(
      (await dataSource.query('SELECT count(*) AS n FROM outbox_events WHERE published_at IS NULL'))[0].n,
    );

  beforeAll(async () => {
    postgres = await startTestPostgres();
    natsDir = mkdtempSync(join(tmpdir(), 'nats-'));
    natsPort = await findFreePort();
    nats = await startNats({ dataDir: natsDir, port: natsPort });
    dataSource = new DataSource(
      dataSourceOptions({ url: await postgres.createDatabase(), entities: [], migrations: [] }),
    );
    await dataSource.initialize();
    await dataSource.query('CREATE TABLE effects (code text NOT NULL)');
    bus = await EventBus.connect(nats.url, 'delivery-test');
    relay = new OutboxRelay(dataSource, bus, { pollIntervalMs: 100 });
    relay.start();
  });

  afterEach(async () => {
    await Promise.all(consumers.splice(0).map((c) => c.stop()));
    await dataSource.query('DELETE FROM effects');
    failuresLeft = 0;
  });

  afterAll(async () => {
    await relay?.stop();
    await bus?.close();
    await dataSource?.destroy();
    await nats?.stop();
    await postgres?.stop();
    rmSync(natsDir, { recursive: true, force: true });
  });

  it('handles an event published while its consumer was down once the consumer starts, exactly once', async () => {
    await consumer().start();
    await consumers[0].stop();
    consumers.length = 0;

    await record('DOWN0001');
    expect(await eventually(unpublished, (n) => n === 0)).toBe(0);
    expect(await effects()).toEqual([]);

    await consumer().start();
    expect(await eventually(effects, (rows) => rows.length > 0)).toEqual(['DOWN0001']);

    // A restarted consumer (a new process) does not handle it again.
    await consumers[0].stop();
    await consumer().start();
    await record('DOWN0002');
    expect(await eventually(effects, (rows) => rows.length > 1)).toEqual(['DOWN0001', 'DOWN0002']);
  });

  it('gives the same event delivered twice one effect', async () => {
    const event: DomainEvent = {
      id: crypto.randomUUID(),
      type: 'event.created',
      occurredAt: new Date().toISOString(),
      data: created('TWICE001'),
    };
    // Two publishes without a message id: JetStream stores both, so the consumer sees the event twice.
    await bus.js.publish(event.type, JSON.stringify(event));
    await bus.js.publish(event.type, JSON.stringify(event));
    await consumer().start();
    await record('AFTER001');

    expect(await eventually(effects, (rows) => rows.length >= 2)).toEqual(['AFTER001', 'TWICE001']);
    const marks = await dataSource.query('SELECT count(*) AS n FROM processed_events WHERE event_id = $1', [
      event.id,
    ]);
    expect(Number(marks[0].n)).toBe(1);
  });

  it('retries a failed handler with back-off until it succeeds', async () => {
    failuresLeft = 1;
    await consumer().start();
    await record('RETRY001');
    expect(await eventually(effects, (rows) => rows.length > 0)).toEqual(['RETRY001']);
    expect(failuresLeft).toBe(0);
  });

  it('prunes only events published more than a week ago', async () => {
    const old = await record('OLDPUB01');
    const recent = await record('NEWPUB01');
    expect(await eventually(unpublished, (n) => n === 0)).toBe(0);
    await dataSource.query(
      `UPDATE outbox_events SET published_at = now() - interval '8 days' WHERE id = $1`,
      [old.id],
    );
    // Consumed here, so that later tests start from an empty backlog.
    await consumer().start();
    await eventually(effects, (rows) => rows.length === 2);

    expect(await relay.prune()).toBe(1);
    const left = (await dataSource.query('SELECT id FROM outbox_events')).map(
      (row: { id: string }) => row.id,
    );
    expect(left).toContain(recent.id);
    expect(left).not.toContain(old.id);
  });

  it('loses no event across a NATS restart', async () => {
    await consumer().start();
    await record('BEFORE01');
    expect(await eventually(effects, (rows) => rows.length > 0)).toEqual(['BEFORE01']);

    await consumers[0].stop();
    consumers.length = 0;
    await record('STORED01'); // in the stream, not yet consumed, when the broker goes down
    expect(await eventually(unpublished, (n) => n === 0)).toBe(0);

    await nats.stop();
    await record('OUTAGE01'); // recorded while the broker is down: stays in the outbox
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await unpublished()).toBe(1);

    nats = await startNats({ dataDir: natsDir, port: natsPort });
    await consumer().start();
    expect(await eventually(effects, (rows) => rows.length >= 3, 30_000)).toEqual([
      'BEFORE01',
      'OUTAGE01',
      'STORED01',
    ]);
    expect(await unpublished()).toBe(0);
  });
});
