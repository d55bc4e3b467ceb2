import { registerEnumType } from '@nestjs/graphql';

/** What the couple's queue may point out on a photo, and filter and act on. */
export enum PhotoHint {
  BLURRY = 'BLURRY',
  DARK = 'DARK',
  NEAR_DUPLICATE = 'NEAR_DUPLICATE',
}

registerEnumType(PhotoHint, { name: 'PhotoHint' });
