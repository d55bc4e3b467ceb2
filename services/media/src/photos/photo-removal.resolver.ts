import { Inject } from '@nestjs/common';
import { Args, ID, Int, Mutation, Resolver } from '@nestjs/graphql';
import { OwnerOnly } from '@gallery/platform';
import { PhotoGalleries } from './photo-galleries.js';
import { PhotoRemovalService } from './photo-removal.service.js';

@Resolver()
export class PhotoRemovalResolver {
  constructor(@Inject(PhotoRemovalService) private readonly removal: PhotoRemovalService) {}

  @OwnerOnly('id', { gallery: PhotoGalleries })
  @Mutation(() => Int, {
    description:
      "Owner only: removes a photo or video and its files; the gallery's new photo count. Open screens drop it " +
      '(photoRemoved). UNAUTHENTICATED, NOT_GALLERY_OWNER or PHOTO_NOT_FOUND',
  })
  removePhoto(@Args('id', { type: () => ID }) id: string): Promise<number> {
    return this.removal.remove(id);
  }
}
