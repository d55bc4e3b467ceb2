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
 * shown without derived images): the same image or video data without identifying metadata. Made once: a
 * video's and such a HEIC's when confirmed, a photo's when first needed (PendingGuestCopies); a view of one
 * made costs nothing more than a redirect. A copy that cannot be made leaves the photo without one (null): its
 * original is then never served to guests.
 */
@Injectable()
export class GuestCopies implements OnModuleDestroy {
  private readonly logger = new Logger(GuestCopies.name);

  constructor(
    @Inject(MetadataStripper) private readonly stripper: MetadataStripper,
    @Inject(VideoFrames) private readonly videoFrames: VideoFrames,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
  ) {}

  /**
   * Stores the guest copy of a photo held in the local file `file` under `key`, made by the exiftool the service
   * keeps running; `key`, or null when none could be made.
   */
  ofPhoto(file: string, type: MediaContentType, key: string): Promise<string | null> {
    return this.stored(file, type, key, (output) => this.stripper.stripPhotoFile(file, output));
  }

  /**
   * Stores the guest copy of a video held in the local file `file` under `key` (exiftool for MP4 and QuickTime,
   * a remux without metadata for WebM); `key`, or null when none could be made.
   */
  ofVideo(file: string, type: VideoContentType, key: string): Promise<string | null> {
    return this.stored(file, type, key, (output) =>
      this.stripper.handles(type)
        ? this.stripper.stripFile(file, output)
        : this.videoFrames.remuxWithoutMetadata(file, type, output),
    );
  }

  /**
   * The copy `strip` writes beside `file`, streamed to storage from its file (the SDK signs a stream without
   * hashing its megabytes on the event loop, and no Buffer holds them) and then deleted.
   */
  private async stored(
    file: string,
    type: MediaContentType,
    key: string,
    strip: (output: string) => Promise<void>,
  ): Promise<string | null> {
    const output = path.join(path.dirname(file), 'guest-copy');
    try {
      try {
        await strip(output);
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
