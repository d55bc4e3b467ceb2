import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createS3Client, ensureBucket } from '@gallery/platform';
import { startTestS3, type TestS3 } from '@gallery/testing';
import { PartUpload } from '../src/archives/part-upload.js';

const BUCKET = 'part-upload-test';
const MIB = 1024 * 1024;
let s3server: TestS3 | undefined;
let client: S3Client | undefined;

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
});
