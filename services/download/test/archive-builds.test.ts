// Download All builds: one build shared between requests, stale zips, a failed or killed build, a purged
// gallery, and how long a zip lives.
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import {
  ARCHIVE_RETENTION_DAYS,
  ARCHIVE_URL_SECONDS,
  galleryCodeFromBytes,
  Subjects,
  type DomainEvent,
} from '@gallery/contracts';
import { findFreePort } from '@gallery/local-servers';
import { databaseMentions, publishAsRelay, waitFor } from '@gallery/testing';
import { ArchiveBuilder } from '../src/archives/archive-builder.js';
import { ArchiveSweeper } from '../src/archives/archive-sweeper.js';
import { PURGED_RECORD_MS } from '../src/archives/archive-jobs.repository.js';
import {
  BUCKET,
  app,
  bus,
  s3,
  db,
  databaseUrl,
  addPhoto,
  addPhotos,
  newGallery,
  requestArchive,
  archiveJob,
  followProgress,
  finished,
  archiveKeys,
  uploadsInProgress,
  expireGallery,
  purgeGallery,
  Replica,
  startReplica,
  buildKilledMidway,
  useDownload,
} from './harness.js';

useDownload();

describe('download service', () => {
  it('answers "No photos found" at once for an empty gallery and builds nothing', async () => {
    const code = newGallery();
    const answer = await requestArchive(code);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.requestArchive).toMatchObject({ id: null, status: 'EMPTY', photoCount: 0 });
    const rows: unknown[] = await db.query('SELECT 1 FROM archive_jobs WHERE event_code = $1', [code]);
    expect(rows).toEqual([]);
  });

  it('shares one build between requests at once and reuses the zip until a photo is added', async () => {
    const code = newGallery();
    for (let i = 0; i < 20; i++) await addPhoto(code, `p${i}.jpg`);
    const answers = await Promise.all([requestArchive(code), requestArchive(code), requestArchive(code)]);
    const ids = new Set(answers.map((answer) => answer.data!.requestArchive.id));
    expect(ids.size).toBe(1);
    const [jobId] = [...ids] as string[];
    await finished(code, jobId);

    const again = await requestArchive(code);
    expect(again.data!.requestArchive).toMatchObject({ id: jobId, status: 'COMPLETE', photoCount: 20 });
    expect(again.data!.requestArchive.downloadUrl).toBeTruthy();

    // A new photo: photo.uploaded reaches the service, the next request builds a new zip with it.
    const photo = await addPhoto(code, 'late.jpg', { createdAt: new Date().toISOString() });
    const event: DomainEvent<typeof Subjects.PhotoUploaded> = {
      id: randomUUID(),
      type: Subjects.PhotoUploaded,
      occurredAt: new Date().toISOString(),
      data: {
        photo: {
          id: photo.id,
          eventCode: code,
          thumbnailUrl: 'http://localhost:5000/t',
          previewUrl: 'http://localhost:5000/p',
          originalUrl: 'http://localhost:5000/o',
          width: 4,
          height: 3,
          createdAt: photo.createdAt,
          kind: 'photo',
          durationSeconds: null,
          guestName: null,
          challengeId: null,
          uploaderId: null,
        },
        photoCount: 21,
      },
    };
    await publishAsRelay(bus!, event);
    await waitFor('the gallery version to change', async () => {
      const rows: { version: number }[] = await db.query(
        'SELECT version FROM gallery_versions WHERE event_code = $1',
        [code],
      );
      return rows[0]?.version > 0;
    });
    const fresh = await requestArchive(code);
    expect(fresh.data!.requestArchive.id).not.toBe(jobId);
    const rebuilt = await finished(code, fresh.data!.requestArchive.id!);
    expect(rebuilt).toMatchObject({ status: 'COMPLETE', photoCount: 21 });

    // The stale zip is deleted by the sweep.
    await app!.get(ArchiveSweeper).sweep();
    expect(await archiveKeys()).not.toContain(`archives/${jobId}.zip`);
    expect(await archiveKeys()).toContain(`archives/${rebuilt.id}.zip`);
  });

  // The couple's approval changes which photos a zip holds: both decisions make the gallery's zips stale.
  it.each([
    [
      Subjects.PhotoApproved,
      (code: string) => ({
        photo: {
          id: randomUUID(),
          eventCode: code,
          thumbnailUrl: 'http://localhost:5000/t',
          previewUrl: 'http://localhost:5000/p',
          originalUrl: 'http://localhost:5000/o',
          width: 4,
          height: 3,
          createdAt: new Date().toISOString(),
          kind: 'photo',
          durationSeconds: null,
          guestName: null,
          challengeId: null,
        },
        photoCount: 1,
      }),
    ],
    [
      Subjects.PhotoHidden,
      (code: string) => ({ photoId: randomUUID(), eventCode: code, challengeId: null, photoCount: 0 }),
    ],
  ] as const)('marks the zips stale on %s', async (type, data) => {
    const code = galleryCodeFromBytes(randomBytes(8));
    await publishAsRelay(bus!, {
      id: randomUUID(),
      type,
      occurredAt: new Date().toISOString(),
      data: data(code),
    } as DomainEvent);
    await waitFor('the gallery version to change', async () => {
      const rows: { version: number }[] = await db.query(
        'SELECT version FROM gallery_versions WHERE event_code = $1',
        [code],
      );
      return rows[0]?.version > 0;
    });
  });

  it('fails a build whose storage read fails midway, says so, and leaves no partial zip', async () => {
    const code = newGallery();
    for (let i = 0; i < 3; i++) await addPhoto(code, `ok${i}.jpg`, { size: 3 * 1024 * 1024 });
    await addPhoto(code, 'gone.jpg', { stored: false });
    await addPhoto(code, 'after.jpg');
    const progress = followProgress(code);
    const answer = await requestArchive(code);
    const jobId = answer.data!.requestArchive.id!;
    await progress.until('failed');
    progress.stop();
    const job = await finished(code, jobId);
    expect(job).toMatchObject({ status: 'FAILED', downloadUrl: null });
    expect(await archiveKeys()).not.toContain(`archives/${jobId}.zip`);
    expect(await uploadsInProgress()).not.toContain(`archives/${jobId}.zip`);
    // A failed build does not block the next request: it starts a new one.
    const retry = await requestArchive(code);
    expect(retry.data!.requestArchive.id).not.toBe(jobId);
    await finished(code, retry.data!.requestArchive.id!);
  });

  it("purges a gallery's zips from storage and its rows on event.expired", async () => {
    const code = newGallery();
    await addPhoto(code, 'a.jpg');
    const jobId = (await requestArchive(code)).data!.requestArchive.id!;
    await finished(code, jobId);
    expect(await archiveKeys()).toContain(`archives/${jobId}.zip`);
    await purgeGallery(code);
    expect(await db.query('SELECT 1 FROM gallery_versions WHERE event_code = $1', [code])).toEqual([]);
    expect(await archiveKeys()).not.toContain(`archives/${jobId}.zip`);
  });

  it('stops a build whose gallery is purged midway and leaves nothing of it: no zip, no upload, no row', async () => {
    const code = newGallery();
    await addPhotos(code, 150, 1024 * 1024);
    const progress = followProgress(code);
    const jobId = (await requestArchive(code)).data!.requestArchive.id!;
    const key = `archives/${jobId}.zip`;
    // Parts of the zip are in storage when the gallery ends.
    await waitFor('parts of the zip in storage', async () =>
      (await uploadsInProgress()).includes(key) ? true : null,
    );
    await expireGallery(code);
    await progress.until('failed');
    await app!.get(ArchiveBuilder).settled();
    progress.stop();
    // Stopped by the purge, not at the end of its photos.
    expect(progress.stages()).not.toContain('finalizing');
    expect(progress.stages()).not.toContain('complete');
    expect(await db.query('SELECT 1 FROM archive_jobs WHERE event_code = $1', [code])).toEqual([]);
    expect(await archiveKeys()).not.toContain(key);
    expect(await uploadsInProgress()).not.toContain(key);
  }, 60_000);

  it('builds nothing for a request let in just before its gallery was purged', async () => {
    const code = newGallery();
    await addPhoto(code, 'a.jpg');
    await finished(code, (await requestArchive(code)).data!.requestArchive.id!);
    await purgeGallery(code);
    // The stand-ins for media and events still answer for the gallery, as a request that passed its
    // permission check a moment before the gallery ended did.
    const answer = await requestArchive(code);
    expect(answer.errors?.[0].extensions?.code).toBe('GALLERY_NOT_FOUND');
    await app!.get(ArchiveBuilder).settled();
    expect(await db.query('SELECT 1 FROM archive_jobs WHERE event_code = $1', [code])).toEqual([]);
    // What remembers the purge names no gallery, and is forgotten after PURGED_RECORD_MS.
    expect(await databaseMentions(databaseUrl, code)).toEqual([]);
    const remembered = `SELECT 1 FROM purged_galleries WHERE code_hash = sha256(convert_to($1, 'UTF8'))`;
    expect(await db.query(remembered, [code])).toHaveLength(1);
    await db.query(
      `UPDATE purged_galleries SET purged_at = now() - make_interval(secs => $2)
        WHERE code_hash = sha256(convert_to($1, 'UTF8'))`,
      [code, PURGED_RECORD_MS / 1000 + 1],
    );
    await app!.get(ArchiveSweeper).sweep();
    expect(await db.query(remembered, [code])).toEqual([]);
  });

  it('links a zip for ARCHIVE_URL_SECONDS and deletes it ARCHIVE_RETENTION_DAYS after it was built', async () => {
    const code = newGallery();
    await addPhoto(code, 'a.jpg');
    const jobId = (await requestArchive(code)).data!.requestArchive.id!;
    const job = await finished(code, jobId);
    expect(new URL(job.downloadUrl!).searchParams.get('X-Amz-Expires')).toBe(String(ARCHIVE_URL_SECONDS));
    const [row] = await db.query(
      `SELECT expires_at - finished_at = make_interval(days => $2) AS kept FROM archive_jobs WHERE id = $1`,
      [jobId, ARCHIVE_RETENTION_DAYS],
    );
    expect(row.kept).toBe(true);

    // Its time is up: the sweep deletes it, and it is no longer offered.
    await db.query(`UPDATE archive_jobs SET expires_at = now() - interval '1 second' WHERE id = $1`, [jobId]);
    await app!.get(ArchiveSweeper).sweep();
    expect(await archiveKeys()).not.toContain(`archives/${jobId}.zip`);
    expect(await archiveJob(code, jobId)).toMatchObject({ downloadUrl: null });
    const next = await requestArchive(code);
    expect(next.data!.requestArchive.id).not.toBe(jobId);
    await finished(code, next.data!.requestArchive.id!);
  });

  it('fails a build whose process was killed midway once its heartbeat is old, aborts its upload, and builds anew', async () => {
    const code = newGallery();
    await addPhotos(code, 100, 1024 * 1024);
    const replica = await startReplica(await findFreePort());
    try {
      const { jobId, progress } = await buildKilledMidway(replica, code);
      progress.stop();
      expect(progress.stages()).not.toContain('complete');
      expect(await archiveJob(code, jobId)).toMatchObject({ status: 'BUILDING' });

      // Its heartbeat grows old (this app allows a day of silence): the sweep, at boot then periodically, fails it.
      // (It has no lease, as a build from before leases: only its heartbeat tells.)
      await db.query(
        `UPDATE archive_jobs SET heartbeat_at = now() - interval '2 days', builder = NULL WHERE id = $1`,
        [jobId],
      );
      await app!.get(ArchiveSweeper).sweep();
      expect(await archiveJob(code, jobId)).toMatchObject({ status: 'FAILED', downloadUrl: null });
      expect(await archiveKeys()).not.toContain(`archives/${jobId}.zip`);
      expect(await uploadsInProgress()).not.toContain(`archives/${jobId}.zip`);
      const next = await requestArchive(code);
      expect(next.data!.requestArchive.id).not.toBe(jobId);
      expect(await finished(code, next.data!.requestArchive.id!)).toMatchObject({
        status: 'COMPLETE',
        photoCount: 100,
      });
    } finally {
      replica.kill();
    }
  }, 180_000);

  it('fails at once, when the killed service starts again, the build it left, so a retry builds straight away', async () => {
    const code = newGallery();
    await addPhotos(code, 60, 1024 * 1024);
    const port = await findFreePort();
    const killed = await startReplica(port);
    let restarted: Replica | undefined;
    try {
      const { jobId, progress } = await buildKilledMidway(killed, code);
      progress.stop();
      expect(await archiveJob(code, jobId)).toMatchObject({ status: 'BUILDING' });

      // The same service started again, its heartbeat allowance (a minute) far from over.
      restarted = await startReplica(port);
      const retry = await restarted.requestArchive(code);
      expect(retry.id).not.toBe(jobId);
      expect(await archiveJob(code, jobId)).toMatchObject({ status: 'FAILED', downloadUrl: null });
      expect(await finished(code, retry.id)).toMatchObject({ status: 'COMPLETE', photoCount: 60 });
      expect(await archiveKeys()).not.toContain(`archives/${jobId}.zip`);
    } finally {
      killed.kill();
      restarted?.kill();
    }
  }, 180_000);

  it('leaves alone a build whose service is alive, however many replicas start', async () => {
    const code = newGallery();
    await addPhotos(code, 60, 1024 * 1024);
    const building = await startReplica(await findFreePort());
    let other: Replica | undefined;
    try {
      const progress = followProgress(code);
      const { id } = await building.requestArchive(code);
      await waitFor('photos being added', async () =>
        progress.seen.some((step) => step.stage === 'adding' && step.count > 0),
      );
      other = await startReplica(await findFreePort());
      await app!.get(ArchiveSweeper).sweep();
      expect((await other.requestArchive(code)).id).toBe(id);
      expect(await finished(code, id)).toMatchObject({ status: 'COMPLETE', photoCount: 60 });
      progress.stop();
    } finally {
      building.kill();
      other?.kill();
    }
  }, 180_000);

  it('fails a build left by a process that was killed, and deletes what it wrote', async () => {
    const code = newGallery();
    await addPhoto(code, 'a.jpg');
    const id = randomUUID();
    const key = `archives/${id}.zip`;
    await s3!.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: Buffer.from('PK partial') }));
    await db.query(
      `INSERT INTO archive_jobs (id, event_code, gallery_name, version, status, object_key, heartbeat_at)
       VALUES ($1, $2, 'G', 0, 'building', $3, now() - interval '2 days')`,
      [id, code, key],
    );
    // While it is taken for alive, a request joins it.
    expect((await requestArchive(code)).data!.requestArchive.id).toBe(id);
    await app!.get(ArchiveSweeper).sweep();
    expect(await archiveJob(code, id)).toMatchObject({ status: 'FAILED', downloadUrl: null });
    expect(await archiveKeys()).not.toContain(key);
    const next = await requestArchive(code);
    expect(next.data!.requestArchive.id).not.toBe(id);
    expect(await finished(code, next.data!.requestArchive.id!)).toMatchObject({ status: 'COMPLETE' });
  });
});
