/** @jest-environment ./services/faces/test/native-arrays-environment.mjs */
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { facesFolder } from '@gallery/testing';
import {
  type BlazeFaceNet,
  findFaces,
  loadBlazeFace,
  networkInput,
  type Pixels,
  type Tf,
} from './blazeface.js';
import { OnnxBlazeFace } from './blazeface-onnx.js';
import { FaceEngine } from './face-engine.js';

const require = createRequire(import.meta.url);

/** Group photos (small faces, the tiled passes) and portraits (a face filling the picture). */
const PHOTOS = ['bbt1.jpg', 'bbt2.jpg', 'bbt3.jpg', 'bbt4.jpg', 'bbt5.jpg', 'amy/amy1.png', 'raj/raj2.png'];

async function pixels(file: string): Promise<Pixels> {
  const { data, info } = await sharp(path.join(facesFolder(), file))
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

describe('BlazeFace on onnxruntime', () => {
  let tfjs: BlazeFaceNet;
  let onnx: BlazeFaceNet;

  beforeAll(async () => {
    const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
    api.tf.setWasmPaths(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep);
    await api.tf.setBackend('wasm');
    tfjs = await loadBlazeFace(api.tf as Tf);
    onnx = await OnnxBlazeFace.load();
  }, 120_000);

  it("gives TensorFlow.js' own outputs of real photos", async () => {
    for (const file of PHOTOS) {
      const image = await pixels(file);
      const input = networkInput(image, { x: 0, y: 0, width: image.width, height: image.height });
      const expected = await tfjs.run(input);
      const got = await onnx.run(input);
      expect(got.scores).toHaveLength(896);
      expect(got.boxes).toHaveLength(896 * 16);
      let scores = 0,
        faces = 0,
        boxes = 0;
      for (const [i, logit] of expected.scores.entries()) {
        scores = Math.max(scores, Math.abs(sigmoid(got.scores[i]!) - sigmoid(logit)));
        for (let k = i * 16; k < (i + 1) * 16; k++) {
          // Relative past 1: far-off anchors' boxes run to thousands of pixels, and float32's step with them.
          const difference =
            Math.abs(got.boxes[k]! - expected.boxes[k]!) / Math.max(1, Math.abs(expected.boxes[k]!));
          boxes = Math.max(boxes, difference);
          if (sigmoid(logit) >= 0.1) faces = Math.max(faces, difference);
        }
      }
      expect(scores).toBeLessThan(1e-5);
      // The anchors on or near a face, then all of them (those scored ~0 differ by up to ~1.3e-4).
      expect(faces).toBeLessThan(1e-4);
      expect(boxes).toBeLessThan(5e-4);
    }
  }, 120_000);

  it('finds the same faces, tiles and all, at the same places', async () => {
    let found = 0;
    for (const file of PHOTOS) {
      const image = await pixels(file);
      const expected = await findFaces(tfjs, image, 0.5);
      const got = await findFaces(onnx, image, 0.5);
      expect(got).toHaveLength(expected.length);
      for (const [i, face] of got.entries()) {
        const other = expected[i]!;
        expect(face.scale).toBe(other.scale);
        expect(Math.abs(face.score - other.score)).toBeLessThan(1e-5);
        for (const key of ['x', 'y', 'width', 'height'] as const)
          expect(Math.abs(face[key] - other[key])).toBeLessThan(1e-3);
        for (const [k, [x, y]] of face.points.entries()) {
          expect(Math.abs(x - other.points[k]![0])).toBeLessThan(1e-3);
          expect(Math.abs(y - other.points[k]![1])).toBeLessThan(1e-3);
        }
      }
      found += got.length;
    }
    expect(found).toBeGreaterThan(20);
  }, 300_000);

  it("leaves the engine's faces of a group photo as they were on TensorFlow.js", async () => {
    const photo = await sharp(path.join(facesFolder(), 'bbt2.jpg')).toBuffer();
    const onnxFaces = await (await FaceEngine.load()).facesIn(photo);
    const tfjsFaces = await (await FaceEngine.load({ detectorRuntime: 'tfjs' })).facesIn(photo);
    expect(onnxFaces.length).toBeGreaterThan(2);
    expect(onnxFaces.map((face) => face.box)).toEqual(tfjsFaces.map((face) => face.box));
    for (const [i, face] of onnxFaces.entries()) {
      const other = tfjsFaces[i]!.descriptor;
      expect(Math.max(...face.descriptor.map((value, k) => Math.abs(value - other[k]!)))).toBeLessThan(1e-4);
    }
  }, 300_000);
});
