import { Inject } from '@nestjs/common';
import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import type { LivePhoto } from '@gallery/contracts';
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
  ) {}

  @Mutation(() => [PhotoUploadSlotModel])
  requestPhotoUploads(
    @Args('eventCode') eventCode: string,
    @Args('files', { type: () => [PhotoUploadRequestInput] }) files: PhotoUploadRequestInput[],
  ): Promise<PhotoUploadSlotModel[]> {
    return this.slots.request(eventCode, files);
  }

  @Mutation(() => PhotoModel)
  confirmPhotoUpload(
    @Args('eventCode') eventCode: string,
    @Args('uploadId', { type: () => ID }) uploadId: string,
  ): Promise<LivePhoto> {
    return this.confirmation.confirm(eventCode, uploadId);
  }
}
