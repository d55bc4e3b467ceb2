import { Inject, Injectable, Logger } from '@nestjs/common';
import { GraphQLError } from 'graphql';
import { DataSource, In } from 'typeorm';
import {
  MAX_PARTS_PER_REQUEST,
  MULTIPART_THRESHOLD_BYTES,
  normalizeEventCode,
  partCount,
  partLength,
  UPLOAD_PART_BYTES,
} from '@gallery/contracts';
import { AppError, describeError } from '@gallery/platform';
import { isPhotoId } from '../photos/photo-id.js';
import { ObjectStorage } from '../storage/object-storage.js';
import type { MultipartUploadModel } from './multipart-upload.model.js';
import type { UploadPartModel } from './upload-part.model.js';
import { STAGING_PREFIX } from '../storage/upload-object-keys.js';
import { UPLOAD_URL_SECONDS } from '../storage/upload-url-lifetime.js';
import { UploadEntity } from './upload.entity.js';
import { UploadRepository } from './upload.repository.js';

/**
 * Files over MULTIPART_THRESHOLD_BYTES go to their staging key as an S3 multipart upload: the browser PUTs each part to
 * a URL that grants that one part, and resumes from the first part it has no ETag for after a drop. Storage
 * holds the parts, never an object, until confirmation joins them (`assemble`), so confirmation stays the one
 * moment a file is checked and recorded, and no late part PUT can change a confirmed file.
 */
@Injectable()
export class MultipartUploads {
  private readonly logger = new Logger(MultipartUploads.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UploadRepository) private readonly uploads: UploadRepository,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
  ) {}

  /** Starts a storage multipart upload for each upload over the threshold, and records it with the upload. */
  async begin(uploads: UploadEntity[]): Promise<void> {
    await Promise.all(
      uploads
        .filter((upload) => upload.size > MULTIPART_THRESHOLD_BYTES)
        .map(async (upload) => {
          upload.multipartUploadId = await this.storage.createMultipartUpload(
            upload.objectKey,
            upload.contentType,
          );
          upload.partSize = UPLOAD_PART_BYTES;
          await this.dataSource.manager.update(
            UploadEntity,
            { id: upload.id },
            { multipartUploadId: upload.multipartUploadId, partSize: upload.partSize },
          );
        }),
    );
  }

  /** What a slot tells the browser about its parts; null for a file sent in one PUT. */
  describe(upload: UploadEntity): MultipartUploadModel | null {
    if (!upload.multipartUploadId || !upload.partSize) return null;
    return { partSize: upload.partSize, partCount: partCount(upload.size, upload.partSize) };
  }

  /** URLs for these parts of a pending multipart upload of the gallery, each signed for its part's length. */
  async partUrls(eventCode: string, uploadId: string, partNumbers: number[]): Promise<UploadPartModel[]> {
    if (partNumbers.length === 0 || partNumbers.length > MAX_PARTS_PER_REQUEST) {
      throw new GraphQLError(`Ask for 1 to ${MAX_PARTS_PER_REQUEST} parts at a time`, {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    const upload = await this.uploads.find(normalizeEventCode(eventCode), uploadId);
    // Confirmed, refused and abandoned uploads take no more parts; nor does a file sent in one PUT.
    if (upload?.status !== 'pending' || !upload.multipartUploadId || !upload.partSize) {
      throw new AppError('UPLOAD_NOT_FOUND');
    }
    const { multipartUploadId, partSize } = upload;
    const count = partCount(upload.size, partSize);
    const wanted = [...new Set(partNumbers)];
    if (wanted.some((number) => !Number.isInteger(number) || number < 1 || number > count)) {
      throw new GraphQLError(`Part numbers run from 1 to ${count}`, {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    return Promise.all(
      wanted.map(async (partNumber) => ({
        partNumber,
        url: await this.storage.presignUploadPart(
          upload.objectKey,
          { uploadId: multipartUploadId, partNumber, size: partLength(upload.size, partSize, partNumber) },
          UPLOAD_URL_SECONDS,
        ),
      })),
    );
  }

  /**
   * Joins a multipart upload's parts into its staging object, once every part is in storage at its length.
   * An upload storage no longer knows was joined before (a confirmation whose answer was lost) or aborted:
   * the staging object, or its absence, then tells. A missing part leaves the upload pending, so the browser
   * can still send it.
   */
  async assemble(upload: UploadEntity): Promise<void> {
    if (!upload.multipartUploadId || !upload.partSize) return;
    const parts = await this.storage.listParts(upload.objectKey, upload.multipartUploadId);
    if (parts === null) return;
    const count = partCount(upload.size, upload.partSize);
    const complete =
      parts.length === count &&
      parts.every(
        (part, index) =>
          part.partNumber === index + 1 &&
          part.size === partLength(upload.size, upload.partSize!, part.partNumber),
      );
    if (!complete) throw new AppError('UPLOAD_NOT_FOUND');
    await this.storage.completeMultipartUpload(upload.objectKey, upload.multipartUploadId, parts);
  }

  /**
   * Aborts the multipart uploads under the staging prefix whose upload is no longer pending (abandoned, or
   * refused before its parts were joined; or gone), which removes their parts. An upload's row is committed
   * before its multipart upload starts, so one still being sent is always found pending. Storage's own listing
   * is the source, so an abort that failed once is tried again on the next sweep. How many it aborted.
   */
  async abortAbandoned(): Promise<number> {
    const started = await this.storage.listMultipartUploads(STAGING_PREFIX);
    if (started.length === 0) return 0;
    const ids = started.map((upload) => upload.key.slice(STAGING_PREFIX.length));
    const pending = await this.dataSource.manager.find(UploadEntity, {
      select: { id: true },
      where: { id: In(ids.filter(isPhotoId)), status: 'pending' },
    });
    const stillPending = new Set(pending.map((upload) => upload.id));
    const abandoned = started.filter((_, index) => !stillPending.has(ids[index]));
    const results = await Promise.allSettled(
      abandoned.map((upload) => this.storage.abortMultipartUpload(upload.key, upload.uploadId)),
    );
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) {
      this.logger.warn(
        `could not abort every abandoned multipart upload, retrying next sweep: ${describeError(
          (failed as PromiseRejectedResult).reason,
        )}`,
      );
    }
    return results.filter((result) => result.status === 'fulfilled').length;
  }
}
