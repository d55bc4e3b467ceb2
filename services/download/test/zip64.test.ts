import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createZip } from '../src/archives/archive-builder.js';

// Slow (about 9 GiB written and read back): runs only with SLOW_TESTS=1, e.g.
//   SLOW_TESTS=1 npm run test:unit -- services/download/test/zip64.test.ts

const run = promisify(execFile);
const GiB = 1024 ** 3;
const slow = process.env.SLOW_TESTS ? describe : describe.skip;

/** `size` bytes of generated data, a random megabyte repeated (store mode: the CRC still covers every byte). */
function generated(size: number): Readable {
  const block = randomBytes(1024 * 1024);
  let left = size;
  return new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const chunk = left >= block.length ? block : block.subarray(0, left);
      left -= chunk.length;
      this.push(chunk);
    },
  });
}

slow('zip64', () => {
  let tmp: string;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'zip64-'));
  });
  afterAll(async () => {
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it(
    'writes a valid zip whose entries total more than 4 GiB: one entry past 4 GiB and entries after it',
    async () => {
      const file = path.join(tmp, 'big.zip');
      const zip = createZip();
      const output = createWriteStream(file);
      zip.pipe(output);
      const entries: [string, number][] = [
        ['G/2026-06-13 18.00.00 small.jpg', 3 * 1024 * 1024],
        ['G/Videos/2026-06-13 18.00.01 long.mp4', 4 * GiB + 300 * 1024 * 1024],
        ['G/2026-06-13 18.00.02 after.jpg', 5 * 1024 * 1024],
      ];
      for (const [name, size] of entries) {
        const added = once(zip, 'entry');
        zip.append(generated(size), { name, store: true });
        await added;
      }
      await zip.finalize();
      await once(output, 'close');
      expect((await stat(file)).size).toBeGreaterThan(4 * GiB);

      const test = await run('unzip', ['-t', file], { maxBuffer: 1024 * 1024 });
      expect(test.stdout).toContain('No errors detected');
      const listing = await run('zipinfo', ['-l', file]);
      for (const [name, size] of entries) {
        expect(listing.stdout).toMatch(
          new RegExp(`\\b${size}\\b.*${name.split('/').at(-1)!.replace(/\./g, '\\.')}`),
        );
      }
    },
    30 * 60_000,
  );
});
