import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { networkInput } from './blazeface.js';

const require = createRequire(import.meta.url);

describe("BlazeFace's input", () => {
  it('made from the pixels is what the image tensor padded and resized by TensorFlow.js gave', async () => {
    const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
    const tf = api.tf;
    tf.setWasmPaths(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep);
    await tf.setBackend('wasm');
    const width = 700,
      height = 450;
    const data = Uint8Array.from({ length: width * height * 3 }, (_, i) => (i * 7919) % 256);
    const image = { data, width, height };
    for (const region of [
      { x: 0, y: 0, width, height },
      { x: 120, y: 40, width: 300, height: 410 },
    ]) {
      const side = Math.max(region.width, region.height);
      const expected = tf.tidy(() => {
        const whole = tf.tensor3d(data, [height, width, 3], 'int32');
        const part = tf.slice(whole, [region.y, region.x, 0], [region.height, region.width, 3]).toFloat();
        const square = tf.pad(part, [
          [0, side - region.height],
          [0, side - region.width],
          [0, 0],
        ]);
        return tf.image.resizeBilinear(square, [256, 256]).div(127.5).sub(1);
      });
      const wanted = (await expected.data()) as Float32Array;
      expected.dispose();
      const got = networkInput(image, region);
      expect(got).toHaveLength(wanted.length);
      let worst = 0;
      for (let i = 0; i < got.length; i++) worst = Math.max(worst, Math.abs(got[i]! - wanted[i]!));
      expect(worst).toBeLessThan(1e-4);
    }
  }, 60_000);
});
