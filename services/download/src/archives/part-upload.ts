import { Writable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from '@aws-sdk/client-s3';

/**
 * A multipart upload written to as a stream, in constant memory: `partsInFlight + 1` part buffers of `partBytes`
 * are allocated once and reused (one filling while the others are sent), and a write waits while every buffer is
 * busy, so the writer upstream (the zip, and the originals' reads behind it) slows to what storage takes.
 *
 * Why not lib-storage's Upload: fed a stream, it collects each part from the stream's small chunks and joins them
 * with Buffer.concat, and the rest of a joined buffer stays referenced as the next part's first chunk, so every
 * part costs a fresh allocation of about a part's size, freed only when the garbage collector gets to it. A zip of
 * 1 GB made about 130 such 8 MiB buffers; their memory lagged behind and the process's resident size crept up
 * with the gallery's size. Reused buffers cost the same whatever the zip's size.
 */
/** Parts of one size before the size doubles (see PartUpload's currentPartBytes). */
const PARTS_PER_SIZE = 2000;
/** S3 takes at most this many parts in one upload. */
export const MAX_PARTS = 10_000;

export class PartUpload extends Writable {
  private readonly free: Buffer[] = [];
  private allocated = 0;
  private readonly waiting: { resolve: (buffer: Buffer) => void; reject: (error: Error) => void }[] = [];
  private current: Buffer | null = null;
  private filled = 0;
  private nextPartNumber = 1;
  private readonly parts: CompletedPart[] = [];
  private readonly sending = new Set<Promise<void>>();
  private uploadId: Promise<string> | null = null;
  private failure: Error | null = null;
  private readonly abortController = new AbortController();
  private readonly finished: Promise<void>;

  constructor(
    private readonly client: S3Client,
    private readonly params: { Bucket: string; Key: string; ContentType: string },
    private readonly partBytes: number,
    private readonly partsInFlight: number,
  ) {
    super({ highWaterMark: 64 * 1024 });
    this.finished = new Promise<void>((resolve, reject) => {
      this.once('finish', resolve);
      this.once('error', reject);
    });
    this.finished.catch(() => undefined);
  }

  /** Settles once every byte written is in storage as one object (after `end()`), or with the first failure. */
  done(): Promise<void> {
    return this.finished;
  }

  /** Stops the upload, and deletes its parts from storage: no part of a failed zip stays behind. */
  async abort(): Promise<void> {
    this.fail(new Error('the upload was aborted'));
    this.abortController.abort();
    this.destroy();
    await Promise.allSettled([...this.sending]);
    const uploadId = await this.uploadId?.catch(() => null);
    if (uploadId) {
      await this.client.send(new AbortMultipartUploadCommand({ ...this.bucketKey(), UploadId: uploadId }));
    }
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.copy(chunk).then(
      () => callback(),
      (error: Error) => callback(error),
    );
  }

  override _final(callback: (error?: Error | null) => void): void {
    const last = async () => {
      // An empty stream still makes an object: one empty part.
      if (this.current || this.nextPartNumber === 1) this.send(this.current ?? Buffer.alloc(0), this.filled);
      this.current = null;
      while (this.sending.size > 0) await Promise.all([...this.sending]);
      if (this.failure) throw this.failure;
      const uploadId = await this.upload();
      const parts = [...this.parts].sort((a, b) => a.PartNumber! - b.PartNumber!);
      await this.client.send(
        new CompleteMultipartUploadCommand({
          ...this.bucketKey(),
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
        { abortSignal: this.abortController.signal },
      );
    };
    last().then(
      () => callback(),
      (error: Error) => callback(error),
    );
  }

  private async copy(chunk: Buffer): Promise<void> {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.failure) throw this.failure;
      this.current ??= await this.takeBuffer();
      const copied = chunk.copy(this.current, this.filled, offset);
      offset += copied;
      this.filled += copied;
      if (this.filled === this.current.length) {
        this.send(this.current, this.filled);
        this.current = null;
      }
    }
  }

  /**
   * The size of the part being filled. Storage takes at most 10,000 parts (S3's limit), of any size from 5 MiB
   * but the last: the size doubles every PARTS_PER_SIZE parts, so a zip of up to about 300 GB fits, and memory
   * stays at `partBytes` per buffer for every zip under about 10 GB (2,000 parts of 5 MiB).
   */
  private currentPartBytes(): number {
    return this.partBytes * 2 ** Math.floor((this.nextPartNumber - 1) / PARTS_PER_SIZE);
  }

  /**
   * A free part buffer: a reused one (dropped if parts have grown past its size), a new one while fewer than the
   * pool's size exist, or the next one freed. Parts need not all have one size: any from 5 MiB will do.
   */
  private takeBuffer(): Promise<Buffer> {
    const size = this.currentPartBytes();
    for (let free = this.free.pop(); free; free = this.free.pop()) {
      if (free.length >= size) return Promise.resolve(free);
      this.allocated--;
    }
    if (this.allocated < this.partsInFlight + 1) {
      this.allocated++;
      return Promise.resolve(Buffer.allocUnsafeSlow(size));
    }
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  private release(buffer: Buffer): void {
    const waiter = this.waiting.shift();
    if (waiter) waiter.resolve(buffer);
    else this.free.push(buffer);
  }

  private send(buffer: Buffer, length: number): void {
    const partNumber = this.nextPartNumber++;
    if (partNumber > MAX_PARTS) {
      this.fail(new Error(`the zip needs more than ${MAX_PARTS} parts`));
      return;
    }
    this.filled = 0;
    const sent = (async () => {
      const uploadId = await this.upload();
      const answer = await this.client.send(
        new UploadPartCommand({
          ...this.bucketKey(),
          UploadId: uploadId,
          PartNumber: partNumber,
          Body: buffer.subarray(0, length),
          ContentLength: length,
        }),
        { abortSignal: this.abortController.signal },
      );
      if (!answer.ETag) throw new Error(`part ${partNumber} has no ETag`);
      this.parts.push({
        PartNumber: partNumber,
        ETag: answer.ETag,
        ...(answer.ChecksumCRC32 && { ChecksumCRC32: answer.ChecksumCRC32 }),
        ...(answer.ChecksumCRC32C && { ChecksumCRC32C: answer.ChecksumCRC32C }),
        ...(answer.ChecksumSHA1 && { ChecksumSHA1: answer.ChecksumSHA1 }),
        ...(answer.ChecksumSHA256 && { ChecksumSHA256: answer.ChecksumSHA256 }),
      });
    })().then(
      () => this.release(buffer),
      (error: Error) => this.fail(error),
    );
    this.sending.add(sent);
    void sent.finally(() => this.sending.delete(sent));
  }

  /**
   * The upload's id, created on first use. Never after a failure (nothing would abort it), and never cut off by
   * `abort()`: storage may have made the upload before its answer arrives, and only its id lets abort() remove it.
   */
  private upload(): Promise<string> {
    if (!this.uploadId && this.failure) return Promise.reject(this.failure);
    this.uploadId ??= this.client.send(new CreateMultipartUploadCommand(this.params)).then((created) => {
      if (!created.UploadId) throw new Error('storage gave no upload id');
      return created.UploadId;
    });
    return this.uploadId;
  }

  /** The first failure wins; writes and the buffers' waiters fail with it. */
  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiting.splice(0)) waiter.reject(this.failure);
    // Told at once, even while nothing is being written (the zip may be waiting for an original).
    if (!this.destroyed) this.destroy(this.failure);
  }

  private bucketKey(): { Bucket: string; Key: string } {
    return { Bucket: this.params.Bucket, Key: this.params.Key };
  }
}
