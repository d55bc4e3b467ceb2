// The media service's limits on uploads: plan limits and their reservations, an expired gallery, the slots it
// hands out at once, files too large to open.
import { randomUUID } from 'node:crypto';
import { describe, expect, it, jest } from '@jest/globals';
import {
  englishMessage,
  en,
  MAX_PENDING_UPLOADS_PER_GALLERY,
  UPLOADS_BUSY_RETRY_SECONDS,
  MAX_PHOTO_MEGAPIXELS,
  Subjects,
} from '@gallery/contracts';
import { publishAsRelay, waitFor } from '@gallery/testing';
import { ObjectStorage } from '../src/storage/object-storage.js';
import { UPLOAD_URL_SECONDS } from '../src/storage/upload-url-lifetime.js';
import { pixelBombPng } from './fixtures/pixel-bomb.js';
import { DAY } from './harness.js';
import {
  app,
  bus,
  db,
  createGallery,
  BUCKET,
  requestSlots,
  put,
  upload,
  confirm,
  confirmWhileMocked,
  keptOriginal,
  withoutConditionalWrites,
  objectExists,
  expectNothingStored,
  uploadStatus,
  previewStored,
  photoJpeg,
  useMedia,
} from './media-suite.js';

useMedia();

describe('media service', () => {
  it('keeps an upload confirmed before its PUT pending, with nothing reserved, and makes it a photo after the PUT', async () => {
    const code = await createGallery('free');
    const original = await photoJpeg(40, 30);
    const slot = (
      await requestSlots(code, [{ fileName: 'early.jpg', contentType: 'image/jpeg', size: original.length }])
    ).data!.requestPhotoUploads[0];
    expect((await confirm(code, slot.uploadId)).errors?.[0].extensions?.code).toBe('UPLOAD_NOT_FOUND');
    expect(await uploadStatus(slot.uploadId)).toBe('pending');
    const reserved = await db.query('SELECT 1 FROM storage_deletions WHERE object_key LIKE $1', [
      `photos/${slot.uploadId}/%`,
    ]);
    expect(reserved).toEqual([]);

    expect((await put(slot, original)).status).toBe(200);
    const answer = await confirm(code, slot.uploadId);
    expect(answer.errors).toBeUndefined();
    expect((await keptOriginal(answer.data!.confirmPhotoUpload.id)).equals(original)).toBe(true);
  });

  it('rejects the 51st photo on the free plan and deletes what it stored', async () => {
    const code = await createGallery('free');
    await db.query('UPDATE galleries SET photo_count = 48 WHERE code = $1', [code]);
    const fiftieth = await upload(code, await photoJpeg(64, 48));
    const fiftyFirst = await upload(code, await photoJpeg(64, 48, '#369'));
    // A photo confirmed meanwhile, by a path the slots did not see (an owner's import, a plan downgrade).
    await db.query('UPDATE galleries SET photo_count = 49 WHERE code = $1', [code]);

    expect((await confirm(code, fiftieth.uploadId)).errors).toBeUndefined();
    const refused = await confirm(code, fiftyFirst.uploadId);

    expect(refused.errors?.[0].extensions).toMatchObject({ code: 'PHOTO_LIMIT_REACHED', count: 50 });
    expect(refused.errors?.[0].message).toBe(
      'This gallery is full: it holds 50 photos, all its plan takes. Let the couple know.',
    );
    await expectNothingStored(fiftyFirst.uploadId);
    const [{ photo_count }] = await db.query('SELECT photo_count FROM galleries WHERE code = $1', [code]);
    expect(photo_count).toBe(50);
    const more = await requestSlots(code, [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }]);
    expect(more.errors?.[0].extensions).toMatchObject({ code: 'PHOTO_LIMIT_REACHED', count: 50 });
  });

  it('follows plan.upgraded: a full free gallery upgraded to Standard takes the 51st photo until its new expiry', async () => {
    const code = await createGallery('free');
    await db.query('UPDATE galleries SET photo_count = 50 WHERE code = $1', [code]);
    const refused = await requestSlots(code, [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }]);
    expect(refused.errors?.[0].extensions).toMatchObject({ code: 'PHOTO_LIMIT_REACHED', count: 50 });

    const expiresAt = new Date(Date.now() + 30 * DAY);
    await publishAsRelay(bus!, {
      id: randomUUID(),
      type: Subjects.PlanUpgraded,
      occurredAt: new Date().toISOString(),
      data: {
        code,
        previousPlan: 'free',
        plan: 'standard',
        expiresAt: expiresAt.toISOString(),
        reason: 'payment',
        paymentId: randomUUID(),
      },
    });
    await waitFor('the upgrade in the read model', async () => {
      const [row] = await db.query('SELECT plan, expires_at FROM galleries WHERE code = $1', [code]);
      return row.plan === 'standard' ? row : null;
    });

    const fiftyFirst = await upload(code, await photoJpeg(64, 48));
    expect((await confirm(code, fiftyFirst.uploadId)).errors).toBeUndefined();
    const [row] = await db.query('SELECT photo_count, expires_at FROM galleries WHERE code = $1', [code]);
    expect(row).toEqual({ photo_count: 51, expires_at: expiresAt });
  });

  it('keeps a refunded gallery read-only until its reverted expiry, and opens it again on a new payment', async () => {
    const code = await createGallery('free');
    const planChange = (reason: 'payment' | 'refund', plan: 'free' | 'standard') =>
      publishAsRelay(bus!, {
        id: randomUUID(),
        type: Subjects.PlanUpgraded,
        occurredAt: new Date().toISOString(),
        data: {
          code,
          previousPlan: plan === 'free' ? 'standard' : 'free',
          plan,
          expiresAt: new Date(Date.now() + 7 * DAY).toISOString(),
          reason,
          paymentId: randomUUID(),
        },
      });
    const readOnly = (expected: boolean) =>
      waitFor(`read_only ${expected}`, async () => {
        const [row] = await db.query('SELECT read_only FROM galleries WHERE code = $1', [code]);
        return row.read_only === expected ? row : null;
      });
    const photo = await upload(code, await photoJpeg(64, 48));
    expect((await confirm(code, photo.uploadId)).errors).toBeUndefined();

    await planChange('refund', 'free');
    await readOnly(true);
    const refused = await requestSlots(code, [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }]);
    expect(refused.errors?.[0].extensions?.code).toBe('GALLERY_READ_ONLY');
    expect(refused.errors?.[0].message).toBe(en.errors.GALLERY_READ_ONLY);
    const [{ photo_count }] = await db.query('SELECT photo_count FROM galleries WHERE code = $1', [code]);
    expect(photo_count).toBe(1);

    await planChange('payment', 'standard');
    await readOnly(false);
    const again = await upload(code, await photoJpeg(64, 48));
    expect((await confirm(code, again.uploadId)).errors).toBeUndefined();
  });

  it('never counts one upload twice when it is confirmed twice at once', async () => {
    const code = await createGallery('standard');
    const slot = await upload(code, await photoJpeg(640, 480));

    const answers = await Promise.all([confirm(code, slot.uploadId), confirm(code, slot.uploadId)]);

    for (const answer of answers) {
      if (answer.errors) expect(answer.errors[0].extensions?.code).toBe('UPLOAD_NOT_FOUND');
      else expect(answer.data!.confirmPhotoUpload.id).toBe(slot.uploadId);
    }
    expect(answers.some((answer) => !answer.errors)).toBe(true);
    const [{ photo_count }] = await db.query('SELECT photo_count FROM galleries WHERE code = $1', [code]);
    expect(photo_count).toBe(1);
    expect((await confirm(code, slot.uploadId)).data?.confirmPhotoUpload.id).toBe(slot.uploadId);
  });

  it('records nothing when a deletion run took the reservations of its copies, and records it on a retry', async () => {
    const code = await createGallery('standard');
    const slot = await upload(code, await photoJpeg(320, 240, '#a52'));
    const storage = app!.get(ObjectStorage);
    const writing = storage.write.bind(storage);
    // As a deletion run would, once a reservation outlived its deadline: taken before the commit.
    const spy = jest.spyOn(storage, 'write').mockImplementation(async (key, body, contentType) => {
      await writing(key, body, contentType);
      if (key.startsWith(`photos/${slot.uploadId}/`)) {
        await db.query('DELETE FROM storage_deletions WHERE object_key LIKE $1', [
          `photos/${slot.uploadId}/%`,
        ]);
      }
    });
    const refused = await confirmWhileMocked(spy, code, slot.uploadId);
    expect(refused.errors?.[0].extensions?.code).toBe('SERVICE_UNAVAILABLE');
    expect(await uploadStatus(slot.uploadId)).toBe('pending');
    expect(await db.query('SELECT 1 FROM photos WHERE id = $1', [slot.uploadId])).toEqual([]);
    const [{ photo_count }] = await db.query('SELECT photo_count FROM galleries WHERE code = $1', [code]);
    expect(photo_count).toBe(0);
    // The staged object's later deletion was not scheduled either: it still belongs to a pending upload.
    expect(
      await db.query('SELECT 1 FROM storage_deletions WHERE object_key = $1', [`staging/${slot.uploadId}`]),
    ).toEqual([]);

    const retried = await confirm(code, slot.uploadId);
    expect(retried.errors).toBeUndefined();
    expect(await uploadStatus(slot.uploadId)).toBe('confirmed');
    const [{ photo_count: after }] = await db.query('SELECT photo_count FROM galleries WHERE code = $1', [
      code,
    ]);
    expect(after).toBe(1);
    await previewStored(slot.uploadId);
  });

  it('keeps an upload pending when its copy is gone before it is read, and records it on a retry', () =>
    withoutConditionalWrites(async () => {
      const code = await createGallery('standard');
      const slot = await upload(code, await photoJpeg(320, 240, '#2a5'));
      const storage = app!.get(ObjectStorage);
      const reading = storage.downloadUpTo.bind(storage);
      // Storage loses the copy between the copy and its read (a store that answered the copy before it held it).
      const spy = jest.spyOn(storage, 'downloadUpTo').mockImplementationOnce(async (key, ...rest) => {
        await storage.remove([key]);
        return reading(key, ...rest);
      });
      const answer = await confirmWhileMocked(spy, code, slot.uploadId);
      // Not the guest's file that was wrong: nothing refused, nothing of theirs deleted, the browser may retry.
      expect(answer.errors?.[0].extensions?.code).toBe('SERVICE_UNAVAILABLE');
      expect(await uploadStatus(slot.uploadId)).toBe('pending');
      expect(await objectExists(`staging/${slot.uploadId}`)).toBe(true);

      const retried = await confirm(code, slot.uploadId);
      expect(retried.errors).toBeUndefined();
      expect(retried.data?.confirmPhotoUpload.width).toBe(320);
      expect(await uploadStatus(slot.uploadId)).toBe('confirmed');
    }));

  it('refuses uploads to an expired gallery', async () => {
    const expired = await createGallery('free', new Date(Date.now() - 1000));
    const early = await requestSlots(expired, [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }]);
    expect(early.errors?.[0].extensions?.code).toBe('GALLERY_EXPIRED');

    const code = await createGallery('free');
    const slot = await upload(code, await photoJpeg(64, 48));
    await db.query(`UPDATE galleries SET expires_at = now() - interval '1 second' WHERE code = $1`, [code]);
    expect((await confirm(code, slot.uploadId)).errors?.[0].extensions?.code).toBe('GALLERY_EXPIRED');
    await expectNothingStored(slot.uploadId);
  });

  it('signs the declared type and length into an upload URL that lives five minutes', async () => {
    const code = await createGallery('free');
    const answer = await requestSlots(code, [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 1234 }]);
    const url = new URL(answer.data!.requestPhotoUploads[0].uploadUrl!);
    expect(url.pathname).toBe(`/${BUCKET}/staging/${answer.data!.requestPhotoUploads[0].uploadId}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual([
      'content-length',
      'content-type',
      'host',
      'if-none-match',
    ]);
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(UPLOAD_URL_SECONDS));
  });

  it('hands out no more slots than a 50-photo gallery still takes, however many ask at once', async () => {
    const code = await createGallery('free');
    const ten = Array.from({ length: 10 }, () => ({
      fileName: 'a.jpg',
      contentType: 'image/jpeg',
      size: 10,
    }));

    const answers = await Promise.all(Array.from({ length: 8 }, () => requestSlots(code, ten)));

    const handedOut = answers.flatMap((answer) => answer.data?.requestPhotoUploads ?? []);
    expect(handedOut).toHaveLength(50);
    for (const answer of answers.filter((answer) => answer.errors)) {
      expect(answer.errors?.[0].extensions).toMatchObject({ code: 'PHOTO_LIMIT_REACHED', count: 50 });
    }
    const more = await requestSlots(code, ten.slice(0, 1));
    expect(more.errors?.[0].message).toBe(englishMessage('errors.PHOTO_LIMIT_REACHED', { count: 50 }));
  });

  it('keeps at most MAX_PENDING_UPLOADS_PER_GALLERY slots open on an unlimited plan', async () => {
    const code = await createGallery('premium');
    const full = Array.from({ length: 50 }, () => ({
      fileName: 'a.jpg',
      contentType: 'image/jpeg',
      size: 10,
    }));
    for (let open = 0; open < MAX_PENDING_UPLOADS_PER_GALLERY; open += full.length) {
      expect((await requestSlots(code, full)).errors).toBeUndefined();
    }

    const busy = await requestSlots(code, full.slice(0, 1));

    expect(busy.errors?.[0].extensions?.code).toBe('UPLOADS_BUSY');
    // The seconds after which the guest's phone asks again by itself: busy is not a failure.
    expect(busy.errors?.[0].extensions?.count).toBe(UPLOADS_BUSY_RETRY_SECONDS);
    expect(busy.errors?.[0].message).toBe(englishMessage('errors.UPLOADS_BUSY'));
  });

  it('refuses a pixel bomb with IMAGE_TOO_LARGE and leaves nothing in storage', async () => {
    const code = await createGallery('free');
    const bomb = pixelBombPng(16000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const slot = await upload(code, bomb, 'tiny.png', 'image/png');

    const answer = await confirm(code, slot.uploadId);

    expect(answer.errors?.[0].extensions).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      count: MAX_PHOTO_MEGAPIXELS,
    });
    expect(answer.errors?.[0].message).toBe(
      englishMessage('errors.IMAGE_TOO_LARGE', { count: MAX_PHOTO_MEGAPIXELS }),
    );
    await expectNothingStored(slot.uploadId);
  });
});
