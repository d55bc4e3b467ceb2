import { registerEnumType } from '@nestjs/graphql';

/** The orders a gallery's photos can be listed in. */
export enum PhotoOrder {
  NEWEST = 'NEWEST',
  /** Most hearts first, newest first among equals. */
  MOST_LOVED = 'MOST_LOVED',
  /**
   * Highlights: the best photos of the night (sharp, well exposed, loved, across guests and hours, one of each
   * near-duplicate group), best first; a twentieth of the gallery, 12 to 100 photos.
   */
  HIGHLIGHTS = 'HIGHLIGHTS',
}

registerEnumType(PhotoOrder, { name: 'PhotoOrder' });
