// Jest's Node environment with Node's own typed array constructors. Tests run in a separate realm whose
// Float32Array is not the one a native addon's arrays come from, so onnxruntime-node's check of its own outputs
// (`data instanceof Float32Array`) fails there; the service itself has one realm. For specs that run
// onnxruntime in Jest's thread: `@jest-environment ./services/faces/test/native-arrays-environment.mjs`.
import { TestEnvironment } from 'jest-environment-node';

const TYPED_ARRAYS = [
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
];

export default class NativeArraysEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of TYPED_ARRAYS) this.global[name] = globalThis[name];
  }
}
