import type { ImageProcessor } from '../src/images/image-processor.js';
import type { PhotoQuality } from '../src/images/photo-quality.js';

/** A photo's quality measures as an upload makes them: from its pixels at the preview's size. */
export async function measuredQuality(processor: ImageProcessor, bytes: Buffer): Promise<PhotoQuality> {
  const source = await processor.atPreviewSize(await processor.source(bytes, { heif: false }));
  try {
    return await processor.quality(source);
  } finally {
    source.release?.();
  }
}
