import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createS3Client, isNotFound, storageCheck, type Check } from '@gallery/platform';
import { FacesConfig } from '../config/faces-config.js';

/** Reads photos' previews from the media bucket (read only: the faces service writes nothing there). */
@Injectable()
export class PreviewReader implements OnApplicationShutdown {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(@Inject(FacesConfig) config: FacesConfig) {
    this.client = createS3Client(config.storage, config.storage.endpoint, { requestTimeoutMs: 30_000 });
    this.bucket = config.storage.bucket;
  }

  /** The object's bytes; null when it is gone (the photo removed meanwhile). */
  async read(key: string): Promise<Buffer | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  healthCheck(): Check {
    return storageCheck(this.client, this.bucket);
  }

  onApplicationShutdown(): void {
    this.client.destroy();
  }
}
