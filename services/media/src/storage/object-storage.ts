import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { OnApplicationShutdown } from '@nestjs/common';
import {
  createS3Client,
  ensureBucket,
  storageCheck,
  type Check,
  type StorageConfig,
} from '@gallery/platform';

/**
 * The media bucket: objects the service reads and writes, and presigned URLs browsers use directly. URLs are
 * signed with a second client aimed at the public endpoint when browsers reach storage by another host name
 * than the service does (a signature covers the host).
 */
export class ObjectStorage implements OnApplicationShutdown {
  constructor(
    private readonly client: S3Client,
    private readonly signer: S3Client,
    private readonly bucket: string,
  ) {}

  static fromConfig(config: StorageConfig): ObjectStorage {
    const client = createS3Client(config);
    const signer = config.publicEndpoint ? createS3Client(config, config.publicEndpoint) : client;
    return new ObjectStorage(client, signer, config.bucket);
  }

  /** Creates the bucket when missing, with the CORS rules browser uploads need. */
  async prepare(): Promise<void> {
    await ensureBucket(this.client, this.bucket);
  }

  healthCheck(): Check {
    return storageCheck(this.client, this.bucket);
  }

  /** A URL a browser can PUT one object to, sending exactly this Content-Type. */
  presignUpload(key: string, contentType: string, expiresInSeconds: number): Promise<string> {
    return getSignedUrl(
      this.signer,
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
      {
        expiresIn: expiresInSeconds,
      },
    );
  }

  presignDownload(
    key: string,
    expiresInSeconds: number,
    response: { contentType?: string; contentDisposition?: string } = {},
  ): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: response.contentType,
      ResponseContentDisposition: response.contentDisposition,
    });
    return getSignedUrl(this.signer, command, { expiresIn: expiresInSeconds });
  }

  /** The object's size in bytes, or null when there is no such object. */
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

  /** The first `length` bytes (fewer when the object is shorter), without downloading the rest. */
  async readStart(key: string, length: number): Promise<Uint8Array> {
    const object = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${length - 1}` }),
    );
    const bytes = await object.Body!.transformToByteArray();
    // A server that ignores Range sends everything: keep only what was asked for.
    return bytes.subarray(0, length);
  }

  async read(key: string): Promise<Buffer> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  }

  async write(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  /** Deletes objects; deleting one that does not exist is not an error. `signal` gives up on a slow storage. */
  async remove(keys: string[], signal?: AbortSignal): Promise<void> {
    await Promise.all(
      keys.map((key) =>
        this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal: signal }),
      ),
    );
  }

  onApplicationShutdown(): void {
    this.client.destroy();
    if (this.signer !== this.client) this.signer.destroy();
  }
}
