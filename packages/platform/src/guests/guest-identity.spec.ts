import { describe, expect, it } from '@jest/globals';
import { GUEST_IDENTITY_TOKEN_MAX_LENGTH, GuestIdentities, guestIdentityHeader } from './guest-identity.js';

const KEY = 'k'.repeat(32);

describe('GuestIdentities', () => {
  it('issues a token whose id it reads back', () => {
    const identities = new GuestIdentities(KEY);
    const { id, token } = identities.issue();
    expect(token).toMatch(/^g1\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(token).toHaveLength(GUEST_IDENTITY_TOKEN_MAX_LENGTH);
    expect(identities.verify(token)).toBe(id);
    expect(identities.issue().id).not.toBe(id);
  });

  it('refuses a token signed with another key, for another id, or altered', () => {
    const identities = new GuestIdentities(KEY);
    const { token } = identities.issue();
    expect(new GuestIdentities('x'.repeat(32)).verify(token)).toBeNull();
    const [, , signature] = token.split('.');
    const other = identities.issue();
    expect(identities.verify(`g1.${other.id}.${signature}`)).toBeNull();
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(identities.verify(flipped)).toBeNull();
  });

  it('reads nothing from an absent, malformed or oversized header', () => {
    const identities = new GuestIdentities(KEY);
    const { token } = identities.issue();
    for (const value of [
      undefined,
      null,
      '',
      'g1',
      `g2${token.slice(2)}`,
      `${token} `,
      token + 'x'.repeat(500),
    ])
      expect(identities.verify(value)).toBeNull();
  });

  it('refuses a key too short to sign with', () => {
    expect(() => new GuestIdentities('short')).toThrow(/GUEST_IDENTITY_KEY must be at least 32 characters/);
  });

  it('takes the first of repeated headers', () => {
    expect(guestIdentityHeader({ 'x-guest-identity': ['a', 'b'] })).toBe('a');
    expect(guestIdentityHeader({})).toBeUndefined();
  });

  it('stops one mail with a signed stop token and nothing else', () => {
    const identities = new GuestIdentities(KEY);
    const requestId = '3f0c2d9e-8a41-4a57-9d55-1c3b5a7e9f20';
    const token = identities.mailStopToken(requestId);
    expect(identities.checkMailStopToken(token)).toBe(requestId);
    expect(new GuestIdentities('o'.repeat(32)).checkMailStopToken(token)).toBeNull();
    const otherRequest = '3f0c2d9e-8a41-4a57-9d55-1c3b5a7e9f21';
    expect(identities.checkMailStopToken(`${otherRequest}.${token.split('.')[1]}`)).toBeNull();
    // Neither a photo pass nor a guest identity's signature stops a mail.
    expect(identities.checkMailStopToken(`${requestId}.${identities.photoPass(requestId)}`)).toBeNull();
    for (const value of [undefined, null, '', requestId, `${token}x`, token.toUpperCase()])
      expect(identities.checkMailStopToken(value)).toBeNull();
  });

  it("stops one gallery's digest with a signed digest stop token, never taken for a guest's", () => {
    const identities = new GuestIdentities(KEY);
    const token = identities.digestStopToken('ABCD2345');
    expect(token).toMatch(/^digest-ABCD2345\.[\w-]{43}$/);
    expect(identities.checkDigestStopToken(token)).toBe('ABCD2345');
    expect(new GuestIdentities('o'.repeat(32)).checkDigestStopToken(token)).toBeNull();
    expect(identities.checkDigestStopToken(`digest-ABCD2346.${token.split('.')[1]}`)).toBeNull();
    expect(identities.checkMailStopToken(token)).toBeNull();
    const guestToken = identities.mailStopToken('3f0c2d9e-8a41-4a57-9d55-1c3b5a7e9f20');
    expect(identities.checkDigestStopToken(guestToken)).toBeNull();
    for (const value of [undefined, null, '', 'digest-ABCD2345', `${token}x`])
      expect(identities.checkDigestStopToken(value)).toBeNull();
  });
});
