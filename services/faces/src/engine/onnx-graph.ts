/**
 * A protobuf writer for the few ONNX messages the engine's graphs need (field numbers from onnx/onnx.proto):
 * face-api's ResNet-34 (resnet-descriptor.ts) and BlazeFace (blazeface-onnx.ts) are written as ONNX models at
 * load, from their own weights, so no ONNX file is shipped or downloaded.
 */

export type Field = Uint8Array;

function varint(value: number): number[] {
  const bytes: number[] = [];
  let v = value;
  while (v >= 0x80) {
    bytes.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  bytes.push(v);
  return bytes;
}

function key(field: number, wire: 0 | 2 | 5): number[] {
  return varint(field * 8 + wire);
}

export function intField(field: number, value: number): Field {
  if (value < 0 || !Number.isInteger(value))
    throw new Error(`only non-negative integers are written: ${value}`);
  return Uint8Array.from([...key(field, 0), ...varint(value)]);
}

export function bytesField(field: number, ...parts: Field[]): Field {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  return concat([Uint8Array.from([...key(field, 2), ...varint(length)]), ...parts]);
}

export function stringField(field: number, value: string): Field {
  return bytesField(field, new TextEncoder().encode(value));
}

/** Fields one after the other: a message's body. */
export function concat(parts: Field[]): Field {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** AttributeProto: name 1, i 3, ints 8, type 20 (INT 2, INTS 7). */
function attribute(name: string, value: number | number[]): Field {
  return Array.isArray(value)
    ? concat([stringField(1, name), ...value.map((v) => intField(8, v)), intField(20, 7)])
    : concat([stringField(1, name), intField(3, value), intField(20, 2)]);
}

/** NodeProto: input 1, output 2, name 3, op_type 4, attribute 5. */
export function node(
  op: string,
  inputs: string[],
  output: string,
  attributes: Record<string, number | number[]> = {},
): Field {
  return concat([
    ...inputs.map((input) => stringField(1, input)),
    stringField(2, output),
    stringField(3, output),
    stringField(4, op),
    ...Object.entries(attributes).map(([name, value]) => bytesField(5, attribute(name, value))),
  ]);
}

/** TensorProto: dims 1, data_type 2 (FLOAT 1, INT64 7), name 8, raw_data 9 (little-endian). */
export function tensor(name: string, dims: number[], values: Float32Array | BigInt64Array): Field {
  const raw = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const type = values instanceof Float32Array ? 1 : 7;
  return concat([
    ...dims.map((d) => intField(1, d)),
    intField(2, type),
    stringField(8, name),
    bytesField(9, raw),
  ]);
}

/** ValueInfoProto of a float tensor: name 1, type 2 (TypeProto.tensor_type 1: elem_type 1, shape 2 of dims 1). */
export function floatValue(name: string, dims: (number | string)[]): Field {
  const dim = (d: number | string) =>
    bytesField(1, typeof d === 'number' ? intField(1, d) : stringField(2, d));
  return concat([
    stringField(1, name),
    bytesField(2, bytesField(1, intField(1, 1), bytesField(2, ...dims.map(dim)))),
  ]);
}

/**
 * The ModelProto of a graph (GraphProto: node 1, name 2, initializer 5, input 11, output 12): ir_version 1
 * (7: opset 13's IR), graph 7, opset_import 8 (OperatorSetIdProto: domain 1, version 2).
 */
export function onnxModel({
  name,
  nodes,
  initializers,
  inputs,
  outputs,
}: {
  name: string;
  nodes: Field[];
  initializers: Field[];
  inputs: Field[];
  outputs: Field[];
}): Uint8Array {
  const graph = concat([
    ...nodes.map((n) => bytesField(1, n)),
    stringField(2, name),
    ...initializers.map((t) => bytesField(5, t)),
    ...inputs.map((value) => bytesField(11, value)),
    ...outputs.map((value) => bytesField(12, value)),
  ]);
  return concat([intField(1, 7), bytesField(7, graph), bytesField(8, stringField(1, ''), intField(2, 13))]);
}

/** onnxruntime-node's session options for the engine. */
export const SESSION_OPTIONS = {
  // One thread: what counts is the CPU a photo, and the replica's budget is one core.
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  executionMode: 'sequential',
  graphOptimizationLevel: 'all',
} as const;
