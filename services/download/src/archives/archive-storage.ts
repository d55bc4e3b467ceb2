import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { OnApplicationShutdown } from '@nestjs/common';
import {
  createS3Client,
  ensureBucket,
  storageCheck,
  type Check,
  type StorageConfig,
} from '@gallery/platform';

/** Multipart parts of 8 MiB, at most 3 in flight: the upload holds about 24 MiB whatever the zip's size. */
export const PART_BYTES = 8 * 1024 * 1024;
export const PARTS_IN_FLIGHT = 3;

/**
 * The media bucket as the download service uses it: originals streamed out, zips streamed in with a multipart
 * upload, finished zips handed to browsers with presigned GETs (S3 answers Range requests on them, so a
 * dropped download resumes).
 */
export class ArchiveStorage implements OnApplicationShutdown {
  constructor(
    private readonly client: S3Client,
    private readonly signer: S3Client,
    readonly bucket: string,
  ) {}

  static fromConfig(config: StorageConfig): ArchiveStorage {
    const client = createS3Client(config);
    const signer = config.publicEndpoint ? createS3Client(config, config.publicEndpoint) : client;
    return new ArchiveStorage(client, signer, config.bucket);
  }

  async prepare(): Promise<void> {
    await ensureBucket(this.client, this.bucket);
  }

  healthCheck(): Check {
    return storageCheck(this.client, this.bucket);
  }

  /** The object's bytes as a stream, read from storage as the reader consumes them. */
  async readStream(key: string, signal?: AbortSignal): Promise<Readable> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }), {
      abortSignal: signal,
    });
    return object.Body as Readable;
  }

  /** A multipart upload of `body` to `key`, bounded in memory (PART_BYTES x PARTS_IN_FLIGHT). */
  upload(key: string, body: Readable): Upload {
    return new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: 'application/zip' },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      // A failed upload aborts its multipart upload: no part of a failed zip stays behind.
      leavePartsOnError: false,
    });
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
        return null;
      throw error;
    }
  }

  /** Deleting an object that does not exist is not an error. */
  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  presignDownload(key: string, expiresInSeconds: number, contentDisposition: string): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: 'application/zip',
      ResponseContentDisposition: contentDisposition,
    });
    return getSignedUrl(this.signer, command, { expiresIn: expiresInSeconds });
  }

  onApplicationShutdown(): void {
    this.client.destroy();
    if (this.signer !== this.client) this.signer.destroy();
  }
}
