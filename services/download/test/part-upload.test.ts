import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createS3Client, ensureBucket } from '@gallery/platform';
import { startTestS3, type TestS3 } from '@gallery/testing';
import { PartUpload } from '../src/archives/part-upload.js';

const BUCKET = 'part-upload-test';
const MIB = 1024 * 1024;
let s3server: TestS3 | undefined;
let client: S3Client | undefined;

/** What the test reads of a request on its way to storage. */
type OutgoingRequest = { method: string; query?: Record<string, unknown> };

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function stored(key: string): Promise<Buffer> {
  const object = await client!.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

/** Writes `bytes` in uneven chunks, waiting for the stream to drain as a pipe does. */
async function writeAll(upload: PartUpload, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const size = 1 + Math.floor(Math.random() * 300_000);
    const chunk = bytes.subarray(offset, offset + size);
    offset += chunk.length;
    if (!upload.write(chunk)) await new Promise((resolve) => upload.once('drain', resolve));
  }
  upload.end();
}

beforeAll(async () => {
  s3server = await startTestS3();
  client = createS3Client({ ...s3server, bucket: BUCKET });
  await ensureBucket(client, BUCKET);
}, 120_000);

afterAll(async () => {
  client?.destroy();
  await s3server?.stop();
});

describe('a multipart upload in reused part buffers', () => {
  it('stores every byte in order across parts, with a short last part', async () => {
    const bytes = randomBytes(12 * MIB + 12_345);
    const upload = new PartUpload(
      client!,
      { Bucket: BUCKET, Key: 'a.zip', ContentType: 'application/zip' },
      5 * MIB,
      1,
    );
    await writeAll(upload, bytes);
    await upload.done();
    expect(sha(await stored('a.zip'))).toBe(sha(bytes));
  });

  it('stores a zip smaller than one part', async () => {
    const bytes = randomBytes(1000);
    const upload = new PartUpload(
      client!,
      { Bucket: BUCKET, Key: 'b.zip', ContentType: 'application/zip' },
      5 * MIB,
      2,
    );
    await writeAll(upload, bytes);
    await upload.done();
    expect(await stored('b.zip')).toEqual(bytes);
  });

  it('fails when storage refuses, and an aborted upload leaves no object', async () => {
    const refused = new PartUpload(
      client!,
      { Bucket: 'no-such-bucket', Key: 'c.zip', ContentType: 'application/zip' },
      5 * MIB,
      2,
    );
    refused.end(randomBytes(6 * MIB));
    await expect(refused.done()).rejects.toThrow();
    await refused.abort();

    const aborted = new PartUpload(
      client!,
      { Bucket: BUCKET, Key: 'd.zip', ContentType: 'application/zip' },
      5 * MIB,
      2,
    );
    aborted.write(randomBytes(6 * MIB));
    await aborted.abort();
    await expect(aborted.done()).rejects.toThrow();
    await expect(client!.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'd.zip' }))).rejects.toThrow();
  });

  it('aborts an upload that storage made while its answer was still on the way', async () => {
    // The answer to CreateMultipartUpload arrives late, and an abort cuts off any answer still on the way: the
    // upload exists in storage before its id is known here.
    let created!: () => void;
    const madeInStorage = new Promise<void>((resolve) => (created = resolve));
    const network = client!.config.requestHandler as {
      handle: (request: OutgoingRequest, options?: { abortSignal?: AbortSignal }) => Promise<unknown>;
    };
    const slow = new S3Client({
      region: s3server!.region,
      credentials: { accessKeyId: s3server!.accessKeyId, secretAccessKey: s3server!.secretAccessKey },
      endpoint: s3server!.endpoint,
      forcePathStyle: true,
      requestHandler: {
        async handle(request: OutgoingRequest, options?: { abortSignal?: AbortSignal }) {
          const answer = await network.handle(request, options);
          if (request.method !== 'POST' || !('uploads' in (request.query ?? {}))) return answer;
          created();
          await new Promise<void>((resolve, reject) => {
            const late = setTimeout(resolve, 300);
            options?.abortSignal?.addEventListener('abort', () => {
              clearTimeout(late);
              reject(new Error('Request aborted'));
            });
          });
          return answer;
        },
      },
    });
    try {
      const upload = new PartUpload(
        slow,
        { Bucket: BUCKET, Key: 'late.zip', ContentType: 'application/zip' },
        5 * MIB,
        2,
      );
      upload.write(randomBytes(5 * MIB + 1));
      await madeInStorage;
      await upload.abort();
      const listing = await client!.send(
        new ListMultipartUploadsCommand({ Bucket: BUCKET, Prefix: 'late.zip' }),
      );
      expect(listing.Uploads ?? []).toEqual([]);
    } finally {
      slow.destroy();
    }
  });
});
