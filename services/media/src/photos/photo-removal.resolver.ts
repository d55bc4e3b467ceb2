import { Inject } from '@nestjs/common';
import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AppError, OwnerOnly } from '@gallery/platform';
import { PhotoGalleries } from './photo-galleries.js';
import { PhotoRemovalService } from './photo-removal.service.js';
import { PhotosService } from './photos.service.js';

/** What only the couple does with one photo: remove it, and download its original whatever guests may. */
@Resolver()
export class PhotoRemovalResolver {
  constructor(
    @Inject(PhotoRemovalService) private readonly removal: PhotoRemovalService,
    @Inject(PhotosService) private readonly photos: PhotosService,
  ) {}

  @OwnerOnly('id', { gallery: PhotoGalleries })
  @Query(() => String, {
    description:
      "Owner only: a link (10 minutes) that downloads a photo's original, also when guests may not. " +
      'UNAUTHENTICATED, NOT_GALLERY_OWNER or PHOTO_NOT_FOUND',
  })
  async photoOriginalUrl(@Args('id', { type: () => ID }) id: string): Promise<string> {
    const link = await this.photos.downloadUrl(id, 'original', undefined, () => Promise.resolve(true));
    if (!link || link === 'refused') throw new AppError('PHOTO_NOT_FOUND');
    return link.url;
  }

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
