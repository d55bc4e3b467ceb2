import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { galleryCodeFromBytes, isReservedGalleryCode } from '@gallery/contracts';
import { EventsConfig } from '../config/events-config.js';

/**
 * Fresh gallery codes from crypto-strength randomness: 25^8 (about 1.5e11) codes, too many to guess. With
 * `galleryCodesSeed` (GALLERY_CODES_SEED, set by `npm run screens` alone) they come from a sequence drawn from
 * that seed instead, the same on every run, so the screenshots of the docs show the same codes and QR codes
 * and change only when their page does. Such codes are guessable: never set it where guests come.
 */
@Injectable()
export class GalleryCodes {
  private drawn = 0;

  constructor(@Inject(EventsConfig) private readonly config: EventsConfig) {}

  /** A code no gallery is known to have; never a reserved one (the demo gallery's): those are drawn again. */
  next(): string {
    for (;;) {
      const code = galleryCodeFromBytes(this.bytes());
      if (!isReservedGalleryCode(code)) return code;
    }
  }

  /** Eight bytes to draw a code from. */
  protected bytes(): Uint8Array {
    const seed = this.config.galleryCodesSeed;
    if (!seed) return randomBytes(8);
    return createHash('sha256').update(`${seed}:${this.drawn++}`).digest();
  }
}
