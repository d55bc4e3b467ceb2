import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';

/**
 * archiver computes each entry's CRC-32 in JavaScript: crc32-stream and compress-commons call the crc-32
 * package's `buf` for every chunk of every original, which on the machine of docs/benchmarks.md runs three times
 * slower than zlib's CRC-32 that Node has had since 20.15 (`zlib.crc32`), and a store-mode zip does little else
 * with its bytes. The crc-32 module those two packages load (found the way they find it: archiver → zip-stream →
 * compress-commons → crc32-stream) gets zlib's function in its place, with the same contract: the previous
 * checksum as seed (anything but a number, as crc32-stream's first Buffer, counts as 0) and a signed 32-bit result.
 */
interface Crc32Module {
  buf(data: Uint8Array, seed?: unknown): number;
}

export function zlibCrc32(data: Uint8Array, seed?: unknown): number {
  return crc32(data, typeof seed === 'number' ? seed >>> 0 : 0) | 0;
}

/** The crc-32 modules archiver's zip writer uses (one, unless npm installed two copies). */
export function archiverCrc32Modules(): Crc32Module[] {
  const here = createRequire(import.meta.url);
  const zipStream = createRequire(here.resolve('archiver')).resolve('zip-stream');
  const commons = createRequire(zipStream).resolve('compress-commons');
  const crcStream = createRequire(commons).resolve('crc32-stream');
  return [...new Set([commons, crcStream].map((from) => createRequire(from)('crc-32') as Crc32Module))];
}

let installed = false;

/** Idempotent; called before the first zip is made. */
export function useZlibCrc32(): void {
  if (installed) return;
  for (const module of archiverCrc32Modules()) module.buf = zlibCrc32;
  installed = true;
}
