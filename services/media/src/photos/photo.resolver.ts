import { Inject } from '@nestjs/common';
import { Parent, ResolveField, Resolver, ResolveReference } from '@nestjs/graphql';
import type { LivePhoto } from '@gallery/contracts';
import { PhotoModel } from './photo.model.js';
import { PhotosService } from './photos.service.js';

@Resolver(() => PhotoModel)
export class PhotoResolver {
  constructor(@Inject(PhotosService) private readonly photos: PhotosService) {}

  @ResolveReference()
  resolveReference(reference: { id: string }): Promise<LivePhoto | null> {
    return this.photos.find(reference.id);
  }

  @ResolveField(() => Boolean)
  awaitingApproval(@Parent() photo: LivePhoto & { awaitingApproval?: boolean }): boolean {
    return photo.awaitingApproval === true;
  }
}
