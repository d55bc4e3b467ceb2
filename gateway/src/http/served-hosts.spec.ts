import { describe, expect, it } from '@jest/globals';
import { ServedHosts } from './served-hosts.js';

/** Events' answer: the couples' verified domains and their galleries. */
const verified = new Map([['photos.sarah-mike.example', 'GALLERY1']]);
const hosts = new ServedHosts('https://gallery.example.org', {
  galleryOf: (host) => Promise.resolve(verified.get(host ?? '') ?? null),
});

describe('ServedHosts', () => {
  it('serves the product’s host whatever port or case the header gives, with sockets from PUBLIC_URL', async () => {
    for (const header of ['gallery.example.org', 'GALLERY.example.org:8443', 'gallery.example.org.']) {
      expect(await hosts.resolve(header)).toEqual({
        gallery: null,
        socketOrigins: ['ws://gallery.example.org', 'wss://gallery.example.org'],
      });
    }
  });

  it('serves the machine’s own names on the port asked', async () => {
    expect(await hosts.resolve('127.0.0.1:5000')).toEqual({
      gallery: null,
      socketOrigins: ['ws://127.0.0.1:5000', 'wss://127.0.0.1:5000'],
    });
    expect((await hosts.resolve('localhost'))?.socketOrigins).toEqual(['ws://localhost', 'wss://localhost']);
    expect((await hosts.resolve('[::1]:5000'))?.gallery).toBeNull();
  });

  it('serves a verified domain as its gallery', async () => {
    expect(await hosts.resolve('photos.sarah-mike.example')).toEqual({
      gallery: 'GALLERY1',
      socketOrigins: ['ws://photos.sarah-mike.example', 'wss://photos.sarah-mike.example'],
    });
  });

  it('serves no other host, nor a header that is no host', async () => {
    for (const header of [
      undefined,
      '',
      'evil.example',
      'gallery.example.org.evil.example',
      '10.0.0.7:5000',
      'localhost:5000 evil',
      'localhost:5000/x',
      'localhost:abc',
      'a'.repeat(300),
    ]) {
      expect(await hosts.resolve(header)).toBeNull();
    }
  });

  it('serves loopback names only when no PUBLIC_URL is set', async () => {
    const local = new ServedHosts(undefined, { galleryOf: () => Promise.resolve(null) });
    expect(await local.resolve('localhost:5000')).not.toBeNull();
    expect(await local.resolve('gallery.example.org')).toBeNull();
  });
});
