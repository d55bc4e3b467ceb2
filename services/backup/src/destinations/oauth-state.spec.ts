import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { BACKUP_LIMITS } from '@gallery/contracts';
import { OAuthStates } from './oauth-state.js';

describe('OAuthStates', () => {
  const key = randomBytes(32);
  const states = new OAuthStates(key);
  const now = Date.UTC(2026, 5, 13);

  it('verifies its own state for the drive it names, until it expires', () => {
    const issued = states.issue('DROPBOX', 'ABCD-1234', 'owner', now);
    expect(states.verify(issued.state, 'DROPBOX', now + 1000)).toMatchObject({
      kind: 'DROPBOX',
      code: 'ABCD-1234',
      nonce: issued.nonce,
    });
    expect(states.verify(issued.state, 'GOOGLE_DRIVE', now)).toBeNull();
    expect(states.verify(issued.state, 'DROPBOX', now + BACKUP_LIMITS.oauthStateMinutes * 60_000)).toBeNull();
  });

  it('refuses a state altered, signed under another key, malformed or too long', () => {
    const { state } = states.issue('GOOGLE_DRIVE', 'ABCD-1234', 'owner', now);
    const [body, signature] = state.split('.');
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), code: 'WXYZ-9876' }),
    ).toString('base64url');
    expect(states.verify(`${altered}.${signature}`, 'GOOGLE_DRIVE', now)).toBeNull();
    expect(new OAuthStates(randomBytes(32)).verify(state, 'GOOGLE_DRIVE', now)).toBeNull();
    for (const malformed of ['', 'x', `${body}.`, `${state}.more`, `${body}.${signature}x`]) {
      expect(states.verify(malformed, 'GOOGLE_DRIVE', now)).toBeNull();
    }
    expect(
      states.verify(`${state}${'A'.repeat(BACKUP_LIMITS.oauthParamChars)}`, 'GOOGLE_DRIVE', now),
    ).toBeNull();
  });
});
