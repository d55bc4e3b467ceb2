import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner.js';
import { jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import { DOMAIN_STREAM, Subjects, type DomainEvent, type EventData, type Subject } from '@gallery/contracts';
import { findFreePort, startNats } from '@gallery/local-servers';
import { startTestPostgres } from '@gallery/testing';
import {
  dataSourceOptions,
  DOMAIN_STREAM_MAX_AGE_DAYS,
  DOMAIN_STREAM_MAX_BYTES,
  DurableConsumer,
  durableName,
  EventBus,
  forgetExpiredMarks,
  OutboxRelay,
  PROCESSED_MARK_RETENTION_MS,
  recordEvent,
  runMigrationsOneAtATime,
} from '../src/index.js';

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

const uploaded = (code: string): EventData['photo.uploaded'] => ({
  photo: {
    id: crypto.randomUUID(),
    eventCode: code,
    thumbnailUrl: '/media/t.jpg',
    previewUrl: '/media/p.jpg',
    originalUrl: '/media/o.jpg',
    width: 4000,
    height: 3000,
    createdAt: new Date().toISOString(),
    kind: 'photo',
    durationSeconds: null,
    guestName: null,
    challengeId: null,
    uploaderId: null,
  },
  photoCount: 1,
});

/** Longer than any test waits: a relay that waited out this back-off would fail the test. */
const ONE_HOUR_MS = 60 * 60 * 1000;

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
  const parked: { id: string; reason: string }[] = [];
  /** Events whose handling committed, as the consumer reported them (onHandled). */
  const handled: string[] = [];
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
      onHandled: (event) => handled.push(event.id),
    });
    consumers.push(started);
    return started;
  }

  async function record<S extends Subject = 'event.created'>(
    code: string,
    type: S = Subjects.EventCreated as S,
    data: EventData[S] = (type === Subjects.EventCreated ? created(code) : uploaded(code)) as EventData[S],
  ): Promise<DomainEvent<S>> {
    const event = await dataSource.transaction((manager) => recordEvent(manager, type, data));
    relay.kick();
    return event;
  }

  /** Hands `started` the stream's last message of `subject` again, as JetStream does when an ack was lost; its ack. */
  async function redeliverLast(started: DurableConsumer, subject: string) {
    const jsm = await jetstreamManager(bus.nc);
    const stored = await jsm.streams.getMessage(DOMAIN_STREAM, { last_by_subj: subject });
    const ack = jest.fn();
    await started.process({
      subject: stored!.subject,
      data: stored!.data,
      ack,
      nak: jest.fn(),
      term: jest.fn(),
      info: { deliveryCount: 2 } as JsMsg['info'],
    });
    return ack;
  }

  const startRelay = (options: ConstructorParameters<typeof OutboxRelay>[2] = {}) => {
    relay = new OutboxRelay(dataSource, bus, {
      pollIntervalMs: 100,
      onParked: (event, reason) => parked.push({ id: event.id, reason }),
      ...options,
    });
    relay.start();
  };

  const unpublished = async () =>
    Number((await dataSource.query('SELECT count(*) AS n FROM outbox_events'))[0].n);

  beforeAll(async () => {
    postgres = await startTestPostgres();
    natsDir = mkdtempSync(join(tmpdir(), 'nats-'));
    natsPort = await findFreePort();
    nats = await startNats({ dataDir: natsDir, port: natsPort });
    dataSource = new DataSource(
      dataSourceOptions({ url: await postgres.createDatabase(), entities: [], migrations: [] }),
    );
    await dataSource.initialize();
    await runMigrationsOneAtATime(dataSource);
    await dataSource.query('CREATE TABLE effects (code text NOT NULL)');
    await dataSource.query('CREATE TABLE subject_effects (type text NOT NULL, code text NOT NULL)');
    bus = await EventBus.connect(nats.url, 'delivery-test');
    startRelay();
  });

  afterEach(async () => {
    await Promise.all(consumers.splice(0).map((c) => c.stop()));
    await dataSource.query('DELETE FROM effects');
    handled.length = 0;
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

    await record('DWNAAAA3');
    expect(await eventually(unpublished, (n) => n === 0)).toBe(0);
    expect(await effects()).toEqual([]);

    await consumer().start();
    expect(await eventually(effects, (rows) => rows.length > 0)).toEqual(['DWNAAAA3']);

    // A restarted consumer (a new process) does not handle it again.
    await consumers[0].stop();
    await consumer().start();
    await record('DWNAAAA4');
    expect(await eventually(effects, (rows) => rows.length > 1)).toEqual(['DWNAAAA3', 'DWNAAAA4']);
  });

  it('gives the same event delivered twice one effect', async () => {
    const event: DomainEvent = {
      id: crypto.randomUUID(),
      type: 'event.created',
      occurredAt: new Date().toISOString(),
      data: created('TWCEAAA3'),
    };
    // Published as the relay does, with its id as message id, twice (a relay that crashed before marking the
    // row): JetStream keeps one copy.
    const jsm = await jetstreamManager(bus.nc);
    const storedBefore = (await jsm.streams.info(DOMAIN_STREAM)).state.messages;
    await bus.publish(event);
    await bus.publish(event);
    expect((await jsm.streams.info(DOMAIN_STREAM)).state.messages).toBe(storedBefore + 1);
    const started = consumer();
    await started.start();
    expect(await eventually(effects, (rows) => rows.length > 0)).toEqual(['TWCEAAA3']);

    // A redelivery: the handler committed but its ack was lost, so JetStream hands the stored message over again.
    const ack = await redeliverLast(started, event.type);

    expect(ack).toHaveBeenCalledTimes(1);
    expect(await effects()).toEqual(['TWCEAAA3']);
    // Its handling reported once: the repeat changed nothing, and a relay it would kick has nothing new.
    expect(handled).toEqual([event.id]);
    const marks = await dataSource.query('SELECT count(*) AS n FROM processed_events WHERE event_id = $1', [
      event.id,
    ]);
    expect(Number(marks[0].n)).toBe(1);
  });

  it('forgets the marks of events the stream no longer holds, in batches, and keeps the others', async () => {
    await dataSource.query('DELETE FROM processed_events');
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const mark = (consumerName: string, processedAt: Date) =>
      dataSource.query(
        'INSERT INTO processed_events (consumer, event_id, processed_at) VALUES ($1, $2, $3)',
        [consumerName, crypto.randomUUID(), processedAt],
      );
    // Seven past the retention, of two consumers; two inside it, one of them a minute short of its end.
    for (let i = 0; i < 7; i++)
      await mark(i % 2 ? 'a' : 'b', ago(PROCESSED_MARK_RETENTION_MS + (i + 1) * 60_000));
    await mark('a', ago(PROCESSED_MARK_RETENTION_MS - 60_000));
    await mark('b', ago(60_000));

    // Longer than the stream keeps an event: nothing can deliver a forgotten mark's event again.
    expect(PROCESSED_MARK_RETENTION_MS).toBeGreaterThan(DOMAIN_STREAM_MAX_AGE_DAYS * 24 * 60 * 60 * 1000);
    expect(await forgetExpiredMarks(dataSource, now, 3)).toBe(7);
    const left = await dataSource.query('SELECT consumer FROM processed_events ORDER BY processed_at');
    expect(left).toEqual([{ consumer: 'a' }, { consumer: 'b' }]);
    expect(await forgetExpiredMarks(dataSource, now, 3)).toBe(0);
  });

  it('still hands no event twice to a consumer after its old marks are forgotten', async () => {
    const started = consumer();
    await started.start();
    const event = await record('FRGTAAA3');
    expect(await eventually(effects, (rows) => rows.length > 0)).toEqual(['FRGTAAA3']);
    await forgetExpiredMarks(dataSource);

    // The mark of an event the stream still holds stays: its redelivery is acked without a second effect.
    const ack = await redeliverLast(started, event.type);
    expect(ack).toHaveBeenCalledTimes(1);
    expect(await effects()).toEqual(['FRGTAAA3']);
  });

  it('retries a failed handler with back-off until it succeeds', async () => {
    failuresLeft = 1;
    await consumer().start();
    await record('RETRYAA3');
    expect(await eventually(effects, (rows) => rows.length > 0)).toEqual(['RETRYAA3']);
    expect(failuresLeft).toBe(0);
  });

  it('deletes an event from the outbox once JetStream has it, leaving nothing of it in the database', async () => {
    await consumer().start();
    const event = await record('DECAYED3');
    expect(await eventually(effects, (rows) => rows.includes('DECAYED3'))).toContain('DECAYED3');
    expect(await eventually(unpublished, (n) => n === 0)).toBe(0);
    expect(await dataSource.query('SELECT id FROM outbox_events WHERE id = $1', [event.id])).toEqual([]);
  });

  it('publishes a backlog larger than a batch once each, deleting each batch with one statement', async () => {
    await relay.stop();
    const alphabet = 'ACDEFGHJKMNPQRTUVWXY';
    const codes = Array.from(
      { length: 130 },
      (_, i) => `CAKE${alphabet[Math.floor(i / 20)]}${alphabet[i % 20]}A3`,
    );
    for (const code of codes) await record(code);
    const statements = jest.spyOn(PostgresQueryRunner.prototype, 'query');
    try {
      startRelay();
      await consumer().start();
      expect(await eventually(effects, (rows) => rows.length >= codes.length)).toEqual([...codes].sort());
      expect(await eventually(unpublished, (n) => n === 0)).toBe(0);
      const deletions = statements.mock.calls.filter(([sql]) => /^DELETE FROM "?outbox_events/.test(sql));
      // A batch of 100 and one of 30.
      expect(deletions).toHaveLength(2);
    } finally {
      statements.mockRestore();
    }
  });

  it('publishes an event its transaction just committed with one statement, the DELETE', async () => {
    await relay.stop();
    startRelay({ pollIntervalMs: ONE_HOUR_MS });
    await consumer().start();
    await record('WARMAAA3');
    expect(await eventually(unpublished, (n) => n === 0)).toBe(0);
    const statements = jest.spyOn(PostgresQueryRunner.prototype, 'query');
    const count = (pattern: RegExp) => statements.mock.calls.filter(([sql]) => pattern.test(sql)).length;
    try {
      const event = await dataSource.transaction((manager) =>
        recordEvent(manager, Subjects.EventCreated, created('DRCTAAA3')),
      );
      relay.publishCommitted([event]);
      expect(await eventually(effects, (rows) => rows.includes('DRCTAAA3'))).toContain('DRCTAAA3');
      expect(await eventually(unpublished, (n) => n === 0)).toBe(0);
      // Not taken from the table: no batch's transaction, no SELECT ... FOR UPDATE.
      expect(count(/FOR UPDATE SKIP LOCKED/)).toBe(0);
      expect(count(/^DELETE FROM "?outbox_events/)).toBe(1);
    } finally {
      statements.mockRestore();
      await relay.stop();
      startRelay();
    }
  });

  it('publishes a committed event once when a drain took its row during the direct publish', async () => {
    await consumer().start();
    const jsm = await jetstreamManager(bus.nc);
    const messagesBefore = (await jsm.streams.info(DOMAIN_STREAM)).state.messages;
    const event = await dataSource.transaction((manager) =>
      recordEvent(manager, Subjects.EventCreated, created('RACEAAA3')),
    );
    // The direct publish waits until a drain has published the row and deleted it, then goes on.
    const publish = bus.publish.bind(bus);
    const publishes = jest.spyOn(bus, 'publish').mockImplementation(async (...published) => {
      if (publishes.mock.calls.length === 1) {
        relay.kick();
        await eventually(unpublished, (n) => n === 0);
      }
      return publish(...published);
    });
    try {
      relay.publishCommitted([event]);
      await eventually(
        async () => publishes.mock.calls.length,
        (calls) => calls >= 2,
      );
      expect(await eventually(effects, (rows) => rows.includes('RACEAAA3'))).toEqual(['RACEAAA3']);
      await relay.stop(); // waits for the direct publish to end
      expect(publishes).toHaveBeenCalledTimes(2);
      expect((await jsm.streams.info(DOMAIN_STREAM)).state.messages).toBe(messagesBefore + 1);
      expect(await unpublished()).toBe(0);
    } finally {
      publishes.mockRestore();
      startRelay();
    }
  });

  it('leaves a committed event NATS could not take to the relay, which publishes it when NATS is back', async () => {
    await consumer().start();
    await nats.stop();
    const event = await dataSource.transaction((manager) =>
      recordEvent(manager, Subjects.EventCreated, created('AWAYAAA3')),
    );
    relay.publishCommitted([event]);
    await eventually(
      async () => relay.consecutiveFailures,
      (failures) => failures > 0,
    );
    expect(await unpublished()).toBe(1);

    nats = await startNats({ dataDir: natsDir, port: natsPort });
    expect(await eventually(effects, (rows) => rows.length > 0, 30_000)).toEqual(['AWAYAAA3']);
    expect(await eventually(unpublished, (n) => n === 0)).toBe(0);
  });

  it('polls with one statement while nothing waits, and still finds an event no kick announced', async () => {
    await relay.stop();
    const statements = jest.spyOn(PostgresQueryRunner.prototype, 'query');
    const count = (pattern: RegExp) => statements.mock.calls.filter(([sql]) => pattern.test(sql)).length;
    try {
      // The start takes a batch at once; every look after it is a poll.
      startRelay({ pollIntervalMs: 20 });
      await eventually(
        async () => count(/^SELECT EXISTS/),
        (polls) => polls >= 5,
      );
      expect(count(/^SELECT EXISTS/)).toBeGreaterThanOrEqual(5);
      expect(count(/^START TRANSACTION/)).toBe(1);
      // Recorded without a kick (another replica's, say): the next poll finds it and publishes it.
      await dataSource.transaction((manager) =>
        recordEvent(manager, Subjects.EventCreated, created('PACKED34')),
      );
      await consumer().start();
      expect(await eventually(effects, (rows) => rows.includes('PACKED34'))).toContain('PACKED34');
      expect(await eventually(unpublished, (n) => n === 0)).toBe(0);
    } finally {
      statements.mockRestore();
      await relay.stop();
      startRelay();
    }
  });

  it('hands a consumer whose subjects grew the new subject, also from before the change, and no event twice', async () => {
    const subjectConsumer = (subjects: Subject[]) => {
      const started = new DurableConsumer(bus, dataSource, {
        name: 'test-subjects',
        subjects,
        handle: async (event, manager) => {
          const code =
            event.type === Subjects.EventCreated
              ? (event as DomainEvent<'event.created'>).data.code
              : (event as DomainEvent<'photo.uploaded'>).data.photo.eventCode;
          await manager.query('INSERT INTO subject_effects (type, code) VALUES ($1, $2)', [event.type, code]);
        },
      });
      consumers.push(started);
      return started;
    };
    const handled = async (): Promise<string[]> =>
      (
        await dataSource.query(
          `SELECT type || ' ' || code AS effect FROM subject_effects WHERE code LIKE 'TPC%' ORDER BY 1`,
        )
      ).map((row: { effect: string }) => row.effect);

    const first = subjectConsumer([Subjects.EventCreated]);
    await first.start();
    await record('TPCAAAA3');
    await record('TPCAAAA3', Subjects.PhotoUploaded);
    expect(await eventually(handled, (rows) => rows.length > 0)).toEqual(['event.created TPCAAAA3']);
    await first.stop();

    // The next release also consumes photo.uploaded.
    await record('TPCAAAA4', Subjects.PhotoUploaded);
    const second = subjectConsumer([Subjects.PhotoUploaded, Subjects.EventCreated]);
    await second.start();
    await record('TPCAAAA6');
    expect(await eventually(handled, (rows) => rows.length >= 4)).toEqual([
      'event.created TPCAAAA3',
      'event.created TPCAAAA6',
      'photo.uploaded TPCAAAA3',
      'photo.uploaded TPCAAAA4',
    ]);
    const repeated = await dataSource.query(
      'SELECT type, code FROM subject_effects GROUP BY type, code HAVING count(*) > 1',
    );
    expect(repeated).toEqual([]);

    // The first release's durable is gone, so no stale replica keeps filtering the old subjects.
    const jsm = await jetstreamManager(bus.nc);
    const durables: string[] = [];
    for await (const info of jsm.consumers.list(DOMAIN_STREAM)) durables.push(info.name);
    expect(durables).toContain(second.durable);
    expect(durables).not.toContain(first.durable);
    expect(second.durable).toBe(
      durableName('test-subjects', [Subjects.EventCreated, Subjects.PhotoUploaded]),
    );

    // Consumed here, so that later tests start from an empty backlog.
    await consumer().start();
    await eventually(effects, (rows) => rows.length === 2);
  });

  it('parks an event that can never be published and publishes the ones behind it', async () => {
    const broken = await record('SHORT', Subjects.EventCreated, { ...created('SHORT'), code: 'short' });
    const oversized = await record('HUGEAAA3', Subjects.EventCreated, {
      ...created('HUGEAAA3'),
      name: 'x'.repeat(bus.nc.info!.max_payload),
    });
    await record('NEXTAAA3');
    await consumer().start();

    expect(await eventually(effects, (rows) => rows.includes('NEXTAAA3'))).toEqual(['NEXTAAA3']);
    const rows = await dataSource.query(
      'SELECT id, attempts, parked_at, last_error FROM outbox_events WHERE id = ANY($1) ORDER BY position',
      [[broken.id, oversized.id]],
    );
    expect(rows).toEqual([
      expect.objectContaining({ id: broken.id, attempts: 1, parked_at: expect.any(Date) }),
      expect.objectContaining({ id: oversized.id, attempts: 1, parked_at: expect.any(Date) }),
    ]);
    expect(rows[0].last_error).toMatch(/breaks its contract/);
    expect(rows[1].last_error).toMatch(/max_payload/);
    expect(parked.map((entry) => entry.id)).toEqual([broken.id, oversized.id]);
    expect(await unpublished()).toBe(2);
    await dataSource.query('DELETE FROM outbox_events WHERE parked_at IS NOT NULL');
  });

  it('keeps the domain stream within its age and size limits, also when an older release made it', async () => {
    const jsm = await jetstreamManager(bus.nc);
    await jsm.streams.update(DOMAIN_STREAM, { max_age: 0, max_bytes: -1 });

    await bus.ensureDomainStream();

    const { config } = await jsm.streams.info(DOMAIN_STREAM);
    expect(config.max_age).toBe(DOMAIN_STREAM_MAX_AGE_DAYS * 24 * 60 * 60 * 1_000_000_000);
    expect(config.max_bytes).toBe(DOMAIN_STREAM_MAX_BYTES);
  });

  it('loses no event across a NATS restart', async () => {
    await consumer().start();
    await record('PREAAAA3');
    expect(await eventually(effects, (rows) => rows.length > 0)).toEqual(['PREAAAA3']);

    await consumers[0].stop();
    consumers.length = 0;
    await record('KEPTAAA3'); // in the stream, not yet consumed, when the broker goes down
    expect(await eventually(unpublished, (n) => n === 0)).toBe(0);

    await nats.stop();
    await record('CUTAAAA3'); // recorded while the broker is down: stays in the outbox
    await eventually(
      async () => relay.consecutiveFailures,
      (failures) => failures > 0,
    );
    expect(await unpublished()).toBe(1);

    nats = await startNats({ dataDir: natsDir, port: natsPort });
    await consumer().start();
    expect(await eventually(effects, (rows) => rows.length >= 3, 30_000)).toEqual([
      'CUTAAAA3',
      'KEPTAAA3',
      'PREAAAA3',
    ]);
    expect(await unpublished()).toBe(0);
  });
  it('publishes at once when NATS comes back instead of waiting out its back-off', async () => {
    await relay.stop();
    startRelay({ backOffMs: () => ONE_HOUR_MS });
    await consumer().start();

    await nats.stop();
    await record('UPAGAAA3');
    await record('UPAGAAA4'); // each kick is one more failed attempt
    await eventually(
      async () => relay.consecutiveFailures,
      (failures) => failures >= 2,
    );

    nats = await startNats({ dataDir: natsDir, port: natsPort });
    expect(await eventually(effects, (rows) => rows.length >= 2)).toEqual(['UPAGAAA3', 'UPAGAAA4']);
    expect(relay.consecutiveFailures).toBe(0);
  });
});
