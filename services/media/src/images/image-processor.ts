import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import sharp, { type SharpOptions } from 'sharp';
import { MAX_PHOTO_PIXELS } from '@gallery/contracts';
import type { DerivedImages } from './derived-images.js';
import { heifDimensions } from './heif-dimensions.js';
import { HeifWorkerDecoder, type HeifDecode } from './heif-decoder.js';
import { ImageTooLargeError } from './image-too-large.error.js';
import { UndecodableImageError } from './undecodable-image.error.js';

const THUMBNAIL = { size: 400, quality: 80 };
const PREVIEW = { size: 1600, quality: 85 };

/** Makes the images guests see from an original, with sharp (and libheif for HEIF/HEIC). */
@Injectable()
export class ImageProcessor implements OnModuleDestroy {
  private readonly heifWorker: HeifWorkerDecoder | undefined;
  private readonly decodeHeif: HeifDecode;

  /** `decodeHeif` for tests; by default libheif's WebAssembly build in a worker thread. */
  constructor(decodeHeif?: HeifDecode) {
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
   * A HEIF/HEIC original's thumbnail and preview, as `derive` makes a JPEG's. The bundled libvips has no HEVC
   * decoder, so libheif decodes it to RGBA, handed to sharp as raw pixels. Its size is read from its boxes and
   * held to the pixel limit before anything is decoded (ImageTooLargeError); UndecodableImageError when the
   * boxes or the image data cannot be read.
   */
  async deriveHeif(original: Buffer): Promise<DerivedImages> {
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
    const raw = { raw: { width: decoded.width, height: decoded.height, channels: 4 as const } };
    const derived = await this.resized(decoded.rgba, raw);
    return { width: decoded.width, height: decoded.height, ...derived };
  }

  /**
   * A thumbnail and a preview, EXIF orientation applied and every metadata block left out (sharp writes none
   * unless asked, which also drops the GPS position phones record). Throws ImageTooLargeError for more pixels
   * than a photo may have, read from the header before anything is decoded, and UndecodableImageError when
   * sharp cannot read the original.
   */
  async derive(original: Buffer): Promise<DerivedImages> {
    // failOn 'error': phones write slightly malformed JPEGs that decode fine; only refuse what cannot.
    const metadata = await sharp(original, { failOn: 'error' })
      .metadata()
      .catch((error: unknown) => {
        throw new UndecodableImageError(error);
      });
    const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
    if (pixels > MAX_PHOTO_PIXELS) throw new ImageTooLargeError(pixels);
    // The pixel limit again where the pixels are decoded, should a header understate them.
    const derived = await this.resized(original, { failOn: 'error', limitInputPixels: MAX_PHOTO_PIXELS });
    return { width: metadata.autoOrient.width, height: metadata.autoOrient.height, ...derived };
  }

  private async resized(
    input: Buffer,
    options: SharpOptions,
  ): Promise<Pick<DerivedImages, 'thumbnail' | 'preview'>> {
    try {
      const preview = await sharp(input, options)
        .rotate()
        // JPEG has no transparency: lay transparent PNG/WebP pixels on white rather than black.
        .flatten({ background: '#ffffff' })
        .resize(PREVIEW.size, PREVIEW.size, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: PREVIEW.quality })
        .toBuffer();
      // The thumbnail comes from the preview, so the (up to 50 MB) original is decoded once.
      const thumbnail = await sharp(preview)
        .resize(THUMBNAIL.size, THUMBNAIL.size, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: THUMBNAIL.quality })
        .toBuffer();
      return { thumbnail, preview };
    } catch (error) {
      throw new UndecodableImageError(error);
    }
  }
}
