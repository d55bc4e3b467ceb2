import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** A decoded HEIF image: RGBA, 4 bytes a pixel, with its transformations (rotation, mirroring) applied. */
export interface DecodedHeif {
  width: number;
  height: number;
  rgba: Buffer;
}

export type HeifDecode = (data: Buffer) => Promise<DecodedHeif>;

/**
 * libheif compiled to WebAssembly with its .wasm inside the script: nothing is fetched at run time. Found when a
 * decoder first starts, so the services that never decode HEIF need not have it.
 */
const libheifPath = () => createRequire(import.meta.url).resolve('libheif-js/wasm-bundle.js');

// CommonJS source run as an eval'd worker, so it needs no build step of its own and works under Jest as well.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const libheif = require(workerData.libheif);
parentPort.on('message', ({ id, data }) => {
  const fail = (message) => parentPort.postMessage({ id, error: message });
  let images = [];
  try {
    images = new libheif.HeifDecoder().decode(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  } catch (error) {
    return fail(String(error && error.message || error));
  }
  const image = images[0];
  if (!image) return fail('no image in the file');
  const width = image.get_width();
  const height = image.get_height();
  const pixels = new Uint8ClampedArray(width * height * 4);
  image.display({ data: pixels, width, height }, (shown) => {
    for (const each of images) each.free?.();
    if (!shown) return fail('the image could not be decoded');
    parentPort.postMessage({ id, width, height, rgba: pixels }, [pixels.buffer]);
  });
});
`;

interface Answer {
  id: number;
  error?: string;
  width?: number;
  height?: number;
  rgba?: Uint8ClampedArray;
}

/**
 * Decodes HEIF/HEIC (an iPhone's photos) with libheif's WebAssembly build in a worker thread, so the decode
 * (about half a second for 12 MP) never blocks the service's event loop. One worker, started on first use and
 * kept; it does not keep the process alive. Media decodes uploads with it (thumbnails and previews), download
 * the JPEG copies Download All can add beside HEIC originals.
 */
export class HeifWorkerDecoder {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { resolve(value: DecodedHeif): void; reject(error: Error): void }
  >();

  decode: HeifDecode = (data) =>
    new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.waiting.set(id, { resolve, reject });
      this.started().postMessage({ id, data });
    });

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { libheif: libheifPath() } });
    worker.unref();
    worker.on('message', (answer: Answer) => {
      const waiting = this.waiting.get(answer.id);
      if (!waiting) return;
      this.waiting.delete(answer.id);
      if (answer.error !== undefined || !answer.rgba) {
        waiting.reject(new Error(answer.error ?? 'no pixels'));
        return;
      }
      const { rgba, width = 0, height = 0 } = answer;
      waiting.resolve({ width, height, rgba: Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength) });
    });
    const failAll = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const { reject } of this.waiting.values()) reject(error);
      this.waiting.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`the HEIF decoder stopped (code ${code})`)));
    this.worker = worker;
    return worker;
  }

  /** Stops the worker (tests, shutdown). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
