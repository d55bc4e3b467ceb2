import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { OnApplicationShutdown } from '@nestjs/common';
import { createS3Client, storageCheck, type Check, type StorageConfig } from '@gallery/platform';

/** The media bucket as the backup service uses it: originals (or guests' copies) read as streams, nothing written. */
export class OriginalsStorage implements OnApplicationShutdown {
  constructor(
    private readonly client: S3Client,
    readonly bucket: string,
  ) {}

  static fromConfig(config: StorageConfig): OriginalsStorage {
    return new OriginalsStorage(createS3Client(config), config.bucket);
  }

  healthCheck(): Check {
    return storageCheck(this.client, this.bucket);
  }

  /** The original's bytes as a stream, read from storage as the drive takes them. */
  async read(key: string): Promise<Readable> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return object.Body as Readable;
  }

  /** The object's length in bytes (a guest's copy: media lists only the original's). */
  async size(key: string): Promise<number> {
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    return head.ContentLength ?? 0;
  }

  onApplicationShutdown(): void {
    this.client.destroy();
  }
}
