/**
 * Files over MULTIPART_THRESHOLD_BYTES go to storage in parts a browser can resume after a dropped connection.
 * 5 MiB is the smallest part S3 takes (all but the last): the least a drop can cost, about 20 s of a 2 Mbit/s
 * venue link.
 */
export const UPLOAD_PART_BYTES = 5 * 1024 * 1024;

/**
 * A 12 MP photo (3 to 6 MB as JPEG or HEIC) goes in one PUT: cut at S3's 5 MiB minimum it would be one part
 * and a sliver, saving a retry a few hundred kB while adding four storage round trips to every photo. Above
 * 8 MiB (48 MP photos, most videos) a drop saves at least one whole part; a 500 MB video goes in 100.
 */
export const MULTIPART_THRESHOLD_BYTES = 8 * 1024 * 1024;

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
