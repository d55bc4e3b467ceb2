import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { MediaContentType, VideoContentType } from '@gallery/contracts';
import { describeError } from '@gallery/platform';
import { ObjectStorage } from '../storage/object-storage.js';
import { UnreadableVideoError } from '../videos/unreadable-video.error.js';
import { VideoFrames } from '../videos/video-frames.js';
import { MetadataNotStrippedError, MetadataStripper } from './metadata-stripper.js';

/**
 * Makes and stores the copy of an original that guests fetch (its "original" link, a video's playback, a HEIC
 * shown without derived images): the same image or video data without identifying metadata. Made once, when
 * the photo is confirmed, so a view costs nothing more than a redirect. A copy that cannot be made leaves the
 * photo without one (null): its original is then never served to guests.
 */
@Injectable()
export class GuestCopies implements OnModuleDestroy {
  private readonly logger = new Logger(GuestCopies.name);

  constructor(
    @Inject(MetadataStripper) private readonly stripper: MetadataStripper,
    @Inject(VideoFrames) private readonly videoFrames: VideoFrames,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
  ) {}

  /** Stores the guest copy of a photo held in memory under `key`; `key`, or null when none could be made. */
  async ofPhoto(original: Buffer, type: MediaContentType, key: string): Promise<string | null> {
    try {
      // Streamed from its file: the SDK signs a stream without hashing its 5-10 MB on the event loop.
      await this.stripper.withStrippedPhoto(original, (copy) => this.storage.writeFile(key, copy, type));
    } catch (error) {
      if (!(error instanceof MetadataNotStrippedError)) throw error;
      this.logger.warn(`no guest copy (${type}): ${describeError(error)}`);
      return null;
    }
    return key;
  }

  /**
   * Stores the guest copy of a video held in the local file `file` under `key` (exiftool for MP4 and QuickTime,
   * a remux without metadata for WebM); `key`, or null when none could be made.
   */
  async ofVideo(file: string, type: VideoContentType, key: string): Promise<string | null> {
    const output = path.join(path.dirname(file), 'guest-copy');
    try {
      try {
        if (this.stripper.handles(type)) await this.stripper.stripFile(file, output);
        else await this.videoFrames.remuxWithoutMetadata(file, type, output);
      } catch (error) {
        if (!(error instanceof MetadataNotStrippedError || error instanceof UnreadableVideoError))
          throw error;
        this.logger.warn(`no guest copy (${type}): ${describeError(error)}`);
        return null;
      }
      await this.storage.writeFile(key, output, type);
      return key;
    } finally {
      await rm(output, { force: true });
    }
  }

  onModuleDestroy(): void {
    this.stripper.close();
  }
}
