import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/** How much of a stream is gathered before each file write. */
export const WRITE_BYTES = 1024 * 1024;

/**
 * Writes what a stream delivers to a local file, a megabyte or more at a time, over what the file held: an
 * existing file is overwritten in place and cut to the stream's length, so the pages it already has are written
 * again rather than new ones taken (see KeptPhotoFiles). A socket delivers 64 KB chunks; with a file write for
 * each, as a WriteStream makes them, reading a 5.6 MB original from storage into a file cost the service 10-12 ms
 * of CPU, against about 6 ms with one write per megabyte (docs/benchmarks.md). `onChunk` sees each chunk first.
 */
export async function writeToFile(
  body: AsyncIterable<Buffer>,
  file: string,
  onChunk: (chunk: Buffer) => void = () => undefined,
): Promise<void> {
  const handle = await open(file, constants.O_RDWR | constants.O_CREAT, 0o600);
  try {
    let batch: Buffer[] = [];
    let batchBytes = 0;
    let written = 0;
    const flush = async (): Promise<void> => {
      const { bytesWritten } = await handle.writev(batch, written);
      if (bytesWritten !== batchBytes)
        throw new Error(`wrote ${bytesWritten} of ${batchBytes} bytes to ${file}`);
      written += bytesWritten;
      batch = [];
      batchBytes = 0;
    };
    for await (const chunk of body) {
      onChunk(chunk);
      batch.push(chunk);
      batchBytes += chunk.length;
      if (batchBytes >= WRITE_BYTES) await flush();
    }
    if (batchBytes > 0) await flush();
    await handle.truncate(written);
  } finally {
    await handle.close();
  }
}
