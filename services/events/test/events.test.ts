import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  API_LIMITS,
  DOMAIN_STREAM,
  en,
  ORDER_FIELD_MAX_LENGTH,
  GUEST_RATE_LIMITS,
  RATE_LIMITS,
  Requests,
  englishMessage,
  GALLERY_CODE_ALPHABET,
  galleryLookupReplySchema,
  galleryStateReplySchema,
  downloadPermissionReplySchema,
  parseDomainEvent,
  type DomainEvent,
  type MessageKey,
} from '@gallery/contracts';
import { EventBus, OutboxRelay } from '@gallery/platform';
import type { EventsConfig } from '../src/config/events-config.js';
import { GalleriesRepository } from '../src/galleries/galleries.repository.js';
import { GalleriesService } from '../src/galleries/galleries.service.js';
import { GalleryCodeTakenError } from '../src/galleries/gallery-code-taken.error.js';
import type { GalleryCodes } from '../src/galleries/gallery-codes.js';
import { OwnerTokens } from '../src/owners/owner-tokens.js';
import { startEvents, type EventsHarness, type GraphQLBody } from './harness.js';

const CODE = /^[ACDEFGHJKMNPQRTUVWXY34679]{8}$/;

/** Four characters of the code alphabet: a code made with them is valid and almost surely names no gallery. */
function randomCodeTail(): string {
  return Array.from(
    { length: 4 },
    () => GALLERY_CODE_ALPHABET[Math.floor(Math.random() * GALLERY_CODE_ALPHABET.length)],
  ).join('');
}

const CREATE_GALLERY = `mutation Create($input: CreateGalleryInput!) {
  createGallery(input: $input) {
    event { code name coupleNames weddingDate location plan createdAt expiresAt }
    ownerToken
    galleryUrl
    paymentRequired
  }
}`;
const EVENT = `query Event($code: String!) { event(code: $code) { code name plan createdAt expiresAt isOwner } }`;

const form = {
  coupleNames: 'Sarah &  Mike',
  weddingDate: '2027-06-12',
  location: 'Lyon, France',
  email: 'sarah@example.com',
  phone: '+33 6 12 34 56 78',
  plan: 'FREE',
};

interface EventFields {
  code: string;
  name: string;
  coupleNames: string;
  weddingDate: string;
  location: string;
  plan: string;
  createdAt: string;
  expiresAt: string;
  isOwner: boolean;
}

interface CreatedGallery {
  event: EventFields;
  ownerToken: string;
  galleryUrl: string;
  paymentRequired: boolean;
}

describe('events service', () => {
  let events: EventsHarness | undefined;
  let app: INestApplication | undefined;
  let dataSource: DataSource;
  let config: EventsConfig;

  /** A GraphQL request; each comes from a client of its own (for the rate limits) unless `client` is given. */
  async function graphql<Data = Record<string, never>>(
    query: string,
    variables: object = {},
    token?: string,
    client = `client-${randomUUID()}`,
  ): Promise<GraphQLBody<Data>> {
    const response = await events!.post(query, variables, { token, client });
    expect(response.headers['content-type']).toMatch(/json/);
    return response.body as GraphQLBody<Data>;
  }

  async function createGallery(input: object = {}): Promise<CreatedGallery> {
    const body = await graphql<{ createGallery: CreatedGallery }>(CREATE_GALLERY, {
      input: { ...form, ...input },
    });
    expect(body.errors).toBeUndefined();
    return body.data!.createGallery;
  }

  /** The order form as the service takes it (plan ids, not the GraphQL enum). */
  const form_ = () => ({ ...form, plan: 'free' });

  /** The real service on the real repository, drawing the given codes instead of random ones. */
  function galleriesServiceDrawing(codes: string[]): GalleriesService {
    const drawn = [...codes];
    return new GalleriesService(
      app!.get(GalleriesRepository, { strict: false }),
      app!.get(OwnerTokens, { strict: false }),
      { next: () => drawn.shift()! } as GalleryCodes,
      app!.get(OutboxRelay),
      config,
    );
  }

  beforeAll(async () => {
    events = await startEvents({ busName: 'events-test' });
    ({ app, config, db: dataSource } = events);
  });

  afterAll(() => events?.stop());

  describe('createGallery', () => {
    it('creates a free gallery with a hard-to-guess code that expires 7 days after its wedding day', async () => {
      const created = await createGallery();

      expect(created.event.code).toMatch(CODE);
      expect(created.event).toMatchObject({
        name: 'Sarah & Mike',
        coupleNames: 'Sarah &  Mike',
        weddingDate: '2027-06-12',
        location: 'Lyon, France',
        plan: 'FREE',
      });
      expect(created.event.expiresAt).toBe('2027-06-20T00:00:00.000Z');
      expect(created.galleryUrl).toBe(`https://gallery.test/gallery/${created.event.code}`);
      expect(created.paymentRequired).toBe(false);
      expect(created.ownerToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('stores only the SHA-256 of the owner token', async () => {
      const created = await createGallery();

      const [row] = await dataSource.query('SELECT * FROM events WHERE code = $1', [created.event.code]);
      expect(row.owner_token_hash).toBe(createHash('sha256').update(created.ownerToken).digest('hex'));
      const everything = JSON.stringify([
        await dataSource.query('SELECT * FROM events'),
        await dataSource.query('SELECT * FROM orders'),
        await dataSource.query('SELECT * FROM outbox_events'),
      ]);
      expect(everything).not.toContain(created.ownerToken);
    });

    it('keeps a paid package on an order awaiting payment and opens the gallery on the free plan', async () => {
      const created = await createGallery({ plan: 'PREMIUM' });

      expect(created.paymentRequired).toBe(true);
      expect(created.event.plan).toBe('FREE');
      const orders = await dataSource.query('SELECT * FROM orders WHERE event_code = $1', [
        created.event.code,
      ]);
      expect(orders).toEqual([
        expect.objectContaining({
          requested_plan: 'premium',
          status: 'awaiting_payment',
          couple_names: 'Sarah &  Mike',
          location: 'Lyon, France',
          email: 'sarah@example.com',
          phone: '+33 6 12 34 56 78',
        }),
      ]);
    });

    it("refuses an invalid form with each field's message key, whose English is the spec's text", async () => {
      const [{ count: before }] = await dataSource.query('SELECT count(*)::int AS count FROM events');
      const body = await graphql(CREATE_GALLERY, {
        input: { ...form, coupleNames: 'Sarah', email: ' ', phone: '06 12 34', plan: 'STANDARD' },
      });

      expect(body.data).toBeNull();
      expect(body.errors).toHaveLength(1);
      const [error] = body.errors!;
      expect(error.message).toBe(en.errors.VALIDATION_FAILED);
      expect(error.extensions.code).toBe('VALIDATION_FAILED');
      expect(error.extensions.stacktrace).toBeUndefined();
      const fields = error.extensions.fields as Record<string, MessageKey>;
      expect(Object.keys(fields).sort()).toEqual(['coupleNames', 'email', 'phone']);
      expect(englishMessage(fields.email)).toBe(en.validation.emailRequired);
      expect(englishMessage(fields.phone)).toBe(en.validation.phoneTooShort);
      expect(englishMessage(fields.coupleNames)).toBe(en.validation.coupleNamesBoth);
      // The spec's exact texts (section 5), pinned here so a change to the catalogue is a visible decision.
      expect(en.validation.emailRequired).toBe('Email address is required');
      expect(en.validation.phoneTooShort).toBe('Phone number must have at least 10 digits');
      expect(en.validation.coupleNamesBoth).toBe('Please enter both names (e.g. Sarah & Mike)');

      const [{ count: after }] = await dataSource.query('SELECT count(*)::int AS count FROM events');
      expect(after).toBe(before);
    });

    it('refuses a wedding date that is no calendar day as a validation error', async () => {
      const body = await graphql(CREATE_GALLERY, { input: { ...form, weddingDate: '2027-02-30' } });
      expect(body.errors?.[0].extensions).toEqual({
        code: 'VALIDATION_FAILED',
        fields: { weddingDate: 'validation.weddingDateInvalid' },
      });
    });

    it("refuses a 90 KB name with the field's message key and a NUL byte as bad input, not INTERNAL", async () => {
      const huge = await graphql(CREATE_GALLERY, {
        input: { ...form, coupleNames: `${'A'.repeat(90 * 1024)} & B` },
      });
      expect(huge.errors?.[0].extensions).toEqual({
        code: 'VALIDATION_FAILED',
        fields: { coupleNames: 'validation.tooLong' },
      });
      expect(englishMessage('validation.tooLong', { count: ORDER_FIELD_MAX_LENGTH.coupleNames })).toContain(
        String(ORDER_FIELD_MAX_LENGTH.coupleNames),
      );

      // A NUL anywhere in a request is refused before any resolver, for every argument of every service.
      const nul = await graphql(CREATE_GALLERY, { input: { ...form, location: 'Lyon\u0000, France' } });
      expect(nul.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT' });
    });

    it('lets one client create RATE_LIMITS.galleryCreations galleries an hour, then answers RATE_LIMITED', async () => {
      const client = `creator-${randomUUID()}`;
      const { points } = RATE_LIMITS.galleryCreations;
      for (let i = 0; i < points; i++) {
        const body = await graphql(CREATE_GALLERY, { input: form }, undefined, client);
        expect(body.errors).toBeUndefined();
      }
      const refused = await graphql(CREATE_GALLERY, { input: form }, undefined, client);
      expect(refused.errors?.[0].extensions.code).toBe('RATE_LIMITED');
      expect(refused.errors?.[0].extensions.count).toBeGreaterThan(0);
      expect((await graphql(CREATE_GALLERY, { input: form })).errors).toBeUndefined();
    });

    it('draws another code when the drawn one is taken, as the database tells', async () => {
      const taken = (await createGallery()).event.code;
      const service = galleriesServiceDrawing([taken, 'GARDEN76']);

      const created = await service.createGallery(form_(), new Date());

      expect(created.event.code).toBe('GARDEN76');
      const orders = await dataSource.query('SELECT event_code FROM orders WHERE event_code = ANY($1)', [
        [taken, 'GARDEN76'],
      ]);
      expect(orders.map((row: { event_code: string }) => row.event_code).sort()).toEqual(
        ['GARDEN76', taken].sort(),
      );
    });

    it('gives up after five taken codes in a row', async () => {
      const taken = (await createGallery()).event.code;
      const service = galleriesServiceDrawing(Array(6).fill(taken));
      await expect(service.createGallery(form_(), new Date())).rejects.toBeInstanceOf(GalleryCodeTakenError);
    });

    it('logs a failed insert without the email, phone or token it carried', async () => {
      const email = `trap-${randomUUID()}@example.com`;
      await dataSource.query(`ALTER TABLE orders ADD CONSTRAINT refuse_trap CHECK (email <> '${email}')`);
      const written: string[] = [];
      const capture = (stream: NodeJS.WriteStream) =>
        jest.spyOn(stream, 'write').mockImplementation((chunk: unknown) => {
          written.push(String(chunk));
          return true;
        });
      const spies = [
        capture(process.stdout),
        capture(process.stderr),
        ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
          jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
            written.push(
              args
                .map((arg) => (arg instanceof Error ? `${arg.stack} ${JSON.stringify(arg)}` : String(arg)))
                .join(' '),
            );
          }),
        ),
      ];
      try {
        const body = await graphql(CREATE_GALLERY, { input: { ...form, email, phone: '+33 6 99 88 77 66' } });
        expect(body.errors?.[0].extensions.code).toBe('INTERNAL');
      } finally {
        spies.forEach((spy) => spy.mockRestore());
        await dataSource.query('ALTER TABLE orders DROP CONSTRAINT refuse_trap');
      }
      expect(written.join('\n')).toContain('refuse_trap');
      expect(written.join('\n')).not.toMatch(new RegExp(`${email}|99 88 77 66|[0-9a-f]{64}`));
    });

    it('answers a malformed or oversized JSON body with a JSON error, no stack and no path', async () => {
      const malformed = await request(app!.getHttpServer())
        .post('/graphql')
        .set('content-type', 'application/json')
        .send('{"query": ');
      expect(malformed.status).toBe(400);
      expect(malformed.headers['content-type']).toMatch(/json/);
      expect(malformed.body).toEqual({
        errors: [{ message: 'The request body is not valid JSON.', extensions: { code: 'BAD_REQUEST' } }],
      });

      const oversized = await request(app!.getHttpServer())
        .post('/graphql')
        .set('content-type', 'application/json')
        .send(JSON.stringify({ query: '{ __typename }', padding: 'x'.repeat(API_LIMITS.bodyBytes) }));
      expect(oversized.status).toBe(413);
      expect(oversized.body.errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
      expect(JSON.stringify([malformed.text, oversized.text])).not.toMatch(
        /at |node_modules|\/work\/|<html/i,
      );
    });

    it('answers a plan outside the Plan enum with a clear input error and no stack', async () => {
      const asVariable = await graphql(CREATE_GALLERY, { input: { ...form, plan: 'GOLD' } });
      expect(asVariable.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(asVariable.errors?.[0].message).toContain('Value "GOLD" does not exist in "Plan" enum');

      const inline = await graphql(`
        mutation {
          createGallery(
            input: {
              coupleNames: "A & B"
              weddingDate: "2027-01-01"
              location: "Lyon, France"
              email: "a@b.co"
              phone: "0612345678"
              plan: GOLD
            }
          ) {
            ownerToken
          }
        }
      `);
      expect(inline.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(JSON.stringify([asVariable, inline])).not.toMatch(/stacktrace|\.ts:\d+|node_modules/);
    });
  });

  describe('event(code)', () => {
    it('finds a gallery by its code, also typed in lower case', async () => {
      const created = await createGallery();

      const exact = await graphql<{ event: EventFields }>(EVENT, { code: created.event.code });
      expect(exact.data!.event).toMatchObject({
        code: created.event.code,
        name: 'Sarah & Mike',
        plan: 'FREE',
      });
      const lowerCase = await graphql<{ event: EventFields }>(EVENT, {
        code: ` ${created.event.code.toLowerCase()} `,
      });
      expect(lowerCase.data!.event).toEqual(exact.data!.event);
    });

    it('gives null for an unknown code', async () => {
      const body = await graphql(EVENT, { code: 'NOPE2345' });
      expect(body).toEqual({ data: { event: null } });
    });

    it('says isOwner only to the bearer of this gallery’s owner token', async () => {
      const mine = await createGallery();
      const theirs = await createGallery();
      const isOwner = async (token?: string) =>
        (await graphql<{ event: EventFields }>(EVENT, { code: mine.event.code }, token)).data!.event.isOwner;

      await expect(isOwner(mine.ownerToken)).resolves.toBe(true);
      await expect(isOwner(theirs.ownerToken)).resolves.toBe(false);
      await expect(isOwner(`${mine.ownerToken}x`)).resolves.toBe(false);
      await expect(isOwner()).resolves.toBe(false);
    });
  });

  describe('guessing codes', () => {
    const unknownLookup = (client: string, code = `${'ACDEFGHJ'.slice(0, 4)}${randomCodeTail()}`) =>
      graphql<{ event: EventFields | null }>(EVENT, { code }, undefined, client);

    it('answers RATE_LIMITED after GUEST_RATE_LIMITS.unknownCodeLookups unknown codes, for that client only', async () => {
      const client = `guesser-${randomUUID()}`;
      for (let i = 0; i < GUEST_RATE_LIMITS.unknownCodeLookups.perGuest.points; i++) {
        expect(await unknownLookup(client)).toEqual({ data: { event: null } });
      }
      const refused = await unknownLookup(client);
      expect(refused.errors?.[0].extensions.code).toBe('RATE_LIMITED');
      expect(refused.errors?.[0].message).toBe(
        englishMessage('errors.RATE_LIMITED', { count: refused.errors?.[0].extensions.count as number }),
      );

      expect(await unknownLookup(`other-${randomUUID()}`)).toEqual({ data: { event: null } });
    });

    it('counts codes outside the code alphabet and missed entity references, not found galleries', async () => {
      const created = await createGallery();
      const client = `guest-${randomUUID()}`;
      for (let i = 0; i < 2 * GUEST_RATE_LIMITS.unknownCodeLookups.perGuest.points; i++) {
        const found = await graphql<{ event: EventFields }>(
          EVENT,
          { code: created.event.code },
          undefined,
          client,
        );
        expect(found.data!.event.code).toBe(created.event.code);
      }
      const lookups = GUEST_RATE_LIMITS.unknownCodeLookups.perGuest.points;
      expect(await unknownLookup(client, 'NOT-A-CODE')).toEqual({ data: { event: null } });
      const missedReference = await graphql<{ _entities: unknown[] }>(
        'query ($r: [_Any!]!) { _entities(representations: $r) { ... on Event { code } } }',
        { r: [{ __typename: 'Event', code: 'HAPPYYYY' }] },
        undefined,
        client,
      );
      expect(missedReference.data!._entities).toEqual([null]);
      for (let i = 2; i < lookups; i++) await unknownLookup(client);

      expect((await unknownLookup(client)).errors?.[0].extensions.code).toBe('RATE_LIMITED');
      // Once refused, a found gallery is refused too: otherwise the refusal itself would tell codes apart.
      const afterwards = await graphql(EVENT, { code: created.event.code }, undefined, client);
      expect(afterwards.errors?.[0].extensions.code).toBe('RATE_LIMITED');
    });
  });

  describe('gallery lookups over NATS', () => {
    it('answers Requests.GalleryLookup with the gallery as event.created describes it, or null', async () => {
      const created = await createGallery();
      const bus = await EventBus.connect(events!.nats.url, 'events-test-asker');
      const ask = async (request: unknown) =>
        galleryLookupReplySchema.parse(
          (await bus.nc.request(Requests.GalleryLookup, JSON.stringify(request), { timeout: 5000 })).json(),
        );
      try {
        expect(await ask({ code: created.event.code })).toEqual({
          gallery: {
            code: created.event.code,
            name: 'Sarah & Mike',
            plan: 'free',
            createdAt: created.event.createdAt,
            expiresAt: created.event.expiresAt,
          },
        });
        expect(await ask({ code: 'HAPPYYYY' })).toEqual({ gallery: null });
        expect(await ask({ code: "'; DROP TABLE events; --" })).toEqual({ gallery: null });
        expect(await ask('not an object')).toEqual({ gallery: null });
      } finally {
        await bus.close();
      }
    });
  });

  describe('guest downloads', () => {
    it('lets only the owner allow guests to Download All, and tells the download service and the gateway', async () => {
      const created = await createGallery();
      const code = created.event.code;
      const SET = `mutation ($code: String!, $allowed: Boolean!) {
        setGuestDownloads(eventCode: $code, allowed: $allowed) { code guestDownloadsAllowed }
      }`;
      const read = async () =>
        (
          await graphql<{ event: { guestDownloadsAllowed: boolean } }>(
            `
              query ($code: String!) {
                event(code: $code) {
                  guestDownloadsAllowed
                }
              }
            `,
            { code },
          )
        ).data!.event.guestDownloadsAllowed;
      const bus = await EventBus.connect(events!.nats.url, 'events-test-download');
      const ask = async (authorization?: string) =>
        downloadPermissionReplySchema.parse(
          (
            await bus.nc.request(Requests.DownloadPermission, JSON.stringify({ code, authorization }), {
              timeout: 5000,
            })
          ).json(),
        );
      const askState = async (request: unknown) =>
        galleryStateReplySchema.parse(
          (await bus.nc.request(Requests.GalleryState, JSON.stringify(request), { timeout: 5000 })).json(),
        );
      try {
        expect(await read()).toBe(false);
        expect((await askState({ code })).state?.guestDownloadsAllowed).toBe(false);
        expect(await ask()).toEqual({
          gallery: { code, name: 'Sarah & Mike' },
          owner: false,
          guestDownloadsAllowed: false,
          // Every guest sees every photo unless the couple chose a drop box or a reveal.
          photosShared: true,
        });
        expect((await ask(`Bearer ${created.ownerToken}`)).owner).toBe(true);

        const guest = await graphql(SET, { code, allowed: true });
        expect(guest.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
        expect(await read()).toBe(false);

        const owner = await graphql<{ setGuestDownloads: { guestDownloadsAllowed: boolean } }>(
          SET,
          { code, allowed: true },
          created.ownerToken,
        );
        expect(owner.data!.setGuestDownloads.guestDownloadsAllowed).toBe(true);
        expect(await read()).toBe(true);
        expect((await ask()).guestDownloadsAllowed).toBe(true);
        expect(await ask('Bearer nope')).toMatchObject({ owner: false, guestDownloadsAllowed: true });
        // What the gateway gives each eventUpdated subscriber first: the gallery as it is now.
        expect(await askState({ code })).toEqual({
          state: { code, plan: 'free', expiresAt: created.event.expiresAt, guestDownloadsAllowed: true },
        });
        expect(await askState({ code: 'HAPPYYYY' })).toEqual({ state: null });
        expect(await askState('not an object')).toEqual({ state: null });
        expect((await bus.nc.request(Requests.DownloadPermission, '{"code":"HAPPYYYY"}')).json()).toEqual({
          gallery: null,
          owner: false,
          guestDownloadsAllowed: false,
        });
      } finally {
        await bus.close();
      }
    });
  });

  describe('federation', () => {
    it('serves Event as an entity keyed by code, resolved for the gateway with the forwarded token', async () => {
      const created = await createGallery();

      const sdl = (await graphql<{ _service: { sdl: string } }>('{ _service { sdl } }')).data!._service.sdl;
      expect(sdl).toMatch(/type Event\s+@key\(fields: "code"\)/);
      const entities = await graphql<{ _entities: Partial<EventFields>[] }>(
        `
          query ($representations: [_Any!]!) {
            _entities(representations: $representations) {
              ... on Event {
                code
                name
                plan
                isOwner
              }
            }
          }
        `,
        { representations: [{ __typename: 'Event', code: created.event.code }] },
        created.ownerToken,
      );
      expect(entities.data!._entities).toEqual([
        { code: created.event.code, name: 'Sarah & Mike', plan: 'FREE', isOwner: true },
      ]);
    });
  });

  describe('domain events', () => {
    it('publishes event.created to JetStream with a valid envelope', async () => {
      const created = await createGallery();

      const bus = await EventBus.connect(events!.nats.url, 'events-test-reader');
      try {
        const consumer = await bus.js.consumers.get(DOMAIN_STREAM, { filter_subjects: 'event.created' });
        const deadline = Date.now() + 10_000;
        let found: DomainEvent<'event.created'> | undefined;
        while (!found && Date.now() < deadline) {
          const message = await consumer.next({ expires: 1000 });
          if (!message) continue;
          const event = parseDomainEvent(message.data);
          if (
            event.type === 'event.created' &&
            (event as DomainEvent<'event.created'>).data.code === created.event.code
          ) {
            found = event as DomainEvent<'event.created'>;
          }
        }
        expect(found).toBeDefined();
        expect(found!.data).toEqual({
          code: created.event.code,
          name: 'Sarah & Mike',
          plan: 'free',
          createdAt: created.event.createdAt,
          expiresAt: created.event.expiresAt,
        });
      } finally {
        await bus.close();
      }
    });
  });

  describe('GET /health', () => {
    it('answers 200 when the database and NATS answer', async () => {
      const response = await request(app!.getHttpServer()).get('/health');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'ok', checks: { database: 'ok', nats: 'ok' } });
    });

    // Last: it stops the database for good.
    it('answers 503 once the database is gone, and queries answer SERVICE_UNAVAILABLE', async () => {
      await events!.postgres.stop();
      const response = await request(app!.getHttpServer()).get('/health');
      expect(response.status).toBe(503);
      expect(response.body.status).toBe('unavailable');
      expect(response.body.checks.nats).toBe('ok');
      expect(response.body.checks.database).not.toBe('ok');
      // The liveness probe's answer does not follow the database: a database outage restarts no replica.
      const live = await request(app!.getHttpServer()).get('/health/live');
      expect(live.status).toBe(200);
      expect(live.body).toEqual({ status: 'ok' });

      const lookup = await graphql(EVENT, { code: 'HAPPYDAY' });
      expect(lookup.errors?.[0]).toMatchObject({
        message: en.errors.SERVICE_UNAVAILABLE,
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      });
    });
  });
});
