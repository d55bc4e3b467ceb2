import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from '@jest/globals';
import { PixelBuffers } from './pixel-buffers.js';

/** V8's collector, asked for: exposed for this process, taken from a new context. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('PixelBuffers', () => {
  it("copies the next photo's pixels into a buffer given back, as large or larger", () => {
    const buffers = new PixelBuffers();
    const first = buffers.copyOf(Buffer.alloc(1000, 1));
    first.giveBack();

    const second = buffers.copyOf(Buffer.alloc(900, 2));

    expect(second.pixels.buffer).toBe(first.pixels.buffer);
    expect(second.pixels.equals(Buffer.alloc(900, 2))).toBe(true);
  });

  it('never hands out a buffer still in use, nor one too small', () => {
    const buffers = new PixelBuffers();
    const inUse = buffers.copyOf(Buffer.alloc(1000, 1));
    const small = buffers.copyOf(Buffer.alloc(500, 3));
    small.giveBack();

    const next = buffers.copyOf(Buffer.alloc(800, 2));

    expect(next.pixels.buffer).not.toBe(inUse.pixels.buffer);
    expect(next.pixels.buffer).not.toBe(small.pixels.buffer);
    expect(inUse.pixels.equals(Buffer.alloc(1000, 1))).toBe(true);
  });

  it('takes a buffer back once however often it is given back, and keeps at most as many as it may', () => {
    const buffers = new PixelBuffers(1);
    const one = buffers.copyOf(Buffer.alloc(100, 1));
    const two = buffers.copyOf(Buffer.alloc(100, 2));
    one.giveBack();
    one.giveBack();
    two.giveBack();

    const first = buffers.copyOf(Buffer.alloc(100, 3));
    const second = buffers.copyOf(Buffer.alloc(100, 4));

    expect(first.pixels.buffer).toBe(one.pixels.buffer);
    // Given back twice, `one` would be handed out twice; `two` was not kept.
    expect(second.pixels.buffer).not.toBe(one.pixels.buffer);
    expect(second.pixels.buffer).not.toBe(two.pixels.buffer);
  });

  it("lets sharp's buffer go as soon as its pixels are copied, however long the copy is lent", async () => {
    const gc = collector();
    const buffers = new PixelBuffers();
    // sharp's buffer referred to by nothing here once copied.
    const { lent, sharps } = ((pixels: Buffer) => ({
      lent: buffers.copyOf(pixels),
      sharps: new WeakRef(pixels),
    }))(Buffer.alloc(1_000_000, 7));
    // A WeakRef holds its target until the current job ends.
    await new Promise((resolve) => setImmediate(resolve));

    gc();

    expect(sharps.deref()).toBeUndefined();
    expect(lent.pixels.equals(Buffer.alloc(1_000_000, 7))).toBe(true);
    lent.giveBack();
  });
});
