import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RequestContracts, type GalleryLookupReply } from '@gallery/contracts';
import { startTestNats, type TestNats } from '@gallery/testing';
import { AppError, askService, EventBus, type NatsSubscription } from '../src/index.js';

// askService against a real nats-server: the answers a caller gets for each way another service can fail.

const GALLERY = {
  code: 'KXMP7TQR',
  name: 'Sarah & Mike',
  plan: 'free' as const,
  createdAt: '2026-06-01T10:00:00.000Z',
  expiresAt: '2026-06-08T10:00:00.000Z',
};

let nats: TestNats;
let bus: EventBus;
let responder: EventBus;

beforeAll(async () => {
  nats = await startTestNats();
  bus = await EventBus.connect(nats.url, 'asker');
  responder = await EventBus.connect(nats.url, 'responder');
});

afterAll(async () => {
  await bus?.nc.close();
  await responder?.nc.close();
  await nats?.stop();
});

/** Answers GalleryLookup with `answer(request)` until the test is over; `undefined` answers nothing. */
async function answering(answer: (request: unknown) => unknown): Promise<NatsSubscription> {
  const subscription = responder.nc.subscribe(RequestContracts.GalleryLookup.subject, {
    callback: (_error, message) => {
      const reply = answer(message.json());
      if (reply !== undefined) message.respond(JSON.stringify(reply));
    },
  });
  await responder.nc.flush();
  return subscription;
}

async function unavailable(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('SERVICE_UNAVAILABLE');
}

describe('askService', () => {
  it('sends the request and returns the reply, both as their contract says', async () => {
    const received: unknown[] = [];
    const subscription = await answering((request) => {
      received.push(request);
      return { gallery: GALLERY } satisfies GalleryLookupReply;
    });
    try {
      const reply = await askService(bus, RequestContracts.GalleryLookup, { code: 'KXMP7TQR' });
      expect(reply).toEqual({ gallery: GALLERY });
      expect(received).toEqual([{ code: 'KXMP7TQR' }]);
    } finally {
      subscription.unsubscribe();
    }
  });

  it('is SERVICE_UNAVAILABLE when no service answers the subject', async () => {
    await unavailable(askService(bus, RequestContracts.GalleryLookup, { code: 'KXMP7TQR' }));
  });

  it('is SERVICE_UNAVAILABLE when the service does not answer in time', async () => {
    const subscription = await answering(() => undefined);
    try {
      await unavailable(askService(bus, RequestContracts.GalleryLookup, { code: 'KXMP7TQR' }));
    } finally {
      subscription.unsubscribe();
    }
  });

  it('is SERVICE_UNAVAILABLE when the reply breaks its contract, and logs why', async () => {
    const subscription = await answering(() => ({ gallery: { code: 'not a code' } }));
    const warnings: string[] = [];
    try {
      await unavailable(
        askService(
          bus,
          RequestContracts.GalleryLookup,
          { code: 'KXMP7TQR' },
          { warn: (line) => warnings.push(line) },
        ),
      );
      expect(warnings).toEqual(['rpc.events.gallery-lookup reply breaks its contract']);
    } finally {
      subscription.unsubscribe();
    }
  });

  it('refuses to send a request that breaks its contract', async () => {
    const received: unknown[] = [];
    const subscription = await answering((request) => received.push(request));
    try {
      await expect(askService(bus, RequestContracts.GalleryLookup, { code: 'lower' })).rejects.toThrow();
      expect(received).toEqual([]);
    } finally {
      subscription.unsubscribe();
    }
  });
});
