import { mkdtemp, rm } from 'node:fs/promises';
import { Resolver } from 'node:dns/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestDns, testDnsOn, type TestDns } from './test-dns.js';

describe('a test DNS server started with a records file', () => {
  let folder: string;
  let started: TestDns | undefined;
  let resolver: Resolver;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'test-dns-'));
    started = await startTestDns({ recordsFile: path.join(folder, 'records.json') });
    resolver = new Resolver({ timeout: 2_000, tries: 1 });
    resolver.setServers([started.server]);
  });

  afterAll(async () => {
    await started?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it('answers the records another process sets through testDnsOn, and forgets those it removes', async () => {
    const other = testDnsOn(started!.server, path.join(folder, 'records.json'));
    await expect(resolver.resolveCname('photos.example.com')).rejects.toMatchObject({ code: 'ENOTFOUND' });

    other.setCname('Photos.Example.com', 'gallery.example.net');
    other.setTxt('_check.photos.example.com', 'first');
    other.setTxt('_check.photos.example.com', 'second');
    await expect(resolver.resolveCname('photos.example.com')).resolves.toEqual(['gallery.example.net']);
    await expect(resolver.resolveTxt('_check.photos.example.com')).resolves.toEqual([['first'], ['second']]);
    // Names an object has of its own make no records.
    await expect(resolver.resolveCname('constructor')).rejects.toMatchObject({ code: 'ENOTFOUND' });

    other.remove('photos.example.com');
    await expect(resolver.resolveCname('photos.example.com')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    // The server's own setters write the same records.
    started!.setCname('photos.example.com', 'again.example.net');
    await expect(resolver.resolveCname('photos.example.com')).resolves.toEqual(['again.example.net']);
  });
});
