import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { GraphQLError } from 'graphql';
import { DataSource, type EntityManager } from 'typeorm';
import {
  MAX_FILES_PER_REQUEST,
  cleanGuestName,
  guestNameProblem,
  MAX_GUEST_NAME_CHARS,
  normalizeEventCode,
  isTableNumber,
  TABLE_CARD_LIMITS,
} from '@gallery/contracts';
import { AppError } from '@gallery/platform';
import { ChallengeRepository } from '../challenges/challenge.repository.js';
import { GalleryDirectory } from '../galleries/gallery-directory.js';
import { GalleryRepository } from '../galleries/gallery.repository.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { cleanFileName } from './clean-file-name.js';
import { MultipartUploads } from './multipart-uploads.service.js';
import type { PhotoUploadRequestInput } from './photo-upload-request.input.js';
import type { PhotoUploadSlotModel } from './photo-upload-slot.model.js';
import { fileAdmissionRefusal, slotRoomRefusal, uploadRefusal } from './upload-admission.js';
import { stagingObjectKey } from '../storage/upload-object-keys.js';
import { UPLOAD_URL_SECONDS } from '../storage/upload-url-lifetime.js';
import type { UploadEntity } from './upload.entity.js';
import { UploadRepository } from './upload.repository.js';

/** Hands out presigned upload URLs, refusing early what confirmation would refuse anyway. */
@Injectable()
export class UploadSlotsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(GalleryDirectory) private readonly directory: GalleryDirectory,
    @Inject(GalleryRepository) private readonly galleries: GalleryRepository,
    @Inject(UploadRepository) private readonly uploads: UploadRepository,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(MultipartUploads) private readonly multipart: MultipartUploads,
    @Inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
  ) {}

  async request(
    eventCode: string,
    files: PhotoUploadRequestInput[],
    givenGuestName?: string | null,
    /** The photo challenge and the table card the files were uploaded for, when given. */
    {
      challengeId = null,
      tableNumber = null,
    }: { challengeId?: string | null; tableNumber?: number | null } = {},
    /** The verified guest identity of the browser asking, when it sent one. */
    uploaderId: string | null = null,
  ): Promise<PhotoUploadSlotModel[]> {
    const guestName = acceptedGuestName(givenGuestName);
    if (tableNumber !== null && !isTableNumber(tableNumber)) {
      throw new AppError('TABLE_NUMBER_INVALID', { count: TABLE_CARD_LIMITS.maxTableNumber });
    }
    const code = normalizeEventCode(eventCode);
    const slots = (manager: EntityManager) =>
      this.recordSlots(manager, code, files, { guestName, challengeId, tableNumber, uploaderId });
    // The gallery's read model row is read once, locked: the decisions below hold until the slots are recorded.
    // A gallery created a moment ago may not be in the read model yet: the directory asks the events service
    // and records it, and the slots are tried again.
    let uploads = await this.dataSource.transaction(slots);
    if (!uploads) {
      if (!(await this.directory.find(code))) throw new AppError('GALLERY_NOT_FOUND');
      uploads = await this.dataSource.transaction(slots);
      if (!uploads) throw new AppError('GALLERY_NOT_FOUND');
    }
    await this.multipart.begin(uploads);

    return Promise.all(
      uploads.map(async (upload) => {
        const multipart = this.multipart.describe(upload);
        // A file sent in parts has no single PUT: each part's URL is signed for its length alone.
        const single = multipart
          ? null
          : await this.storage.presignUpload(upload.objectKey, upload, UPLOAD_URL_SECONDS);
        return {
          uploadId: upload.id,
          uploadUrl: single?.url ?? null,
          headers: single?.headers ?? [],
          multipart,
        };
      }),
    );
  }

  /**
   * Decides on the slots asked for and records them, on the gallery's row locked in `manager`'s transaction; null
   * when the read model has no such gallery.
   */
  private async recordSlots(
    manager: EntityManager,
    code: string,
    files: PhotoUploadRequestInput[],
    given: {
      guestName: string | null;
      challengeId: string | null;
      tableNumber: number | null;
      uploaderId: string | null;
    },
  ): Promise<UploadEntity[] | null> {
    const gallery = await this.galleries.findForUpdate(manager, code);
    if (!gallery) return null;
    const refusal = uploadRefusal(gallery, new Date());
    if (refusal) throw refusal;
    if (given.challengeId != null && !(await this.challenges.exists(gallery.code, given.challengeId))) {
      throw new AppError('CHALLENGE_NOT_FOUND');
    }
    if (files.length > MAX_FILES_PER_REQUEST) {
      throw new GraphQLError(`Ask for at most ${MAX_FILES_PER_REQUEST} files at a time`, {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }

    const createdAt = new Date();
    const uploads = files.map((file, index): UploadEntity => {
      // Declared types may carry parameters or odd casing; the PUT must then send exactly what was signed.
      const contentType = file.contentType.split(';')[0].trim().toLowerCase();
      const which = { fileIndex: index, fileName: cleanFileName(file.fileName) };
      // What the browser declares decides early; confirmation decides again on the file's real type.
      const refusal = fileAdmissionRefusal({ contentType, size: file.size }, gallery.plan, which);
      if (refusal) throw refusal;
      const id = randomUUID();
      return {
        id,
        eventCode: gallery.code,
        objectKey: stagingObjectKey(id),
        fileName: cleanFileName(file.fileName),
        contentType,
        size: file.size,
        guestName: given.guestName,
        challengeId: given.challengeId,
        tableNumber: given.tableNumber,
        uploaderId: given.uploaderId,
        status: 'pending',
        putOnce: this.storage.refusesOverwrites,
        createdAt,
      };
    });
    if (uploads.length === 0) return uploads;
    const pending = await this.uploads.createCountingPending(manager, gallery.code, uploads);
    // Throwing rolls back the slots just recorded.
    const noRoom = slotRoomRefusal(gallery, pending, uploads.length);
    if (noRoom) throw noRoom;
    return uploads;
  }
}

/** The guest's name as kept (null when none was given or only spaces), or a refusal saying what to change. */
export function acceptedGuestName(given: string | null | undefined): string | null {
  if (given == null) return null;
  // Checked before anything is cleaned, so an oversized value costs no work beyond this bound.
  if (given.length > MAX_GUEST_NAME_CHARS * 8)
    throw new AppError('GUEST_NAME_TOO_LONG', { count: MAX_GUEST_NAME_CHARS });
  const problem = guestNameProblem(given);
  if (problem === 'tooLong') throw new AppError('GUEST_NAME_TOO_LONG', { count: MAX_GUEST_NAME_CHARS });
  if (problem === 'forbiddenCharacters') throw new AppError('GUEST_NAME_FORBIDDEN_CHARACTERS');
  return cleanGuestName(given);
}
