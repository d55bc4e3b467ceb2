import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { facesFolder, waitFor } from '@gallery/testing';
import {
  createGalleryAt,
  graphqlAt,
  uploadGuestPhotos,
  type CreatedGallery,
} from '../../../web/e2e/product-api.js';
import { startProductTest, type ProductTest } from '../../../web/e2e/product-test.js';
// @ts-expect-error plain ESM module shared with `npm start`
import { databaseUrl, SERVICE_DATABASES } from '../../../infra/services.mjs';

// "Find me" on the whole product, with real faces (../shared/data/faces): photos indexed by the faces service from
// media's previews, a selfie searched, and the gallery's privacy settings deciding what a guest gets back. Each
// test orders galleries of its own: under npm test, on the product the browser tests share.

const FACES = facesFolder();
const portrait = (person: string, n: number) => path.join(FACES, person, `${person}${n}.png`);

let running: ProductTest | undefined;
let product: ProductTest['product'] | undefined;
let facesDb: DataSource | undefined;
let eventsDb: DataSource | undefined;
let mediaDb: DataSource | undefined;

beforeAll(async () => {
  running = await startProductTest();
  product = running.product;
  const { DATABASE_URL } = running.platform.env;
  facesDb = await new DataSource({
    type: 'postgres',
    url: databaseUrl(DATABASE_URL, SERVICE_DATABASES.faces) as string,
  }).initialize();
  eventsDb = await new DataSource({
    type: 'postgres',
    url: databaseUrl(DATABASE_URL, SERVICE_DATABASES.events) as string,
  }).initialize();
  mediaDb = await new DataSource({
    type: 'postgres',
    url: databaseUrl(DATABASE_URL, SERVICE_DATABASES.media) as string,
  }).initialize();
}, 300_000);

afterAll(async () => {
  await facesDb?.destroy();
  await eventsDb?.destroy();
  await mediaDb?.destroy();
  await running?.stop();
}, 60_000);

/** A photo of these people side by side (their portraits on a 1200 x 500 background), as a guest's JPEG. */
async function photoOf(...people: [string, number][]): Promise<Buffer> {
  const tiles = await Promise.all(
    people.map(([person, n]) =>
      sharp(portrait(person, n)).resize(300, 300).toColourspace('srgb').png().toBuffer(),
    ),
  );
  return sharp({ create: { width: 1200, height: 500, channels: 3, background: '#8a8f96' } })
    .composite(tiles.map((input, i) => ({ input, left: 60 + i * 400, top: 100 })))
    .jpeg({ quality: 90 })
    .toBuffer();
}

const selfie = async (person: string, n: number) =>
  (await sharp(portrait(person, n)).png().toBuffer()).toString('base64');

const FIND_ME = `mutation ($code: String!, $selfie: String!) {
  findMe(eventCode: $code, selfie: $selfie) { photos { id thumbnailUrl } }
}`;
const SET_FIND_ME = `mutation ($code: String!, $on: Boolean!) {
  setFindMe(eventCode: $code, on: $on) { on indexedPhotos waitingPhotos }
}`;
const SETTINGS = `query ($code: String!) { findMeSettings(eventCode: $code) { on indexedPhotos waitingPhotos } }`;

async function answer<T>(query: string, variables: object, headers: Record<string, string> = {}) {
  const response = await fetch(`${product!.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...running!.clientHeaders, ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: T | null; errors?: { extensions?: { code?: string } }[] };
}

/** The ids of the photos a search with this selfie finds, as the guest with these headers. */
async function found(
  code: string,
  selfieBase64: string,
  headers: Record<string, string> = {},
): Promise<string[]> {
  const result = await answer<{ findMe: { photos: { id: string }[] } }>(
    FIND_ME,
    { code, selfie: selfieBase64 },
    headers,
  );
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.findMe.photos.map((photo) => photo.id).sort();
}

async function turn(gallery: CreatedGallery, on: boolean) {
  return graphqlAt<{ setFindMe: { on: boolean } }>(
    product!.url,
    SET_FIND_ME,
    { code: gallery.code, on },
    gallery.ownerToken,
  );
}

/** Waits until every photo of the gallery was looked at: `count` of them. */
async function indexed(gallery: CreatedGallery, count: number) {
  await waitFor(
    `${count} photos indexed`,
    async () => {
      const { findMeSettings } = await graphqlAt<{
        findMeSettings: { indexedPhotos: number; waitingPhotos: number };
      }>(product!.url, SETTINGS, { code: gallery.code }, gallery.ownerToken);
      return findMeSettings.waitingPhotos === 0 && findMeSettings.indexedPhotos === count;
    },
    120_000,
  );
}

async function faceRows(code: string): Promise<number> {
  const [row] = (await facesDb!.query(
    `SELECT (SELECT count(*) FROM photo_faces WHERE event_code = $1)
          + (SELECT count(*) FROM indexed_photos WHERE event_code = $1)
          + (SELECT count(*) FROM index_queue WHERE event_code = $1)
          + (SELECT count(*) FROM find_me_galleries WHERE event_code = $1) AS n`,
    [code],
  )) as { n: string }[];
  return Number(row!.n);
}

/** Each photo's face count as the faces service recorded it and as media keeps it for Highlights, by photo id. */
async function faceCounts(
  code: string,
): Promise<{ faces: Record<string, number>; media: Record<string, number | null> }> {
  const faces = (await facesDb!.query(
    'SELECT photo_id, face_count FROM indexed_photos WHERE event_code = $1',
    [code],
  )) as { photo_id: string; face_count: number }[];
  const media = (await mediaDb!.query('SELECT id, face_count FROM photos WHERE event_code = $1', [code])) as {
    id: string;
    face_count: number | null;
  }[];
  return {
    faces: Object.fromEntries(faces.map((row) => [row.photo_id, row.face_count])),
    media: Object.fromEntries(media.map((row) => [row.id, row.face_count])),
  };
}

/** Waits until the events service knows the gallery's switch (its guest mails link to "Find me" then). */
async function eventsKnows(code: string, on: boolean) {
  await waitFor(`events told Find me is ${on ? 'on' : 'off'}`, async () => {
    const [row] = (await eventsDb!.query('SELECT find_me_on FROM events WHERE code = $1', [code])) as {
      find_me_on: boolean;
    }[];
    return row?.find_me_on === on;
  });
}

async function newGuestIdentity(): Promise<string> {
  const { issueGuestIdentity } = await graphqlAt<{ issueGuestIdentity: { token: string } }>(
    product!.url,
    'mutation { issueGuestIdentity { token } }',
  );
  return issueGuestIdentity.token;
}

async function setPrivacy(gallery: CreatedGallery, settings: object) {
  await graphqlAt(
    product!.url,
    'mutation ($code: String!, $settings: PrivacySettingsInput!) { setPrivacySettings(eventCode: $code, settings: $settings) { code } }',
    { code: gallery.code, settings: { guestOriginalsAllowed: true, ...settings } },
    gallery.ownerToken,
  );
}

describe('Find me', () => {
  it("finds the person's photos and not the others', forgets a removed photo, and deletes every record when off", async () => {
    const gallery = await createGalleryAt(product!.url);
    // Two photos before the couple turns it on (indexed then), one after (indexed as it comes).
    const [withAmy, withoutAmy] = await uploadGuestPhotos(product!.url, gallery.code, 2, {
      files: [await photoOf(['amy', 2], ['raj', 2]), await photoOf(['sheldon', 2], ['leonard', 2])],
    });
    const refused = await answer(FIND_ME, { code: gallery.code, selfie: await selfie('amy', 1) });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FIND_ME_OFF');

    expect((await turn(gallery, true)).setFindMe.on).toBe(true);
    await eventsKnows(gallery.code, true);
    const [alsoWithAmy] = await uploadGuestPhotos(product!.url, gallery.code, 1, {
      files: [await photoOf(['penny', 3], ['amy', 3])],
    });
    await indexed(gallery, 3);
    // Each photo's count of faces reaches media (photo.faces-counted), for Highlights: two people in each.
    const counts = await waitFor('media told the faces of each photo', async () => {
      const known = await faceCounts(gallery.code);
      return Object.values(known.media).every((count) => count !== null) ? known : null;
    });
    expect(counts.media).toEqual(counts.faces);
    expect(counts.media).toEqual({ [withAmy!]: 2, [withoutAmy!]: 2, [alsoWithAmy!]: 2 });

    expect(await found(gallery.code, await selfie('amy', 1))).toEqual([withAmy, alsoWithAmy].sort());
    expect(await found(gallery.code, await selfie('sheldon', 1))).toEqual([withoutAmy]);
    // Someone in no photo of the gallery.
    expect(await found(gallery.code, await selfie('stuart', 1))).toEqual([]);
    const noFace = await answer(FIND_ME, {
      code: gallery.code,
      selfie: (
        await sharp({ create: { width: 200, height: 200, channels: 3, background: '#fff' } })
          .png()
          .toBuffer()
      ).toString('base64'),
    });
    expect(noFace.errors?.[0]?.extensions?.code).toBe('NO_FACE_FOUND');

    await graphqlAt(
      product!.url,
      'mutation ($id: ID!) { removePhoto(id: $id) }',
      { id: withAmy },
      gallery.ownerToken,
    );
    await waitFor('the removed photo forgotten', async () => {
      const rows = (await facesDb!.query('SELECT 1 FROM photo_faces WHERE photo_id = $1', [
        withAmy,
      ])) as unknown[];
      return rows.length === 0;
    });
    expect(await found(gallery.code, await selfie('amy', 1))).toEqual([alsoWithAmy]);

    // A stranger without the PIN finds nothing.
    await graphqlAt(
      product!.url,
      'mutation ($code: String!) { setGalleryPin(eventCode: $code, pin: "4821") { code } }',
      { code: gallery.code },
      gallery.ownerToken,
    );
    const stranger = await answer<{ findMe: unknown }>(FIND_ME, {
      code: gallery.code,
      selfie: await selfie('amy', 1),
    });
    expect(stranger.data?.findMe ?? null).toBeNull();
    expect(stranger.errors?.[0]?.extensions?.code).toBe('PIN_REQUIRED');
    // Nor one with a code that names no gallery.
    const wrongCode = await answer<{ findMe: unknown }>(FIND_ME, {
      code: 'ZZZZZZZZ',
      selfie: await selfie('amy', 1),
    });
    expect(wrongCode.data?.findMe ?? null).toBeNull();
    expect(wrongCode.errors?.length).toBeGreaterThan(0);

    expect(await faceRows(gallery.code)).toBeGreaterThan(0);
    expect((await turn(gallery, false)).setFindMe.on).toBe(false);
    expect(await faceRows(gallery.code)).toBe(0);
    await eventsKnows(gallery.code, false);
    // And media forgets the counts: none is kept past the couple's consent.
    await waitFor('media forgot the counts', async () =>
      Object.values((await faceCounts(gallery.code)).media).every((count) => count === null),
    );
  });

  it('gives a guest of an own-only gallery their own photos only, and of an approval gallery the approved ones', async () => {
    const ownOnly = await createGalleryAt(product!.url);
    await setPrivacy(ownOnly, { visibility: 'OWN' });
    await turn(ownOnly, true);
    const [mine, theirs] = [await newGuestIdentity(), await newGuestIdentity()];
    const [myPhoto] = await uploadGuestPhotos(product!.url, ownOnly.code, 1, {
      guestIdentity: mine,
      files: [await photoOf(['amy', 2], ['raj', 2])],
    });
    const [theirPhoto] = await uploadGuestPhotos(product!.url, ownOnly.code, 1, {
      guestIdentity: theirs,
      files: [await photoOf(['penny', 3], ['amy', 3])],
    });
    await indexed(ownOnly, 2);
    const amy = await selfie('amy', 1);
    expect(await found(ownOnly.code, amy, { 'x-guest-identity': mine })).toEqual([myPhoto]);
    expect(await found(ownOnly.code, amy, { 'x-guest-identity': theirs })).toEqual([theirPhoto]);
    expect(await found(ownOnly.code, amy)).toEqual([]);
    expect(await found(ownOnly.code, amy, { authorization: `Bearer ${ownOnly.ownerToken}` })).toEqual(
      [myPhoto, theirPhoto].sort(),
    );

    const approval = await createGalleryAt(product!.url);
    await setPrivacy(approval, { approval: true });
    await turn(approval, true);
    const [approved, waiting] = await uploadGuestPhotos(product!.url, approval.code, 2, {
      files: [await photoOf(['amy', 2], ['raj', 2]), await photoOf(['penny', 3], ['amy', 3])],
    });
    await graphqlAt(
      product!.url,
      'mutation ($code: String!, $ids: [ID!]!) { reviewPhotos(eventCode: $code, ids: $ids, decision: APPROVE) }',
      { code: approval.code, ids: [approved] },
      approval.ownerToken,
    );
    await indexed(approval, 1);
    expect(await found(approval.code, amy)).toEqual([approved]);
    expect(await found(approval.code, amy)).not.toContain(waiting);
  });
});
