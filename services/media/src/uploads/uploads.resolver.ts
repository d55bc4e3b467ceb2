import { Inject } from '@nestjs/common';
import { Args, Context, ID, Int, Mutation, Resolver } from '@nestjs/graphql';
import { normalizeEventCode, type LivePhoto } from '@gallery/contracts';
import {
  AppError,
  GuestIdentities,
  GuestOf,
  photoProcessingSeconds,
  RateLimits,
  uploadsRefused,
  uploadsTaken,
  type GraphQLRequestContext,
} from '@gallery/platform';
import { PhotoAudience } from '../photos/photo-audience.js';
import { PhotoModel } from '../photos/photo.model.js';
import { PhotoUploadRequestInput } from './photo-upload-request.input.js';
import { PhotoUploadSlotModel } from './photo-upload-slot.model.js';
import { UploadConfirmationService } from './upload-confirmation.service.js';
import { UploadSlotsService } from './upload-slots.service.js';

@Resolver()
export class UploadsResolver {
  constructor(
    @Inject(UploadSlotsService) private readonly slots: UploadSlotsService,
    @Inject(UploadConfirmationService) private readonly confirmation: UploadConfirmationService,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
    @Inject(GuestIdentities) private readonly guestIdentities: GuestIdentities,
    @Inject(PhotoAudience) private readonly audience: PhotoAudience,
  ) {}

  @GuestOf('eventCode')
  @Mutation(() => [PhotoUploadSlotModel])
  async requestPhotoUploads(
    @Context() context: GraphQLRequestContext,
    @Args('eventCode') eventCode: string,
    @Args('files', { type: () => [PhotoUploadRequestInput] }) files: PhotoUploadRequestInput[],
    @Args('guestName', {
      type: () => String,
      nullable: true,
      description: "The uploading guest's name, given once on their device; travels with each photo.",
    })
    guestName?: string | null,
    @Args('challengeId', {
      type: () => ID,
      nullable: true,
      description: "The gallery's photo challenge these files answer; CHALLENGE_NOT_FOUND for any other id.",
    })
    challengeId?: string | null,
    @Args('table', {
      type: () => Int,
      nullable: true,
      description:
        "The table whose card's QR code the guest opened the gallery from; the photos are tagged with it. " +
        'TABLE_NUMBER_INVALID outside 1 to 200.',
    })
    table?: number | null,
  ): Promise<PhotoUploadSlotModel[]> {
    await this.rateLimits.consumeGuestAction('uploadSlotRequests', context, normalizeEventCode(eventCode));
    return this.slots.request(
      eventCode,
      files,
      guestName,
      { challengeId, tableNumber: table },
      this.guestIdentities.verify(context.guestIdentity),
    );
  }

  @GuestOf('eventCode')
  @Mutation(() => PhotoModel)
  async confirmPhotoUpload(
    @Context() context: GraphQLRequestContext,
    @Args('eventCode') eventCode: string,
    @Args('uploadId', { type: () => ID }) uploadId: string,
  ): Promise<LivePhoto> {
    const started = performance.now();
    try {
      await this.rateLimits.consumeGuestAction('uploadConfirms', context, normalizeEventCode(eventCode));
      // The couple's own uploads need no approval: asked of events only when approval is on and the caller sent
      // an Authorization (guests send none).
      const photo = await this.confirmation.confirm(eventCode, uploadId, () =>
        this.audience.isOwner(normalizeEventCode(eventCode), context.authorization),
      );
      uploadsTaken.inc({ kind: photo.kind });
      photoProcessingSeconds.observe({ kind: photo.kind }, (performance.now() - started) / 1000);
      return photo;
    } catch (error) {
      // What the guest was told; anything else is an outage, told as INTERNAL.
      uploadsRefused.inc({ code: error instanceof AppError ? error.code : 'INTERNAL' });
      throw error;
    }
  }
}
