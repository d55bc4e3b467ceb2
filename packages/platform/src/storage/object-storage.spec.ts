import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createS3Client } from './object-storage.js';

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
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    request.resume();
    request.on('end', () => {
      if (request.method === 'DELETE') return response.writeHead(204).end();
      if (request.method === 'PUT') return response.writeHead(200, { etag: '"e"' }).end();
      response.writeHead(200, { 'content-length': '3', etag: '"e"' }).end('abc');
    });
  });
  client = clientAt(await listening(server));
});

afterEach(() => {
  jest.restoreAllMocks();
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
