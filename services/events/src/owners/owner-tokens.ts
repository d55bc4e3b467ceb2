import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { normalizeEventCode } from '@gallery/contracts';
import type { IssuedOwnerToken } from './issued-owner-token.js';
import { OwnerTokensRepository } from './owner-tokens.repository.js';

const TOKEN_BYTES = 32;

/**
 * The couple's proof of ownership: 32 random bytes, base64url. A SHA-256 is enough to store it (no salt or slow
 * hash needed): the token is random, not a password a person chose, so it cannot be guessed from its hash.
 */
@Injectable()
export class OwnerTokens {
  constructor(
    @Inject(OwnerTokensRepository)
    private readonly hashes: Pick<OwnerTokensRepository, 'ownerTokenHash' | 'sessionOwns'>,
  ) {}

  issue(): IssuedOwnerToken {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    return { token, hash: OwnerTokens.hash(token) };
  }

  /**
   * THE ownership check, used by every owner-only action of this service and answered over NATS to the others:
   * whether `token` is the owner token of gallery `code`, or a live session of the email that ordered it.
   */
  async verify(code: string, token: string | null | undefined): Promise<boolean> {
    if (!token) return false;
    const normalized = normalizeEventCode(code);
    const stored = await this.hashes.ownerTokenHash(normalized);
    if (stored === null) return false;
    if (OwnerTokens.matches(token, stored)) return true;
    return this.hashes.sessionOwns(normalized, OwnerTokens.hash(token));
  }

  static hash(token: string): string {
    return createHash('sha256').update(token, 'utf8').digest('hex');
  }

  /** Constant-time comparison, so response timing says nothing about how much of a guess was right. */
  static matches(token: string, storedHash: string): boolean {
    const given = Buffer.from(OwnerTokens.hash(token), 'hex');
    const stored = Buffer.from(storedHash, 'hex');
    return given.length === stored.length && timingSafeEqual(given, stored);
  }
}
