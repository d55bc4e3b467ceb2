import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { CredentialCipher } from './credential-cipher.js';

describe('CredentialCipher', () => {
  const cipher = new CredentialCipher(randomBytes(32));

  it('opens what it sealed, and never stores the secret in the clear', () => {
    const sealed = cipher.seal('app-password-123', 'destination-1');
    expect(sealed.includes(Buffer.from('app-password-123'))).toBe(false);
    expect(cipher.open(sealed, 'destination-1')).toBe('app-password-123');
  });

  it('seals the same secret differently each time (a random IV)', () => {
    expect(cipher.seal('same', 'd').equals(cipher.seal('same', 'd'))).toBe(false);
  });

  it('refuses a value moved to another destination, sealed under another key, or altered', () => {
    const sealed = cipher.seal('secret', 'destination-1');
    expect(() => cipher.open(sealed, 'destination-2')).toThrow();
    expect(() => new CredentialCipher(randomBytes(32)).open(sealed, 'destination-1')).toThrow();
    const altered = Buffer.from(sealed);
    altered[20] ^= 1;
    expect(() => cipher.open(altered, 'destination-1')).toThrow();
  });
});
