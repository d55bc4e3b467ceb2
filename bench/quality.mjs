// @ts-check
// Quality hints and Highlights: how right the hints are, how many bad photos reach Highlights, and what the
// measures cost beside the thumbnail and preview every photo gets anyway.
//
//   npm run build && node bench/quality.mjs [--cost-photos=20] [--megapixels=12]
//
// The labeled sets (packages/testing/src/labeled-set.ts), the one the thresholds were measured on and a
// held-out one (other shots in each role, lighter blurs and darkening, near-duplicates further apart): the shared test data's five group photos, eight
// shots each (the whole, its quarters, its middle, its halves), each shot in turn kept good, blurred (out of focus
// or shaken), darkened, or kept with a near-duplicate (a burst's next frame, or another phone's). Every photo goes
// through media's own ImageProcessor as an upload does (decoded once to the preview's size, measured from those
// pixels), and joins near-duplicate groups in upload order as media's PhotoQualityRepository does (the nearest
// earlier photo within the threshold). Printed:
// - hints: the share of photos whose hints are exactly their labels (goal: at least 95%), and each hint's misses
//   and false alarms;
// - Highlights, as media picks them (pickHighlights, its size for the gallery and the whole set at once): the
//   share of bad photos (blurry, dark, or a second photo of one shot) that reach them (goal: none), with hearts
//   spread evenly, and again with every bad photo given the most hearts;
// - cost: on `--cost-photos` phone-like JPEGs (bench/phone-photo.mjs), the CPU of the measures against the CPU of
//   the decode, thumbnail and preview (the bare baseline, made the way media makes them), one photo at a time: the
//   thumbnail made with the measures, as an upload makes them, over the thumbnail alone.
import { cpuUsage } from 'node:process';
import { ImageProcessor } from '../services/media/dist/images/image-processor.js';
import { facesFolder } from '../packages/testing/dist/faces-folder.js';
import { labeledSet } from '../packages/testing/dist/labeled-set.js';
import { hashDistance } from '../services/media/dist/images/photo-quality.js';
import { ownHints, QUALITY_THRESHOLDS } from '../services/media/dist/quality/quality-hints.js';
import { highlightsSize, pickHighlights } from '../services/media/dist/quality/highlights.js';
import { phonePhoto } from './phone-photo.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const costPhotos = Number(args['cost-photos'] ?? 20);
const megapixels = Number(args.megapixels ?? 12);

const processor = new ImageProcessor();

/** CPU milliseconds (user + system) `work` takes in this process. */
async function cpuOf(work) {
  const before = cpuUsage();
  const result = await work();
  const used = cpuUsage(before);
  return { result, ms: (used.user + used.system) / 1000 };
}

async function measure(bytes) {
  const source = await processor.atPreviewSize(await processor.source(bytes, { heif: false }));
  try {
    return await processor.quality(source);
  } finally {
    source.release?.();
  }
}

for (const variant of /** @type {const} */ (['calibration', 'held-out'])) {
  const set = await labeledSet(facesFolder(), Infinity, variant);
  console.log(`quality, the ${variant} set: ${set.length} labeled photos from ${facesFolder()}`);
  const photos = [];
  for (const [index, photo] of set.entries()) {
    photos.push({ ...photo, id: `photo-${index}`, quality: await measure(photo.bytes) });
  }

  // Near-duplicate groups in upload order, as media records them.
  const groupOf = new Map();
  for (const [index, photo] of photos.entries()) {
    let nearest = null;
    let nearestDistance = Infinity;
    for (const earlier of photos.slice(0, index)) {
      const distance = hashDistance(earlier.quality.perceptualHash, photo.quality.perceptualHash);
      if (distance <= QUALITY_THRESHOLDS.nearDuplicateWithin && distance < nearestDistance) {
        nearest = earlier;
        nearestDistance = distance;
      }
    }
    if (nearest) {
      if (!groupOf.has(nearest.id)) groupOf.set(nearest.id, nearest.id);
      groupOf.set(photo.id, groupOf.get(nearest.id));
    }
  }
  const groupSizes = new Map();
  for (const group of groupOf.values()) groupSizes.set(group, (groupSizes.get(group) ?? 0) + 1);

  // What the thresholds are set between: each measure's range among the photos with and without the label.
  const range = (values) =>
    values.length ? `${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)}` : 'none';
  const blurred = photos.filter((photo) => photo.labels.has('blurry'));
  const darkened = photos.filter((photo) => photo.labels.has('dark'));
  const unblurred = photos.filter((photo) => !photo.labels.has('blurry'));
  const lit = photos.filter((photo) => !photo.labels.has('dark'));
  console.log(
    `  sharpness: blurred ${range(blurred.map((p) => p.quality.sharpness))}, others ` +
      `${range(unblurred.map((p) => p.quality.sharpness))} (blurry below ${QUALITY_THRESHOLDS.blurryBelow})`,
  );
  console.log(
    `  highlights: darkened ${range(darkened.map((p) => p.quality.highlights))}, others ` +
      `${range(lit.map((p) => p.quality.highlights))} (dark below ${QUALITY_THRESHOLDS.darkBelow})`,
  );
  const sameShot = [];
  const otherShots = [];
  for (const [index, photo] of photos.entries()) {
    for (const other of photos.slice(index + 1)) {
      const distance = hashDistance(photo.quality.perceptualHash, other.quality.perceptualHash);
      (photo.shot === other.shot ? sameShot : otherShots).push(distance);
    }
  }
  console.log(
    `  hash bits apart: the same shot ${range(sameShot)}, other shots ${range(otherShots)} ` +
      `(near-duplicates within ${QUALITY_THRESHOLDS.nearDuplicateWithin})`,
  );

  // Hints.
  const misses = { blurry: 0, dark: 0, nearDuplicate: 0 };
  const falseAlarms = { blurry: 0, dark: 0, nearDuplicate: 0 };
  const labelCounts = { blurry: 0, dark: 0, nearDuplicate: 0 };
  let right = 0;
  const wrong = [];
  for (const photo of photos) {
    const own = ownHints(photo.quality);
    const hinted = {
      blurry: own.blurry,
      dark: own.dark,
      nearDuplicate: (groupSizes.get(groupOf.get(photo.id)) ?? 0) > 1,
    };
    let allRight = true;
    for (const hint of /** @type {const} */ (['blurry', 'dark', 'nearDuplicate'])) {
      const labeled = photo.labels.has(hint);
      if (labeled) labelCounts[hint]++;
      if (labeled && !hinted[hint]) misses[hint]++;
      if (!labeled && hinted[hint]) falseAlarms[hint]++;
      if (labeled !== hinted[hint]) allRight = false;
    }
    if (allRight) right++;
    else wrong.push(photo.name);
  }
  console.log(
    `  hints right: ${right} of ${photos.length} photos, ${((100 * right) / photos.length).toFixed(1)}% (goal >= 95%)`,
  );
  for (const hint of /** @type {const} */ (['blurry', 'dark', 'nearDuplicate'])) {
    console.log(
      `    ${hint}: ${labelCounts[hint]} labeled, ${misses[hint]} missed, ${falseAlarms[hint]} false alarms`,
    );
  }
  if (wrong.length) console.log(`    wrong: ${wrong.join('; ')}`);

  // Highlights.
  const isBadAlone = (photo) => photo.labels.has('blurry') || photo.labels.has('dark');
  const badCount = photos.filter(isBadAlone).length + photos.filter((p) => p.shot !== p.name).length;
  function highlightsRun(label, heartsOf, size) {
    const candidates = photos.map((photo, index) => ({
      id: photo.id,
      sharpness: photo.quality.sharpness,
      brightness: photo.quality.brightness,
      highlights: photo.quality.highlights,
      heartCount: heartsOf(photo, index),
      uploader: `guest-${index % 6}`,
      createdAt: new Date(Date.parse('2026-06-20T17:00:00Z') + (index % 5) * 3_600_000),
      duplicateGroup: groupOf.get(photo.id) ?? null,
      // No "Find me" on the labeled set: every photo's faces unknown.
      faceCount: null,
    }));
    const picked = pickHighlights(candidates, size).map((id) => photos.find((photo) => photo.id === id));
    const shots = new Set();
    let bad = 0;
    for (const photo of picked) {
      if (isBadAlone(photo) || shots.has(photo.shot)) bad++;
      shots.add(photo.shot);
    }
    console.log(
      `  Highlights, ${label}, size ${size}: ${picked.length} picked, ${bad} of the ${badCount} bad photos reached them ` +
        `(${((100 * bad) / badCount).toFixed(1)}%, goal none)`,
    );
  }
  const evenHearts = (_photo, index) => index % 4;
  const badLoved = (photo, index) => (isBadAlone(photo) || photo.shot !== photo.name ? 30 : index % 4);
  for (const size of [highlightsSize(photos.length), photos.length]) {
    highlightsRun('hearts spread evenly', evenHearts, size);
    highlightsRun('bad photos the most loved', badLoved, size);
  }
}

// Cost beside the derived images, one photo at a time.
const costSet = [];
for (let index = 0; index < costPhotos; index++) costSet.push(await phonePhoto(megapixels));
let derivedMs = 0;
let measuresMs = 0;
for (const [round, bytes] of [...costSet, ...costSet].entries()) {
  const { result: source, ms: decode } = await cpuOf(async () =>
    processor.atPreviewSize(await processor.source(bytes, { heif: false })),
  );
  const { ms: images } = await cpuOf(() =>
    Promise.all([processor.thumbnail(source), processor.preview(source)]),
  );
  // As an upload makes them: the thumbnail and the measures from one resize (its cost over the thumbnail alone).
  const { ms: thumbnailAndMeasures } = await cpuOf(() => processor.thumbnailAndQuality(source));
  const { ms: thumbnailAlone } = await cpuOf(() => processor.thumbnail(source));
  const measures = thumbnailAndMeasures - thumbnailAlone;
  source.release?.();
  // The first pass over the set warms up; the second counts.
  if (round >= costSet.length) {
    derivedMs += decode + images;
    measuresMs += measures;
  }
}
console.log(
  `  cost, ${costPhotos} photos of ${megapixels} MP: decode + thumbnail + preview ${(derivedMs / costPhotos).toFixed(1)} ms ` +
    `of CPU a photo, the measures ${(measuresMs / costPhotos).toFixed(1)} ms: ${((100 * measuresMs) / derivedMs).toFixed(1)}% more`,
);
await processor.onModuleDestroy();
