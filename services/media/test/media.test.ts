import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp } from 'node:fs/promises';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { DeliverPolicy } from '@nats-io/jetstream';
import { parse, type ObjectTypeDefinitionNode } from 'graphql';
import sharp from 'sharp';
import request from 'supertest';
import {
  API_LIMITS,
  DOMAIN_STREAM,
  englishMessage,
  galleryLookupReplySchema,
  galleryPhotosReplySchema,
  galleryPhotosRequestSchema,
  galleryLookupRequestSchema,
  LIVE_PHOTO_FIELDS,
  MAX_GUEST_NAME_CHARS,
  parseDomainEvent,
  Requests,
  Subjects,
  type ArchivePhoto,
  type DomainEvent,
  type LivePhoto,
  type PhotoUploadedData,
} from '@gallery/contracts';
import { OutboxRelay } from '@gallery/platform';
import { startS3, type LocalS3 } from '@gallery/local-servers';
import { publishAsRelay, waitFor } from '@gallery/testing';
import { GalleryReadModelConsumer } from '../src/gallery-read-model/gallery-read-model.consumer.js';
import { StorageDeletions } from '../src/storage/storage-deletions.js';
import { AbandonedUploadSweeper } from '../src/uploads/abandoned-upload-sweeper.js';
import { type Slot } from './guest-upload.js';
import { type GraphQLAnswer } from './harness.js';
import {
  platform,
  app,
  bus,
  s3,
  db,
  graphql,
  createGallery,
  BUCKET,
  PUBLIC_URL,
  newGalleryCode,
  galleryData,
  requestSlots,
  put,
  upload,
  confirm,
  keptOriginal,
  originalKeyOf,
  objectExists,
  headStatus,
  keysUnder,
  expectNothingStored,
  uploadStatus,
  fetchPhoto,
  previewStored,
  photoJpeg,
  useMedia,
} from './media-suite.js';

let restartedS3: LocalS3 | undefined;

useMedia();

afterAll(async () => {
  await restartedS3?.stop();
});

describe('media service', () => {
  it('is healthy when its database, NATS and storage answer', async () => {
    const response = await request(app!.getHttpServer()).get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', checks: { database: 'ok', nats: 'ok', storage: 'ok' } });
  });

  it('prints a federation 2 subgraph extending Event with its photos', async () => {
    const answer = await graphql<{ _service: { sdl: string } }>('{ _service { sdl } }');
    const sdl = answer.data!._service.sdl;
    if (process.env.PRINT_SDL) process.stdout.write(`${sdl}\n`);
    expect(sdl).toContain('@link(url: "https://specs.apollo.dev/federation/v2');
    expect(sdl).toMatch(/type Event\s+@key\(fields: "code"\)/);
    expect(sdl).toMatch(
      /photos\(\s*first: Int = 30\s+after: String\s+"""[^"]*"""\s+challengeId: ID\s+"""[^"]*"""\s+table: Int\s+"""[^"]*"""\s+order: PhotoOrder = NEWEST\s+"""[^"]*"""\s+mine: Boolean = false\s*\): PhotoPage!/,
    );
    expect(sdl).toContain('challenges: [Challenge!]!');
    expect(sdl).toMatch(/type Photo\s+@key\(fields: "id"\)/);
    expect(sdl).toContain('confirmPhotoUpload(eventCode: String!, uploadId: ID!): Photo!');
  });

  it("prints exactly the shared contract's photo fields on Photo, and the one only its uploader reads", async () => {
    const answer = await graphql<{ _service: { sdl: string } }>('{ _service { sdl } }');
    const photo = parse(answer.data!._service.sdl).definitions.find(
      (definition): definition is ObjectTypeDefinitionNode =>
        definition.kind === 'ObjectTypeDefinition' && definition.name.value === 'Photo',
    );
    // awaitingApproval is for the uploader's own copy over HTTP: a live photo is never a waiting one.
    expect(photo?.fields?.map((field) => field.name.value).sort()).toEqual(
      [...LIVE_PHOTO_FIELDS, 'awaitingApproval'].sort(),
    );
  });

  it('stores a photo: derived images oriented and stripped, original kept byte for byte, photo.uploaded published', async () => {
    const code = await createGallery('free');
    // Stored 1200x800, shown 800x1200: EXIF orientation 6 turns it a quarter clockwise.
    const original = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#8ab' } })
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(original).metadata()).orientation).toBe(6);

    const slot = await upload(code, original, 'Première danse.jpg');
    expect(slot.headers).toEqual([
      { name: 'Content-Type', value: 'image/jpeg' },
      { name: 'If-None-Match', value: '*' },
    ]);
    const publishedDirectly = jest.spyOn(app!.get(OutboxRelay), 'publishCommitted');
    const answer = await confirm(code, slot.uploadId);
    const handedToRelay = [...publishedDirectly.mock.calls];
    publishedDirectly.mockRestore();

    expect(answer.errors).toBeUndefined();
    const photo = answer.data!.confirmPhotoUpload;
    expect(photo).toEqual({
      id: slot.uploadId,
      eventCode: code,
      thumbnailUrl: `${PUBLIC_URL}/media/photos/${slot.uploadId}/thumbnail`,
      previewUrl: `${PUBLIC_URL}/media/photos/${slot.uploadId}/preview`,
      originalUrl: `${PUBLIC_URL}/media/photos/${slot.uploadId}/original`,
      width: 800,
      height: 1200,
      createdAt: expect.any(String),
      kind: 'photo',
      durationSeconds: null,
      guestName: null,
      challengeId: null,
      uploaderId: null,
    });

    const consumer = await bus!.js.consumers.get(DOMAIN_STREAM, {
      filter_subjects: Subjects.PhotoUploaded,
      deliver_policy: DeliverPolicy.All,
    });
    const published = await waitFor('photo.uploaded on JetStream', async () => {
      const message = await consumer.next({ expires: 2000 });
      // Parsed as every consumer parses it: the payload must pass the shared contract's validation.
      const event = message && (parseDomainEvent(message.data) as DomainEvent<typeof Subjects.PhotoUploaded>);
      return event?.data.photo.id === photo.id ? event : null;
    });
    await consumer.delete();
    // Handed to the relay as committed, not left for it to find in the outbox.
    expect(handedToRelay).toEqual([[[published]]]);
    // A new photo has no hearts yet; the event says so, the confirmation's answer does not ask.
    expect(published.data).toEqual({
      photo: { ...photo, heartCount: 0, tableNumber: null },
      photoCount: 1,
    } satisfies PhotoUploadedData);

    const thumbnail = await fetchPhoto(photo.thumbnailUrl);
    expect(thumbnail.redirect.headers['cache-control']).toBe('private, max-age=300');
    const thumbnailMetadata = await sharp(thumbnail.bytes).metadata();
    expect(thumbnailMetadata).toMatchObject({ format: 'jpeg', width: 267, height: 400 });
    expect(thumbnailMetadata.exif).toBeUndefined();
    expect(thumbnailMetadata.orientation).toBeUndefined();
    await previewStored(photo.id);
    const preview = await sharp((await fetchPhoto(photo.previewUrl)).bytes).metadata();
    expect(preview).toMatchObject({ format: 'jpeg', width: 800, height: 1200 });
    expect(preview.exif).toBeUndefined();

    const download = await fetchPhoto(photo.originalUrl);
    expect((await keptOriginal(photo.id)).equals(original)).toBe(true);
    for (const variant of [thumbnail, download]) {
      expect(new URL(variant.redirect.headers.location).pathname).toMatch(
        new RegExp(`^/${BUCKET}/photos/${photo.id}/`),
      );
      expect(variant.redirect.headers.location).not.toContain(code);
    }
    // Checked where the browser stored it, which its URL can never replace: that object is the original.
    expect(await originalKeyOf(photo.id)).toBe(`staging/${slot.uploadId}`);
    expect(await keysUnder(`photos/${photo.id}/`)).not.toContainEqual(expect.stringMatching(/\/original$/));
    expect(download.object.headers.get('content-disposition')).toContain('attachment;');
    expect(download.object.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Premi%C3%A8re%20danse.jpg",
    );

    const counted = await graphql<{ _entities: { photoCount: number }[] }>(
      'query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on Event { photoCount } } }',
      { reps: [{ __typename: 'Event', code }] },
    );
    expect(counted.data!._entities).toEqual([{ photoCount: 1 }]);
    const resolved = await graphql<{ _entities: LivePhoto[] }>(
      'query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on Photo { id width height } } }',
      { reps: [{ __typename: 'Photo', id: photo.id }] },
    );
    expect(resolved.data!._entities).toEqual([{ id: photo.id, width: 800, height: 1200 }]);
  });

  it("keeps the guest's name, cleaned, on the upload and its photo, and lists it for the zip", async () => {
    const code = await createGallery('free');
    const body = await photoJpeg(40, 30);
    const answer = await graphql<{ requestPhotoUploads: Slot[] }>(
      `
        mutation ($code: String!, $files: [PhotoUploadRequest!]!, $guestName: String) {
          requestPhotoUploads(eventCode: $code, files: $files, guestName: $guestName) {
            uploadId
            uploadUrl
            headers {
              name
              value
            }
          }
        }
      `,
      {
        code,
        files: [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: body.length }],
        guestName: '  Anna   Maria ',
      },
    );
    expect(answer.errors).toBeUndefined();
    const slot = answer.data!.requestPhotoUploads[0];
    expect((await put(slot, body)).status).toBe(200);
    const photo = (await confirm(code, slot.uploadId)).data!.confirmPhotoUpload;
    expect(photo.guestName).toBe('Anna Maria');
    const page = galleryPhotosReplySchema.parse(
      (
        await bus!.nc.request(Requests.GalleryPhotos, JSON.stringify({ code, limit: 10 }), { timeout: 5000 })
      ).json(),
    );
    expect(page.photos.map((listed) => listed.guestName)).toEqual(['Anna Maria']);
    // Without a name (or only spaces), the photo has none.
    const unnamed = await upload(code, body, 'b.jpg');
    expect((await confirm(code, unnamed.uploadId)).data!.confirmPhotoUpload.guestName).toBeNull();
  });

  it('refuses a guest name too long or with control or text-direction characters, and hands out no slot', async () => {
    const code = await createGallery('free');
    const ask = (guestName: string) =>
      graphql<{ requestPhotoUploads: Slot[] }>(
        `
          mutation ($code: String!, $files: [PhotoUploadRequest!]!, $guestName: String) {
            requestPhotoUploads(eventCode: $code, files: $files, guestName: $guestName) {
              uploadId
            }
          }
        `,
        { code, files: [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 100 }], guestName },
      );
    const long = await ask('a'.repeat(MAX_GUEST_NAME_CHARS + 1));
    expect(long.errors?.[0].extensions).toMatchObject({
      code: 'GUEST_NAME_TOO_LONG',
      count: MAX_GUEST_NAME_CHARS,
    });
    expect(long.errors?.[0].message).toBe(`Please keep your name to ${MAX_GUEST_NAME_CHARS} characters.`);
    const huge = await ask('a'.repeat(2_000));
    expect(huge.errors?.[0].extensions?.code).toBe('GUEST_NAME_TOO_LONG');
    expect((await ask('Anna\u202Egpj.exe')).errors?.[0].extensions?.code).toBe(
      'GUEST_NAME_FORBIDDEN_CHARACTERS',
    );
    expect((await ask('Anna\nMaria')).errors?.[0].extensions?.code).toBe('GUEST_NAME_FORBIDDEN_CHARACTERS');
    const rows: unknown[] = await db.query('SELECT 1 FROM uploads WHERE event_code = $1', [code]);
    expect(rows).toEqual([]);
  });

  it('refuses a text file named .jpg and sent as image/jpeg, and deletes its object', async () => {
    const code = await createGallery('free');
    const slot = await upload(
      code,
      Buffer.from('Dear guests, this is not a photo.\n'.repeat(20)),
      'photo.jpg',
    );
    expect(await objectExists(`staging/${slot.uploadId}`)).toBe(true);

    const answer = await confirm(code, slot.uploadId);

    expect(answer.errors?.[0].extensions?.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(answer.errors?.[0].message).toBe(
      'This file is not a supported photo. Please upload JPEG, PNG, WebP or HEIC images.',
    );
    await expectNothingStored(slot.uploadId);
    expect((await confirm(code, slot.uploadId)).errors?.[0].extensions?.code).toBe('UPLOAD_NOT_FOUND');
    const [{ photo_count }] = await db.query('SELECT photo_count FROM galleries WHERE code = $1', [code]);
    expect(photo_count).toBe(0);
  });

  it('refuses what the browser declares wrongly before handing out a URL', async () => {
    const code = await createGallery('free');
    const codeOf = async (file: { fileName: string; contentType: string; size: number }) => {
      const answer = await requestSlots(code, [file]);
      return [answer.errors?.[0].extensions?.code, answer.errors?.[0].extensions?.count];
    };
    expect(
      await codeOf({ fileName: 'big.jpg', contentType: 'image/jpeg', size: 50 * 1024 * 1024 + 1 }),
    ).toEqual(['FILE_TOO_LARGE', 50]);
    expect(await codeOf({ fileName: 'doc.pdf', contentType: 'application/pdf', size: 1000 })).toEqual([
      'UNSUPPORTED_FILE_TYPE',
      undefined,
    ]);
    expect(await codeOf({ fileName: 'empty.jpg', contentType: 'image/jpeg', size: 0 })).toEqual([
      'FILE_EMPTY',
      undefined,
    ]);
    // Not a code the product issues: refused without asking anyone.
    const unknown = await requestSlots('NOSUCHCODE', [
      { fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 },
    ]);
    expect(unknown.errors?.[0].extensions?.code).toBe('GALLERY_NOT_FOUND');
  });

  it('refuses an empty object on confirmation', async () => {
    const code = await createGallery('free');
    const answer = await requestSlots(code, [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }]);
    const slot = answer.data!.requestPhotoUploads[0];
    // Storage refuses the PUT itself: its URL is signed for the declared length, as S3 holds it.
    expect((await put(slot, Buffer.alloc(0))).status).toBe(403);
    // Should storage hold an empty object at the key all the same, the confirmation refuses it.
    const stagedKey = decodeURIComponent(new URL(slot.uploadUrl!).pathname).slice(`/${BUCKET}/`.length);
    await s3!.send(new PutObjectCommand({ Bucket: BUCKET, Key: stagedKey, Body: Buffer.alloc(0) }));
    expect((await confirm(code, slot.uploadId)).errors?.[0].extensions?.code).toBe('FILE_EMPTY');
    await expectNothingStored(slot.uploadId);
  });

  it('answers UPLOAD_NOT_FOUND for an upload that never reached storage or belongs elsewhere', async () => {
    const code = await createGallery('free');
    const slot = (await requestSlots(code, [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }]))
      .data!.requestPhotoUploads[0];
    expect((await confirm(code, slot.uploadId)).errors?.[0].extensions?.code).toBe('UPLOAD_NOT_FOUND');
    expect((await confirm(newGalleryCode(), slot.uploadId)).errors?.[0].extensions?.code).toBe(
      'UPLOAD_NOT_FOUND',
    );
    expect((await confirm(code, 'not-a-uuid')).errors?.[0].extensions?.code).toBe('UPLOAD_NOT_FOUND');
  });

  it('answers 404 for an unknown photo or variant', async () => {
    const server = app!.getHttpServer();
    expect((await request(server).get(`/media/photos/${randomUUID()}/thumbnail`)).status).toBe(404);
    expect((await request(server).get('/media/photos/not-a-uuid/thumbnail')).status).toBe(404);
    const code = await createGallery('free');
    const slot = await upload(code, await photoJpeg(64, 48));
    await confirm(code, slot.uploadId);
    expect((await request(server).get(`/media/photos/${slot.uploadId}/huge`)).status).toBe(404);
  });

  it('pages through a gallery newest first with cursors', async () => {
    const code = await createGallery('premium');
    // Seven photos, two of them sharing a timestamp, so the id must break the tie.
    const base = Date.parse('2026-06-13T18:00:00.000Z');
    const photos = [0, 1, 2, 3, 3, 4, 5].map((minute) => ({
      id: randomUUID(),
      createdAt: new Date(base + minute * 60_000),
    }));
    for (const photo of photos) {
      await db.query(
        `INSERT INTO photos (id, event_code, original_key, file_name, content_type, size, width, height, created_at)
         VALUES ($1, $2, $3, 'p.jpg', 'image/jpeg', 1, 4, 3, $4)`,
        [photo.id, code, `events/${code}/originals/${photo.id}`, photo.createdAt],
      );
    }
    const expected = [...photos]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((photo) => photo.id);

    const PAGE = `query ($reps: [_Any!]!, $after: String) {
      _entities(representations: $reps) { ... on Event { photos(first: 3, after: $after) { nodes { id createdAt } endCursor hasMore } } }
    }`;
    type Page = { nodes: { id: string }[]; endCursor: string | null; hasMore: boolean };
    const seen: string[] = [];
    const pages: Page[] = [];
    let after: string | null = null;
    do {
      const answer: GraphQLAnswer<{ _entities: { photos: Page }[] }> = await graphql(PAGE, {
        reps: [{ __typename: 'Event', code }],
        after,
      });
      expect(answer.errors).toBeUndefined();
      const page: Page = answer.data!._entities[0].photos;
      pages.push(page);
      seen.push(...page.nodes.map((node) => node.id));
      after = page.hasMore ? page.endCursor : null;
    } while (after);

    expect(seen).toEqual(expected);
    expect(pages.map((page) => [page.nodes.length, page.hasMore])).toEqual([
      [3, true],
      [3, true],
      [1, false],
    ]);
    const bad = await graphql(PAGE, { reps: [{ __typename: 'Event', code }], after: 'bogus' });
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it("lists a gallery's originals oldest first, a page at a time, to the download service over NATS", async () => {
    const code = await createGallery('premium');
    const base = Date.parse('2026-06-13T18:00:00.000Z');
    const photos = [0, 1, 1, 2, 3].map((minute, index) => ({
      id: randomUUID(),
      createdAt: new Date(base + minute * 60_000),
      name: `IMG_${index}.JPG`,
    }));
    for (const photo of photos) {
      await db.query(
        `INSERT INTO photos (id, event_code, original_key, file_name, content_type, size, width, height, created_at)
         VALUES ($1, $2, $3, $4, 'image/jpeg', 7, 4, 3, $5)`,
        [photo.id, code, `photos/${photo.id}/a/original`, photo.name, photo.createdAt],
      );
    }
    const expected = [...photos]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((photo) => photo.id);
    const ask = async (request: unknown) =>
      galleryPhotosReplySchema.parse(
        (await bus!.nc.request(Requests.GalleryPhotos, JSON.stringify(request), { timeout: 5000 })).json(),
      );

    const seen: ArchivePhoto[] = [];
    const sizes: number[] = [];
    let after: string | undefined;
    do {
      const page = await ask(galleryPhotosRequestSchema.parse({ code, after, limit: 2 }));
      expect(page.found).toBe(true);
      seen.push(...page.photos);
      sizes.push(page.photos.length);
      after = page.next ?? undefined;
    } while (after);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen.map((photo) => photo.id)).toEqual(expected);
    expect(seen[0]).toMatchObject({
      originalKey: `photos/${seen[0].id}/a/original`,
      contentType: 'image/jpeg',
      size: 7,
      kind: 'photo',
    });
    expect(seen.map((photo) => photo.fileName).sort()).toEqual(
      photos.map((p) => p.name.replace('.JPG', '.jpg')).sort(),
    );

    expect(await ask({ code: newGalleryCode(), limit: 10 })).toEqual({
      found: false,
      photos: [],
      next: null,
    });
    // A request that breaks the contract (a page larger than the limit) names no gallery.
    expect((await ask({ code, limit: 100_000 })).found).toBe(false);
  });

  it('downloads an original under its cleaned name with the extension of its real type', async () => {
    const code = await createGallery('free');
    const slot = await upload(code, await photoJpeg(64, 48), 'party\u202Egpj.exe');
    const photo = (await confirm(code, slot.uploadId)).data!.confirmPhotoUpload;

    const download = await fetchPhoto(photo.originalUrl);

    expect(download.object.headers.get('content-disposition')).toBe(
      `attachment; filename="partygpj.jpg"; filename*=UTF-8''partygpj.jpg`,
    );
  });

  it('asks the events service about a gallery its read model has not heard of, and uploads at once', async () => {
    const file = [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }];
    const justCreated = galleryData(newGalleryCode(), 'free');
    expect((await requestSlots(justCreated.code, file)).errors?.[0].extensions?.code).toBe(
      'SERVICE_UNAVAILABLE',
    );
    // The events service's side of the contract, as it answers from its own table.
    const lookups = bus!.nc.subscribe(Requests.GalleryLookup, {
      callback: (_error, message) => {
        const { code } = galleryLookupRequestSchema.parse(JSON.parse(message.string()));
        const gallery = code === justCreated.code ? justCreated : null;
        message.respond(JSON.stringify(galleryLookupReplySchema.parse({ gallery })));
      },
    });
    await bus!.nc.flush();
    try {
      const slot = await upload(justCreated.code, await photoJpeg(64, 48));
      expect((await confirm(justCreated.code, slot.uploadId)).errors).toBeUndefined();
      expect((await requestSlots(newGalleryCode(), file)).errors?.[0].extensions?.code).toBe(
        'GALLERY_NOT_FOUND',
      );
    } finally {
      lookups.unsubscribe();
    }
    // event.created arriving afterwards changes nothing: the photo stays counted.
    const created = randomUUID();
    await publishAsRelay(bus!, {
      id: created,
      type: Subjects.EventCreated,
      occurredAt: new Date().toISOString(),
      data: justCreated,
    });
    await waitFor('event.created for the looked-up gallery to be processed', async () => {
      const rows: unknown[] = await db.query(
        'SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id = $2',
        [GalleryReadModelConsumer.NAME, created],
      );
      return rows.length > 0;
    });
    const [{ photo_count }] = await db.query('SELECT photo_count FROM galleries WHERE code = $1', [
      justCreated.code,
    ]);
    expect(photo_count).toBe(1);
  });

  it('refuses a body over the limit and a malformed body with JSON and no stack', async () => {
    const server = app!.getHttpServer();
    const tooBig = await request(server)
      .post('/graphql')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ query: `{ __typename }`, padding: 'x'.repeat(API_LIMITS.bodyBytes) }));
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers['content-type']).toMatch(/^application\/json/);

    const malformed = await request(server)
      .post('/graphql')
      .set('Content-Type', 'application/json')
      .send('{"query": ');
    expect(malformed.status).toBe(400);
    expect(malformed.headers['content-type']).toMatch(/^application\/json/);
    for (const answer of [tooBig, malformed]) {
      expect(answer.text).not.toMatch(/node_modules|\bat \S+ \(|stack/i);
    }
  });

  // From here on the storage server is stopped.
  it('reports unavailable with 503 when storage stops answering', async () => {
    await platform!.s3.stop();
    const response = await request(app!.getHttpServer()).get('/health');
    expect(response.status).toBe(503);
    expect(response.body.status).toBe('unavailable');
    expect(response.body.checks).toMatchObject({ database: 'ok', nats: 'ok' });
    expect(response.body.checks.storage).not.toBe('ok');
  });

  it('answers SERVICE_UNAVAILABLE, not INTERNAL, to a confirmation while storage is down', async () => {
    const code = await createGallery('free');
    // Signing a URL needs no storage: the slot is handed out, its confirmation cannot check anything.
    const slots = await requestSlots(code, [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }]);
    expect(slots.errors).toBeUndefined();

    const answer = await confirm(code, slots.data!.requestPhotoUploads[0].uploadId);

    expect(answer.errors?.[0].extensions?.code).toBe('SERVICE_UNAVAILABLE');
    expect(answer.errors?.[0].message).toBe(englishMessage('errors.SERVICE_UNAVAILABLE'));
    expect(await uploadStatus(slots.data!.requestPhotoUploads[0].uploadId)).toBe('pending');
  });

  it('retries a deletion storage did not answer, later, until it succeeds', async () => {
    const id = randomUUID();
    const staged = `staging/${id}`;
    await db.query(
      `INSERT INTO uploads (id, event_code, object_key, file_name, content_type, size, status, created_at)
       VALUES ($1, $2, $3, 'a.jpg', 'image/jpeg', 10, 'pending', now() - interval '2 hours')`,
      [id, newGalleryCode(), staged],
    );
    expect(await app!.get(AbandonedUploadSweeper).sweepOnce()).toBe(1);
    const deletions = app!.get(StorageDeletions);
    const scheduled = async () =>
      (await db.query(
        'SELECT attempts, not_before > now() AS later FROM storage_deletions WHERE object_key = $1',
        [staged],
      )) as { attempts: number; later: boolean }[];

    expect(await deletions.processOnce()).toBe(0);
    expect(await scheduled()).toEqual([{ attempts: 1, later: true }]);

    // Storage comes back, holding the object, on the same address.
    restartedS3 = await startS3({
      dataDir: await mkdtemp(path.join(os.tmpdir(), 'media-s3-back-')),
      port: Number(new URL(platform!.s3.endpoint).port),
      accessKeyId: platform!.s3.accessKeyId,
      secretAccessKey: platform!.s3.secretAccessKey,
      buckets: [BUCKET],
    });
    await s3!.send(new PutObjectCommand({ Bucket: BUCKET, Key: staged, Body: Buffer.from('staged') }));
    await deletions.processOnce();
    expect(await headStatus(staged)).toBe(200);

    // The back-off has passed.
    await db.query('UPDATE storage_deletions SET not_before = now() WHERE object_key = $1', [staged]);
    expect(await deletions.processOnce()).toBeGreaterThanOrEqual(1);

    expect(await headStatus(staged)).toBe(404);
    expect(await scheduled()).toEqual([]);
  });
});
