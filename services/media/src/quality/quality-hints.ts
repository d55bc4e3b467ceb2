import type { PhotoQuality } from '../images/photo-quality.js';

/**
 * Thresholds measured on the labeled set (bench/quality.mjs, docs/benchmarks.md "Quality hints and Highlights"),
 * between the lowest good photo and the highest bad one, nearer the good: a hint is a suggestion the couple acts
 * on, so a missed blurry photo costs less than a good one flagged.
 */
export const QUALITY_THRESHOLDS = {
  /** Sharpness under which a photo is blurry (blurred copies 1-4, good photos 17 and up). */
  blurryBelow: 8,
  /** The luminance of its highlights under which a photo is dark (darkened copies 36-52, good photos 82 up). */
  darkBelow: 64,
  /** Perceptual hashes this many bits apart or fewer are the same shot (same shots 2-11, others 18 up). */
  nearDuplicateWithin: 13,
} as const;

/** The hints a photo's own measures give (a near-duplicate takes others: its group). */
export function ownHints(quality: Pick<PhotoQuality, 'sharpness' | 'highlights'>): {
  blurry: boolean;
  dark: boolean;
} {
  return {
    blurry: quality.sharpness < QUALITY_THRESHOLDS.blurryBelow,
    dark: quality.highlights < QUALITY_THRESHOLDS.darkBelow,
  };
}

/**
 * How good a photo looks by its measures alone, 0 to 1: sharpness on a log scale from the blurry threshold to
 * thirty times it, and exposure, best with its mean around the middle grey and bright highlights. Ranks the
 * photos of a near-duplicate group (the best is the one kept) and weighs in Highlights.
 */
export function lookScore(quality: Pick<PhotoQuality, 'sharpness' | 'brightness' | 'highlights'>): number {
  const sharp = clamp(
    Math.log(Math.max(quality.sharpness, 1) / QUALITY_THRESHOLDS.blurryBelow) / Math.log(30),
    0,
    1,
  );
  const exposure =
    clamp(1 - Math.abs(quality.brightness - 120) / 120, 0, 1) * clamp(quality.highlights / 200, 0, 1);
  return 0.6 * sharp + 0.4 * exposure;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
