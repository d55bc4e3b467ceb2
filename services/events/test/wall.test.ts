import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { RATE_LIMITS, WALL_LIMITS } from '@gallery/contracts';
import { CLIENT_ADDRESS_HEADER } from '@gallery/platform';
import { startTestNats, startTestPostgres, type TestNats, type TestPostgres } from '@gallery/testing';
import { createApp } from '../src/create-app.js';
import { EventsConfig } from '../src/config/events-config.js';
import { GalleryPurge } from '../src/galleries/gallery-purge.js';

interface GraphQLBody<Data> {
  data?: Data | null;
  errors?: { message: string; extensions: Record<string, unknown> }[];
}

const CREATE = `mutation Create($input: CreateGalleryInput!) {
  createGallery(input: $input) { event { code } ownerToken }
}`;
const CREATE_LINK = `mutation Link($eventCode: String!) { createWallLink(eventCode: $eventCode) { url } }`;
const RESET = `mutation Reset($eventCode: String!) { resetWallLinks(eventCode: $eventCode) }`;
const SET_INTERVAL = `mutation Interval($eventCode: String!, $seconds: Int!) {
  setWallInterval(eventCode: $eventCode, seconds: $seconds)
}`;
const WALL = `query Wall($code: String!, $key: String!) { wall(code: $code, key: $key) { code name intervalSeconds } }`;

describe('events service: the slideshow wall', () => {
  let postgres: TestPostgres | undefined;
  let nats: TestNats | undefined;
  let app: INestApplication | undefined;

  async function graphql<Data = Record<string, unknown>>(
    query: string,
    variables: object = {},
    token?: string,
    client = `client-${randomUUID()}`,
  ): Promise<GraphQLBody<Data>> {
    const call = request(app!.getHttpServer())
      .post('/graphql')
      .set(CLIENT_ADDRESS_HEADER, client)
      .send({ query, variables });
    if (token) call.set('Authorization', `Bearer ${token}`);
    return (await call).body as GraphQLBody<Data>;
  }

  async function order(coupleNames = 'Sarah & Mike', language = 'en') {
    const body = await graphql<{ createGallery: { event: { code: string }; ownerToken: string } }>(CREATE, {
      input: {
        coupleNames,
        weddingDate: '2027-06-12',
        location: 'Lyon, France',
        email: `${randomUUID()}@example.com`,
        phone: '+33 6 12 34 56 78',
        plan: 'FREE',
        language,
      },
    });
    expect(body.errors).toBeUndefined();
    return { code: body.data!.createGallery.event.code, ownerToken: body.data!.createGallery.ownerToken };
  }

  async function newLink(code: string, token: string): Promise<{ url: string; key: string }> {
    const body = await graphql<{ createWallLink: { url: string } }>(CREATE_LINK, { eventCode: code }, token);
    expect(body.errors).toBeUndefined();
    const url = body.data!.createWallLink.url;
    return { url, key: new URL(url).hash.replace(/^#key=/, '') };
  }

  const errorCode = (body: GraphQLBody<unknown>) => body.errors?.[0]?.extensions.code;

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([startTestPostgres(), startTestNats()]);
    const config = new EventsConfig({
      host: '127.0.0.1',
      port: 0,
      databaseUrl: await postgres.createDatabase(),
      natsUrl: nats.url,
      publicUrl: 'https://gallery.test',
      mail: null,
      galleryEndingsIntervalMs: 60 * 60 * 1000,
    });
    app = await createApp(config, { logger: ['error', 'warn'] });
  });

  afterAll(async () => {
    await app?.close();
    await nats?.stop();
    await postgres?.stop();
  });

  it('gives the couple a wall link whose key sits in the fragment, and the link opens the wall', async () => {
    const { code, ownerToken } = await order('Anna & Ben');
    const { url, key } = await newLink(code, ownerToken);
    expect(url).toMatch(new RegExp(`^https://gallery\\.test/wall/${code}#key=[A-Za-z0-9_-]{24}$`));
    const wall = await graphql<{ wall: { code: string; name: string; intervalSeconds: number } }>(WALL, {
      code,
      key,
    });
    expect(wall.data?.wall).toEqual({
      code,
      name: 'Anna & Ben',
      intervalSeconds: WALL_LIMITS.defaultIntervalSeconds,
    });
  });

  it("links a French gallery's wall in French, and tells the wall its language", async () => {
    const { code, ownerToken } = await order('Léa & Tom', 'fr');
    const { url, key } = await newLink(code, ownerToken);
    expect(url).toMatch(new RegExp(`^https://gallery\\.test/fr/wall/${code}#key=`));
    const wall = await graphql<{ wall: { language: string } }>(
      `
        query Wall($code: String!, $key: String!) {
          wall(code: $code, key: $key) {
            language
          }
        }
      `,
      { code, key },
    );
    expect(wall.data?.wall.language).toBe('fr');
  });

  it('refuses a stranger and another couple the wall settings', async () => {
    const { code } = await order();
    const other = await order('Lea & Tom');
    for (const [query, variables] of [
      [CREATE_LINK, { eventCode: code }],
      [RESET, { eventCode: code }],
      [SET_INTERVAL, { eventCode: code, seconds: 10 }],
    ] as const) {
      expect(errorCode(await graphql(query, variables))).toBe('UNAUTHENTICATED');
      expect(errorCode(await graphql(query, variables, other.ownerToken))).toBe('NOT_GALLERY_OWNER');
    }
  });

  it("opens no wall with a made-up key, nor with another gallery's key", async () => {
    const first = await order();
    const second = await order();
    const { key } = await newLink(first.code, first.ownerToken);
    expect(errorCode(await graphql(WALL, { code: second.code, key }))).toBe('WALL_LINK_INVALID');
    expect(errorCode(await graphql(WALL, { code: first.code, key: 'x'.repeat(24) }))).toBe(
      'WALL_LINK_INVALID',
    );
    expect(errorCode(await graphql(WALL, { code: first.code, key: 'x'.repeat(5000) }))).toBe(
      'WALL_LINK_INVALID',
    );
  });

  it('closes every open link on reset, and a new link works after it', async () => {
    const { code, ownerToken } = await order();
    const before = await newLink(code, ownerToken);
    expect((await graphql(RESET, { eventCode: code }, ownerToken)).data).toEqual({ resetWallLinks: true });
    expect(errorCode(await graphql(WALL, { code, key: before.key }))).toBe('WALL_LINK_INVALID');
    const after = await newLink(code, ownerToken);
    expect((await graphql(WALL, { code, key: after.key })).errors).toBeUndefined();
  });

  it('keeps the interval the couple chose among the offered times, and refuses any other', async () => {
    const { code, ownerToken } = await order();
    const { key } = await newLink(code, ownerToken);
    expect((await graphql(SET_INTERVAL, { eventCode: code, seconds: 15 }, ownerToken)).data).toEqual({
      setWallInterval: 15,
    });
    const wall = await graphql<{ wall: { intervalSeconds: number } }>(WALL, { code, key });
    expect(wall.data?.wall.intervalSeconds).toBe(15);
    for (const seconds of [0, 7, 61, -8]) {
      expect(errorCode(await graphql(SET_INTERVAL, { eventCode: code, seconds }, ownerToken))).toBe(
        'WALL_INTERVAL_INVALID',
      );
    }
  });

  it(`stops at ${WALL_LIMITS.linksPerGallery} links a gallery`, async () => {
    const { code, ownerToken } = await order();
    await Promise.all(Array.from({ length: WALL_LIMITS.linksPerGallery }, () => newLink(code, ownerToken)));
    const refused = await graphql(CREATE_LINK, { eventCode: code }, ownerToken);
    expect(errorCode(refused)).toBe('WALL_LINKS_LIMIT');
    expect(refused.errors?.[0]?.message).toBe(
      `This gallery already has ${WALL_LIMITS.linksPerGallery} wall links. Reset them to make a new one.`,
    );
  });

  it('rate-limits a client guessing keys', async () => {
    const { code } = await order();
    const client = `guesser-${randomUUID()}`;
    for (let attempt = 0; attempt < RATE_LIMITS.wallKeyAttempts.points; attempt += 1) {
      expect(errorCode(await graphql(WALL, { code, key: `guess-${attempt}` }, undefined, client))).toBe(
        'WALL_LINK_INVALID',
      );
    }
    expect(errorCode(await graphql(WALL, { code, key: 'guess-last' }, undefined, client))).toBe(
      'RATE_LIMITED',
    );
  });

  it('leaves no wall link behind when the gallery is purged', async () => {
    const { code, ownerToken } = await order();
    await newLink(code, ownerToken);
    await app!.get(GalleryPurge).purge(code, 'deleted');
    const rows: unknown[] = await app!
      .get(DataSource)
      .query('SELECT 1 FROM wall_links WHERE event_code = $1', [code]);
    expect(rows).toHaveLength(0);
  });
});
