import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTO_MEGABYTES,
  normalizeEventCode,
  Subjects,
  type LivePhoto,
  type PhotoContentType,
} from '@gallery/contracts';
import { AppError, OutboxRelay, recordEvent } from '@gallery/platform';
import { GalleryRepository } from '../galleries/gallery.repository.js';
import { uploadRefusal } from '../galleries/upload-refusal.js';
import { heifDimensions } from '../images/heif-dimensions.js';
import { ImageProcessor } from '../images/image-processor.js';
import { UndecodableImageError } from '../images/undecodable-image.error.js';
import { photoObjectKeys } from '../photos/photo-object-keys.js';
import type { PhotoEntity } from '../photos/photo.entity.js';
import { PhotoPresenter } from '../photos/photo.presenter.js';
import { PhotoRepository } from '../photos/photo.repository.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { detectPhotoType, PHOTO_TYPE_HEAD_BYTES } from './detect-photo-type.js';
import type { UploadEntity } from './upload.entity.js';
import { UploadRepository } from './upload.repository.js';

type Keys = ReturnType<typeof photoObjectKeys>;
type Outcome = { photo: LivePhoto } | { refusal: AppError };

/** What a photo becomes besides its original: derived images when the original decodes here. */
interface Rendition {
  width: number;
  height: number;
  thumbnailKey: string | null;
  previewKey: string | null;
}

/**
 * Turns an object a browser uploaded into a photo: checks it (size, real type, quota), derives what guests see,
 * records the photo and its `photo.uploaded` event in one transaction. Whatever is refused leaves nothing in
 * storage. The photo takes its upload's id, so confirming one upload twice can never make two photos.
 */
@Injectable()
export class UploadConfirmationService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UploadRepository) private readonly uploads: UploadRepository,
    @Inject(GalleryRepository) private readonly galleries: GalleryRepository,
    @Inject(PhotoRepository) private readonly photos: PhotoRepository,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(ImageProcessor) private readonly images: ImageProcessor,
    @Inject(PhotoPresenter) private readonly presenter: PhotoPresenter,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  async confirm(eventCode: string, uploadId: string): Promise<LivePhoto> {
    const upload = await this.uploads.find(normalizeEventCode(eventCode), uploadId);
    if (upload?.status === 'confirmed') return this.confirmedPhoto(upload.id);
    // Refused and abandoned uploads have nothing left in storage: for the browser they no longer exist.
    if (upload?.status !== 'pending') throw new AppError('UPLOAD_NOT_FOUND');
    const keys = photoObjectKeys(upload.eventCode, upload.id);

    const gallery = await this.galleries.find(upload.eventCode);
    if (!gallery) throw new AppError('GALLERY_NOT_FOUND');
    const early = uploadRefusal(gallery, new Date());
    if (early) return this.refuse(upload, keys, early);

    const size = await this.storage.size(upload.objectKey);
    // Left pending: the browser may still retry its PUT with the same URL.
    if (size === null) throw new AppError('UPLOAD_NOT_FOUND');
    if (size === 0) return this.refuse(upload, keys, new AppError('FILE_EMPTY'));
    if (size > MAX_PHOTO_BYTES) {
      return this.refuse(upload, keys, new AppError('FILE_TOO_LARGE', { count: MAX_PHOTO_MEGABYTES }));
    }
    const type = detectPhotoType(await this.storage.readStart(upload.objectKey, PHOTO_TYPE_HEAD_BYTES));
    if (!type) return this.refuse(upload, keys, new AppError('UNSUPPORTED_FILE_TYPE'));

    // The slow part (download, decode, resize, store) runs before the transaction, which then stays short.
    const rendition = await this.render(upload.objectKey, type, keys);
    if (!rendition) return this.refuse(upload, keys, new AppError('UNSUPPORTED_FILE_TYPE'));

    const outcome = await this.record(upload, type, size, rendition);
    if ('refusal' in outcome) {
      await this.storage.remove(Object.values(keys));
      throw outcome.refusal;
    }
    this.relay.kick();
    return outcome.photo;
  }

  /**
   * Derived images stored, or null when the original cannot be decoded. HEIC/HEIF is the exception: the bundled
   * libvips has no HEVC decoder, and an iPhone photo is too precious to refuse, so it is kept without derived
   * images (its image URLs serve the original) and its dimensions come from its HEIF boxes.
   */
  private async render(key: string, type: PhotoContentType, keys: Keys): Promise<Rendition | null> {
    const original = await this.storage.read(key);
    try {
      const derived = await this.images.derive(original);
      await Promise.all([
        this.storage.write(keys.thumbnail, derived.thumbnail, 'image/jpeg'),
        this.storage.write(keys.preview, derived.preview, 'image/jpeg'),
      ]);
      return {
        width: derived.width,
        height: derived.height,
        thumbnailKey: keys.thumbnail,
        previewKey: keys.preview,
      };
    } catch (error) {
      if (!(error instanceof UndecodableImageError)) throw error;
      if (type !== 'image/heic' && type !== 'image/heif') return null;
      const { width, height } = heifDimensions(original) ?? { width: 0, height: 0 };
      return { width, height, thumbnailKey: null, previewKey: null };
    }
  }

  /** The quota decision and the photo, under the gallery's row lock so concurrent uploads cannot overshoot. */
  private async record(
    upload: UploadEntity,
    contentType: PhotoContentType,
    size: number,
    rendition: Rendition,
  ): Promise<Outcome> {
    return this.dataSource.transaction(async (manager): Promise<Outcome> => {
      const gallery = await this.galleries.findForUpdate(manager, upload.eventCode);
      const current = await this.uploads.findForUpdate(manager, upload.id);
      if (current?.status === 'confirmed') {
        const existing = await this.photos.find(upload.id, manager);
        if (existing) return { photo: this.presenter.present(existing) };
      }
      if (!gallery || current?.status !== 'pending') return { refusal: new AppError('UPLOAD_NOT_FOUND') };
      const refusal = uploadRefusal(gallery, new Date());
      if (refusal) {
        await this.uploads.setStatus(manager, upload.id, 'refused');
        return { refusal };
      }

      const photo: PhotoEntity = {
        id: upload.id,
        eventCode: upload.eventCode,
        originalKey: upload.objectKey,
        thumbnailKey: rendition.thumbnailKey,
        previewKey: rendition.previewKey,
        fileName: upload.fileName,
        contentType,
        size,
        width: rendition.width,
        height: rendition.height,
        createdAt: new Date(),
      };
      await this.photos.insert(manager, photo);
      const photoCount = await this.galleries.addPhoto(manager, upload.eventCode);
      await this.uploads.setStatus(manager, upload.id, 'confirmed');
      const live = this.presenter.present(photo);
      await recordEvent(manager, Subjects.PhotoUploaded, { photo: live, photoCount });
      return { photo: live };
    });
  }

  /**
   * Refuses an upload and deletes whatever it stored, unless a concurrent confirmation of the same upload
   * already made it a photo: then that photo is the answer.
   */
  private async refuse(upload: UploadEntity, keys: Keys, refusal: AppError): Promise<LivePhoto> {
    if (!(await this.uploads.refuseIfPending(upload.id))) return this.confirmedPhoto(upload.id);
    await this.storage.remove(Object.values(keys));
    throw refusal;
  }

  private async confirmedPhoto(id: string): Promise<LivePhoto> {
    const photo = await this.photos.find(id);
    if (!photo) throw new AppError('UPLOAD_NOT_FOUND');
    return this.presenter.present(photo);
  }
}
