import { rm, stat } from 'node:fs/promises';
import type { MediaContentType } from '@gallery/contracts';
import { Exiftool } from './exiftool.js';

/**
 * What a guest's copy keeps of its original's metadata: how to show it (orientation, colour), when it was taken
 * and with what kind of camera. Everything else goes: GPS and every other location (EXIF, XMP, IPTC, QuickTime
 * keys), maker notes (where camera and lens serial numbers live), serial numbers, owner and artist names,
 * copyright, comments, descriptions, editing software and host names. A list of what stays rather than of what
 * goes, so a tag nobody thought of leaves too.
 */
export const KEPT_TAGS = [
  'ICC_Profile',
  'Orientation',
  'ColorSpace',
  'DateTimeOriginal',
  'SubSecTimeOriginal',
  'OffsetTimeOriginal',
  'CreateDate',
  'Make',
  'Model',
  'ExposureTime',
  'FNumber',
  'ISO',
  'FocalLength',
  'FocalLengthIn35mmFormat',
  'Flash',
] as const;

/**
 * `-all=` removes every tag exiftool can write (never image or video data: nothing is decoded or re-encoded),
 * then the kept ones are copied back from the original. `-m` lets a file with a minor fault in its metadata (as
 * phones write now and then) be stripped all the same.
 */
const STRIP_ARGUMENTS = ['-m', '-all=', '-tagsFromFile', '@', ...KEPT_TAGS.map((tag) => `-${tag}`)];

/**
 * The types whose metadata exiftool rewrites: every accepted photo type, and MP4 and QuickTime videos. WebM
 * (Matroska) it cannot write; a WebM guest copy is made by remuxing instead (see VideoFrames.remuxWithoutMetadata).
 */
const EXIFTOOL_TYPES: ReadonlySet<MediaContentType> = new Set<MediaContentType>([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  'video/mp4',
  'video/quicktime',
]);

export class MetadataNotStrippedError extends Error {
  constructor(detail: string) {
    super(`metadata could not be stripped: ${detail}`);
    this.name = 'MetadataNotStrippedError';
  }
}

/**
 * Makes guests' copies of originals without identifying metadata, with exiftool, which rewrites only the
 * metadata and copies image and video data byte for byte. Photos go to the long-running exiftool the service
 * keeps; a video, whose rewrite copies hundreds of megabytes, to an exiftool of its own, so photos never wait
 * behind it.
 */
export class MetadataStripper {
  constructor(
    private readonly photos: Exiftool,
    private readonly program = photos.program,
  ) {}

  static locate(): MetadataStripper {
    return new MetadataStripper(Exiftool.locate());
  }

  handles(type: MediaContentType): boolean {
    return EXIFTOOL_TYPES.has(type);
  }

  /** Writes `output`: the photo in the file `input` without identifying metadata, by the exiftool kept running. */
  stripPhotoFile(input: string, output: string): Promise<void> {
    return this.strip(this.photos, input, output);
  }

  /** Writes `output`: the file `input` without identifying metadata (a video's too), by an exiftool of its own. */
  async stripFile(input: string, output: string): Promise<void> {
    const own = new Exiftool(this.program);
    try {
      await this.strip(own, input, output);
    } finally {
      own.close();
    }
  }

  close(): void {
    this.photos.close();
  }

  private async strip(exiftool: Exiftool, input: string, output: string): Promise<void> {
    const { output: said, errors } = await exiftool.run([...STRIP_ARGUMENTS, '-o', output, input]);
    const written = await stat(output).then(
      (file) => file.size > 0,
      () => false,
    );
    if (!/\b1 image files? (?:created|copied)\b/.test(said) || !written) {
      await rm(output, { force: true });
      throw new MetadataNotStrippedError((errors.trim() || said.trim()).split('\n')[0] ?? 'no output');
    }
  }
}
