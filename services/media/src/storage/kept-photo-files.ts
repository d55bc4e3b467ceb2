import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';

/**
 * Folders kept at most, each holding the last original it was used for until the next one overwrites it:
 * as many as photos are confirmed at once (four uploaders' worth and more), so at most eight of the largest
 * photos on disk.
 */
export const KEPT_PHOTO_FILES = 8;

/**
 * Local files for photo originals, kept from one photo to the next and overwritten in place (writeToFile). A new
 * file for each photo takes new pages of memory for its contents, and on the virtual machines this service runs
 * on, the first writes to memory freed a while ago (handed back to the host, which gives it again page by page)
 * cost the service up to 10.7 ms of CPU a 5.6 MB photo, against 0.8 ms to overwrite a kept file's pages
 * (docs/decisions.md, "originals over kept files"). Each file is in a private folder of its own that one photo
 * uses at a time; whatever else the photo wrote beside it (its guest copy) is deleted when it is done. A folder
 * whose photo failed is deleted whole, so no half-written original stays; videos, which can be hundreds of
 * megabytes, use withTemporaryOriginal instead.
 */
@Injectable()
export class KeptPhotoFiles implements OnModuleDestroy {
  private readonly idle: string[] = [];
  private releasing = 0;
  private closed = false;

  constructor(private readonly keep = KEPT_PHOTO_FILES) {}

  /**
   * Runs `use` with the path of a local file for a photo's original. The file may still hold an earlier photo:
   * `use` must write it whole (writeToFile) before reading it.
   */
  async withFile<T>(use: (file: string) => Promise<T>): Promise<T> {
    const folder = this.idle.pop() ?? (await mkdtemp(path.join(tmpdir(), 'gallery-photo-')));
    let done = false;
    try {
      const result = await use(path.join(folder, 'original'));
      done = true;
      return result;
    } finally {
      await this.release(folder, done);
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    const folders = this.idle.splice(0);
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  }

  /** Keeps a folder whose photo is done while fewer than `keep` are kept, emptied but for its original. */
  private async release(folder: string, done: boolean): Promise<void> {
    // Counted before the first await, so photos finishing together never keep more than `keep`.
    if (done && !this.closed && this.idle.length + this.releasing < this.keep) {
      this.releasing++;
      try {
        const others = (await readdir(folder)).filter((name) => name !== 'original');
        await Promise.all(
          others.map((name) => rm(path.join(folder, name), { recursive: true, force: true })),
        );
        if (!this.closed) {
          this.idle.push(folder);
          return;
        }
      } catch {
        // Not emptied: deleted whole below, as a failed photo's is.
      } finally {
        this.releasing--;
      }
    }
    await rm(folder, { recursive: true, force: true });
  }
}
