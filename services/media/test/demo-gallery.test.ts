import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { DEMO_GALLERY, DEMO_GALLERY_CODE } from '@gallery/contracts';
import { waitFor } from '@gallery/testing';
import { DemoGallery } from '../src/demo-gallery/demo-gallery.js';
import { DEMO_PHOTOS } from '../src/demo-gallery/demo-photos.js';
import { DAY, ownerOf, startMedia, type MediaHarness } from './harness.js';

let media: MediaHarness | undefined;
let db: DataSource;

const GALLERY = `query ($reps: [_Any!]!) {
  _entities(representations: $reps) {
    ... on Event {
      photoCount
      photos(first: 50) { nodes { id thumbnailUrl heartCount guestName } }
      coverPhoto { id }
    }
  }
}`;
interface GalleryView {
  photoCount: number;
  photos: { nodes: { id: string; thumbnailUrl: string; heartCount: number; guestName: string | null }[] };
  coverPhoto: { id: string } | null;
}
const GUESTBOOK = `query ($code: String!) { guestbookMessages(eventCode: $code) { id text guestName } }`;

async function demoView(): Promise<{ gallery: GalleryView; guestbook: { id: string; text: string }[] }> {
  const gallery = await media!.graphql<{ _entities: GalleryView[] }>(GALLERY, {
    reps: [{ __typename: 'Event', code: DEMO_GALLERY_CODE }],
  });
  const guestbook = await media!.graphql<{ guestbookMessages: { id: string; text: string }[] }>(GUESTBOOK, {
    code: DEMO_GALLERY_CODE,
  });
  return { gallery: gallery.data!._entities[0], guestbook: guestbook.data!.guestbookMessages };
}

beforeAll(async () => {
  // Two replicas on one database and bucket, started one after the other: each looks for the demo at start-up.
  media = await startMedia({
    bucket: 'media-demo-gallery-test',
    replicas: 2,
    owners: { plan: 'standard', expiresInMs: 30 * DAY },
  });
  ({ db } = media);
  // Each start looks for the demo at once, without holding the start-up.
  await waitFor('the demo seeded', async () => {
    const [row]: { photos: number; resets: number }[] = await db.query(
      `SELECT (SELECT count(*)::int FROM photos WHERE event_code = $1) AS photos,
              (SELECT count(*)::int FROM demo_gallery_resets) AS resets`,
      [DEMO_GALLERY_CODE],
    );
    return row.photos === DEMO_PHOTOS.length && row.resets === 1;
  });
});

afterAll(() => media?.stop());

describe('the demo gallery', () => {
  it('is seeded once by two starts: its photos, hearts, guestbook and cover, each photo viewable', async () => {
    const { gallery, guestbook } = await demoView();
    expect(gallery.photoCount).toBe(DEMO_PHOTOS.length);
    expect(gallery.photos.nodes.map((photo) => photo.id).sort()).toEqual(
      DEMO_PHOTOS.map((photo) => photo.id).sort(),
    );
    expect(gallery.coverPhoto).toEqual({ id: DEMO_PHOTOS[0].id });
    const hearts = Object.fromEntries(gallery.photos.nodes.map((photo) => [photo.id, photo.heartCount]));
    expect(hearts).toEqual(Object.fromEntries(DEMO_PHOTOS.map((photo) => [photo.id, photo.hearts])));
    expect(guestbook.map((message) => message.text).sort()).toEqual(
      DEMO_GALLERY.guestbook.map((message) => message.text.en).sort(),
    );
    const resets: unknown[] = await db.query('SELECT day FROM demo_gallery_resets');
    expect(resets).toHaveLength(1);

    const thumbnail = gallery.photos.nodes[0].thumbnailUrl;
    const redirect = await request(media!.app.getHttpServer()).get(new URL(thumbnail).pathname);
    expect(redirect.status).toBe(302);
    const object = await fetch(redirect.headers.location);
    expect(object.status).toBe(200);
    expect(object.headers.get('content-type')).toBe('image/jpeg');
  });

  it("refuses every write with DEMO_READ_ONLY: a guest's upload, heart and message, the couple's cover", async () => {
    const guest = media!.identities.issue().token;
    const photoId = DEMO_PHOTOS[1].id;
    const writes: [string, object, { authorization?: string; guestIdentity?: string }][] = [
      [
        `mutation ($code: String!) {
          requestPhotoUploads(eventCode: $code, files: [{ fileName: "a.jpg", contentType: "image/jpeg", size: 1000 }]) {
            uploadId
          }
        }`,
        {},
        { guestIdentity: guest },
      ],
      [
        `mutation ($code: String!, $photoId: ID!) {
          setHeart(eventCode: $code, photoId: $photoId, hearted: true) { heartCount }
        }`,
        { photoId },
        { guestIdentity: guest },
      ],
      [
        `mutation ($code: String!) { leaveGuestbookMessage(eventCode: $code, text: "Hello") { id } }`,
        {},
        { guestIdentity: guest },
      ],
      [
        `mutation ($code: String!, $photoId: ID!) { deleteOwnPhoto(eventCode: $code, id: $photoId) }`,
        { photoId },
        { guestIdentity: guest },
      ],
      [
        `mutation ($code: String!, $photoId: ID) { setCoverPhoto(code: $code, photoId: $photoId) }`,
        { photoId },
        { authorization: ownerOf(DEMO_GALLERY_CODE) },
      ],
      [
        `mutation ($photoId: ID!) { removePhoto(id: $photoId) }`,
        { photoId },
        { authorization: ownerOf(DEMO_GALLERY_CODE) },
      ],
    ];
    for (const [mutation, variables, caller] of writes) {
      const answer = await media!.graphql(mutation, { code: DEMO_GALLERY_CODE, ...variables }, caller);
      expect({ mutation, code: answer.errors?.[0]?.extensions?.code }).toEqual({
        mutation,
        code: 'DEMO_READ_ONLY',
      });
    }
    const { gallery, guestbook } = await demoView();
    expect(gallery.photoCount).toBe(DEMO_PHOTOS.length);
    expect(gallery.photos.nodes.find((photo) => photo.id === photoId)?.heartCount).toBe(
      DEMO_PHOTOS[1].hearts,
    );
    expect(gallery.coverPhoto).toEqual({ id: DEMO_PHOTOS[0].id });
    expect(guestbook).toHaveLength(DEMO_GALLERY.guestbook.length);
  });

  it('is put back to its seed once the next day, by one replica, and again changes nothing', async () => {
    const before = await demoView();
    // What a day could leave: a seed photo gone, a heart count moved, a stranger's photo, a message gone, no cover.
    await db.query('DELETE FROM photos WHERE id = $1', [DEMO_PHOTOS[2].id]);
    await db.query('UPDATE photos SET heart_count = 99 WHERE id = $1', [DEMO_PHOTOS[3].id]);
    await db.query(
      `INSERT INTO photos (id, event_code, original_key, file_name, content_type, size, width, height, kind, created_at)
       VALUES ('0badc0de-0000-4000-8000-000000000001', $1, 'photos/stranger/original', 'x.jpg', 'image/jpeg', 1, 1, 1,
               'photo', now())`,
      [DEMO_GALLERY_CODE],
    );
    await db.query('DELETE FROM guestbook_messages WHERE id = $1', [DEMO_GALLERY.guestbook[0].id]);
    await db.query('UPDATE galleries SET cover_photo_id = NULL, photo_count = 3 WHERE code = $1', [
      DEMO_GALLERY_CODE,
    ]);

    const tomorrow = new Date(Date.now() + DAY);
    const done = await Promise.all(media!.apps.map((app) => app.get(DemoGallery).resetIfDue(tomorrow)));
    expect(done.filter(Boolean)).toHaveLength(1);
    const after = await demoView();
    const shown = (view: typeof before) => ({
      photoCount: view.gallery.photoCount,
      photos: view.gallery.photos.nodes.map(({ id, heartCount, guestName }) => ({
        id,
        heartCount,
        guestName,
      })),
      cover: view.gallery.coverPhoto,
      guestbook: view.guestbook,
    });
    expect(shown(after)).toEqual(shown(before));
    const stranger: unknown[] = await db.query(
      `SELECT 1 FROM storage_deletions WHERE object_key = 'photos/stranger/original'`,
    );
    expect(stranger).toHaveLength(1);

    expect(await media!.apps[0].get(DemoGallery).resetIfDue(tomorrow)).toBe(false);
    expect(shown(await demoView())).toEqual(shown(before));
  });
});
