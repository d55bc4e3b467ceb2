/**
 * What a photo's pixels say of its quality, measured on a small greyscale copy of it: its thumbnail's pixels
 * (ImageProcessor), so neither a decode nor a resize is added to an upload.
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

/** sRGB's 8-bit values as linear light, 0 to 1. */
const LINEAR_LIGHT = Float64Array.from({ length: 256 }, (_, value) => {
  const encoded = value / 255;
  return encoded <= 0.04045 ? encoded / 12.92 : ((encoded + 0.055) / 1.055) ** 2.4;
});
/** Steps of linear light the table back to sRGB holds: fine enough to be within one level of the exact value. */
const LINEAR_STEPS = 4096;
const SRGB_OF_LINEAR = Uint8Array.from({ length: LINEAR_STEPS + 1 }, (_, step) => {
  const linear = step / LINEAR_STEPS;
  return Math.round(255 * (linear <= 0.0031308 ? 12.92 * linear : 1.055 * linear ** (1 / 2.4) - 0.055));
});

/**
 * The grey of 8-bit sRGB pixels, `channels` bytes each (the first three red, green and blue; one is grey
 * already): their luminance in linear light (Rec. 709 weights), encoded back to sRGB, as libvips' `b-w` makes
 * it, within a level. In JavaScript, a third of what a libvips pipeline for it costs on a thumbnail.
 */
export function greyOf(pixels: {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}): GreyPixels {
  const { data, width, height, channels } = pixels;
  const grey = new Uint8Array(width * height);
  if (channels < 3) {
    for (let at = 0, pixel = 0; pixel < grey.length; pixel++, at += channels) grey[pixel] = data[at]!;
  } else {
    for (let at = 0, pixel = 0; pixel < grey.length; pixel++, at += channels) {
      const light =
        0.2126 * LINEAR_LIGHT[data[at]!]! +
        0.7152 * LINEAR_LIGHT[data[at + 1]!]! +
        0.0722 * LINEAR_LIGHT[data[at + 2]!]!;
      grey[pixel] = SRGB_OF_LINEAR[Math.round(light * LINEAR_STEPS)]!;
    }
  }
  return { data: grey, width, height };
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
