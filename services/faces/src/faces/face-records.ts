import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { photosOfTheSelfie } from './face-search.js';

/** A photo waiting to be looked at for faces. */
export interface QueuedPhoto {
  photoId: string;
  eventCode: string;
  previewKey: string | null;
  attempts: number;
}

/**
 * The faces database: which galleries have "Find me" on, the photos waiting to be looked at, and the faces found.
 * Nothing is queued or recorded for a gallery without "Find me" on: the consent comes first.
 */
@Injectable()
export class FaceRecords {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async isOn(code: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT 1 FROM find_me_galleries WHERE event_code = $1', [
      code,
    ]);
    return rows.length > 0;
  }

  /** Turns "Find me" on; false when it already was. */
  async turnOn(manager: EntityManager, code: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO find_me_galleries (event_code) VALUES ($1) ON CONFLICT DO NOTHING RETURNING 1`,
      [code],
    );
    return rows.length > 0;
  }

  /** Turns "Find me" off, or purges the gallery: every record of it goes. Returns how many faces went. */
  async forgetGallery(manager: EntityManager, code: string): Promise<number> {
    await manager.query('DELETE FROM find_me_galleries WHERE event_code = $1', [code]);
    await manager.query('DELETE FROM index_queue WHERE event_code = $1', [code]);
    await manager.query('DELETE FROM indexed_photos WHERE event_code = $1', [code]);
    const [, deleted] = (await manager.query('DELETE FROM photo_faces WHERE event_code = $1', [code])) as [
      unknown,
      number,
    ];
    return deleted;
  }

  /** Queues a photo of a gallery with "Find me" on, unless it was looked at already; false otherwise. */
  async queue(
    manager: EntityManager,
    photo: { photoId: string; eventCode: string; previewKey?: string | null },
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO index_queue (photo_id, event_code, preview_key)
       SELECT $1, $2, $3
       WHERE EXISTS (SELECT 1 FROM find_me_galleries WHERE event_code = $2)
         AND NOT EXISTS (SELECT 1 FROM indexed_photos WHERE photo_id = $1)
       ON CONFLICT (photo_id) DO NOTHING
       RETURNING 1`,
      [photo.photoId, photo.eventCode, photo.previewKey ?? null],
    );
    return rows.length > 0;
  }

  /** A removed photo: its faces, its place in the queue and its mark go. */
  async forgetPhoto(manager: EntityManager, photoId: string): Promise<void> {
    await manager.query('DELETE FROM index_queue WHERE photo_id = $1', [photoId]);
    await manager.query('DELETE FROM indexed_photos WHERE photo_id = $1', [photoId]);
    await manager.query('DELETE FROM photo_faces WHERE photo_id = $1', [photoId]);
  }

  /**
   * Takes the oldest queued photo for this replica, locked until `work` is done: its transaction records the
   * faces and removes the row, so another replica never looks at the same photo and a crash leaves it queued.
   */
  async takeNext(work: (photo: QueuedPhoto, manager: EntityManager) => Promise<void>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const rows: { photo_id: string; event_code: string; preview_key: string | null; attempts: number }[] =
        await manager.query(
          `SELECT photo_id, event_code, preview_key, attempts FROM index_queue
           ORDER BY queued_at, photo_id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        );
      const row = rows[0];
      if (!row) return false;
      await work(
        {
          photoId: row.photo_id,
          eventCode: row.event_code,
          previewKey: row.preview_key,
          attempts: row.attempts,
        },
        manager,
      );
      return true;
    });
  }

  /**
   * A photo's faces; the photo leaves the queue. A photo looked at again (the engine changed) has its faces
   * replaced, in the same transaction, so a search finds the old ones or the new, never neither.
   */
  async recordFaces(
    manager: EntityManager,
    photo: { photoId: string; eventCode: string },
    descriptors: ArrayLike<number>[],
  ): Promise<void> {
    await manager.query('DELETE FROM index_queue WHERE photo_id = $1', [photo.photoId]);
    await manager.query('DELETE FROM photo_faces WHERE photo_id = $1', [photo.photoId]);
    await manager.query(
      `INSERT INTO indexed_photos (photo_id, event_code, face_count) VALUES ($1, $2, $3)
       ON CONFLICT (photo_id) DO UPDATE SET face_count = EXCLUDED.face_count, indexed_at = now()`,
      [photo.photoId, photo.eventCode, descriptors.length],
    );
    for (const descriptor of descriptors) {
      await manager.query('INSERT INTO photo_faces (event_code, photo_id, descriptor) VALUES ($1, $2, $3)', [
        photo.eventCode,
        photo.photoId,
        descriptorBytes(descriptor),
      ]);
    }
  }

  /** Drops a queued photo that cannot be looked at (gone, or never readable). */
  async dropQueued(manager: EntityManager, photoId: string): Promise<void> {
    await manager.query('DELETE FROM index_queue WHERE photo_id = $1', [photoId]);
  }

  /** Counts a failed try and moves the photo to the back of the queue. */
  async retryLater(photoId: string): Promise<void> {
    await this.dataSource.query(
      'UPDATE index_queue SET attempts = attempts + 1, queued_at = now() WHERE photo_id = $1',
      [photoId],
    );
  }

  /** Photos waiting to be looked at, every gallery: what the faces service scales on. */
  async backlog(): Promise<number> {
    const [row] = (await this.dataSource.query('SELECT count(*)::int AS n FROM index_queue')) as {
      n: number;
    }[];
    return row?.n ?? 0;
  }

  /**
   * The gallery's photos the selfie's person is in, nearest first (`photosOfTheSelfie`): brute force over the
   * gallery's records (a 10,000-photo gallery in well under a second, docs/benchmarks.md).
   */
  async photosWithFace(code: string, selfie: ArrayLike<number>, limit: number): Promise<string[]> {
    const rows: { photo_id: string; descriptor: Buffer }[] = await this.dataSource.query(
      'SELECT photo_id, descriptor FROM photo_faces WHERE event_code = $1',
      [code],
    );
    const faces = rows.map((row) => ({ photoId: row.photo_id, descriptor: descriptorOf(row.descriptor) }));
    return photosOfTheSelfie(Float32Array.from(selfie), faces).slice(0, limit);
  }
}

/** A descriptor as stored: 128 float32, little-endian. */
export function descriptorBytes(descriptor: ArrayLike<number>): Buffer {
  const bytes = Buffer.alloc(descriptor.length * 4);
  for (let i = 0; i < descriptor.length; i++) bytes.writeFloatLE(descriptor[i]!, i * 4);
  return bytes;
}

/** A stored descriptor read back: a view of the bytes when they are aligned (no copy), else a copy. */
export function descriptorOf(bytes: Buffer): Float32Array {
  if (bytes.byteOffset % 4 === 0 && IS_LITTLE_ENDIAN) {
    return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  }
  const values = new Float32Array(bytes.length / 4);
  for (let i = 0; i < values.length; i++) values[i] = bytes.readFloatLE(i * 4);
  return values;
}

const IS_LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
