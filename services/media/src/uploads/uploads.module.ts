import { Module } from '@nestjs/common';
import { ChallengesModule } from '../challenges/challenges.module.js';
import { GalleriesModule } from '../galleries/galleries.module.js';
import { GuestCopiesModule } from '../guest-copies/guest-copies.module.js';
import { ImagesModule } from '../images/images.module.js';
import { PhotosModule } from '../photos/photos.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { VideosModule } from '../videos/videos.module.js';
import { AbandonedUploadSweeper } from './abandoned-upload-sweeper.js';
import { MultipartUploads } from './multipart-uploads.service.js';
import { UploadConfirmationService } from './upload-confirmation.service.js';
import { UploadPartsResolver } from './upload-parts.resolver.js';
import { UploadSlotsService } from './upload-slots.service.js';
import { UploadRepository } from './upload.repository.js';
import { UploadsResolver } from './uploads.resolver.js';

/** A guest's upload: a slot in the plan's limit, the file PUT straight to storage (in parts when large), confirmed. */
@Module({
  imports: [
    ChallengesModule,
    GalleriesModule,
    GuestCopiesModule,
    ImagesModule,
    PhotosModule,
    StorageModule,
    VideosModule,
  ],
  providers: [
    UploadRepository,
    UploadSlotsService,
    UploadConfirmationService,
    UploadsResolver,
    MultipartUploads,
    UploadPartsResolver,
    AbandonedUploadSweeper,
  ],
})
export class UploadsModule {}
