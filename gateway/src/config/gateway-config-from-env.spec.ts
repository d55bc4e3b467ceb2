import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { webDevOriginsFromEnv } from '../http/dev-origins.js';
import { supergraphFromEnv, trustProxyFromEnv } from './gateway-config-from-env.js';

describe('trustProxyFromEnv', () => {
  it('trusts no proxy by default', () => {
    expect(trustProxyFromEnv('false')).toBe(false);
  });

  it('reads a hop count or the addresses express understands', () => {
    expect(trustProxyFromEnv('1')).toBe(1);
    expect(trustProxyFromEnv('loopback, 10.0.0.0/8')).toBe('loopback, 10.0.0.0/8');
  });

  it('refuses to trust every proxy, which would let any client pick its own address', () => {
    expect(() => trustProxyFromEnv('true')).toThrow('TRUST_PROXY=true would trust any client');
  });
});

describe('webDevOriginsFromEnv', () => {
  it('names no origin by default', () => {
    expect(webDevOriginsFromEnv('')).toEqual([]);
  });

  it('reads origins separated by commas or spaces', () => {
    expect(webDevOriginsFromEnv('http://localhost:5173, http://127.0.0.1:5173/')).toEqual([
      'http://localhost:5173',
      'http://127.0.0.1:5173',
    ]);
  });

  it('refuses anything but plain origins: a wildcard, a path, another scheme', () => {
    for (const value of ['*', 'http://localhost:5173/app', 'localhost:5173', 'ws://localhost:5173']) {
      expect(() => webDevOriginsFromEnv(value)).toThrow('WEB_DEV_ORIGINS');
    }
  });
});

describe('supergraphFromEnv', () => {
  it('serves the shipped supergraph by default, and composes at run time only when asked', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'supergraph-'));
    try {
      const file = path.join(dir, 'supergraph.graphql');
      await writeFile(file, 'schema { query: Query }');
      expect(supergraphFromEnv('shipped', file)).toBe('schema { query: Query }');
      expect(supergraphFromEnv('composed', file)).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start without the shipped supergraph, or with another mode', () => {
    expect(() => supergraphFromEnv('shipped', '/nowhere/supergraph.graphql')).toThrow('npm run build');
    expect(() => supergraphFromEnv('introspect')).toThrow('SUPERGRAPH must be shipped or composed');
  });
});
