import { Module } from '@nestjs/common';
import { QualityModule } from '../quality/quality.module.js';
import { GalleriesModule } from '../galleries/galleries.module.js';
import { GuestCopiesModule } from '../guest-copies/guest-copies.module.js';
import { ImagesModule } from '../images/images.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { GalleryPhotosResponder } from './gallery-photos.responder.js';
import { OwnPhotoResolver } from './own-photo.resolver.js';
import { OwnerOriginalResolver } from './owner-original.resolver.js';
import { PhotoAudience } from './photo-audience.js';
import { PhotoFileController } from './photo-file.controller.js';
import { PhotoGalleries } from './photo-galleries.js';
import { PhotoPreviews } from './photo-previews.js';
import { QualitySweep } from '../quality/quality-sweep.js';
import { PhotoRemovalResolver } from './photo-removal.resolver.js';
import { PhotoRemovalService } from './photo-removal.service.js';
import { PhotoPresenter } from './photo.presenter.js';
import { PhotoRepository } from './photo.repository.js';
import { PhotoResolver } from './photo.resolver.js';
import { PhotosService } from './photos.service.js';
import { VisiblePhotosResponder } from './visible-photos.responder.js';

/** A gallery's photos: who sees which, their files and previews, and their removal. */
@Module({
  imports: [GalleriesModule, GuestCopiesModule, ImagesModule, QualityModule, StorageModule],
  controllers: [PhotoFileController, GalleryPhotosResponder, VisiblePhotosResponder],
  providers: [
    PhotoRepository,
    PhotoAudience,
    PhotoPresenter,
    PhotoPreviews,
    QualitySweep,
    PhotosService,
    PhotoResolver,
    PhotoGalleries,
    PhotoRemovalService,
    PhotoRemovalResolver,
    OwnPhotoResolver,
    OwnerOriginalResolver,
  ],
  exports: [
    PhotoRepository,
    PhotoAudience,
    PhotoPresenter,
    PhotoPreviews,
    PhotosService,
    PhotoRemovalService,
  ],
})
export class PhotosModule {}
