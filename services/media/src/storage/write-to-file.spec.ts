import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { WRITE_BYTES, writeToFile } from './write-to-file.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'write-to-file-'));
});
afterEach(async () => {
  jest.restoreAllMocks();
  await rm(folder, { recursive: true, force: true });
});

/** What a socket delivers: 64 KB chunks, the last one shorter. */
function socketChunks(bytes: Buffer): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 64 * 1024) chunks.push(bytes.subarray(at, at + 64 * 1024));
  return Readable.from(chunks);
}

/** Counts the writes made through any file handle. */
async function countWrites(): Promise<{ writes: number[] }> {
  const handle = await open(path.join(folder, 'probe'), 'w');
  const prototype = Object.getPrototypeOf(handle) as {
    writev: (buffers: Buffer[], position?: number) => Promise<unknown>;
  };
  await handle.close();
  const counted = { writes: [] as number[] };
  const writev = prototype.writev;
  jest.spyOn(prototype, 'writev').mockImplementation(function (
    this: unknown,
    buffers: Buffer[],
    position?: number,
  ) {
    counted.writes.push(buffers.reduce((sum, buffer) => sum + buffer.length, 0));
    return writev.call(this, buffers, position);
  });
  return counted;
}

describe('writeToFile', () => {
  it('writes a 5.6 MB original byte for byte, a megabyte or more at a time, seeing every chunk', async () => {
    const original = randomBytes(5_600_000 + 123);
    const counted = await countWrites();
    const seen: number[] = [];
    const file = path.join(folder, 'original');

    await writeToFile(socketChunks(original), file, (chunk) => seen.push(chunk.length));

    expect((await readFile(file)).equals(original)).toBe(true);
    expect(seen.reduce((sum, length) => sum + length, 0)).toBe(original.length);
    // Six writes of 1 MB and the rest, not 86 of 64 KB.
    expect(counted.writes).toHaveLength(Math.ceil(original.length / WRITE_BYTES));
    expect(counted.writes.slice(0, -1).every((bytes) => bytes >= WRITE_BYTES)).toBe(true);
  });

  it('writes over what the file held, in place, cut to the new length', async () => {
    const file = path.join(folder, 'kept');
    await writeFile(file, randomBytes(3 * WRITE_BYTES));
    const before = await stat(file);
    const original = randomBytes(WRITE_BYTES + 5);

    await writeToFile(socketChunks(original), file);

    expect((await readFile(file)).equals(original)).toBe(true);
    expect((await stat(file)).ino).toBe(before.ino);
  });

  it('writes an empty file for an empty stream', async () => {
    const file = path.join(folder, 'empty');
    await writeToFile(Readable.from([]), file);
    expect((await readFile(file)).length).toBe(0);
  });

  it('fails when the stream breaks off', async () => {
    const file = path.join(folder, 'cut');
    const broken = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1));
        this.destroy(new Error('socket hang up'));
      },
    });
    await expect(writeToFile(broken, file)).rejects.toThrow('socket hang up');
  });

  it('fails when a write fails, and stops reading the stream', async () => {
    const handle = await open(path.join(folder, 'probe'), 'w');
    const prototype = Object.getPrototypeOf(handle) as { writev: () => Promise<unknown> };
    await handle.close();
    jest.spyOn(prototype, 'writev').mockRejectedValue(new Error('no space left on device'));
    const body = socketChunks(randomBytes(3 * WRITE_BYTES));

    await expect(writeToFile(body, path.join(folder, 'full'))).rejects.toThrow('no space left on device');
    expect(body.destroyed).toBe(true);
  });
});
