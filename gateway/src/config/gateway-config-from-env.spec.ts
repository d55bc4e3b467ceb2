import { describe, expect, it } from '@jest/globals';
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
