import { Inject } from '@nestjs/common';
import { Args, Context, ID, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import type { LivePhoto } from '@gallery/contracts';
import {
  AppError,
  OwnerOnly,
  VerifiedOwner,
  type GraphQLRequestContext,
  type VerifiedGalleryOwner,
} from '@gallery/platform';
import { EventModel } from '../galleries/event.model.js';
import { GalleryRepository } from '../galleries/gallery.repository.js';
import { PhotoAudience, viewShows } from '../photos/photo-audience.js';
import { isPhotoId } from '../photos/photo-id.js';
import { PhotoModel } from '../photos/photo.model.js';
import { PhotoRepository } from '../photos/photo.repository.js';
import { PhotosService } from '../photos/photos.service.js';

/**
 * The couple's cover photo on the guest's landing. A guest sees it only where they would see the photo in the
 * gallery (the privacy settings' one rule, viewShows): while guests see only their own uploads, the landing
 * has no cover; a photo removed or hidden since leaves none either.
 */
@Resolver(() => EventModel)
export class CoverPhotoResolver {
  constructor(
    @Inject(GalleryRepository) private readonly galleries: GalleryRepository,
    @Inject(PhotoRepository) private readonly photoRows: PhotoRepository,
    @Inject(PhotoAudience) private readonly audience: PhotoAudience,
    @Inject(PhotosService) private readonly photos: PhotosService,
  ) {}

  @ResolveField(() => PhotoModel, {
    nullable: true,
    description:
      "The couple's cover photo on the guest's landing; null when none is set or the caller would not see it in " +
      'the gallery',
  })
  async coverPhoto(
    @Parent() event: EventModel,
    @Context() context: GraphQLRequestContext,
  ): Promise<LivePhoto | null> {
    const gallery = await this.galleries.find(event.code);
    if (!gallery?.coverPhotoId) return null;
    const photo = await this.photoRows.find(gallery.coverPhotoId);
    if (!photo || photo.eventCode !== event.code) return null;
    const view = await this.audience.view(event.code, context);
    if (!viewShows(view, photo)) return null;
    return this.photos.presentTo(photo, view.passes);
  }

  @OwnerOnly('code')
  @Mutation(() => Boolean, {
    description:
      "Owner only: the gallery's cover photo on the guest's landing, one of its photos guests may see (approved); " +
      'null removes it. COVER_PHOTO_UNAVAILABLE for another photo',
  })
  async setCoverPhoto(
    @Args('code') _code: string,
    @Args('photoId', { type: () => ID, nullable: true }) photoId: string | null,
    @VerifiedOwner() { gallery: { code } }: VerifiedGalleryOwner,
  ): Promise<boolean> {
    if (photoId !== null) {
      const photo = isPhotoId(photoId) ? await this.photoRows.find(photoId) : null;
      if (!photo || photo.eventCode !== code || photo.review !== 'approved')
        throw new AppError('COVER_PHOTO_UNAVAILABLE');
    }
    await this.galleries.setCoverPhoto(code, photoId);
    return true;
  }
}
