import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { FIND_ME_LIMITS } from '@gallery/contracts';
import {
  type BlazeFaceNet,
  CROP,
  alignedCrop,
  findFaces,
  loadBlazeFace,
  mirrored,
  type Pixels,
  type Tf,
} from './blazeface.js';
import { OnnxBlazeFace } from './blazeface-onnx.js';
import { ResNetDescriptor } from './resnet-descriptor.js';

const require = createRequire(import.meta.url);

/** One face found in an image: where it is (pixels of the image as read) and its 128-number descriptor. */
export interface FoundFace {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  descriptor: Float32Array;
}

/**
 * The one distance under which two descriptors are taken for the same person (Euclidean, on face-api's
 * ResNet-34 descriptors). Measured on the labeled faces with `node bench/faces-accuracy.mjs` (docs/decisions.md,
 * "Find me"): with BlazeFace's faces aligned on four points, pair accuracy 98.3% and group photos' precision
 * 100%; higher finds more in group photos but shows more strangers.
 */
export const SAME_PERSON_DISTANCE = 0.55;

/** Images are read at most this wide or high: the preview's size, enough for faces of a group photo. */
export const MAX_INDEX_SIDE = 1600;

/** Faces smaller than this (pixels, of the image as read) are not indexed: too few to tell people apart. */
const MIN_FACE_SIDE = 24;

type FaceApi = typeof import('@vladmandic/face-api');

/** The `count` largest of `found` (by area), or all of them, in the order found, when they are no more. */
export function largestFaces<Face extends { width: number; height: number }>(
  found: Face[],
  count: number,
): Face[] {
  if (found.length <= count) return found;
  return [...found].sort((a, b) => b.width * b.height - a.width * a.height).slice(0, count);
}

/**
 * `blazeface`: what the product runs. `ssd` (SSD MobileNet v1 and the 68-point landmarks, the engine before) and
 * `tiny` (face-api's tiny face detector with the same landmarks) stay for the benches to measure against it
 * (`FACES_DETECTOR=ssd node bench/faces-accuracy.mjs`); their descriptors are not comparable with BlazeFace's
 * (another crop of the face), so a service never mixes them.
 */
export type FaceDetector = 'blazeface' | 'ssd' | 'tiny';

/**
 * Where face-api's ResNet-34 runs for BlazeFace's crops: `onnx` (the product: onnxruntime-node, ~7 ms of CPU a
 * face against ~30-40) or `tfjs` (face-api itself on the WASM backend, kept to check the other against). Same
 * descriptors.
 */
export type DescriptorRuntime = 'onnx' | 'tfjs';

/**
 * Where BlazeFace runs: `onnx` (the product: its TensorFlow.js graph translated for onnxruntime-node, ~5 ms of
 * CPU a pass against ~20-35) or `tfjs` (the model on TensorFlow.js' WASM backend, kept to check the other
 * against). Same faces.
 */
export type DetectorRuntime = 'onnx' | 'tfjs';

/**
 * Face detection (BlazeFace, a box and the eyes, nose and mouth of each face: @vladmandic/human's model files)
 * and descriptors (face-api's ResNet-34 on the face turned and scaled onto four points), both on
 * onnxruntime-node: nothing is downloaded, nothing compiled, nothing leaves the process. TensorFlow.js (face-api's
 * WASM build) is loaded only for the benches' other engines and runtimes. Load once per process (it costs a
 * second or so); calls are serialised by the caller (one image at a time per replica keeps CPU bounded).
 */
export class FaceEngine {
  private constructor(
    private readonly api: FaceApi | null,
    private readonly detector: FaceDetector,
    private readonly blazeFace: BlazeFaceNet | null,
    private readonly resNet: ResNetDescriptor | null,
  ) {}

  static async load({
    detector = 'blazeface',
    detectorRuntime = 'onnx',
    descriptorRuntime = 'onnx',
  }: {
    detector?: FaceDetector;
    detectorRuntime?: DetectorRuntime;
    descriptorRuntime?: DescriptorRuntime;
  } = {}): Promise<FaceEngine> {
    const onnxOnly = detector === 'blazeface' && detectorRuntime === 'onnx' && descriptorRuntime === 'onnx';
    if (onnxOnly)
      return new FaceEngine(null, detector, await OnnxBlazeFace.load(), await ResNetDescriptor.load());
    // The WASM build of face-api: it requires @tensorflow/tfjs and @tensorflow/tfjs-backend-wasm.
    const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    const tf = api.tf as unknown as {
      setWasmPaths(prefix: string): void;
      setBackend(name: string): Promise<boolean>;
      ready(): Promise<void>;
      getBackend(): string;
    };
    if (tf.getBackend() !== 'wasm') {
      tf.setWasmPaths(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep);
      if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js WASM backend did not start');
    }
    await tf.ready();
    const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    let blazeFace: BlazeFaceNet | null = null;
    if (detector === 'blazeface')
      blazeFace =
        detectorRuntime === 'onnx'
          ? await OnnxBlazeFace.load()
          : await loadBlazeFace(api.tf as unknown as Tf);
    else {
      if (detector === 'ssd') await api.nets.ssdMobilenetv1.loadFromDisk(models);
      else await api.nets.tinyFaceDetector.loadFromDisk(models);
      await api.nets.faceLandmark68Net.loadFromDisk(models);
    }
    // SSD's and the tiny detector's faces are described by face-api itself (benches only).
    const resNet = blazeFace && descriptorRuntime === 'onnx' ? await ResNetDescriptor.load() : null;
    if (!resNet) await api.nets.faceRecognitionNet.loadFromDisk(models);
    return new FaceEngine(api, detector, blazeFace, resNet);
  }

  /** Every face of a photo (JPEG, PNG, WebP... anything sharp reads), read at most MAX_INDEX_SIDE wide or high. */
  async facesIn(image: Buffer): Promise<FoundFace[]> {
    if (this.blazeFace) return this.blazeFaces(await decode(image, 0), 0.5, 'all');
    const faces = await this.detect(await decode(image, 0), 0.5);
    return faces.filter((face) => Math.min(face.box.width, face.box.height) >= MIN_FACE_SIDE);
  }

  /**
   * The face of a selfie: the largest one. A tight crop (a face filling the picture) is looked at again with a
   * mirrored border around it, because the detector was trained on faces with some surroundings. Its descriptor
   * is the mean of the face's and of the same face mirrored left to right: steadier across poses (on the labeled
   * faces, recall in group photos 72.7% -> 82.7% at the same threshold, docs/decisions.md). The mirrored face is
   * the aligned crop turned over, so the selfie is searched once by the detector, not twice (docs/benchmarks.md).
   */
  async selfie(image: Buffer): Promise<FoundFace | null> {
    for (const border of [0, 0.5]) {
      const pixels = await decode(image, border);
      if (this.blazeFace) {
        const [face] = await this.blazeFaces(pixels, 0.4, 'largest');
        if (face) return face;
        continue;
      }
      const api = this.api!;
      const tensor = api.tf.tensor3d(pixels.data, [pixels.height, pixels.width, 3], 'int32');
      try {
        const found = await api.detectAllFaces(tensor as never, this.options(0.4)).withFaceLandmarks();
        const face = found.sort((a, b) => b.detection.box.area - a.detection.box.area)[0];
        if (!face) continue;
        const [crop] = await api.extractFaceTensors(tensor as never, [
          face.landmarks.align(null, { useDlibAlignment: true }),
        ]);
        if (!crop) continue;
        // face-api's typing of tf leaves `reverse` out; axis 1 of [height, width, channels] is left to right.
        const tf = api.tf as unknown as { reverse(x: unknown, axis: number): { dispose(): void } };
        const mirrored = tf.reverse(crop, 1);
        try {
          const own = (await api.computeFaceDescriptor(crop as never)) as Float32Array;
          const turned = (await api.computeFaceDescriptor(mirrored as never)) as Float32Array;
          const box = face.detection.box;
          return {
            box: {
              x: Math.round(box.x),
              y: Math.round(box.y),
              width: Math.round(box.width),
              height: Math.round(box.height),
            },
            score: face.detection.score,
            descriptor: own.map((value, i) => (value + turned[i]!) / 2),
          };
        } finally {
          crop.dispose();
          mirrored.dispose();
        }
      } finally {
        tensor.dispose();
      }
    }
    return null;
  }

  /**
   * BlazeFace's faces of the image (`all`, at least MIN_FACE_SIDE, at most FIND_ME_LIMITS.facesPerPhoto, the
   * largest; or the `largest`, a selfie's, whose descriptor is the mean of the face's and of the same crop turned
   * over), each described by the ResNet-34 from its crop aligned on the eyes, nose tip and mouth (no 68-point
   * landmarks: docs/decisions.md, "Find me").
   */
  private async blazeFaces(pixels: Pixels, minScore: number, which: 'all' | 'largest'): Promise<FoundFace[]> {
    let faces = await findFaces(this.blazeFace!, pixels, minScore, { tiles: which === 'all' });
    faces =
      which === 'all'
        ? largestFaces(
            faces.filter((face) => Math.min(face.width, face.height) >= MIN_FACE_SIDE),
            FIND_ME_LIMITS.facesPerPhoto,
          )
        : largestFaces(faces, 1);
    if (faces.length === 0) return [];
    const crops = faces.map((face) => alignedCrop(pixels, face.points));
    if (which === 'largest') crops.push(mirrored(crops[0]!));
    let descriptors: Float32Array[];
    if (this.resNet) descriptors = await this.resNet.describe(crops);
    else {
      const api = this.api!;
      const tf = api.tf as unknown as Tf;
      const inputs = crops.map((crop) => tf.tensor3d(crop, [CROP, CROP, 3]));
      try {
        descriptors = (await api.computeFaceDescriptor(inputs as never)) as Float32Array[];
      } finally {
        inputs.forEach((input) => input.dispose());
      }
    }
    if (which === 'largest') {
      const [own, turned] = descriptors as [Float32Array, Float32Array];
      descriptors = [own.map((value, i) => (value + turned[i]!) / 2)];
    }
    return faces.map((face, i) => ({
      box: {
        x: Math.round(face.x),
        y: Math.round(face.y),
        width: Math.round(face.width),
        height: Math.round(face.height),
      },
      score: face.score,
      descriptor: descriptors[i]!,
    }));
  }

  private options(minConfidence: number) {
    const api = this.api!;
    return this.detector === 'ssd'
      ? new api.SsdMobilenetv1Options({ minConfidence })
      : new api.TinyFaceDetectorOptions({ inputSize: 608, scoreThreshold: minConfidence });
  }

  private async detect(pixels: Pixels, minConfidence: number): Promise<FoundFace[]> {
    const api = this.api!;
    const tensor = api.tf.tensor3d(pixels.data, [pixels.height, pixels.width, 3], 'int32');
    try {
      const results = await api
        .detectAllFaces(tensor as never, this.options(minConfidence))
        .withFaceLandmarks()
        .withFaceDescriptors();
      return results.map((result) => ({
        box: {
          x: Math.round(result.detection.box.x),
          y: Math.round(result.detection.box.y),
          width: Math.round(result.detection.box.width),
          height: Math.round(result.detection.box.height),
        },
        score: result.detection.score,
        descriptor: result.descriptor,
      }));
    } finally {
      tensor.dispose();
    }
  }
}

/**
 * RGB pixels, orientation applied, at most MAX_INDEX_SIDE; `border`: a mirrored margin of that share per side.
 */
async function decode(image: Buffer, border: number): Promise<Pixels> {
  // A phone photo is far under this; a decompression bomb is refused before it is decoded.
  let pipeline = sharp(image, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize(MAX_INDEX_SIDE, MAX_INDEX_SIDE, { fit: 'inside', withoutEnlargement: true })
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

/** Euclidean distance between two descriptors. */
export function descriptorDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  return Math.sqrt(sum);
}
