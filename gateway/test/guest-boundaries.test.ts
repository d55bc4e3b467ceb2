import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { waitFor } from '@gallery/testing';
import {
  createGalleryAt,
  graphqlAt,
  uploadGuestPhotos,
  type CreatedGallery,
} from '../../web/e2e/product-api.js';
import { startProductTest, type ProductTest } from '../../web/e2e/product-test.js';

// What a guest holding the code may reach, against the built product: the couple's own zips (their job ids, live
// or asked for), the heart counts of photos the guest does not see, and strings no text of the product holds. Under
// npm test, on the product the browser tests share: the galleries are the test's own.

const ARCHIVE_PROGRESS = `subscription ($eventCode: String!) { archiveProgress(eventCode: $eventCode) { jobId stage } }`;
const HEART_COUNTS = `subscription ($eventCode: String!) {
  heartCountsChanged(eventCode: $eventCode) { counts { photoId heartCount } }
}`;
const REQUEST_ARCHIVE = `mutation ($code: String!, $layout: ArchiveLayout, $jpegCopies: Boolean) {
  requestArchive(eventCode: $code, layout: $layout, jpegCopies: $jpegCopies) { id }
}`;
const ARCHIVE_JOB = `query ($code: String!, $id: ID!) { archiveJob(eventCode: $code, jobId: $id) { id downloadUrl } }`;
const SET_HEART = `mutation ($code: String!, $photoId: ID!, $hearted: Boolean!) {
  setHeart(eventCode: $code, photoId: $photoId, hearted: $hearted) { heartCount }
}`;

let running: ProductTest | undefined;
let product: ProductTest['product'] | undefined;
const clients: Client[] = [];

beforeAll(async () => {
  running = await startProductTest();
  product = running.product;
}, 240_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  await running?.stop();
}, 60_000);

/** A socket that says the file's client address, as its other calls do (startProductTest). */
class ClientSocket extends WebSocket {
  constructor(url: string, protocols?: string | string[]) {
    super(url, protocols, { headers: running!.clientHeaders });
  }
}

/** Every result one subscription of a socket got so far (a guest's socket without credentials unless told). */
function follow(query: string, eventCode: string, connectionParams: Record<string, string> = {}) {
  const client = createClient({
    url: `${product!.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: ClientSocket,
    retryAttempts: 0,
    connectionParams,
  });
  clients.push(client);
  const results: Record<string, unknown>[] = [];
  client.subscribe<Record<string, unknown>>(
    { query, variables: { eventCode } },
    { next: (result) => results.push(result.data ?? {}), error: () => undefined, complete: () => undefined },
  );
  return results;
}

/** A GraphQL answer whole, errors and all. */
async function answer<T>(query: string, variables: object, headers: Record<string, string> = {}) {
  const response = await fetch(`${product!.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...running!.clientHeaders, ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: T | null; errors?: { extensions?: { code?: string } }[] };
}

const owner = (gallery: CreatedGallery) => ({ authorization: `Bearer ${gallery.ownerToken}` });

async function newGuestIdentity(): Promise<string> {
  const { issueGuestIdentity } = await graphqlAt<{ issueGuestIdentity: { token: string } }>(
    product!.url,
    'mutation { issueGuestIdentity { token } }',
  );
  return issueGuestIdentity.token;
}

describe("the couple's zips", () => {
  const jobIds = (results: Record<string, unknown>[], stage = 'COMPLETE') =>
    results.flatMap((result) => {
      const progress = result.archiveProgress as { jobId: string; stage: string } | undefined;
      return progress?.stage === stage ? [progress.jobId] : [];
    });

  it("never reach a guest: not their ids on the guest's socket, nor their link through archiveJob", async () => {
    const gallery = await createGalleryAt(product!.url);
    await graphqlAt(
      product!.url,
      'mutation ($code: String!) { setGuestDownloads(eventCode: $code, allowed: true) { code } }',
      { code: gallery.code },
      gallery.ownerToken,
    );
    await uploadGuestPhotos(product!.url, gallery.code, 2);
    const guestScreen = follow(ARCHIVE_PROGRESS, gallery.code);
    const coupleScreen = follow(ARCHIVE_PROGRESS, gallery.code, owner(gallery));
    const requestZip = async (headers: Record<string, string>, variables: object = {}) => {
      const asked = await answer<{ requestArchive: { id: string } }>(
        REQUEST_ARCHIVE,
        {
          code: gallery.code,
          ...variables,
        },
        headers,
      );
      expect(asked.errors).toBeUndefined();
      return asked.data!.requestArchive.id;
    };

    // A guest's zip reaches both screens: they are listening. A subscription has no "started" message, and a zip
    // built before both had reached the gateway reaches neither: another photo (a new zip, not the finished one
    // again) and another zip, until one does. Then the couple's two of their own kind.
    async function guestZipOnBothScreens(): Promise<string> {
      for (let attempt = 0; attempt < 5; attempt++) {
        if (attempt > 0) await uploadGuestPhotos(product!.url, gallery.code, 1);
        const zip = await requestZip({});
        const heard = await waitFor('the guest zip on both screens', async () =>
          [guestScreen, coupleScreen].every((screen) => jobIds(screen).includes(zip)),
        ).then(
          () => true,
          () => false,
        );
        if (heard) return zip;
      }
      throw new Error('no guest zip reached both screens');
    }
    const guestZip = await guestZipOnBothScreens();
    const originals = await requestZip(owner(gallery));
    const jpegCopies = await requestZip(owner(gallery), { jpegCopies: true });
    await waitFor("the couple's zips on their screen", async () =>
      [originals, jpegCopies].every((id) => jobIds(coupleScreen).includes(id)),
    );
    // Published after those: once the guest's screen has it, it has had every message before it.
    const laterGuestZip = await requestZip({}, { layout: 'BY_GUEST' });
    await waitFor('the later guest zip on the guest screen', async () =>
      jobIds(guestScreen).includes(laterGuestZip),
    );
    const heard = guestScreen.map((result) => (result.archiveProgress as { jobId: string }).jobId);
    expect(heard).not.toContain(originals);
    expect(heard).not.toContain(jpegCopies);

    for (const id of [originals, jpegCopies]) {
      const asGuest = await answer<{ archiveJob: unknown }>(ARCHIVE_JOB, { code: gallery.code, id });
      expect(asGuest.errors).toBeUndefined();
      expect(asGuest.data!.archiveJob).toBeNull();
      const asCouple = await answer<{ archiveJob: { downloadUrl: string | null } }>(
        ARCHIVE_JOB,
        { code: gallery.code, id },
        owner(gallery),
      );
      expect(asCouple.data!.archiveJob!.downloadUrl).toMatch(/^http/);
    }
    const ownZip = await answer<{ archiveJob: { downloadUrl: string | null } }>(ARCHIVE_JOB, {
      code: gallery.code,
      id: guestZip,
    });
    expect(ownZip.data!.archiveJob!.downloadUrl).toMatch(/^http/);
  });
});

describe('hearts on photos a guest does not see', () => {
  const countsOf = (results: Record<string, unknown>[]) =>
    results.flatMap(
      (result) =>
        (result.heartCountsChanged as { counts: { photoId: string; heartCount: number }[] } | undefined)
          ?.counts ?? [],
    );

  it("stay off other guests' sockets, and setHeart on them is PHOTO_NOT_FOUND", async () => {
    const gallery = await createGalleryAt(product!.url);
    const [anna, ben] = [await newGuestIdentity(), await newGuestIdentity()];
    const [shown] = await uploadGuestPhotos(product!.url, gallery.code, 1, { guestIdentity: anna });
    await graphqlAt(
      product!.url,
      `mutation ($code: String!, $settings: PrivacySettingsInput!) {
        setPrivacySettings(eventCode: $code, settings: $settings) { code }
      }`,
      { code: gallery.code, settings: { guestOriginalsAllowed: true, approval: true } },
      gallery.ownerToken,
    );
    const [waiting] = await uploadGuestPhotos(product!.url, gallery.code, 1, { guestIdentity: anna });
    const benScreen = follow(HEART_COUNTS, gallery.code, { 'x-guest-identity': ben });
    const coupleScreen = follow(HEART_COUNTS, gallery.code, owner(gallery));
    const heart = (photoId: string, guest: string, hearted = true) =>
      answer<{ setHeart: { heartCount: number } }>(
        SET_HEART,
        { code: gallery.code, photoId, hearted },
        { 'x-guest-identity': guest },
      );

    // Ben's socket is listening once a count of the photo he sees reaches it.
    let hearted = false;
    await waitFor('a count on Ben’s screen', async () => {
      hearted = !hearted;
      expect((await heart(shown, ben, hearted)).errors).toBeUndefined();
      return waitFor('the count', async () => countsOf(benScreen).length > 0, 3000).catch(() => false);
    });
    // Anna's own waiting photo takes her heart; its count goes to the couple alone.
    expect((await heart(waiting, anna)).data?.setHeart.heartCount).toBe(1);
    await waitFor('the waiting photo’s count on the couple’s screen', async () =>
      countsOf(coupleScreen).some((count) => count.photoId === waiting),
    );
    const seenBefore = countsOf(benScreen).length;
    expect((await heart(shown, ben, !hearted)).errors).toBeUndefined();
    await waitFor('a later count on Ben’s screen', async () => countsOf(benScreen).length > seenBefore);
    expect(countsOf(benScreen).map((count) => count.photoId)).not.toContain(waiting);

    expect((await heart(waiting, ben)).errors?.[0].extensions?.code).toBe('PHOTO_NOT_FOUND');
  });

  it('refuses a heart on another guest’s photo while guests see only their own', async () => {
    const gallery = await createGalleryAt(product!.url);
    const [anna, ben] = [await newGuestIdentity(), await newGuestIdentity()];
    await graphqlAt(
      product!.url,
      `mutation ($code: String!, $settings: PrivacySettingsInput!) {
        setPrivacySettings(eventCode: $code, settings: $settings) { code }
      }`,
      { code: gallery.code, settings: { guestOriginalsAllowed: true, visibility: 'OWN' } },
      gallery.ownerToken,
    );
    const [annas] = await uploadGuestPhotos(product!.url, gallery.code, 1, { guestIdentity: anna });
    const asBen = await answer(
      SET_HEART,
      { code: gallery.code, photoId: annas, hearted: true },
      { 'x-guest-identity': ben },
    );
    expect(asBen.errors?.[0].extensions?.code).toBe('PHOTO_NOT_FOUND');
    const asAnna = await answer<{ setHeart: { heartCount: number } }>(
      SET_HEART,
      { code: gallery.code, photoId: annas, hearted: true },
      { 'x-guest-identity': anna },
    );
    expect(asAnna.data?.setHeart.heartCount).toBe(1);
  });
});

describe('a NUL character in a string argument', () => {
  it('is BAD_USER_INPUT in every subgraph, top-level or inside an input object, as a variable or written', async () => {
    const gallery = await createGalleryAt(product!.url);
    const refusals: [string, string, object, Record<string, string>?][] = [
      // events
      [
        'requestSignInLink',
        'mutation ($email: String!) { requestSignInLink(email: $email) }',
        { email: 'sarah\u0000@example.com' },
      ],
      [
        'recordGalleryActivity',
        'mutation ($code: String!, $guest: String!) { recordGalleryActivity(eventCode: $code, kind: VIEW, guest: $guest) }',
        { code: gallery.code, guest: 'browser\u0000' },
      ],
      [
        'createGallery',
        'mutation ($input: CreateGalleryInput!) { createGallery(input: $input) { ownerToken } }',
        {
          input: {
            coupleNames: 'Sarah & Mike',
            weddingDate: '2027-06-12',
            location: 'Lyon\u0000, France',
            email: 'sarah@example.com',
            phone: '+33 6 12 34 56 78',
            plan: 'FREE',
          },
        },
      ],
      // media
      [
        'myHeartedPhotoIds',
        'query ($code: String!) { myHeartedPhotoIds(eventCode: $code) }',
        { code: `${gallery.code}\u0000` },
      ],
      [
        'requestPhotoUploads',
        `mutation ($code: String!, $files: [PhotoUploadRequest!]!) {
          requestPhotoUploads(eventCode: $code, files: $files) { uploadId }
        }`,
        { code: gallery.code, files: [{ fileName: 'IMG\u0000.jpg', contentType: 'image/jpeg', size: 100 }] },
      ],
      // download, written in the query itself
      ['requestArchive', `mutation { requestArchive(eventCode: "${gallery.code}\\u0000") { id } }`, {}],
      // billing
      [
        'startCheckout',
        'mutation ($code: String!) { startCheckout(eventCode: $code, plan: PREMIUM) { id } }',
        { code: `\u0000${gallery.code}` },
        owner(gallery),
      ],
    ];
    for (const [field, query, variables, headers] of refusals) {
      const refused = await answer(query, variables, headers);
      expect([field, refused.errors?.[0]?.extensions?.code]).toEqual([field, 'BAD_USER_INPUT']);
    }
  });
});
