// @ts-check
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/**
 * A JPEG of about `megapixels`, 4:3, like a phone's: noise at a quarter of the size, enlarged (smooth detail,
 * so the file is the size a phone writes, about 5.6 MB at 12 MP), at quality 90. Each call gives a new photo.
 */
export async function phonePhoto(megapixels) {
  const width = Math.round(Math.sqrt((megapixels * 1_000_000 * 4) / 3));
  const height = Math.round((width * 3) / 4);
  const small = {
    width: Math.round(width / 4),
    height: Math.round(height / 4),
    channels: /** @type {const} */ (3),
  };
  return sharp(randomBytes(small.width * small.height * 3), { raw: small })
    .resize(width, height, { kernel: 'cubic' })
    .jpeg({ quality: 90 })
    .toBuffer();
}
