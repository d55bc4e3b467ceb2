import { registerEnumType } from '@nestjs/graphql';
import type { MediaKind as ContractMediaKind } from '@gallery/contracts';

/** GraphQL's MediaKind: the contract's values as they are ('photo', 'video'), so reads and live events agree. */
export enum MediaKind {
  photo = 'photo',
  video = 'video',
}

registerEnumType(MediaKind, { name: 'MediaKind' });

// Fails to compile if the two lists ever drift apart.
const _sameValues: Record<ContractMediaKind, MediaKind> = { photo: MediaKind.photo, video: MediaKind.video };
