import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { ZipArchive } from 'archiver';
import {
  ARCHIVE_RETENTION_DAYS,
  GALLERY_PHOTOS_PAGE_LIMIT,
  isHeifType,
  PHOTOS_OF_YOU_FOLDER,
  type ArchivePhoto,
  type ArchiveStage,
} from '@gallery/contracts';
import { describeError, inSpan, zipJobs } from '@gallery/platform';
import type { ArchiveJobEntity } from './archive-job.entity.js';
import { ArchiveJobsRepository } from './archive-jobs.repository.js';
import { ArchiveStorage } from './archive-storage.js';
import { EntryNames, galleryFolderName, jpegName } from './entry-names.js';
import { guestbookMessagesOf } from './guestbook-messages.consumer.js';
import { GUESTBOOK_PAGE_NAME, guestbookPage } from './guestbook-page.js';
import { HeicJpegCopies } from './heic-jpeg-copies.js';
import { useZlibCrc32 } from './native-crc32.js';
import { ServiceRequests } from './service-requests.js';

/**
 * The zip every build writes: entries stored as they are (photos and videos are compressed already), with Zip64
 * headers on every entry, so an entry or an offset past 4 GiB needs no special case and every reader agrees.
 */
export function createZip(): ZipArchive {
  useZlibCrc32();
  return new ZipArchive({ store: true, forceZip64: true });
}

/** Progress and heartbeats at most this often: enough for a moving bar, little for NATS and PostgreSQL. */
const PROGRESS_EVERY_MS = 250;
const HEARTBEAT_EVERY_MS = 5000;
/** Originals requested ahead of the one being copied. */
const READ_AHEAD = 3;

/**
 * `promise`, or the abort's reason once `signal` is aborted, whichever comes first. Not Promise.race with one
 * long-lived failure promise: each race leaves a reaction on that promise holding its result (here an original's
 * response stream) until the build ends, which made memory grow with every photo of the zip.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Builds one zip: the gallery's photo list from media (paged), each original streamed from storage into a
 * store-mode Zip64 archive one entry at a time (with a JPEG copy beside each HEIC original when the owner asked), the archive streamed into storage by a multipart upload. Memory
 * holds one list entry per photo, a stream buffer and the upload's parts in flight, whatever the photos' sizes.
 * Any failure aborts the upload, deletes whatever object may exist and fails the job: a partial zip is never
 * served.
 */
@Injectable()
export class ArchiveBuilder implements BeforeApplicationShutdown {
  private readonly logger = new Logger(ArchiveBuilder.name);
  private readonly running = new Set<Promise<void>>();
  /** Each build in progress's abort, with its gallery's code. */
  private readonly aborts = new Map<AbortController, string>();

  constructor(
    @Inject(ArchiveJobsRepository) private readonly jobs: ArchiveJobsRepository,
    @Inject(ArchiveStorage) private readonly storage: ArchiveStorage,
    @Inject(ServiceRequests) private readonly requests: ServiceRequests,
    @Inject(HeicJpegCopies) private readonly jpegCopies: HeicJpegCopies,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  /** Starts the build in the background; `settled` waits for every build started (shutdown, tests). */
  start(job: ArchiveJobEntity): void {
    // One trace per zip, joined to the request that asked for it.
    const run = inSpan('build zip', 'internal', undefined, { 'gallery.code': job.eventCode }, () =>
      this.build(job),
    ).finally(() => this.running.delete(run));
    this.running.add(run);
  }

  async settled(): Promise<void> {
    await Promise.all([...this.running]);
  }

  /** A shutdown fails the builds in progress (a request after the restart starts a new one). */
  async beforeApplicationShutdown(): Promise<void> {
    for (const abort of this.aborts.keys()) abort.abort(new Error('the service is stopping'));
    await this.settled();
  }

  /** The gallery was purged: its builds here stop, abort their uploads and remove what they wrote. */
  stopGallery(code: string): void {
    for (const [abort, eventCode] of this.aborts) {
      if (eventCode === code) abort.abort(new Error('the gallery was purged'));
    }
  }

  private publish(job: ArchiveJobEntity, stage: ArchiveStage, count = 0, total = 0): void {
    this.requests.publishProgress(job, stage, count, total);
  }

  async build(job: ArchiveJobEntity): Promise<void> {
    this.publish(job, 'downloading');
    const abort = new AbortController();
    this.aborts.set(abort, job.eventCode);
    let added = 0;
    // On a timer, not per entry: one long video may take longer to copy than a silent build is given. A job no
    // longer building (taken for dead, or its gallery purged by another process) stops its build.
    const heartbeat = setInterval(() => {
      this.jobs
        .heartbeat(job.id, added)
        .then((building) => {
          if (!building) abort.abort(new Error('the job is no longer building'));
        })
        .catch((error: unknown) =>
          this.logger.warn(`zip ${job.id} heartbeat missed: ${describeError(error)}`),
        );
    }, HEARTBEAT_EVERY_MS);
    let zip: ZipArchive | undefined;
    let upload: ReturnType<ArchiveStorage['upload']> | undefined;
    try {
      const listed = job.photoIds
        ? await this.chosenPhotos(job.eventCode, job.photoIds)
        : await this.listPhotos(job.eventCode, job.layout === 'HIGHLIGHTS');
      // A zip of guests' copies (a guest's, or the couple's by their choice) asks media for a copy still to be
      // made, and leaves out a photo that has none.
      const photos = job.guestCopies
        ? listed.filter((photo) => photo.guestCopyKey !== null || photo.guestCopyPending)
        : listed;
      let total = photos.length;
      this.publish(job, 'adding', 0, total);

      zip = createZip();
      upload = this.storage.upload(job.objectKey);
      zip.pipe(upload);
      const uploaded = upload.done();
      // Either side may fail while the other waits: a failure aborts the build, and every wait below ends with it.
      const failWith = (error: Error) => abort.abort(error);
      zip.on('error', failWith);
      zip.on('warning', failWith);
      uploaded.catch(failWith);

      // A zip of chosen photos is theirs alone, flat in its own folder; a gallery's is in the gallery's folder.
      const chosen = job.layout === 'PHOTOS_OF_YOU';
      const names = new EntryNames(
        chosen ? PHOTOS_OF_YOU_FOLDER : galleryFolderName(job.galleryName),
        job.layout,
      );
      let lastProgress = Date.now();
      // The next originals' requests go out while one is copied, so storage's answer time is not paid per photo;
      // each holds only its stream buffer until its turn.
      const opened: Promise<Readable | null>[] = [];
      const open = (index: number) => {
        const photo = photos[index];
        const body = this.keyInZip(job, photo).then((key) =>
          key === null ? null : this.storage.readStream(key, abort.signal),
        );
        body.catch(() => undefined);
        opened.push(body);
      };
      const closeOpened = () => {
        for (const body of opened.splice(0))
          void body.then(
            (stream) => stream?.destroy(),
            () => undefined,
          );
      };
      abort.signal.addEventListener('abort', closeOpened);
      for (let index = 0; index < Math.min(READ_AHEAD, photos.length); index++) open(index);
      for (const [index, photo] of photos.entries()) {
        const next = opened.shift()!;
        if (index + READ_AHEAD < photos.length) open(index + READ_AHEAD);
        const body = await untilAborted(next, abort.signal);
        if (!body) {
          // Its guests' copy could not be made: not in this zip, nor in the count.
          total--;
          if (added === total) this.publish(job, 'adding', added, total);
          continue;
        }
        const append = async (source: Readable | Buffer, name: string) => {
          const entry = once(zip!, 'entry');
          zip!.append(source, { name, date: new Date(photo.createdAt), store: true });
          await untilAborted(entry, abort.signal);
        };
        if (job.jpegCopies && isHeifType(photo.contentType)) {
          // Read whole (a photo is at most MAX_PHOTO_BYTES): the original goes in as it is, its copy beside it.
          const original = Buffer.concat(await untilAborted(body.toArray(), abort.signal));
          await append(original, names.next(photo));
          const copy = await this.jpegCopy(job, photo, original);
          if (copy) await append(copy, names.next({ ...photo, fileName: jpegName(photo.fileName) }));
        } else {
          await append(body, names.next(photo));
        }
        added++;
        const now = Date.now();
        if (now - lastProgress >= PROGRESS_EVERY_MS || added === total) {
          lastProgress = now;
          this.publish(job, 'adding', added, total);
        }
      }
      // The guestbook as a readable page beside the photos, when guests left messages (not in chosen photos').
      const messages = chosen ? [] : await guestbookMessagesOf(this.dataSource, job.eventCode);
      if (messages.length > 0) {
        const entry = once(zip, 'entry');
        zip.append(Buffer.from(guestbookPage(job.galleryName, messages), 'utf8'), {
          name: `${galleryFolderName(job.galleryName)}/${GUESTBOOK_PAGE_NAME}`,
          store: true,
        });
        await untilAborted(entry, abort.signal);
      }
      this.publish(job, 'creating', added, total);
      await untilAborted(zip.finalize(), abort.signal);
      this.publish(job, 'finalizing', added, total);
      await untilAborted(uploaded, abort.signal);
      const size = zip.pointer();
      if (!(await this.jobs.complete(job.id, size, added, ARCHIVE_RETENTION_DAYS))) {
        throw new Error('the job was taken for dead or its gallery purged while it built');
      }
      this.publish(job, 'complete', added, total);
      zipJobs.inc({ outcome: 'built' });
    } catch (error) {
      this.logger.warn(`zip ${job.id} failed after ${added} photos: ${describeError(error)}`);
      abort.abort();
      zip?.abort();
      await upload?.abort().catch(() => undefined);
      await this.storage
        .remove(job.objectKey)
        .catch((removal: unknown) =>
          this.logger.warn(`partial zip ${job.id} not deleted: ${describeError(removal)}`),
        );
      await this.jobs
        .fail(job.id, describeError(error))
        .catch((failing: unknown) =>
          this.logger.error(`zip ${job.id} not marked failed: ${describeError(failing)}`),
        );
      this.publish(job, 'failed', added);
      zipJobs.inc({ outcome: 'failed' });
    } finally {
      clearInterval(heartbeat);
      this.aborts.delete(abort);
    }
  }

  /** The JPEG copy of a HEIC original, or null (logged) when it cannot be decoded: the original is there anyway. */
  private async jpegCopy(
    job: ArchiveJobEntity,
    photo: ArchivePhoto,
    original: Buffer,
  ): Promise<Buffer | null> {
    try {
      return await this.jpegCopies.jpegOf(original);
    } catch (error) {
      this.logger.warn(`zip ${job.id}: no JPEG copy of photo ${photo.id}: ${describeError(error)}`);
      return null;
    }
  }

  /** The object a photo's entry is read from: its original, or its guests' copy (asked of media if need be). */
  private async keyInZip(job: ArchiveJobEntity, photo: ArchivePhoto): Promise<string | null> {
    if (!job.guestCopies) return photo.originalKey;
    return photo.guestCopyKey ?? this.requests.guestCopy({ code: job.eventCode, photoId: photo.id });
  }

  /** The chosen photos still in the gallery (at most CHOSEN_PHOTOS_LIMIT: one page), oldest first. */
  private async chosenPhotos(code: string, ids: string[]): Promise<ArchivePhoto[]> {
    const page = await this.requests.galleryPhotos({ code, ids, limit: GALLERY_PHOTOS_PAGE_LIMIT });
    return page.photos;
  }

  /** Every photo of the gallery (or only its Highlights), oldest first, page by page. */
  private async listPhotos(code: string, highlights: boolean): Promise<ArchivePhoto[]> {
    const photos: ArchivePhoto[] = [];
    let after: string | undefined;
    do {
      const page = await this.requests.galleryPhotos({
        code,
        after,
        limit: GALLERY_PHOTOS_PAGE_LIMIT,
        ...(highlights ? { highlights } : {}),
      });
      photos.push(...page.photos);
      after = page.next ?? undefined;
    } while (after);
    return photos;
  }
}
