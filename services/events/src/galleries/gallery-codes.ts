import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { galleryCodeFromBytes } from '@gallery/contracts';
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

  next(): string {
    const seed = this.config.galleryCodesSeed;
    if (!seed) return galleryCodeFromBytes(randomBytes(8));
    return galleryCodeFromBytes(createHash('sha256').update(`${seed}:${this.drawn++}`).digest());
  }
}
