import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { OwnerTokens } from './owner-tokens.js';

function ownerTokensWith(hashes: Record<string, string>, sessions: Record<string, string> = {}) {
  const lookups: string[] = [];
  const repository = {
    ownerTokenHash: async (code: string) => {
      lookups.push(code);
      return hashes[code] ?? null;
    },
    sessionOwns: async (code: string, sessionHash: string) => sessions[sessionHash] === code,
  };
  return { ownerTokens: new OwnerTokens(repository), lookups };
}

describe('OwnerTokens', () => {
  it('issues 32 random bytes as base64url with the SHA-256 hex of the token', () => {
    const { ownerTokens } = ownerTokensWith({});
    const issued = ownerTokens.issue();
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(issued.token, 'base64url')).toHaveLength(32);
    expect(issued.hash).toBe(createHash('sha256').update(issued.token).digest('hex'));
    expect(ownerTokens.issue().token).not.toBe(issued.token);
  });

  it("accepts the gallery's own token, whatever the case of the code", async () => {
    const token = 'oXSAaHaMW1NS90MmI9ghAjKJ_Y8GfeYlLe6zNooy08k';
    const { ownerTokens, lookups } = ownerTokensWith({ K7FEF99F: OwnerTokens.hash(token) });
    await expect(ownerTokens.verify(' k7fef99f ', token)).resolves.toBe(true);
    expect(lookups).toEqual(['K7FEF99F']);
  });

  it('refuses another token, a missing token and an unknown gallery', async () => {
    const { ownerTokens } = ownerTokensWith({});
    const issued = ownerTokens.issue();
    const other = ownerTokens.issue();
    const { ownerTokens: verifier, lookups } = ownerTokensWith({ K7FEF99F: issued.hash });
    await expect(verifier.verify('K7FEF99F', other.token)).resolves.toBe(false);
    await expect(verifier.verify('UNKNOWN', issued.token)).resolves.toBe(false);
    await expect(verifier.verify('K7FEF99F', null)).resolves.toBe(false);
    await expect(verifier.verify('K7FEF99F', '')).resolves.toBe(false);
    expect(lookups).toEqual(['K7FEF99F', 'UNKNOWN']);
  });

  it("accepts a session of the gallery's owner, not a session of another owner", async () => {
    const owner = 'session-of-the-owner';
    const other = 'session-of-another-owner';
    const { ownerTokens } = ownerTokensWith(
      { K7FEF99F: OwnerTokens.hash('gallery-token'), M4TQ7WXY: OwnerTokens.hash('other-token') },
      { [OwnerTokens.hash(owner)]: 'K7FEF99F', [OwnerTokens.hash(other)]: 'M4TQ7WXY' },
    );
    await expect(ownerTokens.verify('K7FEF99F', owner)).resolves.toBe(true);
    await expect(ownerTokens.verify('K7FEF99F', other)).resolves.toBe(false);
    await expect(ownerTokens.verify('UNKNOWN', owner)).resolves.toBe(false);
  });

  it('treats a malformed stored hash as no match rather than throwing', () => {
    expect(OwnerTokens.matches('token', 'abc')).toBe(false);
    expect(OwnerTokens.matches('token', OwnerTokens.hash('token'))).toBe(true);
  });
});
