// The media service and its storage: sweeps of abandoned uploads, an original kept byte for byte whether storage
// refuses overwrites or not, and what one upload costs in reads and statements.
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { describe, expect, it, jest } from '@jest/globals';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { MAX_PHOTO_BYTES, Subjects } from '@gallery/contracts';
import { createS3Client, OutboxRelay } from '@gallery/platform';
import { findFreePort, startS3 } from '@gallery/local-servers';
import { waitFor } from '@gallery/testing';
import { RevealAnnouncer } from '../src/galleries/reveal-announcer.js';
import { PhotoPreviews } from '../src/photos/photo-previews.js';
import { ObjectStorage } from '../src/storage/object-storage.js';
import { PHOTO_TYPE_HEAD_BYTES } from '../src/uploads/detect-photo-type.js';
import { StorageDeletions } from '../src/storage/storage-deletions.js';
import { PhotoRemovalService } from '../src/photos/photo-removal.service.js';
import { AbandonedUploadSweeper } from '../src/uploads/abandoned-upload-sweeper.js';
import {
  app,
  db,
  createGallery,
  BUCKET,
  put,
  upload,
  confirm,
  keptOriginal,
  withoutConditionalWrites,
  objectExists,
  headStatus,
  photoKeys,
  uploadStatus,
  ageUploads,
  previewStored,
  photoJpeg,
  useMedia,
} from './media-suite.js';

useMedia();

describe('media service', () => {
  it('sweeps an upload put in storage but never confirmed, and nothing else', async () => {
    const code = await createGallery('free');
    const abandoned = await upload(code, await photoJpeg(64, 48));
    const staged = `staging/${abandoned.uploadId}`;
    const fresh = await upload(code, await photoJpeg(64, 48, '#396'));
    const confirmed = await upload(code, await photoJpeg(64, 48, '#963'));
    expect((await confirm(code, confirmed.uploadId)).errors).toBeUndefined();
    await ageUploads([abandoned.uploadId, confirmed.uploadId], '2 hours');

    const sweeper = app!.get(AbandonedUploadSweeper);
    expect(await sweeper.sweepOnce()).toBe(1);
    expect(await uploadStatus(abandoned.uploadId)).toBe('abandoned');
    await app!.get(StorageDeletions).processOnce();

    expect(await headStatus(staged)).toBe(404);
    expect(await uploadStatus(fresh.uploadId)).toBe('pending');
    expect(await headStatus(`staging/${fresh.uploadId}`)).toBe(200);
    expect(await uploadStatus(confirmed.uploadId)).toBe('confirmed');
    // The preview is made after the confirmation answers: wait for it rather than read too early.
    const confirmedKeys = await waitFor("the confirmed photo's preview", async () => {
      const keys = await photoKeys(confirmed.uploadId);
      return keys.length === 3 ? keys : null;
    });
    for (const key of confirmedKeys) expect(await headStatus(key)).toBe(200);

    const late = await confirm(code, abandoned.uploadId);
    expect(late.errors?.[0].extensions?.code).toBe('UPLOAD_NOT_FOUND');
    expect(await sweeper.sweepOnce()).toBe(0);
    expect((await confirm(code, fresh.uploadId)).errors).toBeUndefined();
    const [{ photo_count }] = await db.query('SELECT photo_count FROM galleries WHERE code = $1', [code]);
    expect(photo_count).toBe(2);
  });

  it('shares the work between sweeps running at once: a sweep skips the rows another holds', async () => {
    const code = await createGallery('free');
    const slots = [];
    for (const background of ['#111', '#222', '#333'])
      slots.push(await upload(code, await photoJpeg(8, 6, background)));
    const ids = slots.map((slot) => slot.uploadId);
    await ageUploads(ids, '3 hours');
    const sweeper = app!.get(AbandonedUploadSweeper);
    // Another replica's sweep, mid-way: it holds the oldest upload's row until its transaction ends.
    const otherSweep = db.createQueryRunner();
    await otherSweep.connect();
    await otherSweep.startTransaction();
    await otherSweep.query('SELECT id FROM uploads WHERE id = $1 FOR UPDATE', [ids[0]]);

    try {
      let finished = false;
      const sweep = sweeper.sweepOnce().then((swept) => {
        finished = true;
        return { swept };
      });
      const waitingOnALock = waitFor('the sweep to finish or wait on a row lock', async () => {
        if (finished) return 'finished';
        const waiting: unknown[] = await db.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return waiting.length > 0 ? 'waited for the other sweep' : null;
      });

      expect(await Promise.race([sweep, waitingOnALock])).toEqual({ swept: 2 });
    } finally {
      await otherSweep.commitTransaction();
      await otherSweep.release();
    }
    expect(await uploadStatus(ids[0])).toBe('pending');
    expect(await sweeper.sweepOnce()).toBe(1);
    for (const id of ids) expect(await uploadStatus(id)).toBe('abandoned');
  });

  it('keeps a confirmed original byte for byte: storage refuses its upload URL a second PUT', async () => {
    const code = await createGallery('standard');
    const original = await photoJpeg(320, 240);
    const slot = await upload(code, original);
    const photo = (await confirm(code, slot.uploadId)).data!.confirmPhotoUpload;

    const swap = Buffer.from('<html>not the photo</html>'.padEnd(original.length, ' '));
    const again = await put(slot, swap);
    expect(again.status).toBe(412);
    expect(await again.text()).toContain('<Code>PreconditionFailed</Code>');
    // Without the header its URL was signed for, the PUT is refused for its signature.
    const unsigned = await fetch(slot.uploadUrl!, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      body: swap,
    });
    expect(unsigned.status).toBe(403);
    expect((await confirm(code, slot.uploadId)).data?.confirmPhotoUpload).toEqual(photo);
    expect((await keptOriginal(photo.id)).equals(original)).toBe(true);
    // Nothing of the photo is scheduled for deletion while it stays.
    const scheduled: unknown[] = await db.query('SELECT 1 FROM storage_deletions WHERE object_key = $1', [
      `staging/${slot.uploadId}`,
    ]);
    expect(scheduled).toEqual([]);
  });

  it('checks an upload as its URL was signed, not as storage is found to be by the time it is confirmed', async () => {
    const code = await createGallery('standard');
    const original = await photoJpeg(320, 240);
    // The slot comes from a replica that found storage taking second PUTs: its URL carries no "If-None-Match".
    const slot = await withoutConditionalWrites(() => upload(code, original));
    expect(slot.headers).toEqual([{ name: 'Content-Type', value: 'image/jpeg' }]);
    // A replica that finds storage refusing them confirms it: the object is still copied before its checks.
    const photo = (await confirm(code, slot.uploadId)).data!.confirmPhotoUpload;
    const [{ original_key: originalKey }]: { original_key: string }[] = await db.query(
      'SELECT original_key FROM photos WHERE id = $1',
      [photo.id],
    );
    expect(originalKey).not.toBe(`staging/${slot.uploadId}`);

    // The URL's second PUT lands (nothing in it asks storage to refuse), and changes nothing checked.
    const swap = Buffer.from('<html>not the photo</html>'.padEnd(original.length, ' '));
    expect((await put(slot, swap)).status).toBe(200);
    expect((await keptOriginal(photo.id)).equals(original)).toBe(true);
  });

  it("deletes a removed photo's original again once its upload URL can no longer PUT it back", async () => {
    const code = await createGallery('standard');
    const original = await photoJpeg(320, 240);
    const slot = await upload(code, original);
    const photo = (await confirm(code, slot.uploadId)).data!.confirmPhotoUpload;
    const staged = `staging/${slot.uploadId}`;
    await previewStored(photo.id);
    await app!.get(PhotoRemovalService).remove(photo.id);
    await waitFor('the original deleted with its photo', async () => !(await objectExists(staged)));

    // The URL still lives for a few minutes, and the key is free again: the PUT lands.
    expect((await put(slot, original)).status).toBe(200);
    const later: { id: string }[] = await db.query(
      'SELECT id FROM storage_deletions WHERE object_key = $1 AND not_before > now()',
      [staged],
    );
    expect(later).toHaveLength(1);
    await db.query('UPDATE storage_deletions SET not_before = now() WHERE id = $1', [later[0].id]);
    await app!.get(StorageDeletions).processOnce();
    expect(await objectExists(staged)).toBe(false);

    // A photo older than any upload URL: its original is deleted once.
    const old = (await confirm(code, (await upload(code, original)).uploadId)).data!.confirmPhotoUpload;
    await previewStored(old.id);
    await db.query(`UPDATE photos SET created_at = now() - interval '2 hours' WHERE id = $1`, [old.id]);
    await app!.get(PhotoRemovalService).remove(old.id);
    const scheduled: { later: boolean }[] = await db.query(
      'SELECT not_before > now() AS later FROM storage_deletions WHERE object_key = $1',
      [`staging/${old.id}`],
    );
    expect(scheduled.filter((row) => row.later)).toEqual([]);
  });

  it('copies the upload first where storage would let its URL replace it, and cleans the late PUT', () =>
    withoutConditionalWrites(async () => {
      const code = await createGallery('standard');
      const original = await photoJpeg(320, 240);
      const slot = await upload(code, original);
      const photo = (await confirm(code, slot.uploadId)).data!.confirmPhotoUpload;
      const staged = `staging/${slot.uploadId}`;
      await waitFor('the staged object deleted after the answer', async () => !(await objectExists(staged)));

      // The local S3 server checks no signature, so this PUT lands, as one begun before expiry would on S3.
      const swap = Buffer.from('<html>not the photo</html>'.padEnd(original.length, ' '));
      expect((await put(slot, swap)).status).toBe(200);

      expect((await confirm(code, slot.uploadId)).data?.confirmPhotoUpload).toEqual(photo);
      expect((await keptOriginal(photo.id)).equals(original)).toBe(true);
      // The staging object is deleted again once no PUT can land any more.
      expect(await objectExists(staged)).toBe(true);
      const later: { id: string }[] = await db.query(
        'SELECT id FROM storage_deletions WHERE object_key = $1 AND not_before > now()',
        [staged],
      );
      expect(later).toHaveLength(1);
      await db.query('UPDATE storage_deletions SET not_before = now() WHERE id = $1', [later[0].id]);
      await app!.get(StorageDeletions).processOnce();
      expect(await objectExists(staged)).toBe(false);
      expect((await keptOriginal(photo.id)).equals(original)).toBe(true);
    }));

  it("reads a photo's copy once, whole, to a kept file for its checks, thumbnail and guest copy", async () => {
    const code = await createGallery('standard');
    const original = await photoJpeg(320, 240);
    const slot = await upload(code, original);
    const storage = app!.get(ObjectStorage);
    const calls = (['downloadUpTo', 'read', 'copy'] as const).map((method) => jest.spyOn(storage, method));
    try {
      const photo = (await confirm(code, slot.uploadId)).data!.confirmPhotoUpload;
      const [downloadUpTo, read, copy] = calls;
      // Checked in place: storage refuses the upload's URL a second PUT.
      expect(copy.mock.calls).toEqual([]);
      expect(downloadUpTo.mock.calls).toEqual([
        [`staging/${slot.uploadId}`, expect.any(String), MAX_PHOTO_BYTES, PHOTO_TYPE_HEAD_BYTES],
      ]);
      expect(await downloadUpTo.mock.results[0]!.value).toMatchObject({
        size: original.length,
        downloaded: true,
      });
      // The file stays, holding this original alone (its guest copy deleted), for the next photo to write over.
      const file = downloadUpTo.mock.calls[0]![1]!;
      expect(await readdir(path.dirname(file))).toEqual(['original']);
      expect((await readFile(file)).equals(original)).toBe(true);
      // The read itself tells whether the staged object is there: nothing else is asked of storage.
      expect(read.mock.calls.length).toBe(0);
      expect((await keptOriginal(photo.id)).equals(original)).toBe(true);

      const next = await photoJpeg(200, 150);
      await confirm(code, (await upload(code, next)).uploadId);
      expect(downloadUpTo.mock.calls[1]![1]).toBe(file);
      expect((await readFile(file)).equals(next)).toBe(true);
    } finally {
      calls.forEach((call) => call.mockRestore());
    }
  });

  it("records a photo in few statements: its slot's, its confirmation's and its preview's", async () => {
    const code = await createGallery('standard');
    const original = await photoJpeg(640, 480);
    // Work in the background runs statements of its own whenever it likes: the relay publishing events, the
    // reveal announcer looking for galleries to reveal. Neither is part of what is counted.
    const relay = app!.get(OutboxRelay);
    const announcer = app!.get(RevealAnnouncer);
    await relay.stop();
    await announcer.onModuleDestroy();
    // Nor the previews of the photos before (the last test's), recorded whenever their builds end.
    await waitFor(
      'the previews of the photos before recorded',
      async () => (await db.query('SELECT 1 FROM photos WHERE preview_pending')).length === 0,
    );
    const previews = app!.get(PhotoPreviews);
    const built: Promise<boolean>[] = [];
    const makeOne = previews.makeOne.bind(previews);
    const spy = jest.spyOn(previews, 'makeOne').mockImplementation((...args) => {
      const build = makeOne(...args);
      built.push(build);
      return build;
    });
    // Every statement the service runs through TypeORM, by the first words of its text.
    let statements: string[] = [];
    const logQuery = db.logger.logQuery.bind(db.logger);
    const counting = jest.spyOn(db.logger, 'logQuery').mockImplementation((query, ...rest) => {
      statements.push(query.trim().split(/\s+/).slice(0, 3).join(' '));
      return logQuery(query, ...rest);
    });
    const take = () => [statements, (statements = [])][0];
    try {
      const slot = await upload(code, original);
      const slotStatements = take();
      const photo = (await confirm(code, slot.uploadId)).data!.confirmPhotoUpload;
      expect(built).toHaveLength(1);
      expect(await built[0]).toBe(true);
      // The preview's build starts as soon as the photo is committed, before or after the answer.
      const confirmStatements = take();
      counting.mockRestore();

      // The slot: the guest's admission, then in one transaction the gallery's row locked, and the pending
      // count and the new upload in one statement.
      expect(slotStatements).toHaveLength(5);
      expect(slotStatements.filter((text) => /^INSERT/i.test(text))).toEqual([]);
      // The confirmation: the guest's admission, the upload and its gallery read, the attempt's keys reserved
      // (its preview's with them), then one transaction: the rows locked, and the photo, its count, its event
      // and its keys in one statement. The preview: recorded under the key its confirmation reserved, that
      // key kept, in one statement, with no transaction held while it was made.
      expect(confirmStatements).toHaveLength(8);
      expect(confirmStatements.at(-1)).toBe('WITH kept AS');
      expect(confirmStatements.filter((text) => /^INSERT/i.test(text))).toEqual([
        'INSERT INTO storage_deletions',
      ]);

      const [event] = await db.query(
        `SELECT envelope FROM outbox_events WHERE envelope->'data'->'photo'->>'id' = $1`,
        [photo.id],
      );
      expect(event.envelope).toMatchObject({
        type: Subjects.PhotoUploaded,
        data: { photo: { id: photo.id }, photoCount: 1 },
      });
      const [{ preview_key }] = await db.query('SELECT preview_key FROM photos WHERE id = $1', [photo.id]);
      expect(preview_key).toMatch(new RegExp(`^photos/${photo.id}/[^/]+/preview.jpg$`));
      expect(await db.query('SELECT 1 FROM storage_deletions WHERE object_key = $1', [preview_key])).toEqual(
        [],
      );
      expect(await objectExists(preview_key)).toBe(true);
    } finally {
      counting.mockRestore();
      spy.mockRestore();
      announcer.onApplicationBootstrap();
      relay.start();
    }
  });

  it('finds out at start whether storage refuses overwrites: where it does not, uploads are copied', async () => {
    expect(app!.get(ObjectStorage).refusesOverwrites).toBe(true);
    const plain = await startS3({
      dataDir: await mkdtemp(path.join(os.tmpdir(), 'media-plain-s3-')),
      port: await findFreePort(),
      accessKeyId: 'plain',
      secretAccessKey: 'plain-secret',
      refuseOverwrites: false,
    });
    const storage = ObjectStorage.fromConfig({
      endpoint: plain.endpoint,
      region: plain.region,
      accessKeyId: plain.accessKeyId,
      secretAccessKey: plain.secretAccessKey,
      bucket: BUCKET,
    });
    try {
      await storage.prepare();
      expect(storage.refusesOverwrites).toBe(false);
      const { headers } = await storage.presignUpload(
        'staging/x',
        { contentType: 'image/jpeg', size: 3, putOnce: storage.refusesOverwrites },
        60,
      );
      expect(headers).toEqual([{ name: 'Content-Type', value: 'image/jpeg' }]);
      // The probe leaves nothing behind.
      const client = createS3Client({ ...plain, bucket: BUCKET });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      client.destroy();
      expect(listed.Contents ?? []).toEqual([]);
    } finally {
      storage.onApplicationShutdown();
      await plain.stop();
    }
  });
});
