import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * BlazeFace (MediaPipe's face detector, its 256 px "back camera" model for faces farther away): a box and six
 * points a face (eyes, nose tip, mouth, ears), ~5 ms of CPU a pass on onnxruntime (blazeface-onnx.ts; ~20-35 on
 * TensorFlow.js' WASM backend) where SSD MobileNet v1 and the 68-point landmarks took ~500 (docs/benchmarks.md,
 * "Find me"). The model files are the ones shipped inside @vladmandic/human (its `models/blazeface.*`, 0.6 MB;
 * nothing of that package's code is loaded).
 */

/** The network's input side, pixels. */
const INPUT = 256;

/** Two boxes overlapping more than this (intersection over union) are one face: the higher score is kept. */
const SAME_FACE_OVERLAP = 0.3;

/**
 * A face found smaller than this (pixels of the image as read) tells of a crowd whose smaller faces the 256 px
 * pass may miss (under ~40 px in a 1600 px preview): the image is looked at again in 2 x 2 overlapping tiles,
 * or 3 x 3 when a face found is smaller than CROWD_FACE_SIDE.
 */
export const TILE_BELOW_FACE_SIDE = 80;
const CROWD_FACE_SIDE = 48;

/** How much neighbouring tiles overlap: a face up to this share of a tile is whole in one of them. */
const TILE_OVERLAP = 0.25;

/** One face: its box and its eyes, nose tip and mouth, in pixels of the image as read. */
export interface BlazeFace {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
  /** Image pixels per network input pixel of the pass that found it: the smaller, the finer its points. */
  scale: number;
  /** Left eye (as seen), right eye, nose tip, mouth centre. */
  points: [number, number][];
}

/** The part of face-api's bundled TensorFlow.js used here (its typings leave most of it out). */
export interface Tf {
  tensor3d(values: Uint8Array | Float32Array, shape: number[], dtype?: string): TfTensor;
  tensor4d(values: Float32Array, shape: number[]): TfTensor;
  io: { fromMemory(artifacts: object): unknown };
  loadGraphModel(handler: unknown): Promise<GraphModel>;
}

export interface TfTensor {
  size: number;
  data(): Promise<Float32Array>;
  dispose(): void;
}

interface GraphModel {
  execute(input: TfTensor): TfTensor | TfTensor[];
}

/**
 * The network, on whichever runtime: for an INPUT x INPUT image (RGB -1..1, rows of pixels), a score (a logit)
 * and 16 box numbers of each anchor, in ANCHORS' order.
 */
export interface BlazeFaceNet {
  run(input: Float32Array): Promise<{ scores: Float32Array; boxes: Float32Array }>;
}

/** A weight of the model: float32, or int32 (shapes, paddings). */
export interface BlazeFaceWeight {
  shape: number[];
  values: Float32Array | Int32Array;
}

/** A node of the model's TensorFlow graph, as the model's JSON gives it. */
export interface BlazeFaceNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, { s?: string; i?: string; list?: { s?: string[]; i?: string[] } }>;
}

/** The model's files, read from the package: no fetch, no download. */
export async function readBlazeFace(): Promise<{
  json: {
    modelTopology: { node: BlazeFaceNode[] };
    format: string;
    weightsManifest: { paths: string[]; weights: { name: string; shape: number[]; dtype: string }[] }[];
  };
  weightData: Buffer;
}> {
  const models = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'models');
  const json = JSON.parse(await readFile(path.join(models, 'blazeface.json'), 'utf8'));
  const weightData = Buffer.concat(
    await Promise.all(
      (json as Awaited<ReturnType<typeof readBlazeFace>>['json']).weightsManifest.flatMap((group) =>
        group.paths.map((file) => readFile(path.join(models, file))),
      ),
    ),
  );
  return { json, weightData };
}

/** The model on TensorFlow.js (the backend tf has). */
export async function loadBlazeFace(tf: Tf): Promise<BlazeFaceNet> {
  const { json, weightData } = await readBlazeFace();
  const model = await tf.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      format: json.format,
      weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
      weightData: weightData.buffer.slice(
        weightData.byteOffset,
        weightData.byteOffset + weightData.byteLength,
      ),
    }),
  );
  return {
    async run(input) {
      const tensor = tf.tensor4d(input, [1, INPUT, INPUT, 3]);
      const outputs = model.execute(tensor);
      tensor.dispose();
      const all = Array.isArray(outputs) ? outputs : [outputs];
      try {
        const [fineScores, fine, coarseScores, coarse] = await Promise.all(
          sortOutputs(all).map((t) => t.data()),
        );
        return joinOutputs(fineScores!, fine!, coarseScores!, coarse!);
      } finally {
        all.forEach((t) => t.dispose());
      }
    },
  };
}

/**
 * The model's four outputs told apart by size: scores of the 384 coarse anchors, of the 512 fine ones, then
 * their boxes; given back fine scores, fine boxes, coarse scores, coarse boxes.
 */
export function sortOutputs<T extends { size: number }>(outputs: T[]): T[] {
  const [coarseScores, fineScores, coarse, fine] = [...outputs].sort((a, b) => a.size - b.size);
  return [fineScores!, fine!, coarseScores!, coarse!];
}

/** The fine anchors' scores and boxes, then the coarse ones'. */
export function joinOutputs(
  fineScores: Float32Array,
  fine: Float32Array,
  coarseScores: Float32Array,
  coarse: Float32Array,
): { scores: Float32Array; boxes: Float32Array } {
  const scores = new Float32Array(fineScores.length + coarseScores.length);
  scores.set(fineScores);
  scores.set(coarseScores, fineScores.length);
  const boxes = new Float32Array(fine.length + coarse.length);
  boxes.set(fine);
  boxes.set(coarse, fine.length);
  return { scores, boxes };
}

/** The anchors' centres, input pixels: 16 x 16 cells of 2 (stride 16), then 8 x 8 cells of 6 (stride 32). */
const ANCHORS: [number, number][] = [];
for (const [stride, perCell] of [
  [16, 2],
  [32, 6],
] as const) {
  const cells = INPUT / stride;
  for (let y = 0; y < cells; y++)
    for (let x = 0; x < cells; x++)
      for (let n = 0; n < perCell; n++) ANCHORS.push([stride * (x + 0.5), stride * (y + 0.5)]);
}

/** RGB pixels, 0..255, row by row. */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * Faces of an image: one pass over the whole image at 256 px; when a face found is smaller than
 * TILE_BELOW_FACE_SIDE, more over 2 x 2 (or 3 x 3) overlapping tiles, all boxes then merged.
 */
export async function findFaces(
  net: BlazeFaceNet,
  image: Pixels,
  minScore: number,
  { tiles = true }: { tiles?: boolean } = {},
): Promise<BlazeFace[]> {
  const { width, height } = image;
  let faces = await pass(net, image, { x: 0, y: 0, width, height }, minScore);
  const smallest = Math.min(...faces.map((face) => Math.min(face.width, face.height)));
  if (tiles && smallest < TILE_BELOW_FACE_SIDE) {
    const n = smallest < CROWD_FACE_SIDE ? 3 : 2;
    const tileWidth = Math.ceil(width / (n - (n - 1) * TILE_OVERLAP));
    const tileHeight = Math.ceil(height / (n - (n - 1) * TILE_OVERLAP));
    for (let row = 0; row < n; row++)
      for (let column = 0; column < n; column++) {
        const x = Math.round((column * (width - tileWidth)) / (n - 1));
        const y = Math.round((row * (height - tileHeight)) / (n - 1));
        faces = faces.concat(
          await pass(net, image, { x, y, width: tileWidth, height: tileHeight }, minScore),
        );
      }
  }
  return merge(faces);
}

/**
 * The network's input for a region: the region padded with black to a square at its right or bottom, sampled to
 * INPUT x INPUT as TensorFlow.js' resizeBilinear samples (no half-pixel centres), scaled to -1..1. Made from the
 * pixels directly: the whole image as a float tensor, padded, then resized cost more than the network.
 */
export function networkInput(
  image: Pixels,
  region: { x: number; y: number; width: number; height: number },
): Float32Array {
  const side = Math.max(region.width, region.height);
  const step = side / INPUT;
  const { data, width } = image;
  const out = new Float32Array(INPUT * INPUT * 3);
  // A pixel of the padded square: black past the region.
  const at = (x: number, y: number, ch: number) =>
    x < region.width && y < region.height ? data[((region.y + y) * width + region.x + x) * 3 + ch]! : 0;
  for (let v = 0; v < INPUT; v++) {
    const sy = v * step;
    const top = Math.floor(sy),
      bottom = Math.min(side - 1, Math.ceil(sy)),
      fy = sy - top;
    for (let u = 0; u < INPUT; u++) {
      const sx = u * step;
      const left = Math.floor(sx),
        right = Math.min(side - 1, Math.ceil(sx)),
        fx = sx - left;
      for (let ch = 0; ch < 3; ch++) {
        const upper = at(left, top, ch) + (at(right, top, ch) - at(left, top, ch)) * fx;
        const lower = at(left, bottom, ch) + (at(right, bottom, ch) - at(left, bottom, ch)) * fx;
        out[(v * INPUT + u) * 3 + ch] = (upper + (lower - upper) * fy) / 127.5 - 1;
      }
    }
  }
  return out;
}

/** One pass of the network over a region, padded to a square at its right or bottom. */
async function pass(
  net: BlazeFaceNet,
  image: Pixels,
  region: { x: number; y: number; width: number; height: number },
  minScore: number,
): Promise<BlazeFace[]> {
  const side = Math.max(region.width, region.height);
  const { scores, boxes } = await net.run(networkInput(image, region));
  const scale = side / INPUT;
  const faces: BlazeFace[] = [];
  scores.forEach((logit, i) => {
    const score = 1 / (1 + Math.exp(-logit));
    if (score < minScore) return;
    const [anchorX, anchorY] = ANCHORS[i]!;
    const row = boxes.subarray(i * 16, (i + 1) * 16);
    const [centreX, centreY, boxWidth, boxHeight] = row as unknown as [number, number, number, number];
    const at = (k: number): [number, number] => [
      region.x + (row[4 + 2 * k]! + anchorX) * scale,
      region.y + (row[5 + 2 * k]! + anchorY) * scale,
    ];
    faces.push({
      x: region.x + (centreX + anchorX - boxWidth / 2) * scale,
      y: region.y + (centreY + anchorY - boxHeight / 2) * scale,
      width: boxWidth * scale,
      height: boxHeight * scale,
      score,
      scale,
      points: [at(0), at(1), at(2), at(3)],
    });
  });
  return merge(faces);
}

/**
 * One box for each group of overlapping ones: the best scored of a pass; across passes (a tile's and the whole
 * image's), the one seen at the finer scale, whose points are the more precise.
 */
function merge(faces: BlazeFace[]): BlazeFace[] {
  const kept: BlazeFace[] = [];
  const order = [...faces].sort((a, b) => a.scale - b.scale || b.score - a.score);
  for (const face of order)
    if (kept.every((other) => overlap(other, face) < SAME_FACE_OVERLAP)) kept.push(face);
  return kept;
}

function overlap(a: BlazeFace, b: BlazeFace): number {
  const width = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const height = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const both = width * height;
  return both / (a.width * a.height + b.width * b.height - both);
}

/**
 * Where the eyes, nose tip and mouth centre sit on the ResNet-34's 150 px crop, as shares of its side: face-api's
 * dlib-style crop (the three points' centre at 0.5, 0.43; eyes to mouth 0.45 of the side) with ArcFace's
 * proportions between the points, then drawn in by ALIGN_ZOOM so the crop holds a little more around the face.
 */
const TEMPLATE: [number, number][] = [
  [0.3211, 0.2922],
  [0.6789, 0.2922],
  [0.5, 0.4964],
  [0.5, 0.7056],
];

/** Measured on the labeled faces (0.85-0.95 all kept pair accuracy at 97.7% or more; docs/decisions.md). */
const ALIGN_ZOOM = 0.9;

/** The descriptor's input side. */
export const CROP = 150;

/**
 * The similarity (scale, turn and shift) that takes the points `from` onto `to` by least squares:
 * (u, v) = (a x - b y + tx, b x + a y + ty).
 */
export function similarity(
  from: readonly (readonly number[])[],
  to: readonly (readonly number[])[],
): { a: number; b: number; tx: number; ty: number } {
  const n = from.length;
  let mx = 0,
    my = 0,
    ux = 0,
    uy = 0;
  for (let i = 0; i < n; i++) {
    mx += from[i]![0]! / n;
    my += from[i]![1]! / n;
    ux += to[i]![0]! / n;
    uy += to[i]![1]! / n;
  }
  let dot = 0,
    cross = 0,
    norm = 0;
  for (let i = 0; i < n; i++) {
    const x = from[i]![0]! - mx,
      y = from[i]![1]! - my,
      u = to[i]![0]! - ux,
      v = to[i]![1]! - uy;
    dot += x * u + y * v;
    cross += x * v - y * u;
    norm += x * x + y * y;
  }
  const a = dot / norm,
    b = cross / norm;
  return { a, b, tx: ux - a * mx + b * my, ty: uy - b * mx - a * my };
}

/**
 * The face's CROP x CROP crop, RGB 0..255, turned and scaled (a similarity: no shear) so its four points land
 * on TEMPLATE, by least squares; pixels sampled bilinearly, the image's edge repeated past it.
 */
export function alignedCrop(pixels: Pixels, points: [number, number][]): Float32Array {
  const target = TEMPLATE.map(([x, y]) => [
    (0.5 + (x - 0.5) * ALIGN_ZOOM) * CROP,
    (0.5 + (y - 0.5) * ALIGN_ZOOM) * CROP,
  ]);
  // image -> crop: (u, v) = (a x - b y + tx, b x + a y + ty); sampled the other way, crop -> image.
  const { a, b, tx, ty } = similarity(points, target);
  const det = a * a + b * b;
  const { data, width, height } = pixels;
  const out = new Float32Array(CROP * CROP * 3);
  for (let v = 0; v < CROP; v++) {
    for (let u = 0; u < CROP; u++) {
      const du = u + 0.5 - tx,
        dv = v + 0.5 - ty;
      const x = (a * du + b * dv) / det - 0.5,
        y = (-b * du + a * dv) / det - 0.5;
      const x0 = Math.floor(x),
        y0 = Math.floor(y);
      const fx = x - x0,
        fy = y - y0;
      const left = Math.min(width - 1, Math.max(0, x0)),
        right = Math.min(width - 1, Math.max(0, x0 + 1));
      const top = Math.min(height - 1, Math.max(0, y0)),
        bottom = Math.min(height - 1, Math.max(0, y0 + 1));
      for (let ch = 0; ch < 3; ch++) {
        out[(v * CROP + u) * 3 + ch] =
          data[(top * width + left) * 3 + ch]! * (1 - fx) * (1 - fy) +
          data[(top * width + right) * 3 + ch]! * fx * (1 - fy) +
          data[(bottom * width + left) * 3 + ch]! * (1 - fx) * fy +
          data[(bottom * width + right) * 3 + ch]! * fx * fy;
      }
    }
  }
  return out;
}

/** The crop turned over left to right. */
export function mirrored(crop: Float32Array): Float32Array {
  const out = new Float32Array(crop.length);
  for (let v = 0; v < CROP; v++)
    for (let u = 0; u < CROP; u++)
      for (let ch = 0; ch < 3; ch++)
        out[(v * CROP + u) * 3 + ch] = crop[(v * CROP + (CROP - 1 - u)) * 3 + ch]!;
  return out;
}
