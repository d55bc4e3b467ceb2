// @ts-check
// Storage per photo: what a guest's phone photo and the images the media service makes of it weigh in the bucket.
//
//   npm run build && node bench/photo-sizes.mjs [--photos=8] [--megapixels=12]
//
// The benches' phone photo (bench/phone-photo.mjs: a 4:3 JPEG at quality 90, 5.6 MB at 12 MP) through the media
// service's own ImageProcessor and MetadataStripper, as a confirmed upload runs them: the 400 px thumbnail, the
// 1600 px preview and the guests' copy (the original without identifying metadata, which guests fetch; about the
// original's size, as only its metadata goes). Prints each photo's four sizes and their means, the figures of
// docs/scale.md.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { REPO_ROOT } from '../infra/services.mjs';
import { phonePhoto } from './phone-photo.mjs';

const option = (name, fallback) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const photos = option('photos', 8);
const megapixels = option('megapixels', 12);

const { ImageProcessor } = await import(
  pathToFileURL(path.join(REPO_ROOT, 'services/media/dist/images/image-processor.js')).href
);
const { MetadataStripper } = await import(
  pathToFileURL(path.join(REPO_ROOT, 'services/media/dist/guest-copies/metadata-stripper.js')).href
);
// JPEGs only: no HEIF decoder is needed.
const processor = new ImageProcessor(async () => {
  throw new Error('no HEIF in this bench');
});

const stripper = MetadataStripper.locate();
const folder = await mkdtemp(path.join(os.tmpdir(), 'photo-sizes-'));
// Each photo's original and guests' copy as media holds them, one photo at a time.
const file = path.join(folder, 'original');
const copy = path.join(folder, 'guest-copy');
const sizes = [];
try {
  for (let i = 0; i < photos; i++) {
    const original = await phonePhoto(megapixels);
    const source = await processor.source(original, { heif: false });
    const [thumbnail, preview] = await Promise.all([processor.thumbnail(source), processor.preview(source)]);
    await writeFile(file, original);
    await stripper.stripPhotoFile(file, copy);
    const guestCopy = (await stat(copy)).size;
    await rm(copy);
    sizes.push({
      original: original.length,
      guestCopy,
      thumbnail: thumbnail.length,
      preview: preview.length,
    });
  }
} finally {
  stripper.close();
  await rm(folder, { recursive: true, force: true });
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(3)} MB`;
console.log(`${photos} photos of ${megapixels} MP: original, guests' copy, thumbnail, preview`);
for (const size of sizes) {
  console.log(`  ${mb(size.original)}  ${mb(size.guestCopy)}  ${mb(size.thumbnail)}  ${mb(size.preview)}`);
}
const mean = (key) => sizes.reduce((sum, size) => sum + size[key], 0) / sizes.length;
const total = mean('original') + mean('guestCopy') + mean('thumbnail') + mean('preview');
console.log(
  `mean: original ${mb(mean('original'))}, guests' copy ${mb(mean('guestCopy'))}, thumbnail ${mb(mean('thumbnail'))}, ` +
    `preview ${mb(mean('preview'))}; ${mb(total)} a photo in storage`,
);
