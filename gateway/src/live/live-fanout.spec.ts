import { randomUUID } from 'node:crypto';
import { describe, expect, it, jest } from '@jest/globals';
import { execute, parse, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { API_LIMITS, type LivePhoto } from '@gallery/contracts';
import { guestIdentityTokenDigest } from '@gallery/platform/edge';
import type { LiveContext } from './live-schema.js';
import { LiveFanout } from './live-fanout.js';
import { NatsLiveFeed } from './nats-live-feed.js';
import { livePhoto } from '../../test/live-photo.js';
import { GatewayNats } from '../nats/gateway-nats.js';

const PHOTO_ADDED = parse(`
  subscription PhotoAdded($eventCode: String!) {
    photoAdded(eventCode: $eventCode) { id eventCode thumbnailUrl width height }
  }
`);

const photo = (eventCode: string, id = 'p1') => livePhoto(eventCode, id);

function countingFanout() {
  const executions = jest.fn((args: ExecutionArgs) => execute(args));
  return { fanout: new LiveFanout(executions), executions };
}

const stayingUp: LiveContext = { fellBehind: () => undefined };

async function subscribe(fanout: LiveFanout, eventCode: string, document = PHOTO_ADDED, context = stayingUp) {
  const result = await fanout.subscribe({
    schema: fanout.schema,
    document,
    variableValues: { eventCode },
    contextValue: context,
  });
  if (!(Symbol.asyncIterator in result)) throw new Error(`subscription failed: ${JSON.stringify(result)}`);
  return result;
}

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 500 && !condition(); turn++)
    await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('LiveFanout', () => {
  it('delivers a new photo to the subscribers of its gallery with the fields they selected', async () => {
    const { fanout } = countingFanout();
    const stream = await subscribe(fanout, 'KXMP7TQR');

    expect(fanout.publish(photo('KXMP7TQR'))).toBe(1);

    const { value } = await stream.next();
    expect(value).toEqual({
      data: {
        photoAdded: {
          id: 'p1',
          eventCode: 'KXMP7TQR',
          thumbnailUrl: '/media/photos/p1/thumbnail',
          width: 400,
          height: 300,
        },
      },
    });
  });

  it('executes the selection once per event for every subscriber with the same subscription', async () => {
    const { fanout, executions } = countingFanout();
    const first = await subscribe(fanout, 'KXMP7TQR');
    const second = await subscribe(fanout, 'KXMP7TQR');

    fanout.publish(photo('KXMP7TQR'));
    const [a, b] = await Promise.all([first.next(), second.next()]);

    expect(executions).toHaveBeenCalledTimes(1);
    expect(b.value).toBe(a.value);
  });

  it('executes again for a subscriber who selected other fields', async () => {
    const { fanout, executions } = countingFanout();
    const full = await subscribe(fanout, 'KXMP7TQR');
    const idsOnly = await subscribe(
      fanout,
      'KXMP7TQR',
      parse('subscription ($eventCode: String!) { photoAdded(eventCode: $eventCode) { id } }'),
    );

    fanout.publish(photo('KXMP7TQR'));
    const [a, b] = await Promise.all([full.next(), idsOnly.next()]);

    expect(executions).toHaveBeenCalledTimes(2);
    expect((b.value as ExecutionResult).data).toEqual({ photoAdded: { id: 'p1' } });
    expect((a.value as ExecutionResult).data?.photoAdded).toHaveProperty('thumbnailUrl');
  });

  it('hands results straight to a context that writes them, in the same step, one execution for all', async () => {
    const { fanout, executions } = countingFanout();
    const delivered: [string, ExecutionResult][] = [];
    const writing = (name: string): LiveContext => ({
      fellBehind: () => undefined,
      deliver: (result) => delivered.push([name, result]),
    });
    const first = await subscribe(fanout, 'KXMP7TQR', PHOTO_ADDED, writing('first'));
    await subscribe(fanout, 'KXMP7TQR', PHOTO_ADDED, writing('second'));
    const ended = first.next();

    fanout.publish(photo('KXMP7TQR', 'p1'));
    fanout.publish(photo('KXMP7TQR', 'p2'));

    // Synchronously, in publish order, with the one result per event shared.
    expect(delivered.map(([name, result]) => [name, (result.data?.photoAdded as LivePhoto).id])).toEqual([
      ['first', 'p1'],
      ['second', 'p1'],
      ['first', 'p2'],
      ['second', 'p2'],
    ]);
    expect(delivered[1][1]).toBe(delivered[0][1]);
    expect(executions).toHaveBeenCalledTimes(2);
    // The stream itself yields nothing: it ends when the subscriber leaves.
    await first.return!();
    expect(await ended).toEqual({ value: undefined, done: true });
    expect(fanout.listenerCount()).toBe(1);
  });

  it('gives a reader behind the others the result of its own event, once per event for all', async () => {
    const { fanout, executions } = countingFanout();
    const behind = await subscribe(fanout, 'KXMP7TQR');
    const delivered: string[] = [];
    await subscribe(fanout, 'KXMP7TQR', PHOTO_ADDED, {
      fellBehind: () => undefined,
      deliver: (result) => delivered.push((result.data?.photoAdded as LivePhoto).id),
    });

    fanout.publish(photo('KXMP7TQR', 'p1'));
    fanout.publish(photo('KXMP7TQR', 'p2'));
    // Read after p2 was handed out to the writing subscriber: p1's result is still p1's.
    const first = await behind.next();
    const second = await behind.next();

    expect(delivered).toEqual(['p1', 'p2']);
    expect((first.value as ExecutionResult).data?.photoAdded).toHaveProperty('id', 'p1');
    expect((second.value as ExecutionResult).data?.photoAdded).toHaveProperty('id', 'p2');
    expect(executions).toHaveBeenCalledTimes(2);
  });

  it('keeps the order of events for a writing context when an execution is async', async () => {
    let calls = 0;
    const fanout = new LiveFanout(async (args) => {
      // The first execution finishes last.
      if (calls++ === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      return execute(args);
    });
    const delivered: string[] = [];
    await subscribe(fanout, 'KXMP7TQR', PHOTO_ADDED, {
      fellBehind: () => undefined,
      deliver: (result) => delivered.push((result.data?.photoAdded as LivePhoto).id),
    });

    fanout.publish(photo('KXMP7TQR', 'p1'));
    fanout.publish(photo('KXMP7TQR', 'p2'));

    await waitUntil(() => delivered.length === 2);
    expect(delivered).toEqual(['p1', 'p2']);
  });

  it('does not deliver a photo to another gallery', async () => {
    const { fanout, executions } = countingFanout();
    const other = await subscribe(fanout, 'HWYC3NAD');

    expect(fanout.publish(photo('KXMP7TQR'))).toBe(0);
    fanout.publish(photo('HWYC3NAD', 'p2'));

    expect((await other.next()).value).toMatchObject({ data: { photoAdded: { id: 'p2' } } });
    expect(executions).toHaveBeenCalledTimes(1);
  });

  it('matches gallery codes the way a guest types them', async () => {
    const { fanout } = countingFanout();
    const stream = await subscribe(fanout, ' kxmp7tqr ');

    expect(fanout.publish(photo('KXMP7TQR'))).toBe(1);
    expect((await stream.next()).done).toBe(false);
  });

  it('stops listening when the subscriber leaves, even while waiting for a photo', async () => {
    const { fanout } = countingFanout();
    const stream = await subscribe(fanout, 'KXMP7TQR');
    const waiting = stream.next();

    await stream.return!();

    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(fanout.listenerCount()).toBe(0);
    expect(fanout.publish(photo('KXMP7TQR'))).toBe(0);
  });

  it('refuses a code no gallery can have with GALLERY_NOT_FOUND, before listening', async () => {
    const { fanout } = countingFanout();

    const result = await fanout.subscribe({
      schema: fanout.schema,
      document: PHOTO_ADDED,
      variableValues: { eventCode: 'SARAHMIKE' },
      contextValue: stayingUp,
    });

    expect(
      (result as ExecutionResult).errors?.map((error) => [error.message, error.extensions.code]),
    ).toEqual([['Gallery not found', 'GALLERY_NOT_FOUND']]);
    expect(fanout.listenerCount()).toBe(0);
  });

  it('ends the stream of a subscriber that falls behind and tells its socket', async () => {
    const { fanout } = countingFanout();
    const fellBehind = jest.fn();
    const stream = await subscribe(fanout, 'KXMP7TQR', PHOTO_ADDED, { fellBehind });

    for (let n = 0; n <= API_LIMITS.eventsQueuedPerSubscription; n++)
      fanout.publish(photo('KXMP7TQR', `p${n}`));

    expect(fellBehind).toHaveBeenCalledTimes(1);
    expect(fanout.listenerCount()).toBe(0);
    const delivered = [];
    for await (const result of stream) delivered.push(result);
    expect(delivered).toHaveLength(0);
  });

  it('answers a subscription without its gallery code with an error instead of a stream', async () => {
    const { fanout } = countingFanout();

    const result = await fanout.subscribe({
      schema: fanout.schema,
      document: PHOTO_ADDED,
      variableValues: {},
    });

    expect(Symbol.asyncIterator in result).toBe(false);
    expect((result as ExecutionResult).errors?.[0].message).toContain('$eventCode');
  });

  it("hands a gallery's plan change to its eventUpdated subscribers only, with the Plan enum's names", async () => {
    const { fanout } = countingFanout();
    const updates = await subscribe(
      fanout,
      'KXMP7TQR',
      parse(
        'subscription ($eventCode: String!) { eventUpdated(eventCode: $eventCode) { code plan expiresAt } }',
      ),
    );
    const photos = await subscribe(fanout, 'KXMP7TQR');

    expect(fanout.listenerCount('KXMP7TQR')).toBe(2);
    expect(
      fanout.publishEventUpdate({
        code: 'KXMP7TQR',
        plan: 'standard',
        expiresAt: '2027-01-01T00:00:00.000Z',
      }),
    ).toBe(1);
    expect(fanout.publish(photo('KXMP7TQR', 'p9'))).toBe(1);

    expect((await updates.next()).value).toEqual({
      data: { eventUpdated: { code: 'KXMP7TQR', plan: 'STANDARD', expiresAt: '2027-01-01T00:00:00.000Z' } },
    });
    expect((await photos.next()).value).toMatchObject({ data: { photoAdded: { id: 'p9' } } });
    await updates.return?.();
    await photos.return?.();
    expect(fanout.listenerCount()).toBe(0);
  });

  it('hands a removed photo to the photoRemoved subscribers of its gallery only, from photo.deleted', async () => {
    const { fanout } = countingFanout();
    const removals = await subscribe(
      fanout,
      'KXMP7TQR',
      parse(
        'subscription ($eventCode: String!) { photoRemoved(eventCode: $eventCode) { photoId photoCount } }',
      ),
    );
    const feed = new NatsLiveFeed(new GatewayNats('nats://unused'), fanout);
    const removal = { photoId: randomUUID(), eventCode: 'KXMP7TQR', photoCount: 4 };
    feed.receive(
      JSON.stringify({
        id: randomUUID(),
        type: 'photo.deleted',
        occurredAt: new Date().toISOString(),
        data: removal,
      }),
      'photo.deleted',
    );
    expect(fanout.publishPhotoRemoval({ ...removal, eventCode: 'HWYC3NAD' })).toBe(0);
    expect((await removals.next()).value).toEqual({
      data: { photoRemoved: { photoId: removal.photoId, photoCount: 4 } },
    });
    await removals.return?.();
  });

  it("drops a photo hidden while not shared from the couple's and its uploader's screens only", async () => {
    const { fanout } = countingFanout();
    const removed = parse(
      'subscription ($eventCode: String!) { photoRemoved(eventCode: $eventCode) { photoId photoCount } }',
    );
    const tokens = {
      uploader: `g1.${'a'.repeat(22)}.${'b'.repeat(43)}`,
      other: `g1.${'c'.repeat(22)}.${'d'.repeat(43)}`,
    };
    const as = (extra: Partial<LiveContext>): LiveContext => ({ ...stayingUp, ...extra });
    const couple = await subscribe(fanout, 'KXMP7TQR', removed, as({ admit: async () => 'couple' }));
    const uploader = await subscribe(
      fanout,
      'KXMP7TQR',
      removed,
      as({ guestTokenDigest: guestIdentityTokenDigest(tokens.uploader) }),
    );
    const other = await subscribe(
      fanout,
      'KXMP7TQR',
      removed,
      as({ guestTokenDigest: guestIdentityTokenDigest(tokens.other) }),
    );
    const anonymous = await subscribe(fanout, 'KXMP7TQR', removed);
    expect(fanout.listenerCount('KXMP7TQR')).toBe(4);

    const hidden = randomUUID();
    new NatsLiveFeed(new GatewayNats('nats://unused'), fanout).receive(
      JSON.stringify({
        id: randomUUID(),
        type: 'photo.hidden',
        occurredAt: new Date().toISOString(),
        data: {
          photoId: hidden,
          eventCode: 'KXMP7TQR',
          photoCount: 7,
          shared: false,
          uploader: { tokenDigest: guestIdentityTokenDigest(tokens.uploader), photoCount: 2 },
        },
      }),
      'photo.hidden',
    );
    // Then a removal every screen hears: the first thing the other guests hear.
    const next = randomUUID();
    expect(fanout.publishPhotoRemoval({ photoId: next, eventCode: 'KXMP7TQR', photoCount: 6 })).toBe(4);

    const first = async (stream: typeof couple) => (await stream.next()).value;
    expect(await first(couple)).toEqual({ data: { photoRemoved: { photoId: hidden, photoCount: 7 } } });
    expect(await first(uploader)).toEqual({ data: { photoRemoved: { photoId: hidden, photoCount: 2 } } });
    expect(await first(uploader)).toEqual({ data: { photoRemoved: { photoId: next, photoCount: 6 } } });
    for (const guest of [other, anonymous]) {
      expect(await first(guest)).toEqual({ data: { photoRemoved: { photoId: next, photoCount: 6 } } });
    }
    for (const stream of [couple, uploader, other, anonymous]) await stream.return?.();
    expect(fanout.listenerCount()).toBe(0);
  });

  it("sends a drop box's photo to the couple's screens only, and one waiting for approval to no screen", () => {
    const publish = jest.fn();
    const feed = new NatsLiveFeed(new GatewayNats('nats://unused'), { publish } as unknown as LiveFanout);
    const ids = { shared: randomUUID(), dropBox: randomUUID(), waiting: randomUUID() };
    const uploaded = (id: string, extra: object) =>
      feed.receive(
        JSON.stringify({
          id: randomUUID(),
          type: 'photo.uploaded',
          occurredAt: new Date().toISOString(),
          data: { photo: photo('KXMP7TQR', id), photoCount: 1, ...extra },
        }),
        'photo.uploaded',
      );
    uploaded(ids.shared, {});
    uploaded(ids.dropBox, { shared: false });
    uploaded(ids.waiting, { shared: false, awaitingApproval: true });
    expect(publish.mock.calls.map(([sent, reach]) => [(sent as LivePhoto).id, reach])).toEqual([
      [ids.shared, 'everyone'],
      [ids.dropBox, 'couple'],
    ]);
  });
});
