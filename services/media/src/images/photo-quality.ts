/**
 * What a photo's pixels say of its quality, measured on a small greyscale copy of it (QUALITY_SAMPLE_SIZE px on
 * its long side) made from the pixels its preview is made from, so no decode is added to an upload.
 */
export interface PhotoQuality {
  /**
   * How sharp it is, whatever it shows and however it is lit: the weakest of its second derivatives along four
   * directions (across, down and both diagonals: a shaken photo is soft along its streak only), as a variance,
   * per thousand of its luminance's variance (so a dim or low-contrast photo is not taken for a soft one).
   */
  sharpness: number;
  /** Its mean luminance, 0 (black) to 255 (white). */
  brightness: number;
  /**
   * The luminance 95% of its pixels stay under, 0 to 255: a dark scene a phone exposed well still has bright
   * parts (faces, lights); a photo taken too dark has none.
   */
  highlights: number;
  /**
   * A 64-bit difference hash (dHash: whether each of 8 x 8 cells is brighter than its right neighbour, from 9 x 8
   * cells): the same shot, moved, cropped a little, re-encoded or lit differently, has a hash a few bits apart.
   * Signed, as PostgreSQL's bigint holds it.
   */
  perceptualHash: bigint;
}

/** The long side of the greyscale copy measured: enough to tell soft edges from sharp on a screen. */
export const QUALITY_SAMPLE_SIZE = 512;
/**
 * The luminance variance a photo's sharpness is measured against at least: a nearly uniform photo (a wall, the
 * lens covered) shows no edges, and is not sharp for having tiny ones.
 */
const MIN_CONTRAST_VARIANCE = 100;

/** A greyscale image: one byte a pixel, row after row. */
export interface GreyPixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The quality measures of a greyscale sample (see PhotoQuality). */
export function measureQuality(grey: GreyPixels): PhotoQuality {
  const { mean, variance, highlights } = luminance(grey);
  return {
    sharpness: (1000 * weakestSecondDerivative(grey)) / Math.max(variance, MIN_CONTRAST_VARIANCE),
    brightness: mean,
    highlights,
    perceptualHash: differenceHash(grey),
  };
}

/**
 * The smallest of the variances of the second derivative across, down and along both diagonals, over the inner
 * pixels (0 for an image under 3 x 3). One pass: four sums and four sums of squares.
 */
export function weakestSecondDerivative({ data, width, height }: GreyPixels): number {
  if (width < 3 || height < 3) return 0;
  let across = 0;
  let down = 0;
  let falling = 0;
  let rising = 0;
  let acrossSquares = 0;
  let downSquares = 0;
  let fallingSquares = 0;
  let risingSquares = 0;
  for (let y = 1; y < height - 1; y++) {
    let at = y * width + 1;
    for (let x = 1; x < width - 1; x++, at++) {
      const twice = 2 * data[at]!;
      const a = data[at - 1]! + data[at + 1]! - twice;
      const d = data[at - width]! + data[at + width]! - twice;
      const f = data[at - width - 1]! + data[at + width + 1]! - twice;
      const r = data[at - width + 1]! + data[at + width - 1]! - twice;
      across += a;
      down += d;
      falling += f;
      rising += r;
      acrossSquares += a * a;
      downSquares += d * d;
      fallingSquares += f * f;
      risingSquares += r * r;
    }
  }
  const count = (width - 2) * (height - 2);
  const variance = (sum: number, squares: number) => squares / count - (sum / count) ** 2;
  return Math.min(
    variance(across, acrossSquares),
    variance(down, downSquares),
    variance(falling, fallingSquares),
    variance(rising, risingSquares),
  );
}

function luminance({ data }: GreyPixels): { mean: number; variance: number; highlights: number } {
  const histogram = new Uint32Array(256);
  let sum = 0;
  let squares = 0;
  for (let at = 0; at < data.length; at++) {
    const value = data[at]!;
    histogram[value]!++;
    sum += value;
    squares += value * value;
  }
  const count = Math.max(1, data.length);
  const mean = sum / count;
  let highlights = 255;
  for (let value = 0, below = 0; value < 256; value++) {
    below += histogram[value]!;
    if (below >= 0.95 * count) {
      highlights = value;
      break;
    }
  }
  return { mean, variance: squares / count - mean * mean, highlights };
}

/** The 9 x 8 cells' mean luminances (each cell a box of the image), then one bit a horizontal neighbour pair. */
export function differenceHash({ data, width, height }: GreyPixels): bigint {
  const columns = 9;
  const rows = 8;
  const cells = new Float64Array(columns * rows);
  for (let row = 0; row < rows; row++) {
    const top = Math.floor((row * height) / rows);
    const bottom = Math.max(top + 1, Math.floor(((row + 1) * height) / rows));
    for (let column = 0; column < columns; column++) {
      const left = Math.floor((column * width) / columns);
      const right = Math.max(left + 1, Math.floor(((column + 1) * width) / columns));
      let sum = 0;
      for (let y = top; y < bottom; y++) {
        const line = y * width;
        for (let x = left; x < right; x++) sum += data[line + x] ?? 0;
      }
      cells[row * columns + column] = sum / ((bottom - top) * (right - left));
    }
  }
  let hash = 0n;
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns - 1; column++) {
      const brighter = cells[row * columns + column]! > cells[row * columns + column + 1]!;
      hash = (hash << 1n) | (brighter ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/** How many bits two perceptual hashes differ by (0 to 64). */
export function hashDistance(a: bigint, b: bigint): number {
  let differing = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (differing) {
    differing &= differing - 1n;
    count++;
  }
  return count;
}
