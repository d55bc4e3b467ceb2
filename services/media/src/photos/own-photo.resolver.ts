import { Inject } from '@nestjs/common';
import { Args, Context, ID, Int, Mutation, Resolver } from '@nestjs/graphql';
import { normalizeEventCode } from '@gallery/contracts';
import { AppError, GuestIdentities, GuestOf, type GraphQLRequestContext } from '@gallery/platform';
import { PhotoAudience } from './photo-audience.js';
import { PhotoRemovalService } from './photo-removal.service.js';
import { PhotoRepository } from './photo.repository.js';

@Resolver()
export class OwnPhotoResolver {
  constructor(
    @Inject(PhotoRepository) private readonly photos: PhotoRepository,
    @Inject(PhotoRemovalService) private readonly removal: PhotoRemovalService,
    @Inject(GuestIdentities) private readonly identities: GuestIdentities,
    @Inject(PhotoAudience) private readonly audience: PhotoAudience,
  ) {}

  @GuestOf('eventCode')
  @Mutation(() => Int, {
    description:
      'A guest deletes a photo or video they uploaded: the guest identity sent (X-Guest-Identity) must be the ' +
      "one it was uploaded with. The gallery's new photo count as the caller sees it (their own while the couple " +
      'does not share guests’ photos); open screens drop it (photoRemoved). ' +
      'PHOTO_NOT_FOUND (none in this gallery) or NOT_YOUR_PHOTO',
  })
  async deleteOwnPhoto(
    @Context() context: GraphQLRequestContext,
    @Args('eventCode') eventCode: string,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<number> {
    const photo = await this.photos.find(id);
    if (!photo || photo.eventCode !== normalizeEventCode(eventCode)) throw new AppError('PHOTO_NOT_FOUND');
    const guest = this.identities.verify(context.guestIdentity);
    if (!guest || photo.uploaderId !== guest) throw new AppError('NOT_YOUR_PHOTO');
    const galleryCount = await this.removal.remove(photo.id);
    // The count this guest sees: their own, while the gallery's photos are not shared.
    const view = await this.audience.view(photo.eventCode, context);
    return view.uploaderId ? this.photos.countByUploader(photo.eventCode, view.uploaderId) : galleryCount;
  }
}
