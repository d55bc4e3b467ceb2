import { Inject, Injectable } from '@nestjs/common';
import { isGalleryCode, normalizeEventCode } from '@gallery/contracts';
import { RateLimits, type GuestCaller } from '@gallery/platform';
import type { GalleryEntity } from './gallery.entity.js';
import { GalleriesRepository } from './galleries.repository.js';

/**
 * Galleries looked up by a code a guest typed or guessed. Each code that names no gallery costs the guest one of
 * its GUEST_RATE_LIMITS.unknownCodeLookups and its address one of the address's; a found gallery costs nothing,
 * but a guest or address that has used them all is refused every lookup until the window frees one, so that the
 * limit cannot be read around.
 */
@Injectable()
export class GalleryLookups {
  constructor(
    @Inject(GalleriesRepository) private readonly galleries: GalleriesRepository,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
  ) {}

  /** The gallery a guest typed the code of, in whatever case and spacing; null when there is none. */
  async find(code: string, caller: GuestCaller): Promise<GalleryEntity | null> {
    const normalized = normalizeEventCode(code);
    return this.rateLimits.limitGuestMisses('unknownCodeLookups', caller, async () =>
      // A code outside the code alphabet names no gallery: no need to ask the database.
      isGalleryCode(normalized) ? this.galleries.findByCode(normalized) : null,
    );
  }
}
