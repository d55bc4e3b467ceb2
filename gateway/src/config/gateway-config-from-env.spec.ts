import { describe, expect, it } from '@jest/globals';
import { webDevOriginsFromEnv } from '../http/dev-origins.js';
import { trustProxyFromEnv } from './gateway-config-from-env.js';

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
