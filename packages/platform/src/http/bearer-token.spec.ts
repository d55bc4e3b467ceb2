import { describe, expect, it } from '@jest/globals';
import { bearerTokenFromHeader } from './bearer-token.js';

describe('bearerTokenFromHeader', () => {
  it('reads the token of a Bearer header, in any case of the scheme', () => {
    expect(bearerTokenFromHeader('Bearer abc_DEF-123')).toBe('abc_DEF-123');
    expect(bearerTokenFromHeader('bearer   abc ')).toBe('abc');
  });

  it('gives null without a header, with another scheme or with no token', () => {
    expect(bearerTokenFromHeader(undefined)).toBeNull();
    expect(bearerTokenFromHeader('')).toBeNull();
    expect(bearerTokenFromHeader('Basic dXNlcjpwYXNz')).toBeNull();
    expect(bearerTokenFromHeader('Bearer ')).toBeNull();
    expect(bearerTokenFromHeader('Bearer two tokens')).toBeNull();
  });
});
