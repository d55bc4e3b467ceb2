import { parentPort } from 'node:worker_threads';
import { FaceEngine, type FoundFace } from './face-engine.js';

/**
 * The face engine's thread: onnxruntime (BlazeFace and the descriptors) computes on the thread that calls it, for
 * up to half a second a photo (a crowd's tiles). Here they never hold up the service's own thread, which
 * answers GraphQL and the event stream.
 */
export interface FaceWork {
  id: number;
  kind: 'facesIn' | 'selfie';
  image: Uint8Array;
}

export type FaceWorkResult =
  | { id: number; faces: { descriptor: Float32Array; box: FoundFace['box']; score: number }[] }
  | { id: number; error: string };

const port = parentPort!;
const engine = FaceEngine.load();
let queue: Promise<unknown> = Promise.resolve();

port.on('message', (work: FaceWork) => {
  // One image at a time: the thread's CPU is the replica's budget for faces.
  queue = queue.then(async () => {
    try {
      const loaded = await engine;
      const image = Buffer.from(work.image.buffer, work.image.byteOffset, work.image.byteLength);
      const faces =
        work.kind === 'selfie'
          ? [await loaded.selfie(image)].filter((face): face is FoundFace => face !== null)
          : await loaded.facesIn(image);
      port.postMessage({ id: work.id, faces } satisfies FaceWorkResult);
    } catch (error) {
      port.postMessage({ id: work.id, error: (error as Error).message } satisfies FaceWorkResult);
    }
  });
});
