import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { findFreePort, startS3, type LocalS3 } from './index.js';

// The local S3 server is what `npm start` runs and browsers reach: like S3 with a private bucket, it serves only
// requests signed (AWS Signature Version 4) with its key, in the header or presigned.

let root: string;
let s3: LocalS3;
let client: S3Client;

const clientWith = (accessKeyId: string, secretAccessKey: string) =>
  new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    credentials: { accessKeyId, secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 's3-signatures-spec-'));
  s3 = await startS3({
    dataDir: root,
    port: await findFreePort(),
    accessKeyId: 'product-key',
    secretAccessKey: 'product-secret',
    buckets: ['media'],
  });
  client = clientWith(s3.accessKeyId, s3.secretAccessKey);
  await client.send(
    new PutObjectCommand({
      Bucket: 'media',
      Key: 'photos/a/original',
      Body: 'the photo',
      ContentType: 'image/jpeg',
    }),
  );
}, 60_000);

afterAll(async () => {
  client?.destroy();
  await s3?.stop();
  await rm(root, { recursive: true, force: true });
});

/** S3's error code in a refusal's XML body. */
async function refusal(response: Response): Promise<{ status: number; code: string | undefined }> {
  return { status: response.status, code: /<Code>([^<]+)<\/Code>/.exec(await response.text())?.[1] };
}

async function stored(key: string): Promise<string | null> {
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: 'media', Key: key }));
    return (await object.Body?.transformToString()) ?? null;
  } catch (error) {
    if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return null;
    throw error;
  }
}

describe('the local S3 server’s signatures', () => {
  it('refuses anonymous PUT, GET and LIST, and writes nothing', async () => {
    const put = await fetch(`${s3.endpoint}/media/photos/a/original`, { method: 'PUT', body: '<html>' });
    expect(await refusal(put)).toEqual({ status: 403, code: 'AccessDenied' });
    const get = await fetch(`${s3.endpoint}/media/photos/a/original`);
    expect(await refusal(get)).toEqual({ status: 403, code: 'AccessDenied' });
    for (const list of ['/media', '/media?list-type=2', '/']) {
      expect(await refusal(await fetch(`${s3.endpoint}${list}`))).toEqual({
        status: 403,
        code: 'AccessDenied',
      });
    }
    const created = await fetch(`${s3.endpoint}/media/photos/b/original`, { method: 'PUT', body: 'x' });
    expect(created.status).toBe(403);
    expect(await stored('photos/a/original')).toBe('the photo');
    expect(await stored('photos/b/original')).toBeNull();
  });

  it('serves a presigned URL as signed, and refuses it tampered with', async () => {
    const url = await getSignedUrl(
      client,
      new GetObjectCommand({ Bucket: 'media', Key: 'photos/a/original' }),
      {
        expiresIn: 600,
      },
    );
    expect(await (await fetch(url)).text()).toBe('the photo');

    const tampered = [
      url.replace('/photos/a/original', '/photos/b/original'),
      url.replace('X-Amz-Expires=600', 'X-Amz-Expires=6000'),
      url.replace(
        /X-Amz-Signature=([0-9a-f])/,
        (_match, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`,
      ),
      `${url}&response-content-type=text%2Fhtml`,
    ];
    for (const changed of tampered) {
      expect(changed).not.toBe(url);
      expect(await refusal(await fetch(changed))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    }
    // A GET's URL does not PUT.
    expect(await refusal(await fetch(url, { method: 'PUT', body: 'x' }))).toEqual({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    // Without its signature it is anonymous.
    const unsigned = new URL(url);
    unsigned.search = '';
    expect(await refusal(await fetch(unsigned))).toEqual({ status: 403, code: 'AccessDenied' });
  });

  it('refuses a presigned URL once it expired', async () => {
    const url = await getSignedUrl(
      client,
      new GetObjectCommand({ Bucket: 'media', Key: 'photos/a/original' }),
      {
        expiresIn: 60,
        signingDate: new Date(Date.now() - 120_000),
      },
    );
    const answer = await fetch(url);
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('Request has expired');
  });

  it('holds an upload URL to the type and length it was signed for', async () => {
    const put = (body: string, type: string) =>
      getSignedUrl(
        client,
        new PutObjectCommand({
          Bucket: 'media',
          Key: 'staging/c',
          ContentType: type,
          ContentLength: body.length,
        }),
        { expiresIn: 300, signableHeaders: new Set(['content-type', 'content-length']) },
      );
    const url = await put('a photo', 'image/jpeg');
    const wrongType = await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/html' },
      body: 'a photo',
    });
    expect(await refusal(wrongType)).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    const longer = await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      body: 'a photo!',
    });
    expect(await refusal(longer)).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await stored('staging/c')).toBeNull();
    const right = await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      body: 'a photo',
    });
    expect(right.status).toBe(200);
    expect(await stored('staging/c')).toBe('a photo');
  });

  it('refuses requests signed with another secret or another key', async () => {
    for (const [key, secret, code] of [
      ['product-key', 'not-the-secret', 'SignatureDoesNotMatch'],
      ['another-key', 'product-secret', 'InvalidAccessKeyId'],
    ] as const) {
      const stranger = clientWith(key, secret);
      try {
        await expect(stranger.send(new ListObjectsV2Command({ Bucket: 'media' }))).rejects.toMatchObject({
          name: code,
        });
        await expect(
          stranger.send(new PutObjectCommand({ Bucket: 'media', Key: 'photos/a/original', Body: 'x' })),
        ).rejects.toMatchObject({ name: code });
      } finally {
        stranger.destroy();
      }
    }
    expect(await stored('photos/a/original')).toBe('the photo');
  });

  it('answers a browser’s CORS preflight, which carries no credentials', async () => {
    const preflight = await fetch(`${s3.endpoint}/media/staging/d`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5000',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type,if-none-match',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });
});
