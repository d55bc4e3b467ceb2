/** @jest-environment ./services/faces/test/native-arrays-environment.mjs */
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { facesFolder } from '@gallery/testing';
import { FaceEngine } from './face-engine.js';
import { DESCRIPTOR_INPUT, ResNetDescriptor } from './resnet-descriptor.js';

const require = createRequire(import.meta.url);

/** The largest difference, value by value: the threshold (0.55) and the accuracy figures hold if it is ~1e-4. */
function largestDifference(a: Float32Array, b: Float32Array): number {
  expect(a).toHaveLength(b.length);
  return Math.max(...a.map((value, i) => Math.abs(value - b[i]!)));
}

describe("face-api's ResNet-34 on onnxruntime", () => {
  it("gives face-api's own descriptors of real faces", async () => {
    const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
    api.tf.setWasmPaths(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep);
    await api.tf.setBackend('wasm');
    await api.nets.faceRecognitionNet.loadFromDisk(
      path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model'),
    );
    // Labeled portraits, face-filling crops as the engine's aligned crops are.
    const crops = await Promise.all(
      ['amy/amy1.png', 'raj/raj2.png', 'penny/penny3.png', 'howard/howard1.png'].map(async (file) => {
        const pixels = await sharp(path.join(facesFolder(), file))
          .resize(DESCRIPTOR_INPUT, DESCRIPTOR_INPUT)
          .removeAlpha()
          .toColourspace('srgb')
          .raw()
          .toBuffer();
        return Float32Array.from(pixels);
      }),
    );
    const inputs = crops.map((crop) => api.tf.tensor3d(crop, [DESCRIPTOR_INPUT, DESCRIPTOR_INPUT, 3]));
    const expected = (await api.computeFaceDescriptor(inputs)) as Float32Array[];
    inputs.forEach((input: { dispose(): void }) => input.dispose());

    const resNet = await ResNetDescriptor.load();
    // In one run (a photo's faces) and one at a time (a selfie's).
    const together = await resNet.describe(crops);
    for (const [i, crop] of crops.entries()) {
      expect(largestDifference(together[i]!, expected[i]!)).toBeLessThan(1e-4);
      const [alone] = await resNet.describe([crop]);
      expect(largestDifference(alone!, expected[i]!)).toBeLessThan(1e-4);
    }
    expect(await resNet.describe([])).toEqual([]);
  }, 300_000);

  it("leaves the engine's faces of a group photo as face-api described them", async () => {
    const photo = await sharp(path.join(facesFolder(), 'bbt1.jpg')).toBuffer();
    const onnx = await (await FaceEngine.load()).facesIn(photo);
    const tfjs = await (await FaceEngine.load({ descriptorRuntime: 'tfjs' })).facesIn(photo);
    expect(onnx.length).toBeGreaterThan(2);
    expect(onnx.map((face) => face.box)).toEqual(tfjs.map((face) => face.box));
    for (const [i, face] of onnx.entries()) {
      expect(largestDifference(face.descriptor, tfjs[i]!.descriptor)).toBeLessThan(1e-4);
    }
  }, 300_000);
});
