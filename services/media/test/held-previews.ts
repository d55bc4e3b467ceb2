/** Holding a photo's preview before it is encoded, shared by the media service's tests. */
import { jest } from '@jest/globals';
import { ImageProcessor, type ImageSource } from '../src/images/image-processor.js';

/**
 * Holds the previews of the photos whose sources are these widths before their encode, until `release`;
 * `holdAgain` holds the next ones. `started` settles when the first of them reaches its encode.
 */
export function holdPreviewsOf(widths: number[]) {
  const making = ImageProcessor.prototype.preview;
  let release!: () => void;
  let released!: Promise<void>;
  const holdAgain = () => {
    released = new Promise<void>((resolve) => (release = resolve));
  };
  holdAgain();
  let reached!: () => void;
  const started = new Promise<void>((resolve) => (reached = resolve));
  const spy = jest.spyOn(ImageProcessor.prototype, 'preview').mockImplementation(async function (
    this: ImageProcessor,
    source: ImageSource,
  ) {
    if (widths.includes(source.width)) {
      reached();
      await released;
    }
    return making.call(this, source);
  });
  return { started, release: () => release(), holdAgain, restore: () => spy.mockRestore() };
}

/** Holds the preview of the photo whose source is `width` wide: see holdPreviewsOf. */
export const holdPreviewOf = (width: number) => holdPreviewsOf([width]);
