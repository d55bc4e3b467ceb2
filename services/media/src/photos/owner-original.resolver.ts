import { Inject } from '@nestjs/common';
import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { OwnerOnly } from '@gallery/platform';
import { PhotoGalleries } from './photo-galleries.js';
import { PhotosService } from './photos.service.js';

@Resolver()
export class OwnerOriginalResolver {
  constructor(@Inject(PhotosService) private readonly photos: PhotosService) {}

  @OwnerOnly('id', { gallery: PhotoGalleries })
  @Query(() => String, {
    description:
      "Owner only: a link (valid 10 minutes) that downloads the photo's untouched original, metadata and all, or, " +
      'when the couple turned ownerDownloadsKeepMetadata off, the copy guests fetch (no location, serial numbers or ' +
      'names). UNAUTHENTICATED, NOT_GALLERY_OWNER, PHOTO_NOT_FOUND or ORIGINAL_COPY_PENDING',
  })
  photoOriginalUrl(@Args('id', { type: () => ID }) id: string): Promise<string> {
    return this.photos.ownerOriginalUrl(id);
  }
}
