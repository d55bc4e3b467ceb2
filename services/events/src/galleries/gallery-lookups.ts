import { Inject, Injectable } from '@nestjs/common';
import { isGalleryCode, normalizeEventCode } from '@gallery/contracts';
import { RateLimits } from '@gallery/platform';
import type { EventEntity } from './event.entity.js';
import { GalleriesRepository } from './galleries.repository.js';

/**
 * Galleries looked up by a code a client typed or guessed. Each code that names no gallery costs the client
 * one of its RATE_LIMITS.unknownCodeLookups; a found gallery costs nothing, but a client that has used them
 * all is refused every lookup until the window frees one, so that the limit cannot be read around.
 */
@Injectable()
export class GalleryLookups {
  constructor(
    @Inject(GalleriesRepository) private readonly galleries: GalleriesRepository,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
  ) {}

  /** The gallery a client typed the code of, in whatever case and spacing; null when there is none. */
  async find(code: string, client: string): Promise<EventEntity | null> {
    const normalized = normalizeEventCode(code);
    return this.rateLimits.limitMisses('unknownCodeLookups', client, async () =>
      // A code outside the code alphabet names no gallery: no need to ask the database.
      isGalleryCode(normalized) ? this.galleries.findByCode(normalized) : null,
    );
  }
}
