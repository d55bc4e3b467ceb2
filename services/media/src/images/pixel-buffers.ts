/** Buffers kept for the next photo's pixels at most: the previews held (MAX_HELD_SOURCES) and those being made. */
export const KEPT_PIXEL_BUFFERS = 8;

/** Pixels in a buffer of the pool, and how to give it back once no image will be made from them. */
export interface PooledPixels {
  pixels: Buffer;
  /** Idempotent. Only when nothing reads `pixels` any more: the next photo's pixels are copied over them. */
  giveBack: () => void;
}

/**
 * Buffers for the pixels a photo's preview is made from, used again photo after photo. The pixels sharp hands
 * over live from the thumbnail to the preview after the commit, long enough for V8 to move them to its old
 * generation, where only a full collection frees them: five or six photos' pixels set off a full collection of the
 * service's 50 MB heap, 24 of them over 200 photos (docs/decisions.md, "the preview's pixels in kept buffers").
 * Copied at once into a kept buffer, sharp's dies young, and the kept ones are never freed. A buffer not given
 * back (a photo refused after its thumbnail) is simply collected.
 */
export class PixelBuffers {
  private readonly idle: Buffer[] = [];

  constructor(private readonly keep = KEPT_PIXEL_BUFFERS) {}

  /** A copy of `pixels` in a kept buffer at least as large (or a new one). */
  copyOf(pixels: Buffer): PooledPixels {
    const buffer = this.take(pixels.length);
    pixels.copy(buffer);
    return { pixels: buffer.subarray(0, pixels.length), giveBack: this.giverBack(buffer) };
  }

  private take(length: number): Buffer {
    const at = this.idle.findIndex((buffer) => buffer.length >= length);
    return at >= 0 ? this.idle.splice(at, 1)[0]! : Buffer.allocUnsafeSlow(length);
  }

  /**
   * Made apart from `copyOf`: a closure there would share its scope with any other closure there that reads
   * `pixels`, and keep sharp's buffer alive as long as the kept one is lent (it did: 12 full collections in a
   * hundred photos instead of one).
   */
  private giverBack(buffer: Buffer): () => void {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      if (this.idle.length < this.keep) this.idle.push(buffer);
    };
  }
}
