import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { galleryCodeFromBytes } from '@gallery/contracts';

/** Fresh gallery codes from crypto-strength randomness: 25^8 (about 1.5e11) codes, too many to guess. */
@Injectable()
export class GalleryCodes {
  next(): string {
    return galleryCodeFromBytes(randomBytes(8));
  }
}
