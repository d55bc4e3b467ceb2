/**
 * Files larger than one part go to storage in parts a browser can resume after a dropped connection. 5 MiB is
 * the smallest part S3 takes (all but the last): the least a drop can cost, about 20 s of a 2 Mbit/s venue
 * link. A photo of up to 5 MiB (most 12 MP JPEGs and HEICs) goes in one PUT, where parts would only add
 * round trips; larger photos, and every video, go in parts (a 500 MB video in 100).
 */
export const UPLOAD_PART_BYTES = 5 * 1024 * 1024;

/** Part URLs a browser may ask for at once: a few parts ahead, each URL short-lived. */
export const MAX_PARTS_PER_REQUEST = 10;

/** How many parts a file of `size` bytes is cut into at `partSize` (1 for a file sent in one PUT). */
export function partCount(size: number, partSize: number = UPLOAD_PART_BYTES): number {
  return Math.max(1, Math.ceil(size / partSize));
}

/** The length of part `partNumber` (from 1): `partSize`, and the rest of the file for the last. */
export function partLength(size: number, partSize: number, partNumber: number): number {
  return Math.min(partSize, size - (partNumber - 1) * partSize);
}
