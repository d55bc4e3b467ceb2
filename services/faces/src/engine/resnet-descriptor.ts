import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Field, floatValue, node, onnxModel, SESSION_OPTIONS, tensor } from './onnx-graph.js';

const require = createRequire(import.meta.url);

type Ort = typeof import('onnxruntime-node');

/**
 * face-api's ResNet-34 face descriptor (its `faceRecognitionNet`, the same weights file), run on onnxruntime-node
 * instead of TensorFlow.js' WASM backend: ~7 ms of CPU a face against ~30-40, for the same descriptors (within
 * ~1e-6, so the threshold and the accuracy figures stay; docs/decisions.md, "Find me"). No ONNX file is shipped
 * or downloaded: the graph is written here, at load, from face-api's weights and the network as face-api's source
 * defines it.
 */

/** The crop's side: face-api's `toBatchTensor(150, true)`, which crops of this size pass through untouched. */
export const DESCRIPTOR_INPUT = 150;

/** face-api's input normalisation: (RGB - mean) / 255. */
const MEAN_RGB = [122.782, 117.001, 104.298] as const;

interface Weight {
  shape: number[];
  values: Float32Array;
}

interface ManifestWeight {
  name: string;
  shape: number[];
  dtype: 'float32';
  quantization?: { dtype: 'uint8' | 'uint16'; scale: number; min: number };
}

/** The weights of face-api's `face_recognition_model`, dequantised as TensorFlow.js' `decodeWeights` does. */
export async function readResNetWeights(): Promise<Map<string, Weight>> {
  const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  const manifest = JSON.parse(
    await readFile(path.join(models, 'face_recognition_model-weights_manifest.json'), 'utf8'),
  ) as { paths: string[]; weights: ManifestWeight[] }[];
  const weights = new Map<string, Weight>();
  for (const group of manifest) {
    // A group's shards are one buffer cut in pieces; its weights follow each other in it.
    const data = Buffer.concat(
      await Promise.all(group.paths.map((file) => readFile(path.join(models, file)))),
    );
    let offset = 0;
    for (const spec of group.weights) {
      const size = spec.shape.reduce((a, b) => a * b, 1);
      const values = new Float32Array(size);
      const q = spec.quantization;
      if (q?.dtype === 'uint8') {
        for (let i = 0; i < size; i++) values[i] = data[offset + i]! * q.scale + q.min;
        offset += size;
      } else if (q?.dtype === 'uint16') {
        for (let i = 0; i < size; i++) values[i] = data.readUInt16LE(offset + 2 * i) * q.scale + q.min;
        offset += 2 * size;
      } else if (!q && spec.dtype === 'float32') {
        for (let i = 0; i < size; i++) values[i] = data.readFloatLE(offset + 4 * i);
        offset += 4 * size;
      } else throw new Error(`face_recognition_model: ${spec.name} is stored in a way not read here`);
      weights.set(spec.name, { shape: spec.shape, values });
    }
  }
  return weights;
}

/**
 * The ONNX model (NCHW, batch `N`, input already normalised) of face-api's FaceRecognitionNet.forwardInput:
 * convDown 7x7/2 valid, maxPool 3/2 valid, residual blocks (3x3 'same' convs) and residualDown blocks (a 3x3/2 valid
 * conv; the input average-pooled 2/2 and zero-padded to the output's channels; the output zero-padded by a row and
 * a column at the end when the two sides differ), mean over height and width, the fully connected layer. Each
 * conv's bias and "scale" layer are folded into it: (conv + bias) * weights + biases.
 */
export function resNetOnnx(weights: Map<string, Weight>): Uint8Array {
  const nodes: Field[] = [];
  const initializers: Field[] = [];
  const get = (name: string): Weight => {
    const weight = weights.get(name);
    if (!weight) throw new Error(`face_recognition_model has no ${name}`);
    return weight;
  };
  let side = DESCRIPTOR_INPUT;
  let channels = 3;

  /** A conv layer of face-api's, with relu or not; `down`: stride 2 and no padding (tfjs 'valid'). */
  const conv = (input: string, layer: string, down: boolean, relu: boolean): string => {
    const filters = get(`${layer}/conv/filters`);
    const bias = get(`${layer}/conv/bias`).values;
    const scale = get(`${layer}/scale/weights`).values;
    const offset = get(`${layer}/scale/biases`).values;
    const [kh, kw, inC, outC] = filters.shape as [number, number, number, number];
    // tfjs [h, w, in, out] to ONNX [out, in, h, w], times the scale of its output channel.
    const w = new Float32Array(filters.values.length);
    for (let y = 0; y < kh; y++)
      for (let x = 0; x < kw; x++)
        for (let i = 0; i < inC; i++)
          for (let o = 0; o < outC; o++)
            w[((o * inC + i) * kh + y) * kw + x] =
              filters.values[((y * kw + x) * inC + i) * outC + o]! * scale[o]!;
    const b = new Float32Array(outC);
    for (let o = 0; o < outC; o++) b[o] = bias[o]! * scale[o]! + offset[o]!;
    initializers.push(tensor(`${layer}/w`, [outC, inC, kh, kw], w), tensor(`${layer}/b`, [outC], b));
    // 'same' with stride 1 and an odd kernel pads (k - 1) / 2 on every side: symmetric, as ONNX's pads.
    const pad = down ? 0 : (kh - 1) / 2;
    nodes.push(
      node('Conv', [input, `${layer}/w`, `${layer}/b`], `${layer}/conv`, {
        kernel_shape: [kh, kw],
        strides: down ? [2, 2] : [1, 1],
        pads: [pad, pad, pad, pad],
      }),
    );
    side = down ? Math.floor((side - kh) / 2) + 1 : side;
    channels = outC;
    if (!relu) return `${layer}/conv`;
    nodes.push(node('Relu', [`${layer}/conv`], `${layer}/relu`));
    return `${layer}/relu`;
  };

  const zeroPad = (input: string, name: string, pads: number[]): string => {
    initializers.push(tensor(`${name}/pads`, [8], BigInt64Array.from(pads.map(BigInt))));
    nodes.push(node('Pad', [input, `${name}/pads`], name));
    return name;
  };

  const residual = (input: string, block: string): string => {
    const out = conv(conv(input, `${block}/conv1`, false, true), `${block}/conv2`, false, false);
    nodes.push(node('Add', [out, input], `${block}/add`), node('Relu', [`${block}/add`], `${block}/out`));
    return `${block}/out`;
  };

  const residualDown = (input: string, block: string): string => {
    const [inSide, inChannels] = [side, channels];
    let out = conv(conv(input, `${block}/conv1`, true, true), `${block}/conv2`, false, false);
    const pooledSide = Math.floor((inSide - 2) / 2) + 1;
    nodes.push(node('AveragePool', [input], `${block}/pool`, { kernel_shape: [2, 2], strides: [2, 2] }));
    let pooled = `${block}/pool`;
    if (pooledSide !== side) {
      // face-api concatenates a row of zeros below and a column of zeros right of the conv's output.
      if (pooledSide !== side + 1) throw new Error(`${block}: sides ${pooledSide} and ${side}`);
      out = zeroPad(out, `${block}/grow`, [0, 0, 0, 0, 0, 0, 1, 1]);
      side = pooledSide;
    }
    // ...and zero channels after the pooled input's.
    if (inChannels !== channels)
      pooled = zeroPad(pooled, `${block}/widen`, [0, 0, 0, 0, 0, channels - inChannels, 0, 0]);
    nodes.push(node('Add', [pooled, out], `${block}/add`), node('Relu', [`${block}/add`], `${block}/out`));
    return `${block}/out`;
  };

  let x = conv('input', 'conv32_down', true, true);
  nodes.push(node('MaxPool', [x], 'pool', { kernel_shape: [3, 3], strides: [2, 2] }));
  side = Math.floor((side - 3) / 2) + 1;
  x = 'pool';
  for (const block of ['conv32_1', 'conv32_2', 'conv32_3']) x = residual(x, block);
  x = residualDown(x, 'conv64_down');
  for (const block of ['conv64_1', 'conv64_2', 'conv64_3']) x = residual(x, block);
  x = residualDown(x, 'conv128_down');
  for (const block of ['conv128_1', 'conv128_2']) x = residual(x, block);
  x = residualDown(x, 'conv256_down');
  for (const block of ['conv256_1', 'conv256_2']) x = residual(x, block);
  x = residualDown(x, 'conv256_down_out');
  nodes.push(node('ReduceMean', [x], 'mean', { axes: [2, 3], keepdims: 0 }));
  const fc = get('fc');
  initializers.push(tensor('fc', fc.shape, fc.values));
  nodes.push(node('MatMul', ['mean', 'fc'], 'descriptor'));

  return onnxModel({
    name: 'face-api face_recognition_model',
    nodes,
    initializers,
    inputs: [floatValue('input', ['N', 3, DESCRIPTOR_INPUT, DESCRIPTOR_INPUT])],
    outputs: [floatValue('descriptor', ['N', fc.shape[1]!])],
  });
}

/** Descriptors of 150 x 150 face crops (RGB 0..255, rows of pixels, as `alignedCrop` gives) on onnxruntime. */
export class ResNetDescriptor {
  private constructor(
    private readonly ort: Ort,
    private readonly session: import('onnxruntime-node').InferenceSession,
  ) {}

  static async load(): Promise<ResNetDescriptor> {
    const ort = require('onnxruntime-node') as Ort;
    const session = await ort.InferenceSession.create(resNetOnnx(await readResNetWeights()), SESSION_OPTIONS);
    return new ResNetDescriptor(ort, session);
  }

  /** One descriptor a crop; the crops of a photo go through in one run. */
  async describe(crops: Float32Array[]): Promise<Float32Array[]> {
    if (crops.length === 0) return [];
    const plane = DESCRIPTOR_INPUT * DESCRIPTOR_INPUT;
    const input = new Float32Array(crops.length * 3 * plane);
    crops.forEach((crop, n) => {
      if (crop.length !== 3 * plane) throw new Error(`a crop of ${crop.length} values, not ${3 * plane}`);
      // Interleaved RGB to planes, normalised as face-api does.
      for (let c = 0; c < 3; c++) {
        const base = (n * 3 + c) * plane;
        const mean = MEAN_RGB[c]!;
        for (let i = 0; i < plane; i++) input[base + i] = (crop[i * 3 + c]! - mean) / 255;
      }
    });
    const { ort, session } = this;
    const tensor = new ort.Tensor('float32', input, [crops.length, 3, DESCRIPTOR_INPUT, DESCRIPTOR_INPUT]);
    const { descriptor } = await session.run({ input: tensor });
    const values = descriptor!.data as Float32Array;
    const size = values.length / crops.length;
    return crops.map((_, n) => values.slice(n * size, (n + 1) * size));
  }
}
