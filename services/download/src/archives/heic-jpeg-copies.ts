import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import sharp from 'sharp';
import { MAX_PHOTO_PIXELS } from '@gallery/contracts';
import { HeifWorkerDecoder } from '@gallery/platform';

/** As good as the original to the eye, at about a third of a 12 MP HEIC's pixels' raw size. */
const JPEG_QUALITY = 90;

/**
 * JPEG copies of HEIC originals for the zip, decoded as media decodes them (libheif's WebAssembly build in a
 * worker, the pixels encoded by sharp). One photo at a time: the builder waits for each copy, so memory holds one
 * original and its pixels (48 MB for 12 MP) whatever the gallery's size.
 */
@Injectable()
export class HeicJpegCopies implements OnModuleDestroy {
  private readonly decoder = new HeifWorkerDecoder();

  async jpegOf(heic: Buffer): Promise<Buffer> {
    const { width, height, rgba } = await this.decoder.decode(heic);
    return sharp(rgba, { raw: { width, height, channels: 4 }, limitInputPixels: MAX_PHOTO_PIXELS })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer();
  }

  async onModuleDestroy(): Promise<void> {
    await this.decoder.close();
  }
}
