import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createS3Client, unsignedPayloadOver } from './object-storage.js';

/** A client of the bucket at a local endpoint, with the product's settings. */
function clientAt(server: Server, limits?: { requestTimeoutMs?: number }): S3Client {
  const { port } = server.address() as AddressInfo;
  const config = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'key',
    secretAccessKey: 'secret',
    bucket: 'gallery-media',
  };
  return createS3Client(config, config.endpoint, limits);
}

async function listening(server: Server): Promise<Server> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** A storage that accepts requests and never answers them; closed after `use`. */
async function withStalledStorage(use: (server: Server) => Promise<void>): Promise<void> {
  const stalled = await listening(createServer(() => undefined));
  try {
    await use(stalled);
  } finally {
    stalled.closeAllConnections();
    await new Promise((resolve) => stalled.close(resolve));
  }
}

/** An S3 endpoint in miniature: every request answered, an object of three bytes for reads. */
let server: Server;
let client: S3Client;
/** Connections the server accepted, and the Expect header of each request. */
let connections = 0;
const expectations: string[] = [];
const requests: string[] = [];
/** The user-agent headers of each request, as the SDK would set them. */
const userAgents: string[] = [];
/** The payload hash each request was signed with. */
const payloadHashes: string[] = [];
/** Whether each request's signature is the one storage computes from the request as it arrived. */
const signaturesValid: boolean[] = [];

/**
 * The AWS Signature Version 4 a storage server computes for a request, with the secret `secret`: written out
 * here from the specification, not the SDK's signer, so it checks what the SDK sends.
 */
function expectedAuthorization(request: IncomingMessage, secret: string): string | undefined {
  const authorization = String(request.headers.authorization ?? '');
  const match = /Credential=([^/]+)\/([^,]+), SignedHeaders=([^,]+), Signature=/.exec(authorization);
  if (!match) return undefined;
  const [, accessKey, scope, signedHeaders] = match;
  const [day, region, service] = scope.split('/');
  const url = new URL(request.url!, 'http://storage');
  const query = [...url.searchParams]
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .sort()
    .join('&');
  const headers = signedHeaders
    .split(';')
    .map((name) => `${name}:${String(request.headers[name]).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonical = [
    request.method,
    url.pathname,
    query,
    headers,
    signedHeaders,
    request.headers['x-amz-content-sha256'],
  ].join('\n');
  const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();
  const key = [day, region, service, 'aws4_request'].reduce<Buffer | string>(hmac, `AWS4${secret}`);
  const toSign = [
    'AWS4-HMAC-SHA256',
    request.headers['x-amz-date'],
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    userAgents.push(`${request.headers['user-agent']} ${request.headers['x-amz-user-agent']}`);
    expectations.push(String(request.headers.expect));
    payloadHashes.push(String(request.headers['x-amz-content-sha256']));
    signaturesValid.push(request.headers.authorization === expectedAuthorization(request, 'secret'));
    request.resume();
    request.on('end', () => {
      if (request.method === 'DELETE') return response.writeHead(204).end();
      if (request.method === 'PUT') return response.writeHead(200, { etag: '"e"' }).end();
      response.writeHead(200, { 'content-length': '3', etag: '"e"' }).end('abc');
    });
  });
  server.on('connection', () => connections++);
  client = clientAt(await listening(server));
});

afterEach(() => {
  jest.restoreAllMocks();
  requests.length = 0;
  userAgents.length = 0;
  expectations.length = 0;
  payloadHashes.length = 0;
  signaturesValid.length = 0;
});

afterAll(async () => {
  client.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe('createS3Client', () => {
  it('resolves each kind of request once, requests with an abort signal between them included', async () => {
    const resolved = jest.spyOn(GetObjectCommand.prototype, 'resolveMiddleware');
    const get = () => client.send(new GetObjectCommand({ Bucket: 'gallery-media', Key: 'a.jpg' }));
    const body = await (await get()).Body!.transformToString();
    expect(body).toBe('abc');
    // A deletion with a deadline, as the media service makes one for each photo.
    await client.send(new DeleteObjectCommand({ Bucket: 'gallery-media', Key: 'staged' }), {
      abortSignal: AbortSignal.timeout(5_000),
    });
    await client.send(new PutObjectCommand({ Bucket: 'gallery-media', Key: 'b.jpg', Body: 'xyz' }));
    await (await get()).Body!.transformToString();
    await (await get()).Body!.transformToString();

    expect(resolved).toHaveBeenCalledTimes(1);
    expect(requests).toEqual([
      'GET /gallery-media/a.jpg?x-id=GetObject',
      'DELETE /gallery-media/staged?x-id=DeleteObject',
      'PUT /gallery-media/b.jpg?x-id=PutObject',
      'GET /gallery-media/a.jpg?x-id=GetObject',
      'GET /gallery-media/a.jpg?x-id=GetObject',
    ]);
  });

  it('builds no user agent and no log copies for a request, on either of its clients', async () => {
    await client.send(new PutObjectCommand({ Bucket: 'gallery-media', Key: 'b.jpg', Body: 'xyz' }));
    await client.send(new DeleteObjectCommand({ Bucket: 'gallery-media', Key: 'staged' }), {
      abortSignal: AbortSignal.timeout(5_000),
    });

    expect(userAgents).toEqual(['undefined undefined', 'undefined undefined']);
    const withOptions = (client as unknown as { withOptions: S3Client }).withOptions;
    for (const stack of [client.middlewareStack, withOptions.middlewareStack]) {
      expect(stack.identify().join('\n')).not.toMatch(/loggerMiddleware|getUserAgentMiddleware/);
    }
  });

  it('gives up on a request storage does not answer within the deadline, deadlines through the cache', () =>
    withStalledStorage(async (stalled) => {
      const deleter = clientAt(stalled, { requestTimeoutMs: 200 });
      const resolved = jest.spyOn(DeleteObjectCommand.prototype, 'resolveMiddleware');
      const remove = (key: string) =>
        deleter.send(new DeleteObjectCommand({ Bucket: 'gallery-media', Key: key }));

      await expect(remove('a')).rejects.toMatchObject({ name: 'TimeoutError' });
      await expect(remove('b')).rejects.toMatchObject({ name: 'TimeoutError' });

      expect(resolved).toHaveBeenCalledTimes(1);
      deleter.destroy();
    }));

  it('still aborts a request whose signal fires', () =>
    withStalledStorage(async (stalled) => {
      const slow = clientAt(stalled);
      const controller = new AbortController();
      const deletion = slow.send(new DeleteObjectCommand({ Bucket: 'gallery-media', Key: 'staged' }), {
        abortSignal: controller.signal,
      });
      controller.abort();
      await expect(deletion).rejects.toMatchObject({ name: 'AbortError' });
      slow.destroy();
    }));
});

describe('large bodies', () => {
  it('go at once over the connection the client keeps, as small ones do', async () => {
    const before = connections;
    const guestCopy = Buffer.alloc(3 * 1024 * 1024);
    for (const key of ['a', 'b', 'c']) {
      await client.send(
        new PutObjectCommand({
          Bucket: 'gallery-media',
          Key: key,
          Body: guestCopy,
          ContentLength: guestCopy.length,
        }),
      );
    }
    await client.send(new PutObjectCommand({ Bucket: 'gallery-media', Key: 'thumbnail', Body: 'small' }));

    expect(expectations).toEqual(['undefined', 'undefined', 'undefined', 'undefined']);
    // At most one new connection (the kept one may have timed out since the tests before).
    expect(connections - before).toBeLessThanOrEqual(1);
  });
});

describe('payload signing', () => {
  it('leaves bodies in memory unhashed over loopback, and hashes nothing else differently', async () => {
    await client.send(
      new PutObjectCommand({ Bucket: 'gallery-media', Key: 't.jpg', Body: Buffer.from('thumb') }),
    );
    await client.send(new DeleteObjectCommand({ Bucket: 'gallery-media', Key: 'staged' }));

    expect(requests).toEqual([
      'PUT /gallery-media/t.jpg?x-id=PutObject',
      'DELETE /gallery-media/staged?x-id=DeleteObject',
    ]);
    // A request without a body signs the empty body's hash, as before.
    expect(payloadHashes).toEqual([
      'UNSIGNED-PAYLOAD',
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    ]);
    // Signed over that header, as S3, MinIO and R2 check it.
    expect(signaturesValid).toEqual([true, true]);
  });

  it('leaves presigned URLs as the SDK signs them, so browsers PUT to them as before', async () => {
    const { port } = server.address() as AddressInfo;
    const plain = new S3Client({
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const presign = (from: S3Client) =>
      getSignedUrl(
        from,
        new PutObjectCommand({
          Bucket: 'gallery-media',
          Key: 'staged',
          ContentType: 'image/jpeg',
          ContentLength: 9,
        }),
        {
          expiresIn: 300,
          signingDate: new Date('2026-06-12T18:00:00Z'),
          signableHeaders: new Set(['content-type', 'content-length']),
        },
      );
    expect(await presign(client)).toBe(await presign(plain));
    plain.destroy();
  });

  it('hashes bodies over plain HTTP to another machine, and only there', () => {
    expect(unsignedPayloadOver('http://minio.storage.svc:9000')).toBe(false);
    expect(unsignedPayloadOver('http://10.0.0.7:9000')).toBe(false);
    expect(unsignedPayloadOver('https://minio.example.com')).toBe(true);
    expect(unsignedPayloadOver(undefined)).toBe(true);
    expect(unsignedPayloadOver('http://127.0.0.1:9000')).toBe(true);
    expect(unsignedPayloadOver('http://localhost:9000')).toBe(true);
    expect(unsignedPayloadOver('http://[::1]:9000')).toBe(true);
  });
});
