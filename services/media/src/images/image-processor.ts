import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { MAX_PHOTO_PIXELS } from '@gallery/contracts';
import type { DerivedImages } from './derived-images.js';
import { ImageTooLargeError } from './image-too-large.error.js';
import { UndecodableImageError } from './undecodable-image.error.js';

const THUMBNAIL = { size: 400, quality: 80 };
const PREVIEW = { size: 1600, quality: 85 };

/** Makes the images guests see from an original, with sharp. */
@Injectable()
export class ImageProcessor {
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
    try {
      // The pixel limit again where the pixels are decoded, should a header understate them.
      const preview = await sharp(original, { failOn: 'error', limitInputPixels: MAX_PHOTO_PIXELS })
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
      return { width: metadata.autoOrient.width, height: metadata.autoOrient.height, thumbnail, preview };
    } catch (error) {
      throw new UndecodableImageError(error);
    }
  }
}
