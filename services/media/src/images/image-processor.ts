import { readFile } from 'node:fs/promises';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { MAX_PHOTO_PIXELS } from '@gallery/contracts';
import type { DerivedImages } from './derived-images.js';
import { heifDimensions } from './heif-dimensions.js';
import { HeifWorkerDecoder, type HeifDecode } from '@gallery/platform';
import { ImageTooLargeError } from './image-too-large.error.js';
import { PixelBuffers } from './pixel-buffers.js';
import { UndecodableImageError } from './undecodable-image.error.js';
import { greyOf, measureQuality, type PhotoQuality } from './photo-quality.js';

/** libvips threads working on one image (sharp.concurrency). */
const LIBVIPS_THREADS_PER_IMAGE = 1;
const THUMBNAIL = { size: 400, quality: 80 };
const PREVIEW = { size: 1600, quality: 85 };

/**
 * What a photo's images are made from, its size checked: the original's own bytes (or the local file holding
 * them, which libvips reads itself), or, for HEIF/HEIC, the RGBA
 * pixels libheif decoded from it (the bundled libvips has no HEVC decoder), or the photo already at the
 * preview's size (`atPreviewSize`), from which both images are made with one decode of the original.
 */
export interface ImageSource {
  /** The original's dimensions as it is meant to be seen (EXIF orientation applied). */
  width: number;
  height: number;
  /** Bytes, or the path of a local file. */
  input: Buffer | string;
  options: SharpOptions;
  /** For pixels in a kept buffer (PixelBuffers): gives it back, once no image will be made from this source. */
  release?: () => void;
}

/** Makes the images guests see from an original, with sharp (and libheif for HEIF/HEIC). */
@Injectable()
export class ImageProcessor implements OnModuleDestroy {
  private readonly heifWorker: HeifWorkerDecoder | undefined;
  private readonly decodeHeif: HeifDecode;
  private readonly pixelBuffers = new PixelBuffers();

  /** `decodeHeif` for tests; by default libheif's WebAssembly build in a worker thread. */
  constructor(decodeHeif?: HeifDecode) {
    // One libvips thread per image, as sharp chooses on glibc by itself only while MALLOC_ARENA_MAX is unset; the
    // service sets it (KEEP_FREED_MEMORY_ENV). Each photo's work already has its turn in the image work queue.
    sharp.concurrency(LIBVIPS_THREADS_PER_IMAGE);
    if (decodeHeif) {
      this.decodeHeif = decodeHeif;
    } else {
      this.heifWorker = new HeifWorkerDecoder();
      this.decodeHeif = this.heifWorker.decode;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.heifWorker?.close();
  }

  /**
   * The source of an original's images. Throws ImageTooLargeError for more pixels than a photo may have, read
   * from the header (a HEIF's boxes) before anything is decoded, and UndecodableImageError when the original
   * cannot be read. A JPEG, PNG or WebP is not decoded here: sharp decodes it where its images are made, a JPEG
   * at the scale they need (shrink-on-load). A HEIF is decoded whole, in libheif's worker. `original` is the
   * original's bytes or the path of a local file holding them.
   */
  async source(original: Buffer | string, format: { heif: boolean }): Promise<ImageSource> {
    if (!format.heif) return this.sharpSource(original);
    return this.heifSource(typeof original === 'string' ? await readFile(original) : original);
  }

  /**
   * The photo decoded once, oriented, laid on white and fitted in the preview's box, as raw pixels: the
   * thumbnail and the preview are then both made from it. A JPEG decoded straight to each size costs a decode
   * each, about a sixth more CPU a photo: the thumbnail's decode at an eighth of the size still reads the whole
   * file (docs/decisions.md, "one decode"). As many bytes as a 12 MP JPEG (1600 x 1200 x 3); a HEIC's decoded
   * pixels a ninth of what they were. The pixels are in a kept buffer: call `release` once both images are made.
   */
  async atPreviewSize(source: ImageSource): Promise<ImageSource> {
    try {
      const { data, info } = await this.fitted(source, PREVIEW.size)
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
      const { pixels, giveBack } = this.pixelBuffers.copyOf(data);
      return {
        width: source.width,
        height: source.height,
        input: pixels,
        options: { raw: { width: info.width, height: info.height, channels: info.channels } },
        release: giveBack,
      };
    } catch (error) {
      throw new UndecodableImageError(error);
    }
  }

  /** A 400 px JPEG, EXIF orientation applied and every metadata block left out (no GPS position). */
  thumbnail(source: ImageSource): Promise<Buffer> {
    return this.resized(source, THUMBNAIL);
  }

  /** A 1600 px JPEG, like the thumbnail. */
  preview(source: ImageSource): Promise<Buffer> {
    return this.resized(source, PREVIEW);
  }

  /**
   * The thumbnail and the photo's quality measures from one resize: the thumbnail's pixels are encoded, and
   * measured in grey. `source` should be at the preview's size (`atPreviewSize`): a second resize of the photo
   * to measure a sample of its own cost about 5 ms of CPU a photo (docs/decisions.md). The thumbnail is the same
   * JPEG as `thumbnail` makes.
   */
  async thumbnailAndQuality(source: ImageSource): Promise<{ thumbnail: Buffer; quality: PhotoQuality }> {
    const pixels = await this.thumbnailPixels(source);
    try {
      const { data, width, height, channels } = pixels;
      const thumbnail = await sharp(data, { raw: { width, height, channels } })
        .jpeg({ quality: THUMBNAIL.quality })
        .toBuffer();
      return { thumbnail, quality: measureQuality(greyOf(pixels)) };
    } catch (error) {
      throw new UndecodableImageError(error);
    }
  }

  /**
   * Sharpness, exposure and perceptual hash, measured in grey on the thumbnail's pixels (400 px on their long
   * side), as `thumbnailAndQuality` measures them: for a photo whose thumbnail exists already (an earlier photo,
   * from its preview).
   */
  async quality(source: ImageSource): Promise<PhotoQuality> {
    return measureQuality(greyOf(await this.thumbnailPixels(source)));
  }

  private async thumbnailPixels(
    source: ImageSource,
  ): Promise<{ data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 }> {
    try {
      const { data, info } = await this.fitted(source, THUMBNAIL.size)
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height, channels: info.channels };
    } catch (error) {
      throw new UndecodableImageError(error);
    }
  }

  /** Thumbnail and preview at once (a video's poster frame, small beside the work of finding it). */
  async derive(original: Buffer): Promise<DerivedImages> {
    const source = await this.atPreviewSize(await this.sharpSource(original));
    // Both settled before the pixels go back: a failed thumbnail must not leave the preview reading reused ones.
    const [thumbnail, preview] = await Promise.allSettled([this.thumbnail(source), this.preview(source)]);
    source.release?.();
    if (thumbnail.status === 'rejected') throw thumbnail.reason;
    if (preview.status === 'rejected') throw preview.reason;
    return { width: source.width, height: source.height, thumbnail: thumbnail.value, preview: preview.value };
  }

  private async sharpSource(original: Buffer | string): Promise<ImageSource> {
    // failOn 'error': phones write slightly malformed JPEGs that decode fine; only refuse what cannot.
    const metadata = await sharp(original, { failOn: 'error' })
      .metadata()
      .catch((error: unknown) => {
        throw new UndecodableImageError(error);
      });
    const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
    if (pixels > MAX_PHOTO_PIXELS) throw new ImageTooLargeError(pixels);
    return {
      width: metadata.autoOrient.width,
      height: metadata.autoOrient.height,
      input: original,
      // The pixel limit again where the pixels are decoded, should a header understate them.
      options: { failOn: 'error', limitInputPixels: MAX_PHOTO_PIXELS },
    };
  }

  private async heifSource(original: Buffer): Promise<ImageSource> {
    const size = heifDimensions(original);
    if (!size) throw new UndecodableImageError(new Error('no HEIF image size in the file'));
    if (size.width * size.height > MAX_PHOTO_PIXELS) throw new ImageTooLargeError(size.width * size.height);
    const decoded = await this.decodeHeif(original).catch((error: unknown) => {
      throw new UndecodableImageError(error);
    });
    // The boxes may understate what the image data holds: checked again before sharp reads the pixels.
    if (decoded.width * decoded.height > MAX_PHOTO_PIXELS) {
      throw new ImageTooLargeError(decoded.width * decoded.height);
    }
    // libheif applied the rotation and mirroring already: the pixels are as the photo is meant to be seen.
    return {
      width: decoded.width,
      height: decoded.height,
      input: decoded.rgba,
      options: { raw: { width: decoded.width, height: decoded.height, channels: 4 } },
    };
  }

  private async resized(source: ImageSource, target: { size: number; quality: number }): Promise<Buffer> {
    try {
      return await this.fitted(source, target.size).jpeg({ quality: target.quality }).toBuffer();
    } catch (error) {
      throw new UndecodableImageError(error);
    }
  }

  /** The source oriented, on white and fitted in a `size` px box (never enlarged). */
  private fitted(source: ImageSource, size: number): Sharp {
    return (
      sharp(source.input, source.options)
        .rotate()
        // JPEG has no transparency: lay transparent PNG/WebP pixels on white rather than black.
        .flatten({ background: '#ffffff' })
        .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    );
  }
}
