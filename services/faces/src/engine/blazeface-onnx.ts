import { createRequire } from 'node:module';
import {
  type BlazeFaceNet,
  type BlazeFaceNode,
  type BlazeFaceWeight,
  joinOutputs,
  readBlazeFace,
  sortOutputs,
} from './blazeface.js';
import { type Field, floatValue, node, onnxModel, SESSION_OPTIONS, tensor } from './onnx-graph.js';

const require = createRequire(import.meta.url);

type Ort = typeof import('onnxruntime-node');

/**
 * BlazeFace on onnxruntime-node instead of TensorFlow.js' WASM backend: ~5 ms of CPU a pass against ~20-35, for
 * the same outputs (scores within ~3e-6, the boxes of anchors on faces within ~3e-5 px; docs/decisions.md,
 * "Find me"). The model's TensorFlow graph (@vladmandic/human's `models/blazeface.json`) is translated node by
 * node into an ONNX graph at load, with the same weights. No ONNX file is shipped or downloaded.
 */

/** The network's input side, pixels. */
const INPUT = 256;

/** The model's weights (float32, and the int32 shapes and paddings), by name. */
export function blazeFaceWeights(
  manifest: { name: string; shape: number[]; dtype: string }[],
  data: Buffer,
): Map<string, BlazeFaceWeight> {
  const weights = new Map<string, BlazeFaceWeight>();
  let offset = 0;
  for (const spec of manifest) {
    const size = spec.shape.reduce((a, b) => a * b, 1);
    let values: Float32Array | Int32Array;
    if (spec.dtype === 'float32') {
      values = new Float32Array(size);
      for (let i = 0; i < size; i++) values[i] = data.readFloatLE(offset + 4 * i);
    } else if (spec.dtype === 'int32') {
      values = new Int32Array(size);
      for (let i = 0; i < size; i++) values[i] = data.readInt32LE(offset + 4 * i);
    } else throw new Error(`blazeface: ${spec.name} is stored in a way not read here`);
    offset += 4 * size;
    weights.set(spec.name, { shape: spec.shape, values });
  }
  if (offset !== data.length)
    throw new Error(`blazeface: ${data.length - offset} bytes of weights left over`);
  return weights;
}

/** TensorFlow's 'SAME' padding of one side: what is missing for ceil(in / stride) outputs, the more at the end. */
function samePads(side: number, kernel: number, stride: number): [number, number] {
  const out = Math.ceil(side / stride);
  const total = Math.max((out - 1) * stride + kernel - side, 0);
  return [Math.floor(total / 2), total - Math.floor(total / 2)];
}

/**
 * The ONNX model of BlazeFace's TensorFlow graph: input `input` [N, 256, 256, 3] (NHWC, as TensorFlow.js takes
 * it), transposed once to NCHW; each node then translated as it is: _FusedConv2D (bias, and relu when fused) and
 * DepthwiseConv2dNative to Conv (filters [h, w, in, out] to [out, in, h, w]; depthwise [h, w, in, multiplier] to
 * [in * multiplier, 1, h, w] with a group a channel), 'SAME' padding made explicit as TensorFlow pads (the more
 * at the end, for the stride-2 convs), AddV2, Relu, MaxPool, Pad (channels), and Reshape back from NHWC. The
 * outputs keep the graph's names and shapes.
 */
export function blazeFaceOnnx(graph: BlazeFaceNode[], weights: Map<string, BlazeFaceWeight>): Uint8Array {
  const nodes: Field[] = [];
  const initializers: Field[] = [];
  const inputsInfo: Field[] = [];
  const outputs: Field[] = [];
  /** Each TensorFlow tensor's ONNX name and NCHW shape (batch left out); a Reshape's output, its own shape. */
  const tensors = new Map<
    string,
    { name: string; c: number; h: number; w: number } | { name: string; shape: number[] }
  >();
  const constant = (name: string): BlazeFaceWeight => {
    const weight = weights.get(name);
    if (!weight) throw new Error(`blazeface: no weight ${name}`);
    return weight;
  };
  const image = (name: string) => {
    const value = tensors.get(name.replace(/:0$/, ''));
    if (!value || !('c' in value)) throw new Error(`blazeface: ${name} is no image tensor here`);
    return value;
  };
  const ints = (tfNode: BlazeFaceNode, attr: string): number[] =>
    (tfNode.attr?.[attr]?.list?.i ?? []).map(Number);
  const text = (tfNode: BlazeFaceNode, attr: string): string =>
    Buffer.from(tfNode.attr?.[attr]?.s ?? '', 'base64').toString();
  const pads = (tfNode: BlazeFaceNode, h: number, w: number, kh: number, kw: number, stride: number) => {
    const padding = text(tfNode, 'padding');
    if (padding === 'VALID') return [0, 0, 0, 0];
    if (padding !== 'SAME') throw new Error(`blazeface: ${tfNode.name} pads ${padding}`);
    const [top, bottom] = samePads(h, kh, stride);
    const [left, right] = samePads(w, kw, stride);
    return [top, left, bottom, right];
  };
  const consumed = new Set(graph.flatMap((n) => n.input ?? []).map((name) => name.replace(/:0$/, '')));

  for (const tfNode of inOrder(graph)) {
    const { name, op } = tfNode;
    const inputs = tfNode.input ?? [];
    switch (op) {
      case 'Const':
        break;
      case 'Placeholder': {
        const [, h, w, c] = (
          tfNode.attr as unknown as { shape: { shape: { dim: { size: string }[] } } }
        ).shape.shape.dim.map((d) => Number(d.size)) as [number, number, number, number];
        if (h !== INPUT || w !== INPUT || c !== 3)
          throw new Error(`blazeface: an input of ${h} x ${w} x ${c}`);
        inputsInfo.push(floatValue(name, ['N', h, w, c]));
        nodes.push(node('Transpose', [name], `${name}/nchw`, { perm: [0, 3, 1, 2] }));
        tensors.set(name, { name: `${name}/nchw`, c, h, w });
        break;
      }
      case '_FusedConv2D':
      case 'DepthwiseConv2dNative': {
        const x = image(inputs[0]!);
        const filter = constant(inputs[1]!);
        const [kh, kw, inC, outOrMultiplier] = filter.shape as [number, number, number, number];
        if (inC !== x.c) throw new Error(`blazeface: ${name} takes ${inC} channels, not ${x.c}`);
        const [, sy, sx] = ints(tfNode, 'strides');
        if (
          sy !== sx ||
          ints(tfNode, 'dilations').some((d) => d !== 1) ||
          text(tfNode, 'data_format') !== 'NHWC'
        )
          throw new Error(`blazeface: ${name}'s strides, dilations or layout are not translated here`);
        const depthwise = op === 'DepthwiseConv2dNative';
        const outC = depthwise ? inC * outOrMultiplier : outOrMultiplier;
        // [h, w, in, out] -> [out, in, h, w]; depthwise [h, w, in, multiplier] -> [in * multiplier, 1, h, w].
        const w = new Float32Array(filter.values.length);
        for (let y = 0; y < kh; y++)
          for (let u = 0; u < kw; u++)
            for (let i = 0; i < inC; i++)
              for (let o = 0; o < outOrMultiplier; o++) {
                const from = ((y * kw + u) * inC + i) * outOrMultiplier + o;
                const to = depthwise
                  ? ((i * outOrMultiplier + o) * kh + y) * kw + u
                  : ((o * inC + i) * kh + y) * kw + u;
                w[to] = filter.values[from]!;
              }
        initializers.push(tensor(`${name}/w`, depthwise ? [outC, 1, kh, kw] : [outC, inC, kh, kw], w));
        const convInputs = [x.name, `${name}/w`];
        let relu = false;
        if (!depthwise) {
          const fused = (tfNode.attr?.fused_ops?.list?.s ?? []).map((s) =>
            Buffer.from(s, 'base64').toString(),
          );
          if (fused[0] !== 'BiasAdd' || fused.length > 2 || (fused[1] && fused[1] !== 'Relu'))
            throw new Error(`blazeface: ${name} fuses ${fused.join(', ')}`);
          relu = fused[1] === 'Relu';
          const bias = constant(inputs[2]!);
          initializers.push(tensor(`${name}/b`, [outC], Float32Array.from(bias.values)));
          convInputs.push(`${name}/b`);
        }
        nodes.push(
          node('Conv', convInputs, `${name}/conv`, {
            kernel_shape: [kh, kw],
            strides: [sy!, sx!],
            pads: pads(tfNode, x.h, x.w, kh, kw, sy!),
            group: depthwise ? inC : 1,
          }),
        );
        let out = `${name}/conv`;
        if (relu) {
          nodes.push(node('Relu', [out], `${name}/relu`));
          out = `${name}/relu`;
        }
        const side = (s: number) =>
          text(tfNode, 'padding') === 'SAME' ? Math.ceil(s / sy!) : Math.floor((s - kh) / sy!) + 1;
        tensors.set(name, { name: out, c: outC, h: side(x.h), w: side(x.w) });
        break;
      }
      case 'MaxPool': {
        const x = image(inputs[0]!);
        const [, kh, kw] = ints(tfNode, 'ksize') as [number, number, number];
        const [, sy, sx] = ints(tfNode, 'strides') as [number, number, number];
        if (sy !== sx || text(tfNode, 'padding') !== 'SAME')
          throw new Error(`blazeface: ${name} not translated`);
        nodes.push(
          node('MaxPool', [x.name], name, {
            kernel_shape: [kh, kw],
            strides: [sy, sx],
            pads: pads(tfNode, x.h, x.w, kh, kw, sy),
          }),
        );
        tensors.set(name, { name, c: x.c, h: Math.ceil(x.h / sy), w: Math.ceil(x.w / sx) });
        break;
      }
      case 'Add':
      case 'AddV2': {
        const [a, b] = [image(inputs[0]!), image(inputs[1]!)];
        if (a.c !== b.c || a.h !== b.h || a.w !== b.w) throw new Error(`blazeface: ${name} adds two shapes`);
        nodes.push(node('Add', [a.name, b.name], name));
        tensors.set(name, { ...a, name });
        break;
      }
      case 'Relu': {
        const x = image(inputs[0]!);
        nodes.push(node('Relu', [x.name], name));
        tensors.set(name, { ...x, name });
        break;
      }
      case 'Pad': {
        const x = image(inputs[0]!);
        // TensorFlow's [[n, n], [h, h], [w, w], [c, c]] to ONNX's begins then ends, in NCHW order.
        const p = Array.from(constant(inputs[1]!).values);
        const [n0, n1, h0, h1, w0, w1, c0, c1] = p as [
          number,
          number,
          number,
          number,
          number,
          number,
          number,
          number,
        ];
        if (n0 !== 0 || n1 !== 0) throw new Error(`blazeface: ${name} pads the batch`);
        initializers.push(
          tensor(`${name}/pads`, [8], BigInt64Array.from([0, c0, h0, w0, 0, c1, h1, w1].map(BigInt))),
        );
        nodes.push(node('Pad', [x.name, `${name}/pads`], name));
        tensors.set(name, { name, c: x.c + c0 + c1, h: x.h + h0 + h1, w: x.w + w0 + w1 });
        break;
      }
      case 'Reshape': {
        const x = image(inputs[0]!);
        // Back to TensorFlow's NHWC order, then its shape, the batch kept as it is (0: the input's).
        const shape = Array.from(constant(inputs[1]!).values);
        if (shape[0] !== 1 || shape.reduce((a, b) => a * b, 1) !== x.c * x.h * x.w)
          throw new Error(`blazeface: ${name} reshapes to ${shape.join(' x ')}`);
        nodes.push(node('Transpose', [x.name], `${name}/nhwc`, { perm: [0, 2, 3, 1] }));
        initializers.push(
          tensor(`${name}/shape`, [shape.length], BigInt64Array.from([0, ...shape.slice(1)].map(BigInt))),
        );
        nodes.push(node('Reshape', [`${name}/nhwc`, `${name}/shape`], name));
        tensors.set(name, { name, shape: shape.slice(1) });
        break;
      }
      case 'Identity': {
        const x = tensors.get(inputs[0]!.replace(/:0$/, ''));
        if (!x || !('shape' in x)) throw new Error(`blazeface: ${name} of no reshaped tensor`);
        if (consumed.has(name)) throw new Error(`blazeface: ${name} is not an output`);
        nodes.push(node('Identity', [x.name], name));
        outputs.push(floatValue(name, ['N', ...x.shape]));
        break;
      }
      default:
        throw new Error(`blazeface: the op ${op} (${name}) is not translated`);
    }
  }
  if (outputs.length !== 4) throw new Error(`blazeface: ${outputs.length} outputs, not 4`);
  return onnxModel({ name: 'blazeface', nodes, initializers, inputs: inputsInfo, outputs });
}

/** The graph's nodes, each after the nodes it takes its inputs from. */
function inOrder(graph: BlazeFaceNode[]): BlazeFaceNode[] {
  const byName = new Map(graph.map((n) => [n.name, n]));
  const done = new Set<string>();
  const ordered: BlazeFaceNode[] = [];
  const visit = (n: BlazeFaceNode, path: Set<string>) => {
    if (done.has(n.name)) return;
    if (path.has(n.name)) throw new Error(`blazeface: a cycle through ${n.name}`);
    path.add(n.name);
    for (const input of n.input ?? []) {
      const from = byName.get(input.replace(/:0$/, ''));
      if (!from) throw new Error(`blazeface: ${n.name} takes ${input}, no node of the graph`);
      visit(from, path);
    }
    path.delete(n.name);
    done.add(n.name);
    ordered.push(n);
  };
  for (const n of graph) visit(n, new Set());
  return ordered;
}

/** BlazeFace on onnxruntime-node: one pass, one image. */
export class OnnxBlazeFace implements BlazeFaceNet {
  private constructor(
    private readonly ort: Ort,
    private readonly session: import('onnxruntime-node').InferenceSession,
  ) {}

  static async load(): Promise<OnnxBlazeFace> {
    const ort = require('onnxruntime-node') as Ort;
    const { json, weightData } = await readBlazeFace();
    const weights = blazeFaceWeights(
      json.weightsManifest.flatMap((group) => group.weights),
      weightData,
    );
    const session = await ort.InferenceSession.create(
      blazeFaceOnnx(json.modelTopology.node, weights),
      SESSION_OPTIONS,
    );
    return new OnnxBlazeFace(ort, session);
  }

  async run(input: Float32Array): Promise<{ scores: Float32Array; boxes: Float32Array }> {
    const { ort, session } = this;
    const results = await session.run({ input: new ort.Tensor('float32', input, [1, INPUT, INPUT, 3]) });
    const [fineScores, fine, coarseScores, coarse] = sortOutputs(
      session.outputNames.map((name) => results[name]!),
    ).map((t) => t.data as Float32Array);
    return joinOutputs(fineScores!, fine!, coarseScores!, coarse!);
  }
}
