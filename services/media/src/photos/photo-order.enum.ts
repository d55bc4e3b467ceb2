import { registerEnumType } from '@nestjs/graphql';

/** The orders a gallery's photos can be listed in. */
export enum PhotoOrder {
  NEWEST = 'NEWEST',
  /** Most hearts first, newest first among equals. */
  MOST_LOVED = 'MOST_LOVED',
}

registerEnumType(PhotoOrder, { name: 'PhotoOrder' });
