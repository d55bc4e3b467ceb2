import { Inject, Injectable } from '@nestjs/common';
import { AppError, type GalleryOfArgument } from '@gallery/platform';
import { PhotoRepository } from './photo.repository.js';

/** The gallery a photo id belongs to, for an OwnerOnly operation that names a photo; PHOTO_NOT_FOUND otherwise. */
@Injectable()
export class PhotoGalleries implements GalleryOfArgument {
  constructor(@Inject(PhotoRepository) private readonly photos: PhotoRepository) {}

  async galleryOf(photoId: string): Promise<string> {
    const photo = await this.photos.find(photoId);
    if (!photo) throw new AppError('PHOTO_NOT_FOUND');
    return photo.eventCode;
  }
}
