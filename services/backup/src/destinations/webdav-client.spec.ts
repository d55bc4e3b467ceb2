import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DriveError } from './backup-drive.js';
import { WebDavClient } from './webdav-client.js';

// A WebDAV folder on this machine, reached by a name (localhost) as a couple's drive would be: the name that
// was public when the couple connected it may resolve to a private address by the time a photo is copied.
describe('WebDavClient on each connection', () => {
  let server: http.Server;
  let port = 0;
  let requests = 0;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      requests++;
      request.resume();
      response.writeHead(207, { 'content-type': 'application/xml' });
      response.end(
        '<d:multistatus xmlns:d="DAV:"><d:resourcetype><d:collection/></d:resourcetype></d:multistatus>',
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const client = (allowPrivate: boolean) =>
    new WebDavClient(
      { url: `http://localhost:${port}/dav/`, username: 'anna', password: 'secret' },
      allowPrivate,
    );

  it('refuses a name that resolves to a private address in production, before any request is sent', async () => {
    const before = requests;
    const failure = await client(false)
      .check()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(DriveError);
    expect((failure as DriveError).failure).toBe('UNREACHABLE');
    expect((failure as DriveError).message).toMatch(
      /localhost resolves to a private address \(127\.0\.0\.1|::1\)/,
    );
    expect(requests).toBe(before);
  });

  it('reaches the same drive where private drives are allowed (npm start, a NAS at home)', async () => {
    await expect(client(true).check()).resolves.toBeUndefined();
  });
});
