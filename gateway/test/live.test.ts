import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import WebSocket from 'ws';
import { API_LIMITS, type DomainEvent } from '@gallery/contracts';
// The bus alone: the platform's main entry would load NestJS, TypeORM and S3 into this file for nothing.
import { EventBus } from '@gallery/platform/event-bus';
import { publishAsRelay, waitFor } from '@gallery/testing';
import type { RunningGateway } from '../src/server.js';
import {
  FREE_EXPIRY,
  GALLERY,
  livePhoto,
  OTHER_GALLERY,
  PHOTO_ADDED,
  photoUploaded,
  STORAGE_ORIGIN,
  UNANSWERED_GALLERY,
  type Json,
  useGatewayHarness,
} from './harness.js';

// The gateway's live socket: photos, removals, reveals and gallery updates pushed to the screens following a
// gallery, from NATS and JetStream to the right subscribers only, through a NATS restart and on every replica;
// and what one socket and one client may ask of it.

const harness = useGatewayHarness();

// Each test starts with no socket left from the one before, and shows its sockets are let go.
afterEach(() => harness.releaseLive());

describe('live photos', () => {
  const ID_1 = crypto.randomUUID(),
    ID_2 = crypto.randomUUID(),
    ID_BAD = crypto.randomUUID(),
    ID_GOOD = crypto.randomUUID(),
    ID_JS = crypto.randomUUID(),
    ID_AFTER_RESTART = crypto.randomUUID(),
    ID_UPDATE_PHOTO = crypto.randomUUID();

  it("delivers a photo published on NATS to its gallery's subscribers only", async () => {
    const sarahMike = harness.subscribeToGallery(GALLERY);
    const other = harness.subscribeToGallery(OTHER_GALLERY);
    const firstOfSarahMike = sarahMike.next();
    const firstOfOther = other.next();
    await waitFor('both subscriptions', async () => harness.gateway.fanout.listenerCount() === 2);

    const photo = livePhoto(GALLERY, ID_1);
    harness.natsClient.publish('photo.uploaded', JSON.stringify(photoUploaded(photo)));
    harness.natsClient.publish(
      'photo.uploaded',
      JSON.stringify(photoUploaded(livePhoto(OTHER_GALLERY, ID_2))),
    );

    expect((await firstOfSarahMike).value).toEqual({
      data: {
        photoAdded: {
          id: ID_1,
          eventCode: GALLERY,
          thumbnailUrl: `/media/photos/${ID_1}/thumbnail`,
          width: 1600,
          height: 1200,
          createdAt: photo.createdAt,
        },
      },
    });
    // Same publisher, same order: had the other gallery received this one's photo, it would come first.
    expect((await firstOfOther).value).toMatchObject({ data: { photoAdded: { id: ID_2 } } });
  });

  it('lets nobody follow a gallery events cannot answer for, and has the screen come again later', async () => {
    // 1013, "try again later": the web app's client reconnects after its back-off and subscribes again; an
    // error result would have ended the subscription for good.
    const closed = await harness.subscriptionErrors(harness.liveClient(), PHOTO_ADDED, {
      eventCode: UNANSWERED_GALLERY,
    });

    expect((closed as { code?: number }).code).toBe(1013);
    expect(harness.gateway.fanout.listenerCount(UNANSWERED_GALLERY)).toBe(0);
  });

  it("sends a photo other guests may not see yet to no guest's screen", async () => {
    const stream = harness.subscribeToGallery(GALLERY);
    const first = stream.next();
    await waitFor('the subscription', async () => harness.gateway.fanout.listenerCount(GALLERY) === 1);
    const hidden = crypto.randomUUID();
    const shared = crypto.randomUUID();

    const notShared = photoUploaded(livePhoto(GALLERY, hidden));
    harness.natsClient.publish(
      'photo.uploaded',
      JSON.stringify({ ...notShared, data: { ...notShared.data, shared: false } }),
    );
    harness.natsClient.publish('photo.uploaded', JSON.stringify(photoUploaded(livePhoto(GALLERY, shared))));

    // Same publisher, same order: had the hidden one been sent, it would come first.
    expect((await first).value).toMatchObject({ data: { photoAdded: { id: shared } } });
  });

  it("tells no guest's screen of a removal while photos are not shared", async () => {
    const removals = harness.liveClient().iterate<Record<string, unknown>>({
      query:
        'subscription ($eventCode: String!) { photoRemoved(eventCode: $eventCode) { photoId photoCount } }',
      variables: { eventCode: GALLERY },
    });
    harness.keep(removals);
    const first = removals.next();
    await waitFor('the subscription', async () => harness.gateway.fanout.listenerCount(GALLERY) === 1);
    const [hidden, shared] = [crypto.randomUUID(), crypto.randomUUID()];
    const deleted = (photoId: string, extra: object) =>
      JSON.stringify({
        id: crypto.randomUUID(),
        type: 'photo.deleted',
        occurredAt: new Date().toISOString(),
        data: { photoId, eventCode: GALLERY, photoCount: 7, ...extra },
      });

    harness.natsClient.publish('photo.deleted', deleted(hidden, { shared: false }));
    harness.natsClient.publish('photo.deleted', deleted(shared, {}));

    expect((await first).value).toEqual({ data: { photoRemoved: { photoId: shared, photoCount: 7 } } });
  });

  it("tells a gallery's screens that its reveal time has come", async () => {
    const reveals = harness.liveClient().iterate<Record<string, unknown>>({
      query:
        'subscription ($eventCode: String!) { photosRevealed(eventCode: $eventCode) { eventCode revealAt } }',
      variables: { eventCode: GALLERY },
    });
    harness.keep(reveals);
    const first = reveals.next();
    await waitFor('the subscription', async () => harness.gateway.fanout.listenerCount(GALLERY) === 1);
    const revealAt = new Date().toISOString();

    harness.natsClient.publish(
      'photo.revealed',
      JSON.stringify({
        id: crypto.randomUUID(),
        type: 'photo.revealed',
        occurredAt: revealAt,
        data: { code: GALLERY, revealAt },
      }),
    );

    expect((await first).value).toEqual({ data: { photosRevealed: { eventCode: GALLERY, revealAt } } });
  });

  it('ignores a message that breaks the event contract and keeps delivering', async () => {
    const stream = harness.subscribeToGallery(GALLERY);
    const first = stream.next();
    await waitFor('the subscription', async () => harness.gateway.fanout.listenerCount(GALLERY) === 1);

    harness.natsClient.publish('photo.uploaded', 'not json');
    harness.natsClient.publish(
      'photo.uploaded',
      JSON.stringify({
        ...photoUploaded(livePhoto(GALLERY, ID_BAD)),
        data: { photo: { id: ID_BAD } },
      }),
    );
    harness.natsClient.publish('photo.uploaded', JSON.stringify(photoUploaded(livePhoto(GALLERY, ID_GOOD))));

    expect((await first).value).toMatchObject({ data: { photoAdded: { id: ID_GOOD } } });
    expect(harness.logger.warn).toHaveBeenCalledWith(expect.stringContaining('event is not JSON'));
    expect(harness.logger.warn).toHaveBeenCalledWith(
      expect.stringContaining('photo.uploaded data breaks its contract'),
    );
    expect(await (await fetch(`${harness.gateway.url}/health`)).json()).toMatchObject({
      checks: { nats: 'ok' },
    });
  });

  it('delivers an event published through JetStream as the media service does', async () => {
    const bus = await EventBus.connect(harness.nats.url, 'gateway-test-media');
    try {
      const stream = harness.subscribeToGallery(GALLERY);
      const first = stream.next();
      await waitFor('the subscription', async () => harness.gateway.fanout.listenerCount(GALLERY) === 1);

      await publishAsRelay(bus, photoUploaded(livePhoto(GALLERY, ID_JS)));

      expect((await first).value).toMatchObject({ data: { photoAdded: { id: ID_JS } } });
    } finally {
      await bus.close();
    }
  });
  it("pushes a gallery's new plan and expiry from plan.upgraded to its eventUpdated subscribers only", async () => {
    const client = harness.liveClient();
    const query = `subscription ($eventCode: String!) { eventUpdated(eventCode: $eventCode) { code plan expiresAt } }`;
    const updates = client.iterate({ query, variables: { eventCode: GALLERY.toLowerCase() } });
    const photos = harness.subscribeToGallery(GALLERY);
    harness.keep(updates);
    const firstUpdate = updates.next();
    const firstPhoto = photos.next();
    await waitFor('both subscriptions', async () => harness.gateway.fanout.listenerCount(GALLERY) === 2);
    const bus = await EventBus.connect(harness.nats.url, 'gateway-test-events');
    try {
      const upgraded = (code: string): DomainEvent<'plan.upgraded'> => ({
        id: crypto.randomUUID(),
        type: 'plan.upgraded',
        occurredAt: new Date().toISOString(),
        data: {
          code,
          previousPlan: 'free',
          plan: 'premium',
          expiresAt: '2027-11-22T10:00:00.000Z',
          reason: 'payment',
          paymentId: crypto.randomUUID(),
        },
      });
      await publishAsRelay(bus, upgraded(OTHER_GALLERY));
      await publishAsRelay(bus, upgraded(GALLERY));
      await publishAsRelay(bus, photoUploaded(livePhoto(GALLERY, ID_UPDATE_PHOTO)));

      // First the gallery as it was when the subscription started, then the upgrade.
      expect((await firstUpdate).value).toEqual({
        data: { eventUpdated: { code: GALLERY, plan: 'FREE', expiresAt: FREE_EXPIRY } },
      });
      expect((await updates.next()).value).toEqual({
        data: { eventUpdated: { code: GALLERY, plan: 'PREMIUM', expiresAt: '2027-11-22T10:00:00.000Z' } },
      });
      // The photo subscriber heard the photo first, not the update.
      expect((await firstPhoto).value).toMatchObject({ data: { photoAdded: { id: ID_UPDATE_PHOTO } } });
    } finally {
      await bus.close();
    }
    expect(
      await harness.subscriptionErrors(
        harness.liveClient(),
        'subscription { eventUpdated(eventCode: "not a code") { code } }',
      ),
    ).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'GALLERY_NOT_FOUND' }) }),
    ]);
  });

  const EVENT_UPDATED = `subscription ($eventCode: String!) {
    eventUpdated(eventCode: $eventCode) { code plan expiresAt guestDownloadsAllowed }
  }`;
  const guestDownloads = (allowed: boolean) => ({
    data: {
      eventUpdated: { code: GALLERY, plan: 'FREE', expiresAt: FREE_EXPIRY, guestDownloadsAllowed: allowed },
    },
  });
  const guestDownloadsChanged = (allowed: boolean): DomainEvent<'event.guest-downloads-changed'> => ({
    id: crypto.randomUUID(),
    type: 'event.guest-downloads-changed',
    occurredAt: new Date().toISOString(),
    data: { code: GALLERY, allowed, plan: 'free', expiresAt: FREE_EXPIRY },
  });

  it('pushes the guest downloads setting to open screens as it changes', async () => {
    const updates = harness.liveClient().iterate({ query: EVENT_UPDATED, variables: { eventCode: GALLERY } });
    harness.keep(updates);
    const firstUpdate = updates.next();
    await waitFor('the subscription', async () => harness.gateway.fanout.listenerCount(GALLERY) >= 1);
    const bus = await EventBus.connect(harness.nats.url, 'gateway-test-guest-downloads');
    try {
      expect((await firstUpdate).value).toEqual(guestDownloads(false));
      await publishAsRelay(bus, guestDownloadsChanged(true));
      expect((await updates.next()).value).toEqual(guestDownloads(true));
    } finally {
      await bus.close();
    }
  });

  it('starts each eventUpdated subscription with the gallery as it is: a change just before it listened is not missed', async () => {
    // The couple lets guests Download All between a guest's page read and their subscription going live: the
    // change's event reaches the gateway while nobody listens.
    const bus = await EventBus.connect(harness.nats.url, 'gateway-test-missed-change');
    harness.galleryStates.set(GALLERY, {
      ...harness.galleryStates.get(GALLERY)!,
      guestDownloadsAllowed: true,
    });
    try {
      // A photo of another gallery published after the change: once it is on its screen, the gateway has
      // handled the change (one publisher's messages arrive in order) with nobody listening to it.
      const marker = harness.subscribeToGallery(OTHER_GALLERY);
      const markerArrived = marker.next();
      await waitFor(
        'the marker screen',
        async () => harness.gateway.fanout.listenerCount(OTHER_GALLERY) === 1,
      );
      expect(harness.gateway.fanout.listenerCount(GALLERY)).toBe(0);
      await publishAsRelay(bus, guestDownloadsChanged(true));
      await publishAsRelay(bus, photoUploaded(livePhoto(OTHER_GALLERY, crypto.randomUUID())));
      expect((await markerArrived).value).toMatchObject({
        data: { photoAdded: { eventCode: OTHER_GALLERY } },
      });
      const updates = harness
        .liveClient()
        .iterate({ query: EVENT_UPDATED, variables: { eventCode: GALLERY } });
      harness.keep(updates);
      expect((await updates.next()).value).toEqual(guestDownloads(true));
    } finally {
      harness.galleryStates.set(GALLERY, {
        ...harness.galleryStates.get(GALLERY)!,
        guestDownloadsAllowed: false,
      });
      await bus.close();
    }
  });

  it('hands out a change that comes while the first answer is on its way after that answer, not before', async () => {
    const letAnswersGo = harness.holdStateAnswers();
    const bus = await EventBus.connect(harness.nats.url, 'gateway-test-held-change');
    try {
      const asked = harness.stateQuestions();
      const updates = harness
        .liveClient()
        .iterate({ query: EVENT_UPDATED, variables: { eventCode: GALLERY } });
      harness.keep(updates);
      const first = updates.next();
      // Events read the gallery (downloads off), then the couple allowed them before its answer arrived.
      await waitFor('the question to events', async () => harness.stateQuestions() > asked);
      const delivered = harness.gateway.fanout.publishEventUpdate({
        code: GALLERY,
        plan: 'free',
        expiresAt: FREE_EXPIRY,
        guestDownloadsAllowed: true,
      });
      expect(delivered).toBe(1);
      letAnswersGo();
      expect((await first).value).toEqual(guestDownloads(false));
      expect((await updates.next()).value).toEqual(guestDownloads(true));
    } finally {
      letAnswersGo();
      await bus.close();
    }
  });

  it('keeps delivering after NATS restarts, and makes open screens reconnect to re-read what they missed', async () => {
    const closeCodes: number[] = [];
    const openScreen = harness.liveClient({
      on: { closed: (event) => closeCodes.push((event as { code: number }).code) },
    });
    const before = openScreen.iterate({ query: PHOTO_ADDED, variables: { eventCode: GALLERY } });
    harness.keep(before);
    void before.next().catch(() => undefined);
    await waitFor('the open screen', async () => harness.gateway.fanout.listenerCount(GALLERY) === 1);

    await harness.nats.restart();
    await waitFor('the open screen to be told to reconnect', async () => closeCodes.includes(1012));
    await waitFor('NATS to be back', async () => {
      const report: Json = await (await fetch(`${harness.gateway.url}/health`)).json();
      return report.checks.nats === 'ok';
    });
    // A screen that reconnects as the web app's does. Events' stand-in (this test's NATS client) may not be back
    // yet: the gateway then cannot ask who may follow, closes the socket with 1013 and the screen comes again.
    const screen = harness.liveClient({
      retryAttempts: 20,
      retryWait: () => new Promise((done) => setTimeout(done, 250)),
    });
    const stream = screen.iterate({ query: PHOTO_ADDED, variables: { eventCode: GALLERY } });
    harness.keep(stream);
    const first = stream.next();
    await waitFor('the subscription', async () => harness.gateway.fanout.listenerCount(GALLERY) === 1);

    // The test's own publisher reconnects on its own schedule; a flush while it is still away is refused.
    await waitFor('the publisher to be back', async () =>
      harness.natsClient.flush().then(
        () => true,
        () => false,
      ),
    );
    harness.natsClient.publish(
      'photo.uploaded',
      JSON.stringify(photoUploaded(livePhoto(GALLERY, ID_AFTER_RESTART))),
    );

    expect((await first).value).toMatchObject({ data: { photoAdded: { id: ID_AFTER_RESTART } } });
  });
});

describe('two replicas on one NATS', () => {
  let second: RunningGateway;

  beforeAll(async () => {
    second = await harness.startGateway({ storagePublicUrl: STORAGE_ORIGIN });
  });

  it('delivers every photo to the screens of both replicas, once each', async () => {
    const screens = [harness.gateway, second, harness.gateway, second].map((replica) => {
      const client = harness.liveClient({}, replica);
      const received: string[] = [];
      client.subscribe<{ photoAdded: { id: string } }>(
        { query: PHOTO_ADDED, variables: { eventCode: GALLERY } },
        {
          next: (result) => received.push(result.data!.photoAdded.id),
          error: () => undefined,
          complete: () => undefined,
        },
      );
      return received;
    });
    await waitFor(
      'two screens on each replica',
      async () =>
        harness.gateway.fanout.listenerCount(GALLERY) === 2 && second.fanout.listenerCount(GALLERY) === 2,
    );

    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    for (const id of ids)
      harness.natsClient.publish('photo.uploaded', JSON.stringify(photoUploaded(livePhoto(GALLERY, id))));

    await waitFor('every photo on every screen', async () =>
      screens.every((received) => received.length === 2),
    );
    for (const received of screens) expect(received).toEqual(ids);
  });
});
describe('live limits', () => {
  it('refuses a subscription with 20,000 aliases', async () => {
    const aliases = Array.from({ length: 20_000 }, (_, i) => `a${i}: id`).join(' ');
    const closed: number[] = [];
    const client = harness.liveClient({
      on: { closed: (event) => closed.push((event as { code: number }).code) },
    });

    await harness.subscriptionErrors(
      client,
      `subscription { photoAdded(eventCode: "${GALLERY}") { ${aliases} } }`,
    );

    // Far larger than one socket message may be: the socket is closed before the document is read.
    expect(closed).toEqual([1009]);
    expect(harness.gateway.fanout.listenerCount()).toBe(0);
  });

  it('refuses a subscription with more aliases than the limit, as over HTTP', async () => {
    const aliases = Array.from({ length: API_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: id`).join(' ');

    const errors = await harness.subscriptionErrors(
      harness.liveClient(),
      `subscription { photoAdded(eventCode: "${GALLERY}") { ${aliases} } }`,
    );

    expect(errors).toEqual([
      expect.objectContaining({
        message: `Syntax Error: Aliases limit of ${API_LIMITS.maxAliases} exceeded, found ${API_LIMITS.maxAliases + 1}.`,
      }),
    ]);
  });

  it('refuses a subscription with more tokens than the limit', async () => {
    const fields = Array.from({ length: API_LIMITS.maxTokens }, () => 'id').join(' ');

    const errors = await harness.subscriptionErrors(
      harness.liveClient(),
      `subscription { photoAdded(eventCode: "${GALLERY}") { ${fields} } }`,
    );

    expect(errors).toEqual([
      expect.objectContaining({
        message: `Syntax Error: Document contains more that ${API_LIMITS.maxTokens} tokens. Parsing aborted.`,
      }),
    ]);
  });

  it('closes a socket sent a 4 MB message', async () => {
    const socket = await harness.openSocket();
    if (typeof socket === 'number') throw new Error(`socket refused: ${socket}`);
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    const logged = jest.spyOn(console, 'error');

    try {
      socket.send('x'.repeat(4 * 1024 * 1024));

      expect(await closed).toBe(1009);
      // The client's oversized message, not a fault of the gateway's.
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it('refuses a subscription to a code no gallery can have', async () => {
    const errors = await harness.subscriptionErrors(harness.liveClient(), PHOTO_ADDED, {
      eventCode: 'SARAHMIKE',
    });

    expect(errors).toEqual([
      expect.objectContaining({ message: 'Gallery not found', extensions: { code: 'GALLERY_NOT_FOUND' } }),
    ]);
    expect(harness.gateway.fanout.listenerCount()).toBe(0);
  });

  it('refuses one subscription more than a socket may hold', async () => {
    const client = harness.liveClient();
    for (let n = 0; n < API_LIMITS.subscriptionsPerSocket; n++) {
      const stream = client.iterate({ query: PHOTO_ADDED, variables: { eventCode: GALLERY } });
      harness.keep(stream);
      void stream.next().catch(() => undefined);
    }
    await waitFor('the allowed subscriptions', async () =>
      harness.gateway.fanout.listenerCount(GALLERY) === API_LIMITS.subscriptionsPerSocket ? true : undefined,
    );

    const errors = await harness.subscriptionErrors(client, PHOTO_ADDED, { eventCode: GALLERY });

    expect(errors).toEqual([
      expect.objectContaining({
        message: `A connection may hold at most ${API_LIMITS.subscriptionsPerSocket} live subscriptions.`,
      }),
    ]);
    expect(harness.gateway.fanout.listenerCount(GALLERY)).toBe(API_LIMITS.subscriptionsPerSocket);
  });

  it('refuses one socket more than a client may open', async () => {
    const sockets: WebSocket[] = [];
    try {
      for (let n = 0; n < API_LIMITS.socketsPerClient; n++) {
        const socket = await harness.openSocket();
        if (typeof socket === 'number') throw new Error(`socket ${n + 1} refused: ${socket}`);
        sockets.push(socket);
      }

      expect(await harness.openSocket()).toBe(429);
    } finally {
      await Promise.all(
        sockets.map((socket) => new Promise((resolve) => socket.once('close', resolve).close())),
      );
    }
    const again = await harness.openSocket();
    expect(again).toBeInstanceOf(WebSocket);
    (again as WebSocket).close();
  });

  it('closes the socket of a screen that fell behind, so its client reconnects and re-reads', async () => {
    const closed: number[] = [];
    let connections = 0;
    const client = harness.liveClient({
      retryAttempts: 1,
      retryWait: () => Promise.resolve(),
      on: {
        connected: () => connections++,
        closed: (event) => closed.push((event as { code: number }).code),
      },
    });
    const stream = client.iterate({ query: PHOTO_ADDED, variables: { eventCode: GALLERY } });
    harness.keep(stream);
    void stream.next().catch(() => undefined);
    await waitFor('the subscription', async () => harness.gateway.fanout.listenerCount(GALLERY) === 1);

    // Published in one go: the socket cannot send any of them before the queue is full.
    for (let n = 0; n <= API_LIMITS.eventsQueuedPerSubscription + 1; n++) {
      harness.gateway.fanout.publish(livePhoto(GALLERY, crypto.randomUUID()));
    }

    await waitFor('the socket to be closed', async () => (closed.length > 0 ? true : undefined));
    expect(closed[0]).toBe(1013);
    await waitFor('the client to reconnect', async () => connections === 2);
  });
});
