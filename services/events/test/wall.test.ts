import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RATE_LIMITS, WALL_LIMITS } from '@gallery/contracts';
import { GalleryPurge } from '../src/galleries/gallery-purge.js';
import { startEvents, type EventsHarness, type GraphQLBody } from './harness.js';

const CREATE_LINK = `mutation Link($eventCode: String!) { createWallLink(eventCode: $eventCode) { url } }`;
const RESET = `mutation Reset($eventCode: String!) { resetWallLinks(eventCode: $eventCode) }`;
const SET_INTERVAL = `mutation Interval($eventCode: String!, $seconds: Int!) {
  setWallInterval(eventCode: $eventCode, seconds: $seconds)
}`;
const WALL = `query Wall($code: String!, $key: String!) { wall(code: $code, key: $key) { code name intervalSeconds } }`;

describe('events service: the slideshow wall', () => {
  let events: EventsHarness | undefined;

  const graphql = <Data = Record<string, unknown>>(
    query: string,
    variables: object = {},
    token?: string,
    client?: string,
  ) => events!.graphql<Data>(query, variables, token, client);
  const order = (coupleNames = 'Sarah & Mike', language = 'en') =>
    events!.orderGallery({ coupleNames, language });

  async function newLink(code: string, token: string): Promise<{ url: string; key: string }> {
    const body = await graphql<{ createWallLink: { url: string } }>(CREATE_LINK, { eventCode: code }, token);
    expect(body.errors).toBeUndefined();
    const url = body.data!.createWallLink.url;
    return { url, key: new URL(url).hash.replace(/^#key=/, '') };
  }

  const errorCode = (body: GraphQLBody<unknown>) => body.errors?.[0]?.extensions.code;

  beforeAll(async () => {
    events = await startEvents({ busName: 'events-wall-test' });
  });

  afterAll(() => events?.stop());

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
    await events!.app.get(GalleryPurge).purge(code, 'deleted');
    const rows: unknown[] = await events!.db.query('SELECT 1 FROM wall_links WHERE event_code = $1', [code]);
    expect(rows).toHaveLength(0);
  });
});
