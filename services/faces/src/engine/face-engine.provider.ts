import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Worker } from 'node:worker_threads';
import type { FoundFace } from './face-engine.js';
import type { FaceWork, FaceWorkResult } from './face-worker.js';

/**
 * The process's face engine, on a thread of its own (face-worker.ts) started at its first use: loading it takes
 * a second or two and ~200 MB, so a replica that only answers the switch never does. The thread looks at one
 * image at a time, so a replica's faces work never takes more than one core, and the service's own thread stays
 * free to answer.
 */
@Injectable()
export class FaceEngineProvider implements OnModuleDestroy {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve(faces: FoundFace[]): void; reject(error: Error): void }
  >();

  /** Every face of a photo. */
  facesIn(image: Buffer): Promise<FoundFace[]> {
    return this.ask('facesIn', image);
  }

  /** The selfie's face (its largest), or null. */
  async selfie(image: Buffer): Promise<FoundFace | null> {
    return (await this.ask('selfie', image))[0] ?? null;
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.terminate();
  }

  private ask(kind: FaceWork['kind'], image: Buffer): Promise<FoundFace[]> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, kind, image: new Uint8Array(image) } satisfies FaceWork);
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./face-worker.js', import.meta.url));
    worker.on('message', (result: FaceWorkResult) => {
      const waiting = this.pending.get(result.id);
      this.pending.delete(result.id);
      if (!waiting) return;
      if ('error' in result) waiting.reject(new Error(result.error));
      else waiting.resolve(result.faces);
    });
    // A thread that died (out of memory) fails what it held; the next call starts a new one.
    worker.on('error', (error) => this.fail(worker, error));
    worker.on('exit', (code) => this.fail(worker, new Error(`the face engine's thread exited (${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private fail(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
