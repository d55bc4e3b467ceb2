import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { OnApplicationShutdown } from '@nestjs/common';
import {
  createS3Client,
  ensureBucket,
  isNotFound,
  storageCheck,
  type Check,
  type StorageConfig,
} from '@gallery/platform';
import { PartUpload } from './part-upload.js';

/** Every zip's key: `archives/{job id}.zip`. */
export const ARCHIVES_PREFIX = 'archives/';

/**
 * Multipart parts of 5 MiB (S3's smallest), at most 2 in flight while a third fills: the upload holds 15 MiB,
 * allocated once per zip and reused, for every zip under about 10 GB (see PartUpload).
 */
export const PART_BYTES = 5 * 1024 * 1024;
export const PARTS_IN_FLIGHT = 2;

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

  /**
   * A multipart upload to `key`, written to as a stream, bounded in memory ((PARTS_IN_FLIGHT + 1) x PART_BYTES).
   * Its `abort()` removes the parts sent: no part of a failed zip stays behind.
   */
  upload(key: string): PartUpload {
    return new PartUpload(
      this.client,
      { Bucket: this.bucket, Key: key, ContentType: 'application/zip' },
      PART_BYTES,
      PARTS_IN_FLIGHT,
    );
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Deleting an object that does not exist is not an error. */
  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Multipart uploads begun under `prefix` and neither completed nor aborted: at most `limit`, oldest keys first. */
  async uploadsInProgress(prefix: string, limit: number): Promise<{ key: string; uploadId: string }[]> {
    const listing = await this.client.send(
      new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: prefix, MaxUploads: limit }),
    );
    return (listing.Uploads ?? [])
      .filter((upload) => upload.Key && upload.UploadId)
      .map((upload) => ({ key: upload.Key!, uploadId: upload.UploadId! }));
  }

  /** Storage drops the upload's parts; an upload already completed or aborted is not an error. */
  async abortUpload(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
      );
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
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
