import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { englishMessage, GUEST_RATE_LIMITS } from '@gallery/contracts';
import { GuestIdentities } from '@gallery/platform';
import { putToSlot, REQUEST_UPLOADS, type Slot } from './guest-upload.js';
import { DAY, startMedia, type MediaHarness } from './harness.js';

let media: MediaHarness | undefined;
let db: DataSource;
let identities: GuestIdentities;

const graphql = <T>(query: string, variables: object, guest: Guest) =>
  media!.graphql<T>(query, variables, { guestIdentity: guest.identity, client: guest.address });

const createGallery = (plan: 'standard') =>
  media!.createGallery({ plan, expiresAt: new Date(Date.now() + 30 * DAY) });

const CONFIRM = `mutation ($code: String!, $id: ID!) { confirmPhotoUpload(eventCode: $code, uploadId: $id) { id } }`;

/** A guest of the venue: the one address every guest there shares, and the browser's own signed identity. */
interface Guest {
  address: string;
  identity?: string;
}

/** `count` guests of one venue, each with an identity of their own. */
function venueGuests(count: number, address = `venue-${randomUUID()}`): Guest[] {
  return Array.from({ length: count }, () => ({ address, identity: identities.issue().token }));
}

const requestSlots = (code: string, files: object[], guest: Guest) =>
  graphql<{ requestPhotoUploads: Slot[] }>(REQUEST_UPLOADS, { code, files }, guest);

/** What the web app does for one photo: a slot, the PUT to storage, the confirm. The refusal's code, if any. */
async function uploadAsGuest(code: string, photo: Buffer, guest: Guest): Promise<string | undefined> {
  const file = { fileName: 'IMG_0001.JPG', contentType: 'image/jpeg', size: photo.length };
  const slots = await requestSlots(code, [file], guest);
  if (slots.errors) return slots.errors[0].extensions?.code;
  const [slot] = slots.data!.requestPhotoUploads;
  expect((await putToSlot(slot, photo)).status).toBe(200);
  const confirmed = await graphql(CONFIRM, { code, id: slot.uploadId }, guest);
  return confirmed.errors?.[0].extensions?.code;
}

/** Runs `work` over `items`, `lanes` at a time (guests uploading at once). */
async function inLanes<T, R>(items: T[], lanes: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]);
      }
    }),
  );
  return results;
}

beforeAll(async () => {
  media = await startMedia({
    bucket: 'media-venue-test',
  });
  ({ db, identities } = media);
});

afterAll(() => media?.stop());

describe('guests behind one address', () => {
  // Twice the 60 slots a minute one address was once allowed in all; bench/venue.mjs tries a venue of 300.
  it('takes a photo from each of 120 guests sharing the venue address', async () => {
    const code = await createGallery('standard');
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c9a' } })
      .jpeg()
      .toBuffer();
    const guests = venueGuests(120);

    const refusals = await inLanes(guests, 8, (guest) => uploadAsGuest(code, photo, guest));

    expect(refusals.filter(Boolean)).toEqual([]);
    const [{ count }] = await db.query('SELECT count(*)::int AS count FROM photos WHERE event_code = $1', [
      code,
    ]);
    expect(count).toBe(120);
  });

  it('holds back one guest asking for slots too fast, with the seconds to wait, not the others', async () => {
    const code = await createGallery('standard');
    const [flooder, neighbour] = venueGuests(2);
    const { points, durationSeconds } = GUEST_RATE_LIMITS.uploadSlotRequests.perGuest;
    const file = [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }];
    for (let attempt = 0; attempt < points; attempt++)
      expect((await requestSlots(code, file, flooder)).errors).toBeUndefined();

    const limited = await requestSlots(code, file, flooder);

    const wait = limited.errors?.[0].extensions?.count;
    expect(limited.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(durationSeconds);
    expect(limited.errors?.[0].message).toBe(englishMessage('errors.RATE_LIMITED', { count: wait }));
    expect((await requestSlots(code, file, neighbour)).errors).toBeUndefined();
    // The flooder's count is for this gallery: another gallery takes their photos.
    expect((await requestSlots(await createGallery('standard'), file, flooder)).errors).toBeUndefined();
  });

  it('counts a caller without an identity as one guest of its address', async () => {
    const code = await createGallery('standard');
    const address = `no-identity-${randomUUID()}`;
    const file = [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }];
    for (let attempt = 0; attempt < GUEST_RATE_LIMITS.uploadSlotRequests.perGuest.points; attempt++)
      await requestSlots(code, file, { address });
    expect((await requestSlots(code, file, { address })).errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    expect((await requestSlots(code, file, venueGuests(1, address)[0])).errors).toBeUndefined();
  });

  it("stops a flood from one address at the address's ceiling, whatever identities it mints", async () => {
    const code = await createGallery('standard');
    const address = `flood-${randomUUID()}`;
    const { points } = GUEST_RATE_LIMITS.uploadSlotRequests.perAddress;
    // The address's count so far, as a script with fresh identities would have spent it.
    await db.query('INSERT INTO rate_limits (key, points, expire) VALUES ($1, $2, $3)', [
      `uploadSlotRequests.perAddress:${address}`,
      points,
      Date.now() + 60_000,
    ]);
    const file = [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }];
    const [fresh] = venueGuests(1, address);
    expect((await requestSlots(code, file, fresh)).errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    expect((await requestSlots(code, file, venueGuests(1)[0])).errors).toBeUndefined();
  });
});
