import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import sharp from 'sharp';
import { NO_CHALLENGE_FOLDER, Subjects } from '@gallery/contracts';
import { publishAsRelay, waitFor } from '@gallery/testing';
import {
  run,
  app,
  bus,
  db,
  tmp,
  guestCopyQuestions,
  addPhoto,
  newGallery,
  Job,
  owner,
  HEIC_FIXTURE,
  requestJpegCopies,
  requestArchive,
  followProgress,
  finished,
  sha,
  useDownload,
} from './harness.js';

useDownload();

describe('download service', () => {
  it('is healthy when its database, NATS and storage answer', async () => {
    const response = await request(app!.getHttpServer()).get('/health');
    expect(response.status).toBe(200);
  });

  it('zips every original byte for byte, with browsable names, progress in order and a resumable link', async () => {
    const code = newGallery({ name: 'Sarah & Mike' });
    const first = await addPhoto(code, 'IMG_0001.jpg', { createdAt: '2026-06-13T18:04:05.000Z' });
    const twin = await addPhoto(code, 'IMG_0001.jpg', { createdAt: '2026-06-13T18:04:05.000Z' });
    const other = await addPhoto(code, 'Anna: best/of.jpg', { createdAt: '2026-06-13T19:00:00.000Z' });
    const video = await addPhoto(code, 'first dance.mp4', {
      kind: 'video',
      createdAt: '2026-06-13T21:30:00.000Z',
    });
    const big = await addPhoto(code, 'big.jpg', {
      size: 12 * 1024 * 1024,
      createdAt: '2026-06-13T22:00:00.000Z',
    });
    const progress = followProgress(code);

    const answer = await requestArchive(code);
    expect(answer.errors).toBeUndefined();
    const jobId = answer.data!.requestArchive.id!;
    await progress.until('complete');
    const job = await finished(code, jobId);
    expect(job).toMatchObject({ status: 'COMPLETE', photoCount: 5 });

    const stages = progress.stages().filter((stage, index, all) => stage !== all[index - 1]);
    expect(stages).toEqual(['downloading', 'adding', 'creating', 'finalizing', 'complete']);
    expect(progress.seen.at(-1)).toMatchObject({ count: 5, total: 5, jobId });
    // The link is never broadcast.
    expect(JSON.stringify(progress.seen)).not.toContain('archives/');
    progress.stop();

    const response = await fetch(job.downloadUrl!);
    expect(response.status).toBe(200);
    // The link fixes the answer's type in its signature: changed, storage refuses it.
    expect(new URL(job.downloadUrl!).searchParams.get('response-content-type')).toBe('application/zip');
    expect(response.headers.get('content-type')).toBe('application/zip');
    const retyped = new URL(job.downloadUrl!);
    retyped.searchParams.set('response-content-type', 'text/html');
    expect((await fetch(retyped)).status).toBe(403);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Sarah & Mike - photos.zip"; filename*=UTF-8''Sarah%20%26%20Mike%20-%20photos.zip`,
    );
    const zip = Buffer.from(await response.arrayBuffer());
    expect(zip.length).toBe(job.size);
    const file = path.join(tmp, 'gallery.zip');
    await writeFile(file, zip);
    const test = await run('unzip', ['-t', file]);
    expect(test.stdout).toContain('No errors detected');

    const expected: [string, Buffer][] = [
      ['Sarah & Mike/2026-06-13 18.04.05 IMG_0001.jpg', first.bytes],
      ['Sarah & Mike/2026-06-13 18.04.05 IMG_0001 (2).jpg', twin.bytes],
      ['Sarah & Mike/2026-06-13 19.00.00 Anna_ best_of.jpg', other.bytes],
      ['Sarah & Mike/Videos/2026-06-13 21.30.00 first dance.mp4', video.bytes],
      ['Sarah & Mike/2026-06-13 22.00.00 big.jpg', big.bytes],
    ];
    const listing = await run('zipinfo', ['-1', file]);
    expect(listing.stdout.trim().split('\n').sort()).toEqual(expected.map(([name]) => name).sort());
    for (const [name, bytes] of expected) {
      // unzip reads its name arguments as wildcards: escape the brackets-free names' special characters.
      const { stdout } = await run('unzip', ['-p', file, name.replace(/[[\]*?]/g, '\\$&')], {
        encoding: 'buffer',
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(sha(stdout)).toBe(sha(bytes));
    }

    // A dropped download resumes: storage answers a range of the zip.
    const tail = await fetch(job.downloadUrl!, { headers: { Range: `bytes=${zip.length - 100}-` } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(zip.subarray(zip.length - 100));
  });

  it('names photos after their guest and groups them by guest when the owner asks, a zip of its own', async () => {
    const code = newGallery({ name: 'Sarah & Mike' });
    const at = '2026-06-13T18:04:05.000Z';
    const anna = await addPhoto(code, 'IMG_0001.jpg', { createdAt: at, guestName: 'Anna' });
    const anna2 = await addPhoto(code, 'IMG_0002.jpg', { createdAt: at, guestName: 'Anna' });
    const tom = await addPhoto(code, 'IMG_0003.jpg', { createdAt: at, guestName: 'Tom B.' });
    const nobody = await addPhoto(code, 'IMG_0004.jpg', { createdAt: at });
    const clip = await addPhoto(code, 'dance.mp4', { createdAt: at, kind: 'video', guestName: 'Tom B.' });

    const byDate = await requestArchive(code, owner(code), undefined, 'BY_DATE');
    const byDateJob = await finished(code, byDate.data!.requestArchive.id!);
    const byGuest = await requestArchive(code, owner(code), undefined, 'BY_GUEST');
    expect(byGuest.errors).toBeUndefined();
    const jobId = byGuest.data!.requestArchive.id!;
    // Another layout is another zip; the same layout again reuses its own.
    expect(jobId).not.toBe(byDateJob.id);
    const job = await finished(code, jobId);
    expect(job).toMatchObject({ status: 'COMPLETE', photoCount: 5 });
    expect((await requestArchive(code, owner(code), undefined, 'BY_GUEST')).data!.requestArchive.id).toBe(
      jobId,
    );
    expect((await requestArchive(code)).data!.requestArchive.id).toBe(byDateJob.id);

    const file = path.join(tmp, 'by-guest.zip');
    await writeFile(file, Buffer.from(await (await fetch(job.downloadUrl!)).arrayBuffer()));
    expect((await run('unzip', ['-t', file])).stdout).toContain('No errors detected');
    const expected: [string, Buffer][] = [
      ['Sarah & Mike/Anna/2026-06-13 18.04.05 Anna.jpg', anna.bytes],
      ['Sarah & Mike/Anna/2026-06-13 18.04.05 Anna (2).jpg', anna2.bytes],
      ['Sarah & Mike/Tom B/2026-06-13 18.04.05 Tom B.jpg', tom.bytes],
      ['Sarah & Mike/Tom B/Videos/2026-06-13 18.04.05 Tom B.mp4', clip.bytes],
      ['Sarah & Mike/Guests without a name/2026-06-13 18.04.05 IMG_0004.jpg', nobody.bytes],
    ];
    const listing = await run('zipinfo', ['-1', file]);
    expect(listing.stdout.trim().split('\n').sort()).toEqual(expected.map(([name]) => name).sort());
    for (const [name, bytes] of expected) {
      const { stdout } = await run('unzip', ['-p', file, name], { encoding: 'buffer', maxBuffer: 1 << 24 });
      expect(sha(stdout)).toBe(sha(bytes));
    }
  });

  it('makes a folder per photo challenge when the owner asks, made anew when the challenges change', async () => {
    const code = newGallery({ name: 'Sarah & Mike' });
    const at = '2026-06-13T18:04:05.000Z';
    const selfie = await addPhoto(code, 'IMG_0001.jpg', {
      createdAt: at,
      challengePrompt: 'A selfie with the bride',
    });
    const odd = await addPhoto(code, 'IMG_0002.jpg', {
      createdAt: at,
      challengePrompt: 'Shoes: "red" / blue?',
    });
    const none = await addPhoto(code, 'IMG_0003.jpg', { createdAt: at, guestName: 'Anna' });

    const asked = await requestArchive(code, owner(code), undefined, 'BY_CHALLENGE');
    expect(asked.errors).toBeUndefined();
    const job = await finished(code, asked.data!.requestArchive.id!);
    expect(job).toMatchObject({ status: 'COMPLETE', photoCount: 3 });
    const file = path.join(tmp, 'by-challenge.zip');
    await writeFile(file, Buffer.from(await (await fetch(job.downloadUrl!)).arrayBuffer()));
    const expected: [string, Buffer][] = [
      ['Sarah & Mike/A selfie with the bride/2026-06-13 18.04.05 IMG_0001.jpg', selfie.bytes],
      // A prompt's characters no file system takes become underscores; it stays one folder.
      ['Sarah & Mike/Shoes_ _red_ _ blue_/2026-06-13 18.04.05 IMG_0002.jpg', odd.bytes],
      [`Sarah & Mike/${NO_CHALLENGE_FOLDER}/2026-06-13 18.04.05 Anna.jpg`, none.bytes],
    ];
    const listing = await run('zipinfo', ['-1', file]);
    expect(listing.stdout.trim().split('\n').sort()).toEqual(expected.map(([name]) => name).sort());
    for (const [name, bytes] of expected) {
      const { stdout } = await run('unzip', ['-p', file, name], { encoding: 'buffer', maxBuffer: 1 << 24 });
      expect(sha(stdout)).toBe(sha(bytes));
    }

    // A renamed challenge renames its folder: event.challenges-changed makes the next request build anew.
    await publishAsRelay(bus!, {
      id: randomUUID(),
      type: Subjects.ChallengesChanged,
      occurredAt: new Date().toISOString(),
      data: { code, challenges: [{ id: randomUUID(), prompt: 'Selfies' }] },
    });
    await waitFor('the gallery version to change', async () => {
      const rows: { version: number }[] = await db.query(
        'SELECT version FROM gallery_versions WHERE event_code = $1',
        [code],
      );
      return rows[0]?.version > 0;
    });
    const again = await requestArchive(code, owner(code), undefined, 'BY_CHALLENGE');
    expect(again.data!.requestArchive.id).not.toBe(job.id);
  });

  it('adds a JPEG copy beside each HEIC original when the owner asks, in a zip of its own', async () => {
    const code = newGallery({ name: 'Sarah & Mike', guestDownloads: true });
    const at = '2026-06-13T18:04:05.000Z';
    const heic = await addPhoto(code, 'IMG_0007.HEIC', {
      createdAt: at,
      guestName: 'Anna',
      bytes: await readFile(HEIC_FIXTURE),
      contentType: 'image/heic',
    });
    const jpeg = await addPhoto(code, 'IMG_0008.jpg', { createdAt: at, guestName: 'Tom' });

    const plain = await finished(code, (await requestArchive(code)).data!.requestArchive.id!);
    const progress = followProgress(code);
    const asked = await requestJpegCopies(code);
    expect(asked.errors).toBeUndefined();
    const job = await finished(code, asked.data!.requestArchive.id!);
    progress.stop();
    expect(job.id).not.toBe(plain.id);
    // Every photo of the gallery is counted, a copy is not a photo of its own.
    expect(job).toMatchObject({ status: 'COMPLETE', photoCount: 2 });
    expect(progress.seen.filter((step) => step.stage === 'adding').map((step) => step.total)).toContain(2);
    // A guest's zip never has JPEG copies: the guest asking for them gets a guest's zip (guests' copies).
    const guests = await finished(code, (await requestJpegCopies(code, null)).data!.requestArchive.id!);
    expect([plain.id, job.id]).not.toContain(guests.id);
    expect(guests.photoCount).toBe(2);

    const file = path.join(tmp, 'jpeg-copies.zip');
    await writeFile(file, Buffer.from(await (await fetch(job.downloadUrl!)).arrayBuffer()));
    expect((await run('unzip', ['-t', file])).stdout).toContain('No errors detected');
    const listing = await run('zipinfo', ['-1', file]);
    expect(listing.stdout.trim().split('\n').sort()).toEqual(
      [
        'Sarah & Mike/2026-06-13 18.04.05 Anna.HEIC',
        'Sarah & Mike/2026-06-13 18.04.05 Anna.jpg',
        'Sarah & Mike/2026-06-13 18.04.05 Tom.jpg',
      ].sort(),
    );
    const original = await run('unzip', ['-p', file, 'Sarah & Mike/2026-06-13 18.04.05 Anna.HEIC'], {
      encoding: 'buffer',
      maxBuffer: 1 << 24,
    });
    expect(sha(original.stdout)).toBe(sha(heic.bytes));
    const copy = await run('unzip', ['-p', file, 'Sarah & Mike/2026-06-13 18.04.05 Anna.jpg'], {
      encoding: 'buffer',
      maxBuffer: 1 << 24,
    });
    expect(await sharp(copy.stdout).metadata()).toMatchObject({ format: 'jpeg', width: 480, height: 320 });
    const tom = await run('unzip', ['-p', file, 'Sarah & Mike/2026-06-13 18.04.05 Tom.jpg'], {
      encoding: 'buffer',
      maxBuffer: 1 << 24,
    });
    expect(sha(tom.stdout)).toBe(sha(jpeg.bytes));
  });

  it("gives a guest's zip the guests' copies and the couple's the untouched originals", async () => {
    const code = newGallery({ name: 'Sarah & Mike', guestDownloads: true });
    const at = '2026-06-13T18:04:05.000Z';
    const anna = await addPhoto(code, 'IMG_0001.jpg', { createdAt: at, guestName: 'Anna' });
    // Its guests' copy is not made yet: it stays out of a guest's zip.
    await addPhoto(code, 'IMG_0002.jpg', { createdAt: at, guestName: 'Tom', guestCopy: false });
    const download = async (job: Job, name: string) => {
      const file = path.join(tmp, name);
      await writeFile(file, Buffer.from(await (await fetch(job.downloadUrl!)).arrayBuffer()));
      const entry = await run('unzip', ['-p', file, 'Sarah & Mike/2026-06-13 18.04.05 Anna.jpg'], {
        encoding: 'buffer',
        maxBuffer: 1 << 24,
      });
      return { entries: (await run('zipinfo', ['-1', file])).stdout.trim().split('\n'), anna: entry.stdout };
    };

    const couples = await finished(code, (await requestArchive(code)).data!.requestArchive.id!);
    const guests = await finished(code, (await requestArchive(code, null)).data!.requestArchive.id!);
    expect(guests.id).not.toBe(couples.id);
    expect(couples.photoCount).toBe(2);
    expect(guests.photoCount).toBe(1);

    const couple = await download(couples, 'couple.zip');
    expect(couple.entries).toHaveLength(2);
    expect(sha(couple.anna)).toBe(sha(anna.bytes));
    const guest = await download(guests, 'guest.zip');
    expect(guest.entries).toEqual(['Sarah & Mike/2026-06-13 18.04.05 Anna.jpg']);
    expect(sha(guest.anna)).toBe(sha(anna.guestBytes));
    // Each is reused for its own kind of requester.
    expect((await requestArchive(code, null)).data!.requestArchive.id).toBe(guests.id);
    expect((await requestArchive(code)).data!.requestArchive.id).toBe(couples.id);
  });

  it("asks media for guests' copies still to be made, and leaves out a photo that has none", async () => {
    const code = newGallery({ name: 'Sarah & Mike', guestDownloads: true });
    const made = await addPhoto(code, 'IMG_0001.jpg', { createdAt: '2026-06-13T18:04:01.000Z' });
    const whenAsked = await addPhoto(code, 'IMG_0002.jpg', {
      createdAt: '2026-06-13T18:04:02.000Z',
      guestCopy: 'when-asked',
    });
    const fails = await addPhoto(code, 'IMG_0003.jpg', {
      createdAt: '2026-06-13T18:04:03.000Z',
      guestCopy: 'fails-when-asked',
    });
    await addPhoto(code, 'IMG_0004.jpg', { createdAt: '2026-06-13T18:04:04.000Z', guestCopy: false });
    const asked = () => guestCopyQuestions.filter((question) => question.code === code).map((q) => q.photoId);

    const guests = await finished(code, (await requestArchive(code, null)).data!.requestArchive.id!);
    expect(guests.photoCount).toBe(2);
    const file = path.join(tmp, 'guest-copies-when-asked.zip');
    await writeFile(file, Buffer.from(await (await fetch(guests.downloadUrl!)).arrayBuffer()));
    expect((await run('zipinfo', ['-1', file])).stdout.trim().split('\n')).toEqual([
      'Sarah & Mike/2026-06-13 18.04.01 IMG_0001.jpg',
      'Sarah & Mike/2026-06-13 18.04.02 IMG_0002.jpg',
    ]);
    const entry = async (name: string) =>
      (await run('unzip', ['-p', file, `Sarah & Mike/${name}`], { encoding: 'buffer', maxBuffer: 1 << 24 }))
        .stdout;
    expect(sha(await entry('2026-06-13 18.04.01 IMG_0001.jpg'))).toBe(sha(made.guestBytes));
    expect(sha(await entry('2026-06-13 18.04.02 IMG_0002.jpg'))).toBe(sha(whenAsked.guestBytes));
    // Only the copies still to be made were asked for.
    expect(asked()).toEqual([whenAsked.id, fails.id]);

    // The couple's zip holds the untouched originals: media is not asked.
    const couples = await finished(code, (await requestArchive(code)).data!.requestArchive.id!);
    expect(couples.photoCount).toBe(4);
    expect(asked()).toHaveLength(2);
  });

  it("asks media again for a guests' copy whose answer was lost, rather than fail the zip", async () => {
    const code = newGallery({ name: 'Sarah & Mike', guestDownloads: true });
    const photo = await addPhoto(code, 'IMG_0001.jpg', { guestCopy: 'when-asked-again' });
    const asked = () => guestCopyQuestions.filter((question) => question.code === code).map((q) => q.photoId);

    const guests = await finished(code, (await requestArchive(code, null)).data!.requestArchive.id!);
    expect(guests).toMatchObject({ status: 'COMPLETE', photoCount: 1 });
    expect(asked()).toEqual([photo.id, photo.id]);
  });

  it("gives the couple's zip the guests' copies, without GPS, when they chose downloads without metadata", async () => {
    const code = newGallery({ name: 'Sarah & Mike' });
    // A phone's JPEG with where it was taken, and its guests' copy as media makes it (metadata removed).
    const original = path.join(tmp, 'gps.jpg');
    await writeFile(
      original,
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c08040' } })
        .jpeg()
        .toBuffer(),
    );
    await run('exiftool', [
      ...['-q', '-overwrite_original', '-GPSLatitude=48.8584', '-GPSLatitudeRef=N'],
      ...['-GPSLongitude=2.2945', '-GPSLongitudeRef=E', original],
    ]);
    const stripped = path.join(tmp, 'gps-stripped.jpg');
    await run('exiftool', ['-q', '-all=', '-o', stripped, original]);
    const photo = await addPhoto(code, 'IMG_0001.jpg', {
      createdAt: '2026-06-13T18:04:05.000Z',
      bytes: await readFile(original),
      guestBytes: await readFile(stripped),
    });
    const gpsIn = async (job: Job, name: string) => {
      const file = path.join(tmp, name);
      await writeFile(file, Buffer.from(await (await fetch(job.downloadUrl!)).arrayBuffer()));
      const entry = path.join(tmp, `${name}.jpg`);
      const { stdout } = await run('unzip', ['-p', file, 'Sarah & Mike/2026-06-13 18.04.05 IMG_0001.jpg'], {
        encoding: 'buffer',
        maxBuffer: 1 << 24,
      });
      await writeFile(entry, stdout);
      const [tags] = JSON.parse((await run('exiftool', ['-j', '-G', '-n', entry])).stdout) as Record<
        string,
        unknown
      >[];
      return { bytes: stdout, gps: Object.keys(tags).filter((tag) => /GPS/.test(tag)) };
    };
    const choose = async (keep: boolean) => {
      await publishAsRelay(bus!, {
        id: randomUUID(),
        type: Subjects.PrivacyChanged,
        occurredAt: new Date().toISOString(),
        data: {
          code,
          visibility: 'everyone',
          revealAt: null,
          uploadsOpenAt: null,
          uploadsCloseAt: null,
          guestOriginals: true,
          ownerDownloadsKeepMetadata: keep,
        },
      });
      await waitFor(`the choice ${keep} kept`, async () => {
        const rows = (await db.query(
          'SELECT keep_metadata FROM owner_download_choices WHERE event_code = $1',
          [code],
        )) as { keep_metadata: boolean }[];
        return rows[0]?.keep_metadata === keep;
      });
    };

    // By default the couple's zip holds the untouched original, GPS and all.
    const kept = await finished(code, (await requestArchive(code)).data!.requestArchive.id!);
    const withGps = await gpsIn(kept, 'kept.zip');
    expect(sha(withGps.bytes)).toBe(sha(photo.bytes));
    expect(withGps.gps).toEqual(expect.arrayContaining(['EXIF:GPSLatitude', 'EXIF:GPSLongitude']));

    await choose(false);
    const asked = await requestArchive(code);
    expect(asked.errors).toBeUndefined();
    expect(asked.data!.requestArchive.id).not.toBe(kept.id);
    const strippedJob = await finished(code, asked.data!.requestArchive.id!);
    const withoutGps = await gpsIn(strippedJob, 'stripped.zip');
    expect(sha(withoutGps.bytes)).toBe(sha(photo.guestBytes));
    expect(withoutGps.gps).toEqual([]);

    // Turned back on: the zip of originals again.
    await choose(true);
    expect((await requestArchive(code)).data!.requestArchive.id).toBe(kept.id);
  });

  it('puts the guestbook in the zip as a readable page, markup as text, and drops a removed message', async () => {
    const code = newGallery({ name: 'Sarah & Mike' });
    await addPhoto(code, 'IMG_0001.jpg');
    const leave = async (text: string, guestName: string | null) => {
      const id = randomUUID();
      await publishAsRelay(bus!, {
        id: randomUUID(),
        type: Subjects.GuestbookMessagePosted,
        occurredAt: new Date().toISOString(),
        data: { message: { id, eventCode: code, text, guestName, createdAt: new Date().toISOString() } },
      });
      return id;
    };
    await leave('Congratulations!\nSee you in Lyon <script>alert(1)</script>', 'Anna');
    const removed = await leave('A message the couple removes', null);
    await publishAsRelay(bus!, {
      id: randomUUID(),
      type: Subjects.GuestbookMessageRemoved,
      occurredAt: new Date().toISOString(),
      data: { id: removed, eventCode: code },
    });
    await waitFor('the messages kept', async () => {
      const rows = (await db.query('SELECT id FROM guestbook_messages WHERE event_code = $1', [
        code,
      ])) as unknown[];
      const versions = (await db.query('SELECT 1 FROM gallery_versions WHERE event_code = $1', [
        code,
      ])) as unknown[];
      return rows.length === 1 && versions.length > 0;
    });

    const jobId = (await requestArchive(code)).data!.requestArchive.id!;
    const job = await finished(code, jobId);
    const file = path.join(tmp, 'guestbook.zip');
    await writeFile(file, Buffer.from(await (await fetch(job.downloadUrl!)).arrayBuffer()));
    const listing = (await run('zipinfo', ['-1', file])).stdout.trim().split('\n');
    expect(listing).toContain('Sarah & Mike/Guestbook.html');
    const page = (await run('unzip', ['-p', file, 'Sarah & Mike/Guestbook.html'])).stdout.toString();
    expect(page).toContain('See you in Lyon &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>');
    expect(page).toContain('— Anna');
    expect(page).not.toContain('A message the couple removes');

    // A message hidden while it waited for approval was never published: its removal leaves the zip as built.
    const versionOf = async () =>
      (
        (await db.query('SELECT version FROM gallery_versions WHERE event_code = $1', [code])) as {
          version: number;
        }[]
      )[0].version;
    const before = await versionOf();
    await publishAsRelay(bus!, {
      id: randomUUID(),
      type: Subjects.GuestbookMessageRemoved,
      occurredAt: new Date().toISOString(),
      data: { id: randomUUID(), eventCode: code },
    });
    // One consumer, in order: once a later message is kept, the removal was handled.
    const later = await leave('Later', null);
    await waitFor('the later message kept', async () => {
      const rows = (await db.query('SELECT 1 FROM guestbook_messages WHERE id = $1', [later])) as unknown[];
      return rows.length > 0;
    });
    expect(await versionOf()).toBe(before + 1);
  });
});
