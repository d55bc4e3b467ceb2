import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Requests, type GuestAdmissionRequest } from '@gallery/contracts';
import {
  createGalleryAt,
  graphqlAt,
  uploadGuestPhotos,
  type CreatedGallery,
} from '../../web/e2e/product-api.js';
import { startProductTest, type ProductTest } from '../../web/e2e/product-test.js';

// The live socket and the gallery PIN, against the built product (events answers who may follow a gallery, media
// publishes the photos): a socket without the pass is refused as HTTP refuses, with it a guest watches photos
// arrive, and the couple's socket also hears the photos their guests may not see yet. Under npm test, on the product
// the browser tests share: the galleries are the test's own.

const PHOTO_ADDED = `subscription ($eventCode: String!) { photoAdded(eventCode: $eventCode) { id thumbnailUrl } }`;
const PHOTO_REMOVED = `subscription ($eventCode: String!) { photoRemoved(eventCode: $eventCode) { photoId } }`;
const SETTINGS_CHANGED = `subscription ($eventCode: String!) { gallerySettingsChanged(eventCode: $eventCode) { eventCode } }`;

let running: ProductTest | undefined;
let product: ProductTest['product'] | undefined;
const clients: Client[] = [];
/** Listens to the questions asked of events, without answering them (no queue group: events still gets each). */
let listener: NatsConnection | undefined;
const admissionQuestions: GuestAdmissionRequest[] = [];

beforeAll(async () => {
  running = await startProductTest();
  product = running.product;
  listener = await connect({ servers: running.platform.env.NATS_URL });
  listener.subscribe(Requests.GuestAdmission, {
    callback: (_error, message) => {
      admissionQuestions.push(message.json<GuestAdmissionRequest>());
    },
  });
  await listener.flush();
}, 240_000);

afterAll(async () => {
  await listener?.close();
  await Promise.all(clients.map((client) => client.dispose()));
  await running?.stop();
}, 60_000);

/** A socket that says the file's client address, as its other calls do (startProductTest). */
class ClientSocket extends WebSocket {
  constructor(url: string, protocols?: string | string[]) {
    super(url, protocols, { headers: running!.clientHeaders });
  }
}

function liveClient(connectionParams: Record<string, string> = {}): Client {
  const client = createClient({
    url: `${product!.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: ClientSocket,
    retryAttempts: 0,
    connectionParams,
  });
  clients.push(client);
  return client;
}

/** What a subscription receives, as it comes; `started` once the gateway listens for it (its first result is none). */
interface Followed {
  results: {
    data?: Record<string, unknown> | null;
    errors?: readonly { extensions?: { code?: string } }[];
  }[];
  ended: Promise<void>;
}

function follow(client: Client, query: string, eventCode: string): Followed {
  const results: Followed['results'] = [];
  const ended = new Promise<void>((resolve, reject) => {
    client.subscribe<Record<string, unknown>>(
      { query, variables: { eventCode } },
      {
        next: (value) => results.push(value as Followed['results'][number]),
        error: reject,
        complete: resolve,
      },
    );
  });
  return { results, ended };
}

async function waitFor(what: string, condition: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const photoIds = (followed: Followed) =>
  followed.results.flatMap((result) => {
    const photo = result.data?.photoAdded as { id: string } | undefined;
    return photo ? [photo.id] : [];
  });

/**
 * A subscription has no "started" message: photos go up (with `pass` on a gallery with a PIN) until one reaches
 * every screen (the first does, unless it beats the subscriptions to the gateway); that photo. Every later photo
 * then reaches every screen it may.
 */
async function photoOnEveryScreen(screens: Followed[], code: string, pass?: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [photo] = await uploadGuestPhotos(product!.url, code, 1, { pass });
    const arrived = await waitFor(
      'a photo on every screen',
      () => screens.every((screen) => photoIds(screen).includes(photo)),
      5_000,
    ).then(
      () => true,
      () => false,
    );
    if (arrived) return photo;
  }
  throw new Error('no photo reached every screen');
}

async function setPin(gallery: CreatedGallery, pin: string): Promise<void> {
  await graphqlAt(
    product!.url,
    `mutation ($code: String!, $pin: String) { setGalleryPin(eventCode: $code, pin: $pin) { code } }`,
    { code: gallery.code, pin },
    gallery.ownerToken,
  );
}

async function enterPin(code: string, pin: string): Promise<string> {
  const { enterGalleryPin } = await graphqlAt<{ enterGalleryPin: { pass: string } }>(
    product!.url,
    `mutation ($code: String!, $pin: String!) { enterGalleryPin(code: $code, pin: $pin) { pass } }`,
    { code, pin },
  );
  return enterGalleryPin.pass;
}

async function setVisibility(gallery: CreatedGallery, visibility: 'EVERYONE' | 'OWN'): Promise<void> {
  await graphqlAt(
    product!.url,
    `mutation ($code: String!, $settings: PrivacySettingsInput!) {
      setPrivacySettings(eventCode: $code, settings: $settings) { code }
    }`,
    { code: gallery.code, settings: { guestOriginalsAllowed: true, visibility } },
    gallery.ownerToken,
  );
}

describe('the live socket and the gallery PIN', () => {
  it('refuses a socket without the pass, lets a guest with it and the couple watch photos arrive', async () => {
    const gallery = await createGalleryAt(product!.url);
    await setPin(gallery, '482913');
    const pass = await enterPin(gallery.code, '482913');

    const stranger = follow(liveClient(), PHOTO_ADDED, gallery.code);
    await stranger.ended;
    expect(stranger.results).toEqual([
      expect.objectContaining({
        errors: [expect.objectContaining({ extensions: { code: 'PIN_REQUIRED' } })],
      }),
    ]);
    // A pass of no gallery, or of another one, is no pass.
    const forged = follow(
      liveClient({ 'x-gallery-pass': `p1.${'A'.repeat(43)}` }),
      PHOTO_ADDED,
      gallery.code,
    );
    await forged.ended;
    expect(forged.results[0].errors?.[0].extensions?.code).toBe('PIN_REQUIRED');

    const guestSocket = liveClient({ 'x-gallery-pass': pass });
    const guest = follow(guestSocket, PHOTO_ADDED, gallery.code);
    const guestSettings = follow(guestSocket, SETTINGS_CHANGED, gallery.code);
    const coupleSocket = liveClient({ authorization: `Bearer ${gallery.ownerToken}` });
    const couple = follow(coupleSocket, PHOTO_ADDED, gallery.code);
    const coupleRemovals = follow(coupleSocket, PHOTO_REMOVED, gallery.code);

    await photoOnEveryScreen([guest, couple], gallery.code, pass);
    const guestBefore = photoIds(guest);
    const coupleBefore = photoIds(couple);

    // A drop box: the guests' screens are told to read again, the couple's alone get the new photo (with the
    // link that shows it to them) and its removal.
    // Counted from here: the PIN's own settings change may reach the screens too, before or with this one.
    const settingsBefore = guestSettings.results.length;
    await setVisibility(gallery, 'OWN');
    await waitFor('the settings change', () => guestSettings.results.length > settingsBefore);
    expect(guestSettings.results.at(-1)!.data).toEqual({
      gallerySettingsChanged: { eventCode: gallery.code },
    });
    const [dropped] = await uploadGuestPhotos(product!.url, gallery.code, 1, { pass });
    await waitFor('the drop-box photo on the couple screen', () => photoIds(couple).includes(dropped));
    const live = couple.results.find((result) => (result.data?.photoAdded as { id: string })?.id === dropped);
    expect((live!.data!.photoAdded as { thumbnailUrl: string }).thumbnailUrl).toMatch(/\?pass=/);
    await graphqlAt(
      product!.url,
      `mutation ($id: ID!) { removePhoto(id: $id) }`,
      { id: dropped },
      gallery.ownerToken,
    );
    await waitFor('the removal on the couple screen', () =>
      coupleRemovals.results.some(
        (result) => (result.data?.photoRemoved as { photoId: string })?.photoId === dropped,
      ),
    );

    // Back to everyone: the next photo reaches the guest, who never got the drop box's.
    await setVisibility(gallery, 'EVERYONE');
    await waitFor('the second settings change', () => guestSettings.results.length === 2);
    const [after] = await uploadGuestPhotos(product!.url, gallery.code, 1, { pass });
    await waitFor('the next photo on the guest screen', () => photoIds(guest).includes(after));
    expect(photoIds(guest)).toEqual([...guestBefore, after]);
    expect(photoIds(couple)).toEqual([...coupleBefore, dropped, after]);
  }, 120_000);

  it("closes a guest's socket opened before the PIN was set, and one whose pass the PIN's change voided; not the couple's", async () => {
    const gallery = await createGalleryAt(product!.url);
    const before = follow(liveClient(), PHOTO_ADDED, gallery.code);
    const couple = follow(
      liveClient({ authorization: `Bearer ${gallery.ownerToken}` }),
      PHOTO_ADDED,
      gallery.code,
    );
    // Both sockets are admitted and listening.
    await photoOnEveryScreen([before, couple], gallery.code);

    await setPin(gallery, '482913');
    await expect(before.ended).rejects.toMatchObject({ code: 1012 });
    const pass = await enterPin(gallery.code, '482913');
    const withPass = follow(liveClient({ 'x-gallery-pass': pass }), PHOTO_ADDED, gallery.code);
    const [next] = await uploadGuestPhotos(product!.url, gallery.code, 1, { pass });
    await waitFor('the next photo on the couple screen', () => photoIds(couple).includes(next));
    // The reconnected stranger is refused until they enter the PIN.
    const again = follow(liveClient(), PHOTO_ADDED, gallery.code);
    await again.ended;
    expect(again.results[0].errors?.[0].extensions?.code).toBe('PIN_REQUIRED');

    await photoOnEveryScreen([withPass], gallery.code, pass);
    await setPin(gallery, '735160');
    await expect(withPass.ended).rejects.toMatchObject({ code: 1012 });
    const newPass = await enterPin(gallery.code, '735160');
    const [last] = await uploadGuestPhotos(product!.url, gallery.code, 1, { pass: newPass });
    await waitFor('the last photo on the couple screen', () => photoIds(couple).includes(last));
  }, 120_000);

  it("refuses a guest's photo list, upload slot and Download All without the pass, and serves them with it", async () => {
    const gallery = await createGalleryAt(product!.url);
    await graphqlAt(
      product!.url,
      `mutation ($code: String!) { setGuestDownloads(eventCode: $code, allowed: true) { code } }`,
      { code: gallery.code },
      gallery.ownerToken,
    );
    await setPin(gallery, '4829');
    const pass = await enterPin(gallery.code, '4829');
    const ask = async (query: string, variables: object, headers: Record<string, string>) => {
      const response = await fetch(`${product!.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...running!.clientHeaders, ...headers },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as {
        data?: Record<string, unknown> | null;
        errors?: { extensions?: { code?: string } }[];
      };
    };
    const operations: [string, string, object][] = [
      [
        'photo list',
        'query ($code: String!) { event(code: $code) { photos(first: 5) { nodes { id } } } }',
        {},
      ],
      [
        'upload slot',
        `mutation ($code: String!, $files: [PhotoUploadRequest!]!) {
          requestPhotoUploads(eventCode: $code, files: $files) { uploadId }
        }`,
        { files: [{ fileName: 'IMG_1.jpg', contentType: 'image/jpeg', size: 2000 }] },
      ],
      ['Download All', 'mutation ($code: String!) { requestArchive(eventCode: $code) { status } }', {}],
    ];
    for (const [what, query, variables] of operations) {
      const refused = await ask(query, { code: gallery.code, ...variables }, {});
      expect({ what, codes: refused.errors?.map((error) => error.extensions?.code) }).toEqual({
        what,
        codes: ['PIN_REQUIRED'],
      });
      const forged = await ask(
        query,
        { code: gallery.code, ...variables },
        { 'x-gallery-pass': `p1.${'B'.repeat(43)}` },
      );
      expect({ what, codes: forged.errors?.map((error) => error.extensions?.code) }).toEqual({
        what,
        codes: ['PIN_REQUIRED'],
      });
      const admitted = await ask(query, { code: gallery.code, ...variables }, { 'x-gallery-pass': pass });
      expect({ what, errors: admitted.errors }).toEqual({ what, errors: undefined });
      expect(admitted.data).toBeTruthy();
    }
  }, 120_000);
});

describe('the live socket asks events about a PIN only when it must', () => {
  const questionsAbout = (code: string) => admissionQuestions.filter((asked) => asked.code === code);

  /**
   * Opens a screen with these credentials and tells how the gateway took it: its refusal's code, or `admitted`
   * once a photo reaches it (an admitted subscription says nothing until one comes, so photos go up, with
   * `uploadPass` when the gallery has a PIN, until one arrives or the refusal does).
   */
  async function screenOutcome(
    code: string,
    connectionParams: Record<string, string> = {},
    uploadPass?: string,
  ): Promise<string> {
    const screen = follow(liveClient(connectionParams), PHOTO_ADDED, code);
    let refusal: string | undefined;
    // An admitted screen is closed (1012) once a PIN is set over its admission: not this question's outcome.
    void screen.ended.then(
      () => (refusal = String(screen.results[0]?.errors?.[0]?.extensions?.code)),
      () => undefined,
    );
    for (let attempt = 0; attempt < 5; attempt++) {
      const [photo] = await uploadGuestPhotos(product!.url, code, 1, { pass: uploadPass });
      const answered = await waitFor(
        'an answer',
        () => refusal !== undefined || photoIds(screen).includes(photo),
        5_000,
      ).then(
        () => true,
        () => false,
      );
      if (answered) return refusal ?? 'admitted';
    }
    throw new Error('the screen was neither refused nor sent a photo');
  }

  it('asks once about a gallery without a PIN whatever the number of screens, then once per pass', async () => {
    const gallery = await createGalleryAt(product!.url);
    // Screens one after another, so no two share a question under way.
    for (let screen = 0; screen < 5; screen++) {
      await expect(screenOutcome(gallery.code)).resolves.toBe('admitted');
    }
    // The gateway's one question (media may have asked once too, if a photo beat the gallery's creation to it).
    expect(questionsAbout(gallery.code).length).toBeLessThanOrEqual(2);

    // A PIN: the gateway hears of it in events' event.privacy-changed, and asks about each pass once.
    await setPin(gallery, '5931');
    const pass = await enterPin(gallery.code, '5931');
    let outcome = await screenOutcome(gallery.code, {}, pass);
    for (let attempt = 0; outcome !== 'PIN_REQUIRED' && attempt < 10; attempt++) {
      outcome = await screenOutcome(gallery.code, {}, pass);
    }
    expect(outcome).toBe('PIN_REQUIRED');
    const before = questionsAbout(gallery.code).filter((asked) => asked.pass === pass).length;
    for (let screen = 0; screen < 4; screen++) {
      await expect(screenOutcome(gallery.code, { 'x-gallery-pass': pass }, pass)).resolves.toBe('admitted');
    }
    // The screens' one question about the pass; media learnt the PIN from the same event and remembers the pass too.
    expect(
      questionsAbout(gallery.code).filter((asked) => asked.pass === pass).length - before,
    ).toBeLessThanOrEqual(2);

    // A new PIN: the old pass stops letting a screen in as soon as the gateway hears of it.
    await setPin(gallery, '8274');
    const newPass = await enterPin(gallery.code, '8274');
    outcome = await screenOutcome(gallery.code, { 'x-gallery-pass': pass }, newPass);
    for (let attempt = 0; outcome !== 'PIN_REQUIRED' && attempt < 10; attempt++) {
      outcome = await screenOutcome(gallery.code, { 'x-gallery-pass': pass }, newPass);
    }
    expect(outcome).toBe('PIN_REQUIRED');
  }, 180_000);
});

describe('the live socket and an owner signing out', () => {
  it("closes the sockets that carried the ended session's token, and no other", async () => {
    const gallery = await createGalleryAt(product!.url);
    await setVisibility(gallery, 'OWN');
    const signedOut = follow(
      liveClient({ authorization: `Bearer ${gallery.sessionToken}` }),
      PHOTO_ADDED,
      gallery.code,
    );
    const other = follow(
      liveClient({ authorization: `Bearer ${gallery.ownerToken}` }),
      PHOTO_ADDED,
      gallery.code,
    );
    // Both are the couple's: a drop-box photo reaches them.
    await photoOnEveryScreen([signedOut, other], gallery.code);

    await graphqlAt(product!.url, 'mutation { signOut }', {}, gallery.sessionToken);
    await expect(signedOut.ended).rejects.toMatchObject({ code: 1012 });
    const [next] = await uploadGuestPhotos(product!.url, gallery.code, 1);
    await waitFor('the next photo on the other screen', () => photoIds(other).includes(next));
  }, 120_000);
});

describe("the live socket and a guest's own photos", () => {
  const REMOVED_COUNTED = `subscription ($eventCode: String!) { photoRemoved(eventCode: $eventCode) { photoId photoCount } }`;
  const removedIds = (followed: Followed) =>
    followed.results.flatMap((result) => {
      const removal = result.data?.photoRemoved as { photoId: string } | undefined;
      return removal ? [removal.photoId] : [];
    });

  it("takes a waiting photo the couple hides off its uploader's screen, and no other guest's", async () => {
    const gallery = await createGalleryAt(product!.url);
    await graphqlAt(
      product!.url,
      `mutation ($code: String!, $settings: PrivacySettingsInput!) {
        setPrivacySettings(eventCode: $code, settings: $settings) { code }
      }`,
      { code: gallery.code, settings: { guestOriginalsAllowed: true, visibility: 'OWN', approval: true } },
      gallery.ownerToken,
    );
    const issue = async () =>
      (
        await graphqlAt<{ issueGuestIdentity: { token: string } }>(
          product!.url,
          'mutation { issueGuestIdentity { token } }',
          {},
        )
      ).issueGuestIdentity.token;
    const [uploaderToken, otherToken] = [await issue(), await issue()];
    const uploader = follow(liveClient({ 'x-guest-identity': uploaderToken }), REMOVED_COUNTED, gallery.code);
    const other = follow(liveClient({ 'x-guest-identity': otherToken }), REMOVED_COUNTED, gallery.code);
    const couple = follow(
      liveClient({ authorization: `Bearer ${gallery.ownerToken}` }),
      REMOVED_COUNTED,
      gallery.code,
    );
    const hide = (id: string) =>
      graphqlAt(
        product!.url,
        `mutation ($code: String!, $ids: [ID!]!) { reviewPhotos(eventCode: $code, ids: $ids, decision: HIDE) }`,
        { code: gallery.code, ids: [id] },
        gallery.ownerToken,
      );

    // As above: photos go up and are hidden until one's removal reaches both screens.
    let hidden: string | undefined;
    for (let attempt = 0; !hidden && attempt < 5; attempt++) {
      const [photo] = await uploadGuestPhotos(product!.url, gallery.code, 1, {
        guestIdentity: uploaderToken,
      });
      await hide(photo);
      await waitFor(
        'the hidden photo off both screens',
        () => [uploader, couple].every((screen) => removedIds(screen).includes(photo)),
        5_000,
      ).then(
        () => (hidden = photo),
        () => undefined,
      );
    }
    expect(hidden).toBeDefined();
    // With the count its uploader sees: their own photos, every one of them hidden now.
    const told = uploader.results.find(
      (result) => (result.data?.photoRemoved as { photoId: string })?.photoId === hidden,
    );
    expect(told!.data!.photoRemoved).toEqual({ photoId: hidden, photoCount: 0 });

    // Once photos are shared a hidden photo leaves every screen: the first removal the other guest hears.
    await setVisibility(gallery, 'EVERYONE');
    const [shown] = await uploadGuestPhotos(product!.url, gallery.code, 1, { guestIdentity: uploaderToken });
    await hide(shown);
    await waitFor('the shared hide on the other guest screen', () => removedIds(other).includes(shown));
    expect(removedIds(other)).toEqual([shown]);
  }, 120_000);
});
