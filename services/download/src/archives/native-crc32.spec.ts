import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Readable, Writable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { createZip } from './archive-builder.js';
import { archiverCrc32Modules, zlibCrc32 } from './native-crc32.js';

describe("archiver's CRC-32 through zlib", () => {
  it('answers as the crc-32 package does: chained seeds, a Buffer seed as 0, a signed result', () => {
    const bytes = randomBytes(100_000);
    const whole = crc32(bytes);
    let chained: number = zlibCrc32(bytes.subarray(0, 1), Buffer.alloc(4));
    chained = zlibCrc32(bytes.subarray(1, 70_000), chained);
    chained = zlibCrc32(bytes.subarray(70_000), chained);
    expect(chained >>> 0).toBe(whole);
    expect(chained).toBe(whole | 0);
    expect(zlibCrc32(Buffer.alloc(0))).toBe(0);
  });

  it("is what archiver's zip writer calls for every chunk, and the zip records the right checksum", async () => {
    const zip = createZip();
    const [module] = archiverCrc32Modules();
    expect(archiverCrc32Modules().every((each) => each.buf === zlibCrc32)).toBe(true);
    let calls = 0;
    module.buf = (data, seed) => {
      calls++;
      return zlibCrc32(data, seed);
    };
    try {
      const out: Buffer[] = [];
      zip.pipe(
        new Writable({
          write: (chunk: Buffer, _encoding, done) => {
            out.push(chunk);
            done();
          },
        }),
      );
      const bytes = randomBytes(300_000);
      const entry = once(zip, 'entry');
      zip.append(Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]), {
        name: 'a.jpg',
        store: true,
      });
      await entry;
      await zip.finalize();
      expect(calls).toBeGreaterThan(0);
      // The central directory's header of the one entry: signature, then the CRC-32 at offset 16.
      const written = Buffer.concat(out);
      const central = written.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      expect(written.readUInt32LE(central + 16)).toBe(crc32(bytes));
    } finally {
      module.buf = zlibCrc32;
    }
  });
});
