import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  DOMAIN_STREAM,
  en,
  englishMessage,
  parseDomainEvent,
  type DomainEvent,
  type MessageKey,
} from '@gallery/contracts';
import { EventBus } from '@gallery/platform';
import { startTestNats, startTestPostgres, type TestNats, type TestPostgres } from '@gallery/testing';
import { createApp } from '../src/create-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const CODE = /^[ACDEFGHJKMNPQRTUVWXY34679]{8}$/;

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

interface GraphQLBody<Data> {
  data?: Data | null;
  errors?: { message: string; extensions: Record<string, unknown> }[];
}

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
  let postgres: TestPostgres | undefined;
  let nats: TestNats | undefined;
  let app: INestApplication | undefined;
  let dataSource: DataSource;

  async function graphql<Data = Record<string, never>>(
    query: string,
    variables: object = {},
    token?: string,
  ): Promise<GraphQLBody<Data>> {
    const call = request(app!.getHttpServer()).post('/graphql').send({ query, variables });
    if (token) call.set('Authorization', `Bearer ${token}`);
    const response = await call;
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

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([startTestPostgres(), startTestNats()]);
    app = await createApp(
      {
        port: 0,
        databaseUrl: await postgres.createDatabase(),
        natsUrl: nats.url,
        publicUrl: 'https://gallery.test',
      },
      { logger: ['error', 'warn'] },
    );
    dataSource = app.get(DataSource);
  });

  afterAll(async () => {
    await app?.close();
    await nats?.stop();
    await postgres?.stop();
  });

  describe('createGallery', () => {
    it('creates a free gallery with a hard-to-guess code that expires 7 days later', async () => {
      const created = await createGallery();

      expect(created.event.code).toMatch(CODE);
      expect(created.event).toMatchObject({
        name: 'Sarah & Mike',
        coupleNames: 'Sarah &  Mike',
        weddingDate: '2027-06-12',
        location: 'Lyon, France',
        plan: 'FREE',
      });
      expect(Date.parse(created.event.expiresAt) - Date.parse(created.event.createdAt)).toBe(7 * DAY_MS);
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

      const bus = await EventBus.connect(nats!.url, 'events-test-reader');
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
    it('answers 503 once the database is gone', async () => {
      await postgres!.stop();
      const response = await request(app!.getHttpServer()).get('/health');
      expect(response.status).toBe(503);
      expect(response.body.status).toBe('unavailable');
      expect(response.body.checks.nats).toBe('ok');
      expect(response.body.checks.database).not.toBe('ok');
    });
  });
});
