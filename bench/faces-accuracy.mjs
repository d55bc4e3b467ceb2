// @ts-check
// How well "Find me" tells people apart, on the labeled faces (../shared/data/faces: eight people, five portraits
// each, five group photos): pair accuracy on the portraits at the product's one threshold, and recall and
// precision of a search with a portrait as the selfie in the group photos, in collages made from portraits and in
// crowds (the group photos shrunk into mosaics: small faces).
// Uses the faces service's own engine (build first: `npm run build`). `node bench/faces-accuracy.mjs`;
// FACES_DETECTOR=ssd for the engine before BlazeFace (SSD MobileNet v1 and the 68 landmarks).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { facesFolder } from '../packages/testing/dist/faces-folder.js';
import {
  FaceEngine,
  SAME_PERSON_DISTANCE,
  descriptorDistance,
} from '../services/faces/dist/engine/face-engine.js';
import { photosOfTheSelfie } from '../services/faces/dist/faces/face-search.js';
import { runOnProductNode } from '../infra/product-node.mjs';

// The product's code on the images' Node, as it runs in production (infra/product-node.mjs).
await runOnProductNode(import.meta.url, 'bench');

const DATA = facesFolder();
const threshold = Number(process.env.FACES_THRESHOLD ?? SAME_PERSON_DISTANCE);

/**
 * Who is in each group photo (looked at one by one; bbt2 also shows a man who is none of the eight, and people in
 * the background): the truth a search is scored against.
 */
const GROUPS = {
  'bbt1.jpg': ['raj', 'leonard', 'howard', 'sheldon'],
  'bbt2.jpg': ['leonard', 'sheldon'],
  'bbt3.jpg': ['sheldon', 'howard', 'penny', 'raj', 'leonard'],
  'bbt4.jpg': ['amy', 'raj', 'penny', 'leonard', 'sheldon', 'bernadette'],
  'bbt5.jpg': ['raj', 'penny', 'sheldon', 'leonard', 'howard'],
};

const people = readdirSync(DATA).filter((name) => statSync(path.join(DATA, name)).isDirectory());
const portraitFile = (person, n) => path.join(DATA, person, `${person}${n}.png`);

// FACES_DETECTOR=ssd: the engine before (SSD MobileNet v1 and 68 landmarks); tiny: face-api's tiny detector.
// FACES_DESCRIPTOR_RUNTIME=tfjs, FACES_DETECTOR_RUNTIME=tfjs: BlazeFace's ResNet-34, or BlazeFace itself, on
// tfjs WASM (before onnxruntime).
const detector = /** @type {'blazeface' | 'ssd' | 'tiny'} */ (process.env.FACES_DETECTOR ?? 'blazeface');
const descriptorRuntime = /** @type {'onnx' | 'tfjs'} */ (process.env.FACES_DESCRIPTOR_RUNTIME ?? 'onnx');
const detectorRuntime = /** @type {'onnx' | 'tfjs'} */ (process.env.FACES_DETECTOR_RUNTIME ?? 'onnx');
const engine = await FaceEngine.load({ detector, detectorRuntime, descriptorRuntime });
const cpu = { selfie: { ms: 0, n: 0 }, photo: { ms: 0, n: 0 }, crowd: { ms: 0, n: 0 } };
async function timed(kind, work) {
  const start = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(start);
  cpu[kind].ms += (used.user + used.system) / 1000;
  cpu[kind].n++;
  return result;
}

// Every portrait as a selfie.
const portraits = [];
for (const person of people) {
  for (let n = 1; n <= 5; n++) {
    const file = portraitFile(person, n);
    const face = await timed('selfie', async () => engine.selfie(await sharp(file).toBuffer()));
    portraits.push({ person, n, descriptor: face?.descriptor ?? null });
  }
}
const noFace = portraits.filter((p) => !p.descriptor);

// Pair accuracy: every pair of portraits; a portrait with no face found counts as wrong in each of its pairs.
let pairs = 0;
let right = 0;
const sweep = new Map([0.45, 0.5, 0.55, 0.6].map((t) => [t, 0]));
for (let i = 0; i < portraits.length; i++) {
  for (let j = i + 1; j < portraits.length; j++) {
    const a = portraits[i];
    const b = portraits[j];
    pairs++;
    const same = a.person === b.person;
    // No face found reads as "not the same person", as a search with that selfie finds nothing.
    const distance = a.descriptor && b.descriptor ? descriptorDistance(a.descriptor, b.descriptor) : Infinity;
    if (distance < threshold === same) right++;
    for (const [t, ok] of sweep) if (distance < t === same) sweep.set(t, ok + 1);
  }
}

// Collages: four portraits of four different people on a 1200 x 900 photo, from portraits 4 and 5 (the selfies
// searching them are portraits 1 to 3, so no collage holds the very picture searched with).
async function collage(members, n) {
  const tiles = await Promise.all(
    members.map((person) =>
      sharp(portraitFile(person, n)).resize(300, 300).toColourspace('srgb').png().toBuffer(),
    ),
  );
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#8a8f96' } })
    .composite(
      tiles.map((input, i) => ({ input, left: 100 + (i % 2) * 600, top: 80 + Math.floor(i / 2) * 440 })),
    )
    .jpeg({ quality: 90 })
    .toBuffer();
}
const photos = [];
for (const [file, inIt] of Object.entries(GROUPS)) {
  const image = await sharp(path.join(DATA, file)).toBuffer();
  photos.push({ name: file, kind: 'group', inIt, faces: await timed('photo', () => engine.facesIn(image)) });
}
for (let k = 0; k < people.length; k++) {
  const members = [0, 1, 3, 6].map((step) => people[(k + step) % people.length]);
  const image = await collage(members, 4 + (k % 2));
  photos.push({
    name: `collage${k}`,
    kind: 'collage',
    inIt: members,
    faces: await timed('photo', () => engine.facesIn(image)),
  });
}

// Crowds: the group photos shrunk into 3 x 3 and 4 x 4 mosaics of a 1600 x 1200 photo (the preview's size), so
// faces are 40-60 and 25-45 px, as in a large wedding group: who is in each is who is in its tiles.
const crowdSizes = [3, 4];
for (const k of crowdSizes) {
  const width = Math.floor(1600 / k);
  const height = Math.floor(1200 / k);
  const files = Object.keys(GROUPS);
  const tiles = await Promise.all(
    Array.from({ length: k * k }, async (_, i) => ({
      input: await sharp(path.join(DATA, files[i % files.length]))
        .resize(width, height, { fit: 'fill' })
        .toBuffer(),
      left: (i % k) * width,
      top: Math.floor(i / k) * height,
    })),
  );
  const inIt = [...new Set(Array.from({ length: k * k }, (_, i) => GROUPS[files[i % files.length]]).flat())];
  const image = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#777' } })
    .composite(tiles)
    .jpeg({ quality: 85 })
    .toBuffer();
  // Faces in each group photo, the stranger of bbt2 included (every one of them counted by hand).
  const facesOf = { 'bbt1.jpg': 4, 'bbt2.jpg': 3, 'bbt3.jpg': 5, 'bbt4.jpg': 6, 'bbt5.jpg': 5 };
  photos.push({
    name: `crowd${k}x${k}`,
    kind: 'crowd',
    inIt,
    shown: Array.from({ length: k * k }, (_, i) => facesOf[files[i % files.length]]).reduce((a, b) => a + b),
    faces: await timed('crowd', () => engine.facesIn(image)),
  });
}

/**
 * A search as the product makes it (`photosOfTheSelfie`: the selfie's faces, then faces near those), or with
 * `threshold` given, the selfie's faces alone: every photo with a face nearer than it.
 */
function search(kind, selfies, threshold) {
  const gallery = photos.filter((p) => p.kind === kind);
  const faces = gallery.flatMap((p) => p.faces.map((f) => ({ photoId: p.name, descriptor: f.descriptor })));
  let found = 0;
  let foundRight = 0;
  let expected = 0;
  for (const selfie of selfies) {
    const hits = !selfie.descriptor
      ? new Set()
      : threshold === undefined
        ? new Set(photosOfTheSelfie(selfie.descriptor, faces))
        : new Set(
            gallery
              .filter((p) =>
                p.faces.some((f) => descriptorDistance(f.descriptor, selfie.descriptor) < threshold),
              )
              .map((p) => p.name),
          );
    for (const photo of gallery) {
      const present = photo.inIt.includes(selfie.person);
      const hit = hits.has(photo.name);
      if (present) expected++;
      if (hit) found++;
      if (hit && present) foundRight++;
    }
  }
  return {
    recall: foundRight / expected,
    precision: found ? foundRight / found : 1,
    found,
    foundRight,
    expected,
  };
}
const group = search('group', portraits);
const collages = search(
  'collage',
  portraits.filter((p) => p.n <= 3),
);

const pct = (x) => `${(x * 100).toFixed(1)}%`;
console.log(
  `engine: ${{ blazeface: `BlazeFace (4 points) on ${detectorRuntime === 'onnx' ? 'onnxruntime' : 'tfjs WASM'}`, ssd: 'SSD MobileNet v1 + 68 landmarks', tiny: 'tiny face detector + 68 landmarks' }[detector]} + face-api's ResNet-34 descriptors on ${detector === 'blazeface' && descriptorRuntime === 'onnx' ? 'onnxruntime' : 'tfjs WASM'}; threshold ${threshold}`,
);
console.log(
  `portraits without a face found: ${noFace.length} of ${portraits.length} ${noFace.map((p) => `${p.person}${p.n}`).join(' ')}`,
);
console.log(`pair accuracy: ${pct(right / pairs)} (${right} of ${pairs} pairs)`);
console.log(`  other thresholds: ${[...sweep].map(([t, ok]) => `${t}: ${pct(ok / pairs)}`).join(', ')}`);
console.log(
  `faces found in group photos: ${photos
    .filter((p) => p.kind === 'group' || p.kind === 'crowd')
    .map((p) => `${p.name} ${p.faces.length}${p.shown ? ` (of ${p.shown})` : ''}`)
    .join(', ')}`,
);
const crowds = search('crowd', portraits);
console.log("searches as the product makes them (the selfie's faces, then faces near those):");
for (const { name, r } of [
  { name: 'group photos', r: group },
  { name: 'collages', r: collages },
  {
    name: `crowds (the group photos in ${crowdSizes.map((k) => `${k} x ${k}`).join(' and ')} mosaics)`,
    r: crowds,
  },
]) {
  console.log(
    `${name}: recall ${pct(r.recall)} (${r.foundRight} of ${r.expected}), precision ${pct(r.precision)} (${r.foundRight} of ${r.found})`,
  );
}
const byPortraits = [
  [1, 2],
  [3, 4, 5],
].map((ns) =>
  search(
    'group',
    portraits.filter((p) => ns.includes(p.n)),
  ),
);
console.log(
  `  group photos by selfie: portraits 1-2 recall ${pct(byPortraits[0].recall)} precision ${pct(byPortraits[0].precision)}; 3-5 recall ${pct(byPortraits[1].recall)} precision ${pct(byPortraits[1].precision)}`,
);
console.log("the selfie's faces alone (no second look near the faces found):");
for (const t of [0.5, 0.55, 0.58, 0.6]) {
  const g = search('group', portraits, t);
  const c = search(
    'collage',
    portraits.filter((p) => p.n <= 3),
    t,
  );
  console.log(
    `  at ${t}: group recall ${pct(g.recall)} precision ${pct(g.precision)}; collages recall ${pct(c.recall)} precision ${pct(c.precision)}`,
  );
}
console.log(
  `CPU per selfie ${(cpu.selfie.ms / cpu.selfie.n).toFixed(0)} ms, per photo (group or collage) ${(cpu.photo.ms / cpu.photo.n).toFixed(0)} ms, per crowd ${(cpu.crowd.ms / cpu.crowd.n).toFixed(0)} ms`,
);
