import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { GraphQLError } from 'graphql';
import {
  ACCEPTED_PHOTO_TYPES,
  MAX_FILES_PER_REQUEST,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_MEGABYTES,
  normalizeEventCode,
} from '@gallery/contracts';
import { AppError } from '@gallery/platform';
import { GalleryRepository } from '../galleries/gallery.repository.js';
import { uploadRefusal } from '../galleries/upload-refusal.js';
import { photoObjectKeys } from '../photos/photo-object-keys.js';
import { ObjectStorage } from '../storage/object-storage.js';
import type { PhotoUploadRequestInput } from './photo-upload-request.input.js';
import type { PhotoUploadSlotModel } from './photo-upload-slot.model.js';
import { UPLOAD_URL_SECONDS } from './upload-url-lifetime.js';
import { UploadRepository } from './upload.repository.js';

const MAX_FILE_NAME_LENGTH = 255;

/** Hands out presigned upload URLs, refusing early what confirmation would refuse anyway. */
@Injectable()
export class UploadSlotsService {
  constructor(
    @Inject(GalleryRepository) private readonly galleries: GalleryRepository,
    @Inject(UploadRepository) private readonly uploads: UploadRepository,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
  ) {}

  async request(eventCode: string, files: PhotoUploadRequestInput[]): Promise<PhotoUploadSlotModel[]> {
    const gallery = await this.galleries.find(normalizeEventCode(eventCode));
    if (!gallery) throw new AppError('GALLERY_NOT_FOUND');
    const refusal = uploadRefusal(gallery, new Date());
    if (refusal) throw refusal;
    if (files.length > MAX_FILES_PER_REQUEST) {
      throw new GraphQLError(`Ask for at most ${MAX_FILES_PER_REQUEST} files at a time`, {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }

    const createdAt = new Date();
    const uploads = files.map((file, index) => {
      // Declared types may carry parameters or odd casing; the PUT must then send exactly what was signed.
      const contentType = file.contentType.split(';')[0].trim().toLowerCase();
      const which = { extensions: { fileIndex: index, fileName: file.fileName } };
      if (!(ACCEPTED_PHOTO_TYPES as readonly string[]).includes(contentType)) {
        throw new AppError('UNSUPPORTED_FILE_TYPE', which);
      }
      if (file.size <= 0) throw new AppError('FILE_EMPTY', which);
      if (file.size > MAX_PHOTO_BYTES)
        throw new AppError('FILE_TOO_LARGE', { count: MAX_PHOTO_MEGABYTES, ...which });
      const id = randomUUID();
      return {
        id,
        eventCode: gallery.code,
        objectKey: photoObjectKeys(gallery.code, id).original,
        fileName: file.fileName.trim().slice(0, MAX_FILE_NAME_LENGTH),
        contentType,
        size: file.size,
        status: 'pending' as const,
        createdAt,
      };
    });
    await this.uploads.createMany(uploads);

    return Promise.all(
      uploads.map(async (upload) => ({
        uploadId: upload.id,
        uploadUrl: await this.storage.presignUpload(upload.objectKey, upload.contentType, UPLOAD_URL_SECONDS),
        headers: [{ name: 'Content-Type', value: upload.contentType }],
      })),
    );
  }
}
