import { Inject } from '@nestjs/common';
import { Args, Context, ID, Int, Mutation, Resolver } from '@nestjs/graphql';
import type { GraphQLRequestContext } from '../graphql/graphql-request-context.js';
import { PhotoRemovalService } from './photo-removal.service.js';

@Resolver()
export class PhotoRemovalResolver {
  constructor(@Inject(PhotoRemovalService) private readonly removal: PhotoRemovalService) {}

  @Mutation(() => Int, {
    description:
      "Owner only: removes a photo or video and its files; the gallery's new photo count. Open screens drop it " +
      '(photoRemoved). UNAUTHENTICATED, NOT_GALLERY_OWNER or PHOTO_NOT_FOUND',
  })
  removePhoto(
    @Args('id', { type: () => ID }) id: string,
    @Context() context: GraphQLRequestContext,
  ): Promise<number> {
    return this.removal.remove(id, context.authorization);
  }
}
