// Videos in the media service: Premium only, their checks on the first bytes, their guest copies.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import request from 'supertest';
import {
  englishMessage,
  MAX_PHOTO_BYTES,
  MAX_VIDEO_BYTES,
  MAX_VIDEO_MEGABYTES,
  type LivePhoto,
} from '@gallery/contracts';
import { waitFor } from '@gallery/testing';
import { ObjectStorage } from '../src/storage/object-storage.js';
import { GuestCopySweep } from '../src/guest-copies/guest-copy.sweep.js';
import { VideoFrames } from '../src/videos/video-frames.js';
import {
  app,
  db,
  graphql,
  createGallery,
  requestSlots,
  upload,
  confirm,
  keptOriginal,
  expectNothingStored,
  fetchPhoto,
  photoJpeg,
  useMedia,
} from './media-suite.js';

useMedia();

describe('media service', () => {
  describe('videos', () => {
    let fixtures: string;
    let videoWork: string;
    let previousTmpdir: string | undefined;
    const videos: Record<string, Buffer> = {};

    /** A test-pattern clip made by the same ffmpeg the service runs (nothing binary is kept in the repository). */
    async function makeVideo(name: string, seconds: number): Promise<Buffer> {
      const file = path.join(fixtures, name);
      const { ffmpeg } = VideoFrames.locate().tools;
      await promisify(execFile)(ffmpeg, [
        ...['-v', 'error', '-y', '-f', 'lavfi'],
        ...['-i', `testsrc=duration=${seconds}:size=320x240:rate=10`, '-pix_fmt', 'yuv420p', file],
      ]);
      return readFile(file);
    }

    const CONFIRM_VIDEO = `mutation ($code: String!, $id: ID!) {
      confirmPhotoUpload(eventCode: $code, uploadId: $id) { id originalUrl thumbnailUrl previewUrl width height kind durationSeconds }
    }`;

    beforeAll(async () => {
      fixtures = await mkdtemp(path.join(os.tmpdir(), 'media-test-videos-'));
      // The service's temporary copies land here, so the test can see that none is left behind.
      videoWork = await mkdtemp(path.join(os.tmpdir(), 'media-test-video-work-'));
      previousTmpdir = process.env.TMPDIR;
      process.env.TMPDIR = videoWork;
      videos.mp4 = await makeVideo('clip.mp4', 2);
      videos.webm = await makeVideo('clip.webm', 2);
      videos.short = await makeVideo('blink.mp4', 0.3);
    });

    afterAll(async () => {
      if (previousTmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previousTmpdir;
      await rm(fixtures, { recursive: true, force: true });
      await rm(videoWork, { recursive: true, force: true });
    });

    it('refuses a video on the free plan, by its declared type and by its content, naming Premium', async () => {
      const code = await createGallery('free');
      const early = await requestSlots(code, [
        { fileName: 'First dance.mp4', contentType: 'video/mp4', size: videos.mp4.length },
      ]);
      expect(early.errors?.[0].extensions?.code).toBe('VIDEOS_NEED_PREMIUM');
      expect(early.errors?.[0].message).toBe(englishMessage('errors.VIDEOS_NEED_PREMIUM'));
      expect(early.errors?.[0].message).toContain('Premium');

      // Declared as a photo, it is still a video: its first bytes say so.
      const slot = await upload(code, videos.mp4, 'First dance.jpg', 'image/jpeg');
      const answer = await confirm(code, slot.uploadId);
      expect(answer.errors?.[0].extensions?.code).toBe('VIDEOS_NEED_PREMIUM');
      expect(answer.errors?.[0].message).toContain('Premium');
      await expectNothingStored(slot.uploadId);
      const [{ photo_count }] = await db.query('SELECT photo_count FROM galleries WHERE code = $1', [code]);
      expect(photo_count).toBe(0);
    });

    it.each([
      ['an MP4', 'mp4', 'First dance.mp4', 'video/mp4', 'First dance.mp4'],
      ['a WebM', 'webm', 'toast.webm', 'video/webm', 'toast.webm'],
      ['a clip shorter than the poster time', 'short', 'blink.mov', 'video/quicktime', 'blink.mp4'],
    ])(
      'keeps %s on Premium: poster frame, duration, the original byte for byte',
      async (_what, fixture, fileName, contentType, downloadName) => {
        const code = await createGallery('premium');
        const original = videos[fixture];
        const slot = await upload(code, original, fileName, contentType);
        const answer = await graphql<{ confirmPhotoUpload: LivePhoto }>(CONFIRM_VIDEO, {
          code,
          id: slot.uploadId,
        });

        expect(answer.errors).toBeUndefined();
        const video = answer.data!.confirmPhotoUpload;
        expect(video).toMatchObject({ id: slot.uploadId, kind: 'video', width: 320, height: 240 });
        expect(video.durationSeconds).toBeGreaterThan(0);
        expect(video.durationSeconds).toBeLessThan(3);

        const thumbnail = await fetchPhoto(video.thumbnailUrl);
        expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({
          format: 'jpeg',
          width: 320,
          height: 240,
        });
        const preview = await fetchPhoto(video.previewUrl);
        expect(await sharp(preview.bytes).metadata()).toMatchObject({
          format: 'jpeg',
          width: 320,
          height: 240,
        });

        const download = await fetchPhoto(video.originalUrl);
        expect((await keptOriginal(video.id)).equals(original)).toBe(true);
        expect(download.object.headers.get('content-disposition')).toContain(`filename="${downloadName}"`);
        // Its temporary copy for ffmpeg is gone.
        expect(await readdir(videoWork)).toEqual([]);
      },
    );

    it('keeps a video larger than any photo, reading only its first bytes for the checks', async () => {
      const code = await createGallery('premium');
      // An MP4 may end with a free box of any size: players and ffmpeg skip it.
      const padding = MAX_PHOTO_BYTES + 1024 - videos.mp4.length;
      const free = Buffer.alloc(padding);
      free.writeUInt32BE(padding, 0);
      free.write('free', 4, 'latin1');
      const original = Buffer.concat([videos.mp4, free]);
      const slot = await upload(code, original, 'Speeches.mp4', 'video/mp4');
      const downloadUpTo = jest.spyOn(app!.get(ObjectStorage), 'downloadUpTo');
      try {
        const answer = await graphql<{ confirmPhotoUpload: LivePhoto }>(CONFIRM_VIDEO, {
          code,
          id: slot.uploadId,
        });
        expect(answer.errors).toBeUndefined();
        expect(answer.data!.confirmPhotoUpload).toMatchObject({ kind: 'video', width: 320, height: 240 });
        expect(downloadUpTo).toHaveBeenCalledTimes(1);
        // Only its first bytes were read for the checks: the file holds nothing, not even an earlier photo.
        expect(await downloadUpTo.mock.results[0]!.value).toMatchObject({ downloaded: false });
        expect((await stat(downloadUpTo.mock.calls[0]![1])).size).toBe(0);
        expect((await keptOriginal(answer.data!.confirmPhotoUpload.id)).equals(original)).toBe(true);
      } finally {
        downloadUpTo.mockRestore();
      }
    });

    it('refuses a text file named clip.mp4 and sent as video/mp4, and deletes its object', async () => {
      const code = await createGallery('premium');
      const slot = await upload(code, Buffer.from('not a video at all, only text'), 'clip.mp4', 'video/mp4');
      const answer = await confirm(code, slot.uploadId);
      expect(answer.errors?.[0].extensions?.code).toBe('UNSUPPORTED_FILE_TYPE');
      await expectNothingStored(slot.uploadId);
    });

    it("makes a video's guest copy at its confirmation, or for one recorded before them in the background", async () => {
      const code = await createGallery('premium');
      const slot = await upload(code, videos.mp4, 'First dance.mp4', 'video/mp4');
      const answer = await graphql<{ confirmPhotoUpload: LivePhoto }>(CONFIRM_VIDEO, {
        code,
        id: slot.uploadId,
      });
      expect(answer.errors).toBeUndefined();
      const video = answer.data!.confirmPhotoUpload;
      const copyState = async () =>
        (
          await db.query(
            'SELECT guest_copy_pending AS pending, guest_original_key IS NOT NULL AS made FROM photos WHERE id = $1',
            [video.id],
          )
        )[0];
      expect(await copyState()).toEqual({ pending: false, made: true });

      // As the migration left a video recorded before guest copies existed: too long to copy for a request.
      await db.query('UPDATE photos SET guest_original_key = NULL, guest_copy_pending = true WHERE id = $1', [
        video.id,
      ]);
      expect((await request(app!.getHttpServer()).get(new URL(video.originalUrl).pathname)).status).toBe(404);
      await waitFor('the sweep to reach the video', async () => {
        await app!.get(GuestCopySweep).sweepOnce();
        return !(await copyState()).pending;
      });
      expect(await copyState()).toEqual({ pending: false, made: true });
      expect((await fetchPhoto(video.originalUrl)).bytes.length).toBeGreaterThan(0);
    });

    it('refuses a file that starts like an MP4 but that ffmpeg cannot read', async () => {
      const code = await createGallery('premium');
      const broken = Buffer.concat([videos.mp4.subarray(0, 32), randomBytes(4096)]);
      const slot = await upload(code, broken, 'broken.mp4', 'video/mp4');
      const answer = await confirm(code, slot.uploadId);
      expect(answer.errors?.[0].extensions?.code).toBe('VIDEO_UNREADABLE');
      expect(answer.errors?.[0].message).toBe(englishMessage('errors.VIDEO_UNREADABLE'));
      await expectNothingStored(slot.uploadId);
      expect(await readdir(videoWork)).toEqual([]);
    });

    it('treats a file with a video name but JPEG content as the photo it is', async () => {
      const code = await createGallery('premium');
      const slot = await upload(code, await photoJpeg(64, 48), 'clip.mp4', 'video/mp4');
      const answer = await confirm(code, slot.uploadId);
      expect(answer.errors).toBeUndefined();
      const photo = answer.data!.confirmPhotoUpload;
      expect(photo).toMatchObject({ kind: 'photo', durationSeconds: null, width: 64, height: 48 });
      const download = await fetchPhoto(photo.originalUrl);
      expect(download.object.headers.get('content-disposition')).toContain('filename="clip.jpg"');
    });

    it('refuses a video over the size limit before handing out a URL', async () => {
      const code = await createGallery('premium');
      const answer = await requestSlots(code, [
        { fileName: 'whole-day.mp4', contentType: 'video/mp4', size: MAX_VIDEO_BYTES + 1 },
      ]);
      expect(answer.errors?.[0].extensions).toMatchObject({
        code: 'VIDEO_TOO_LARGE',
        count: MAX_VIDEO_MEGABYTES,
      });
    });
  });
});
