import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { finished, type Readable } from 'node:stream';

/** How much of a stream is gathered before each file write. */
export const WRITE_BYTES = 1024 * 1024;

/**
 * Writes what a stream delivers to a local file, a megabyte or more at a time, over what the file held: an
 * existing file is overwritten in place and cut to the stream's length, so the pages it already has are written
 * again rather than new ones taken (see KeptPhotoFiles). A socket delivers 64 KB chunks; with a file write for
 * each, as a WriteStream makes them, reading a 5.6 MB original from storage into a file cost the service 10-12 ms
 * of CPU, against about 6 ms with one write per megabyte (docs/benchmarks.md). The chunks are taken as 'data'
 * events, the stream paused while a write is under way: iterating it (`for await`) cost a promise and a turn of
 * the microtask queue for each of its 90 chunks, about 0.4 ms a photo ("Paired replicas"). `onChunk` sees each
 * chunk first.
 */
export async function writeToFile(
  body: Readable,
  file: string,
  onChunk: (chunk: Buffer) => void = () => undefined,
): Promise<void> {
  const handle = await open(file, constants.O_RDWR | constants.O_CREAT, 0o600);
  try {
    const written = await new Promise<number>((resolve, reject) => {
      let batch: Buffer[] = [];
      let batchBytes = 0;
      let written = 0;
      let writing = Promise.resolve();
      let failed = false;
      const fail = (error: unknown): void => {
        if (failed) return;
        failed = true;
        body.destroy();
        reject(error instanceof Error ? error : new Error(String(error)));
      };
      const flush = (): void => {
        const buffers = batch;
        const bytes = batchBytes;
        batch = [];
        batchBytes = 0;
        body.pause();
        writing = writing
          .then(() => handle.writev(buffers, written))
          .then(({ bytesWritten }) => {
            if (bytesWritten !== bytes) throw new Error(`wrote ${bytesWritten} of ${bytes} bytes to ${file}`);
            written += bytesWritten;
            if (!failed) body.resume();
          });
        writing.catch(fail);
      };
      body.on('data', (chunk: Buffer) => {
        if (failed) return;
        try {
          onChunk(chunk);
        } catch (error) {
          return fail(error);
        }
        batch.push(chunk);
        batchBytes += chunk.length;
        if (batchBytes >= WRITE_BYTES) flush();
      });
      finished(body, (error) => {
        if (error) return fail(error);
        if (batchBytes > 0) flush();
        writing.then(() => resolve(written), fail);
      });
    });
    await handle.truncate(written);
  } finally {
    await handle.close();
  }
}
