import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  AppError,
  createS3Client,
  isNotFound,
  ensureBucket,
  storageCheck,
  type Check,
  type StorageConfig,
} from '@gallery/platform';
import { writeToFile } from './write-to-file.js';

/** What a file streamed to storage is read in: a megabyte held at a time, whatever the file's size. */
const FILE_CHUNK_BYTES = 1024 * 1024;

/**
 * A deletion storage has not answered within 20 s fails, and the SDK tries three times: within a minute in all, a
 * deletion is done or left to the deletions queue's retries. A storage that stops answering must not keep a
 * deletion run's transaction, and its connection, open.
 */
const DELETE_DEADLINE_MS = 20 * 1000;

/**
 * The media bucket: objects the service reads and writes, and presigned URLs browsers use directly. URLs are
 * signed with a second client aimed at the public endpoint when browsers reach storage by another host name
 * than the service does (a signature covers the host).
 */
export class ObjectStorage implements OnApplicationShutdown {
  private readonly logger = new Logger(ObjectStorage.name);
  /**
   * Whether storage refuses a PUT carrying "If-None-Match: *" to a key that already holds an object (a conditional
   * write: S3, MinIO, R2 and the local S3 server do), found out by `prepare`. Upload URLs are then signed with that
   * header: a browser's URL can create its object once and never replace it, so what a confirmation checked stays
   * what was checked without a copy of its own.
   */
  refusesOverwrites = false;

  constructor(
    private readonly client: S3Client,
    private readonly signer: S3Client,
    private readonly bucket: string,
    /** Deletions go through a client of their own, whose every request has DELETE_DEADLINE_MS. */
    private readonly deleter: S3Client,
  ) {}

  static fromConfig(config: StorageConfig): ObjectStorage {
    const client = createS3Client(config);
    const signer = config.publicEndpoint ? createS3Client(config, config.publicEndpoint) : client;
    const deleter = createS3Client(config, config.endpoint, { requestTimeoutMs: DELETE_DEADLINE_MS });
    return new ObjectStorage(client, signer, config.bucket, deleter);
  }

  /** Creates the bucket when missing, with the CORS rules browser uploads need. */
  async prepare(): Promise<void> {
    await ensureBucket(this.client, this.bucket);
    this.refusesOverwrites = await this.refusesSecondPut();
    if (!this.refusesOverwrites) {
      this.logger.warn(
        'storage does not refuse overwrites (If-None-Match): each upload is copied before its checks',
      );
    }
  }

  /** Writes a probe object twice, the second time refused if storage honours "If-None-Match: *"; then deletes it. */
  private async refusesSecondPut(): Promise<boolean> {
    const key = `probes/overwrite-${randomUUID()}`;
    const put = () =>
      this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: new Uint8Array(), IfNoneMatch: '*' }),
      );
    try {
      await put();
      await put();
      return false;
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 412)
        return true;
      throw error;
    } finally {
      await this.remove([key]);
    }
  }

  healthCheck(): Check {
    return storageCheck(this.client, this.bucket);
  }

  /**
   * A URL a browser can PUT one object to, signed for exactly this Content-Type and Content-Length, so S3,
   * MinIO and R2 refuse any other type or size, and, for an upload to be put once (made while storage refuses
   * overwrites), for "If-None-Match: *": the object can be created once, never replaced. With the headers the
   * browser must send. The local S3 server checks signatures as S3 does (packages/local-servers).
   */
  async presignUpload(
    key: string,
    upload: { contentType: string; size: number; putOnce: boolean },
    expiresInSeconds: number,
  ): Promise<{ url: string; headers: { name: string; value: string }[] }> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: upload.contentType,
      ContentLength: upload.size,
      ...(upload.putOnce ? { IfNoneMatch: '*' } : {}),
    });
    const url = await getSignedUrl(this.signer, command, {
      expiresIn: expiresInSeconds,
      signableHeaders: new Set([
        'content-type',
        'content-length',
        ...(upload.putOnce ? ['if-none-match'] : []),
      ]),
    });
    const headers = [{ name: 'Content-Type', value: upload.contentType }];
    return { url, headers: upload.putOnce ? [...headers, { name: 'If-None-Match', value: '*' }] : headers };
  }

  /** Starts a multipart upload to `key`; its upload id, which every part and the completion name. */
  async createMultipartUpload(key: string, contentType: string): Promise<string> {
    const answer = await this.send(() =>
      this.client.send(
        new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
      ),
    );
    return answer.UploadId!;
  }

  /**
   * A URL a browser can PUT one part of one multipart upload to, signed for exactly that part's length, so S3,
   * MinIO and R2 refuse any other size; nothing else can be written with it.
   */
  presignUploadPart(
    key: string,
    part: { uploadId: string; partNumber: number; size: number },
    expiresInSeconds: number,
  ): Promise<string> {
    const command = new UploadPartCommand({
      Bucket: this.bucket,
      Key: key,
      UploadId: part.uploadId,
      PartNumber: part.partNumber,
      ContentLength: part.size,
    });
    return getSignedUrl(this.signer, command, {
      expiresIn: expiresInSeconds,
      signableHeaders: new Set(['content-length']),
    });
  }

  /** The parts storage holds for a multipart upload, by number; null when there is no such upload (any more). */
  async listParts(
    key: string,
    uploadId: string,
  ): Promise<{ partNumber: number; etag: string; size: number }[] | null> {
    const parts: { partNumber: number; etag: string; size: number }[] = [];
    let marker: string | undefined;
    try {
      do {
        const page = await this.send(() =>
          this.client.send(
            new ListPartsCommand({
              Bucket: this.bucket,
              Key: key,
              UploadId: uploadId,
              PartNumberMarker: marker,
            }),
          ),
        );
        for (const part of page.Parts ?? []) {
          parts.push({ partNumber: part.PartNumber!, etag: part.ETag!, size: part.Size ?? 0 });
        }
        marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
      } while (marker);
    } catch (error) {
      if (isNoSuchUpload(error)) return null;
      throw error;
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  /** Joins the parts into the object; false when the upload no longer exists (completed before, or aborted). */
  async completeMultipartUpload(
    key: string,
    uploadId: string,
    parts: { partNumber: number; etag: string }[],
  ): Promise<boolean> {
    try {
      await this.send(() =>
        this.client.send(
          new CompleteMultipartUploadCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: {
              Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })),
            },
          }),
        ),
      );
      return true;
    } catch (error) {
      if (isNoSuchUpload(error)) return false;
      throw error;
    }
  }

  /** Aborts a multipart upload, which removes its parts; one that no longer exists is not an error. */
  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    try {
      await this.send(() =>
        this.client.send(
          new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
        ),
      );
    } catch (error) {
      if (!isNoSuchUpload(error)) throw error;
    }
  }

  /** Every multipart upload in progress under a prefix, listed page by page. */
  async listMultipartUploads(prefix: string): Promise<{ key: string; uploadId: string }[]> {
    const uploads: { key: string; uploadId: string }[] = [];
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.send(() =>
        this.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            Prefix: prefix,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        ),
      );
      for (const upload of page.Uploads ?? []) uploads.push({ key: upload.Key!, uploadId: upload.UploadId! });
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return uploads;
  }

  /**
   * A URL to read one object, with the answer's type fixed in the signed URL (`response-content-type`), whatever
   * type the object was stored with: every link the product hands out says what it serves.
   */
  presignDownload(
    key: string,
    expiresInSeconds: number,
    response: { contentType: string; contentDisposition?: string },
  ): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: response.contentType,
      ResponseContentDisposition: response.contentDisposition,
    });
    return getSignedUrl(this.signer, command, { expiresIn: expiresInSeconds });
  }

  /**
   * One read of an object: the whole of it written to the local file `file` when it holds at most `maxBytes`,
   * otherwise only its first `headBytes` read (the download is cut off there, the file left empty); with its size and
   * its first `headBytes` either way. Null when there is no such object. Streamed to the file rather than joined in
   * memory: each megabyte a service holds in a Buffer adds to what sets off V8's collections.
   */
  async downloadUpTo(
    key: string,
    file: string,
    maxBytes: number,
    headBytes: number,
  ): Promise<{ size: number; downloaded: boolean; head: Buffer } | null> {
    let object;
    try {
      object = await this.send(() =>
        this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })),
      );
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    const body = object.Body as Readable;
    const head: Buffer[] = [];
    let read = 0;
    const keepHead = (chunk: Buffer): void => {
      if (read < headBytes) head.push(chunk.subarray(0, headBytes - read));
      read += chunk.length;
    };
    const size = object.ContentLength ?? 0;
    if (size > maxBytes) {
      // Leaving the loop destroys the stream: the rest is never downloaded.
      for await (const chunk of body) {
        keepHead(chunk as Buffer);
        if (read >= headBytes) break;
      }
      // The file may be a kept one holding an earlier original: nothing of that may pass for this object.
      await writeFile(file, new Uint8Array());
      return { size, downloaded: false, head: Buffer.concat(head) };
    }
    await writeToFile(body, file, keepHead);
    return { size: read, downloaded: true, head: Buffer.concat(head) };
  }

  async read(key: string): Promise<Buffer> {
    const object = await this.send(() =>
      this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })),
    );
    return asBuffer(await object.Body!.transformToByteArray());
  }

  /** Streams an object into a local file (a video too large to hold in memory). */
  async download(key: string, file: string): Promise<void> {
    const object = await this.send(() =>
      this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })),
    );
    await writeToFile(object.Body as Readable, file);
  }

  async write(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.send(() =>
      this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
      ),
    );
  }

  /**
   * Streams a local file into an object (a guest copy, a video's too large to hold in memory), in chunks of
   * FILE_CHUNK_BYTES: a photo's copy goes in a few reads and socket writes rather than a hundred of 64 KB.
   */
  async writeFile(key: string, file: string, contentType: string): Promise<void> {
    const { size } = await stat(file);
    await this.send(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(file, { highWaterMark: FILE_CHUNK_BYTES }),
          ContentLength: size,
          ContentType: contentType,
        }),
      ),
    );
  }

  /**
   * Copies an object inside the bucket (server side: the bytes never pass through the service); false when there
   * is no object to copy.
   */
  async copy(from: string, to: string): Promise<boolean> {
    const copySource = `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`;
    try {
      await this.send(() =>
        this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: copySource })),
      );
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** Deletes objects; deleting one that does not exist is not an error. Each try has DELETE_DEADLINE_MS. */
  async remove(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((key) =>
        this.send(() => this.deleter.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))),
      ),
    );
  }

  /**
   * Runs one call to storage. A failure without an HTTP answer means storage is down or out of reach: callers
   * get SERVICE_UNAVAILABLE (they may retry), whatever shape the SDK gave the socket error.
   */
  private async send<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode) throw error;
      this.logger.warn(`storage did not answer: ${(error as Error).message}`);
      throw new AppError('SERVICE_UNAVAILABLE');
    }
  }

  onApplicationShutdown(): void {
    for (const client of new Set([this.client, this.signer, this.deleter])) client.destroy();
  }
}

function isNoSuchUpload(error: unknown): boolean {
  return (error as { name?: string }).name === 'NoSuchUpload' || isNotFound(error);
}

/** The SDK's bytes as a Buffer over the same memory: an original is megabytes, not worth a second copy. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
