// @ts-check
// Bare sharp making a photo's derived images as the media service does, in the bench's own process: the baseline
// the product's CPU per photo is held against.
import sharp from 'sharp';

/**
 * The media service's derived images (services/media/src/images/image-processor.ts), with bare sharp and the
 * product's recipe: one decode to the preview's box (rotated, flattened, raw pixels), the 1600 px preview and the
 * 400 px thumbnail both from those pixels. Runs before 2026-11-27 decoded twice on both sides (the thumbnail and the
 * preview each from the original): their ratios are not comparable with later ones (docs/benchmarks.md).
 */
export async function bareDerive(input, options = {}) {
  const { data, info } = await sharp(input, options)
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  for (const [size, quality] of [
    [400, 80],
    [1600, 85],
  ]) {
    await sharp(data, raw)
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality })
      .toBuffer();
  }
}

/**
 * Bare sharp's CPU time (user + system, ms) per photo, one photo at a time, over `count` photos cycled from
 * `files`, after one pass over `files` not counted (a fresh process's first photos take longer).
 */
export async function bareCpuMsPerPhoto(files, count) {
  for (const file of files) await bareDerive(file);
  const start = process.cpuUsage();
  for (let i = 0; i < count; i++) await bareDerive(files[i % files.length]);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / count;
}
