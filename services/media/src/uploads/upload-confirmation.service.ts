import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  initialReviewState,
  isVideoType,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_MEGAPIXELS,
  MAX_PHOTO_PIXELS,
  normalizeEventCode,
  photosSharedWithGuests,
  Subjects,
  type DomainEvent,
  type LivePhoto,
  type MediaContentType,
  type PhotoContentType,
  type PlanId,
  type VideoContentType,
} from '@gallery/contracts';
import { AppError, OutboxRelay, outboxHeaders, recordEvent, withHeadersOf } from '@gallery/platform';
import { GalleryEntity } from '../galleries/gallery.entity.js';
import { GalleryRepository } from '../galleries/gallery.repository.js';
import { GuestCopies } from '../guest-copies/guest-copies.js';
import { heifDimensions } from '../images/heif-dimensions.js';
import { ImageProcessor, type ImageSource } from '../images/image-processor.js';
import type { PhotoQuality } from '../images/photo-quality.js';
import { ImageTooLargeError } from '../images/image-too-large.error.js';
import { ImageWorkQueue } from '../images/image-work-queue.js';
import { UndecodableImageError } from '../images/undecodable-image.error.js';
import { DERIVED_IMAGE_TYPE, photoObjectKeys } from '../storage/photo-object-keys.js';
import { PhotoPreviews, PREVIEW_RESERVATION_MS, type PreviewReservation } from '../photos/photo-previews.js';
import type { PhotoEntity } from '../photos/photo.entity.js';
import { PhotoPresenter } from '../photos/photo.presenter.js';
import { PhotoRepository } from '../photos/photo.repository.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { StorageDeletions } from '../storage/storage-deletions.js';
import { KeptPhotoFiles } from '../storage/kept-photo-files.js';
import { withTemporaryOriginal } from '../storage/temporary-original.js';
import { ABANDONED_UPLOAD_AGE_MS, uploadSettledAt } from '../storage/abandoned-upload-cutoff.js';
import { UnreadableVideoError } from '../videos/unreadable-video.error.js';
import { VideoFrames } from '../videos/video-frames.js';
import { detectMediaType } from './detect-media-type.js';
import { MultipartUploads } from './multipart-uploads.service.js';
import { PHOTO_TYPE_HEAD_BYTES } from './detect-photo-type.js';
import {
  fileAdmissionRefusal,
  photoLimitReachedWith,
  recordingRefusal,
  uploadRefusal,
} from './upload-admission.js';
import type { UploadEntity } from './upload.entity.js';
import { UploadRepository } from './upload.repository.js';

type Keys = ReturnType<typeof photoObjectKeys>;
/** The browser's PUT has not landed: the upload stays pending. */
const NOT_STAGED = Symbol('not staged');
type Outcome =
  | {
      photo: LivePhoto;
      previewPending: boolean;
      previewReservation?: PreviewReservation | null;
      /** The photo.uploaded this confirmation committed; none when another confirmation recorded the photo. */
      event?: DomainEvent<typeof Subjects.PhotoUploaded>;
      /** The photo.limit-reached it committed with it, when its photo filled the gallery. */
      full?: DomainEvent<typeof Subjects.GalleryFull> | null;
    }
  | { refusal: AppError };
/** An original that passed its checks: a photo with its thumbnail made, or a video (no rendition) still to render. */
type Checked = { type: MediaContentType; size: number; rendition?: Rendition };

/**
 * What a photo becomes besides its original, before its commit: its thumbnail when the original decodes here,
 * and what its preview will be made from right after the commit (`previewSource`). A video's thumbnail and
 * preview come from its poster frame, both before the commit, and it has a duration.
 */
interface Rendition {
  width: number;
  height: number;
  thumbnailKey: string | null;
  previewKey: string | null;
  previewSource: ImageSource | null;
  durationSeconds: number | null;
  /** The original without identifying metadata, what guests fetch; null when it could not be made, or not yet. */
  guestOriginalKey: string | null;
  /** Its guests' copy is made when first needed (PendingGuestCopies), not now. */
  guestCopyPending: boolean;
  /** Measured from the pixels its thumbnail is made from; null for a video and a photo without derived images. */
  quality: PhotoQuality | null;
}

/**
 * Turns an object a browser staged into a photo. Everything is checked on an object its upload URL can no longer
 * change (size against what was declared, real type, pixels, quota), so a browser PUTting again to its URL,
 * before or after confirmation, never changes what was checked or what guests get: the staged object itself
 * where storage refuses overwrites (the URL was signed for "If-None-Match: *"), otherwise a copy of it under the
 * photo's own keys.
 * The photo and its `photo.uploaded` event are recorded in one transaction as soon as its thumbnail is stored:
 * every open screen shows thumbnails, so that is all a confirmation waits for; the 1600 px preview is made right
 * after the commit (PhotoPreviews), and its guests' copy (the original without location, serial numbers or names)
 * when it is first needed (PendingGuestCopies). A video's copy, what guests play, and that of a HEIC kept without
 * derived images, what guests see, are made before the commit. Whatever is refused leaves nothing in storage
 * (deletions go through the durable queue). The photo takes its upload's id, so confirming one upload twice can
 * never make two photos.
 */
@Injectable()
export class UploadConfirmationService {
  /**
   * Photos being rendered at once (read, thumbnail, write). Their thumbnails take turns in the image work
   * queue while the others' reads and writes go on, so decoding never waits on storage; bounded, so a burst of
   * confirmations holds at most this many originals (up to MAX_PHOTO_BYTES each) in temporary files, and their
   * pixels at the preview's size in memory.
   */
  private readonly inFlight = new ImageWorkQueue(4, undefined, 'confirmations');
  private readonly logger = new Logger(UploadConfirmationService.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UploadRepository) private readonly uploads: UploadRepository,
    @Inject(GalleryRepository) private readonly galleries: GalleryRepository,
    @Inject(PhotoRepository) private readonly photos: PhotoRepository,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(StorageDeletions) private readonly deletions: StorageDeletions,
    @Inject(ImageProcessor) private readonly images: ImageProcessor,
    @Inject(ImageWorkQueue) private readonly imageWork: ImageWorkQueue,
    @Inject(VideoFrames) private readonly videoFrames: VideoFrames,
    @Inject(PhotoPresenter) private readonly presenter: PhotoPresenter,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(PhotoPreviews) private readonly previews: PhotoPreviews,
    @Inject(MultipartUploads) private readonly multipart: MultipartUploads,
    @Inject(GuestCopies) private readonly guestCopies: GuestCopies,
    @Inject(KeptPhotoFiles) private readonly photoFiles: KeptPhotoFiles,
  ) {}

  async confirm(
    eventCode: string,
    uploadId: string,
    /** Whether the caller is the couple (their uploads need no approval); asked only while approval is on. */
    isOwner: () => Promise<boolean> = () => Promise.resolve(false),
  ): Promise<LivePhoto> {
    // The upload and its gallery in one read.
    const found = await this.uploads.findWithGallery(normalizeEventCode(eventCode), uploadId);
    const upload = found?.upload;
    if (upload?.status === 'confirmed') return this.confirmedPhoto(upload.id);
    // Refused and abandoned uploads have nothing left in storage: for the browser they no longer exist.
    if (upload?.status !== 'pending') throw new AppError('UPLOAD_NOT_FOUND');

    const gallery = found!.gallery;
    if (!gallery) throw new AppError('GALLERY_NOT_FOUND');
    const early = uploadRefusal(gallery, new Date());
    if (early) return this.refuse(upload, [], early);
    // A file sent in parts becomes its staging object here, and only here.
    await this.multipart.assemble(upload);
    // An upload whose URL was signed to create its object once can never replace what the browser staged: it is
    // checked and kept where it is. Any other is first copied to a key of the photo's own, which no URL can reach.
    const inPlace = upload.putOnce;
    const attempt = photoObjectKeys(upload.id, randomUUID());
    const keys = inPlace ? { ...attempt, original: upload.objectKey } : attempt;
    const attemptKeys = Object.values(attempt).filter((key) => !inPlace || key !== attempt.original);
    // Reserved before anything is written: should this confirmation never finish, its copies are deleted later.
    await this.deletions.schedule(attemptKeys, new Date(Date.now() + ABANDONED_UPLOAD_AGE_MS));
    const notStaged = async (): Promise<never> => {
      // Not in storage yet: nothing was written, and the upload stays pending, as the browser may still retry
      // its PUT with the same URL.
      await this.deletions.keep(this.dataSource.manager, attemptKeys);
      throw new AppError('UPLOAD_NOT_FOUND');
    };
    if (!inPlace && !(await this.storage.copy(upload.objectKey, keys.original))) await notStaged();

    // A photo's checks and thumbnail run on the copy read once, under the bound on originals held in memory; a
    // video's rendering then takes an image turn.
    const checked = await this.inFlight.run(() =>
      this.checkAndRenderPhoto(upload, gallery.plan, keys, inPlace),
    );
    if (checked === NOT_STAGED) return notStaged();
    if ('refusal' in checked) return this.refuse(upload, attemptKeys, checked.refusal);
    const { type, size } = checked;
    // Checked without a rendition: a video.
    const rendered = checked.rendition
      ? { rendition: checked.rendition }
      : await renditionOrRefusal(() =>
          this.imageWork.run(() => this.renderVideo(type as VideoContentType, keys)),
        );
    if ('refusal' in rendered) return this.refuse(upload, attemptKeys, rendered.refusal);
    const { rendition } = rendered;

    const byOwner = gallery.approval ? await isOwner() : false;
    const outcome = await this.record(upload, type, size, keys, attemptKeys, rendition, byOwner, inPlace);
    if ('refusal' in outcome) return this.refuse(upload, attemptKeys, outcome.refusal);
    if (outcome.event)
      this.relay.publishCommitted(outcome.full ? [outcome.event, outcome.full] : [outcome.event]);
    if (outcome.previewPending) {
      this.previews.makeSoon(
        { id: upload.id, originalKey: keys.original, contentType: type },
        rendition.previewSource ?? undefined,
        outcome.previewReservation,
      );
    }
    // A staged object that was copied is no longer needed; its deletion was scheduled with the photo (which also
    // catches a late PUT), so deleting it now is only early cleanup: not worth the guest's wait, nor a queue row
    // of its own.
    if (!inPlace) void this.deletions.removeEarly([upload.objectKey]);
    return outcome.photo;
  }

  /**
   * The checks on the copy, from one read of it: its size and first bytes, and the whole of it, in a local file
   * (one of the kept ones), when it is photo-sized. A photo that passes gets its thumbnail from that file (libvips
   * reads it itself: no Buffer holds the original), and a HEIC without one its guests' copy (exiftool, the same);
   * a video is left for its own rendering.
   */
  private async checkAndRenderPhoto(
    upload: UploadEntity,
    plan: PlanId,
    keys: Keys,
    inPlace: boolean,
  ): Promise<Checked | { refusal: AppError } | typeof NOT_STAGED> {
    return this.photoFiles.withFile(async (file) => {
      const copy = await this.storage.downloadUpTo(
        keys.original,
        file,
        MAX_PHOTO_BYTES,
        PHOTO_TYPE_HEAD_BYTES,
      );
      // Checked in place, the browser has not stored it (yet). A copy was made a moment ago: storage that no
      // longer has it lost it, which says nothing of the guest's file. Refusing it as empty would delete what they
      // sent; the upload stays pending for a retry.
      if (!copy && inPlace) return NOT_STAGED;
      if (!copy) {
        this.logger.warn(`the copy of upload ${upload.id} was gone when read back`);
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      const { size } = copy;
      const checked = checkOriginal(plan, upload.size, size, copy.head);
      if ('refusal' in checked) return checked;
      const { type } = checked;
      if (isVideoType(type)) return { type, size };
      // A photo passed the size limit, so it was downloaded whole.
      const rendered = await renditionOrRefusal(() => this.render(type, keys, file));
      if ('refusal' in rendered) return rendered;
      const { rendition } = rendered;
      if (rendition.thumbnailKey) return { type, size, rendition: { ...rendition, guestCopyPending: true } };
      // A HEIC kept without derived images: guests see its copy, made now by exiftool from the same file.
      const guestOriginalKey = await this.guestCopies.ofPhoto(file, type, keys.guestOriginal);
      return { type, size, rendition: { ...rendition, guestOriginalKey } };
    });
  }

  /**
   * The thumbnail stored, or null when the original (in the local file `original`) cannot be decoded. It is
   * decoded once, to the
   * preview's size (a JPEG at half its size, shrink-on-load; a HEIC/HEIF whole by libheif, its size checked
   * against the pixel limit first): the thumbnail is made from those pixels, kept for the preview after the
   * commit, so the decode happens once for both. A HEIC libheif cannot decode is kept all the
   * same, an iPhone photo being too precious to refuse, without derived images (its image URLs serve the
   * original) and with the dimensions its HEIF boxes give.
   */
  private async render(type: PhotoContentType, keys: Keys, original: string): Promise<Rendition | null> {
    const heif = type === 'image/heic' || type === 'image/heif';
    try {
      const { source, thumbnail, quality } = await this.imageWork.run(async () => {
        const pixels = await this.images.atPreviewSize(await this.images.source(original, { heif }));
        return { source: pixels, ...(await this.images.thumbnailAndQuality(pixels)) };
      });
      await this.storage.write(keys.thumbnail, thumbnail, DERIVED_IMAGE_TYPE);
      return {
        width: source.width,
        height: source.height,
        thumbnailKey: keys.thumbnail,
        previewKey: null,
        previewSource: source,
        durationSeconds: null,
        guestOriginalKey: null,
        guestCopyPending: false,
        quality,
      };
    } catch (error) {
      if (!(error instanceof UndecodableImageError)) throw error;
      if (!heif) return null;
      const { width, height } = heifDimensions(await readFile(original)) ?? { width: 0, height: 0 };
      if (width * height > MAX_PHOTO_PIXELS) throw new ImageTooLargeError(width * height);
      return {
        width,
        height,
        thumbnailKey: null,
        previewKey: null,
        previewSource: null,
        durationSeconds: null,
        guestOriginalKey: null,
        guestCopyPending: false,
        quality: null,
      };
    }
  }

  /**
   * A video's poster frame and duration, read by ffmpeg from a temporary copy of the original (an MP4's index
   * may sit at its end, so the whole file is needed), and its thumbnail and preview made from the poster the
   * way a photo's are. The temporary copy is always deleted.
   */
  private async renderVideo(type: VideoContentType, keys: Keys): Promise<Rendition> {
    // The guest copy is made from the same temporary file, beside the poster frame.
    return withTemporaryOriginal('gallery-video-', async (file) => {
      await this.storage.download(keys.original, file);
      const [{ poster, durationSeconds }, guestOriginalKey] = await Promise.all([
        this.videoFrames.poster(file, type),
        this.guestCopies.ofVideo(file, type, keys.guestOriginal),
      ]);
      const derived = await this.images.derive(poster).catch((error: unknown) => {
        if (error instanceof UndecodableImageError) throw new UnreadableVideoError(error);
        throw error;
      });
      await Promise.all([
        this.storage.write(keys.thumbnail, derived.thumbnail, DERIVED_IMAGE_TYPE),
        this.storage.write(keys.preview, derived.preview, DERIVED_IMAGE_TYPE),
      ]);
      return {
        width: derived.width,
        height: derived.height,
        thumbnailKey: keys.thumbnail,
        previewKey: keys.preview,
        previewSource: null,
        durationSeconds,
        guestOriginalKey,
        guestCopyPending: false,
        quality: null,
      };
    });
  }

  /** The quota decision and the photo, under the gallery's row lock so concurrent uploads cannot overshoot. */
  private async record(
    upload: UploadEntity,
    contentType: MediaContentType,
    size: number,
    keys: Keys,
    attemptKeys: string[],
    rendition: Rendition,
    byOwner: boolean,
    inPlace: boolean,
  ): Promise<Outcome> {
    return this.dataSource.transaction(async (manager): Promise<Outcome> => {
      const locked = await this.uploads.lockWithGallery(manager, upload.eventCode, upload.id);
      if (locked?.status !== 'pending') {
        // Confirmed meanwhile (or its gallery gone since): the confirmation that recorded it queued its preview.
        const existing = await this.photos.find(upload.id, manager);
        if (existing)
          return { photo: this.presenter.present(existing, { pass: true }), previewPending: false };
        return { refusal: new AppError('UPLOAD_NOT_FOUND') };
      }
      const { gallery } = locked;
      const refusal = recordingRefusal(gallery, contentType, new Date());
      if (refusal) return { refusal };

      const previewPending = rendition.previewSource !== null;
      const photo: PhotoEntity = {
        id: upload.id,
        eventCode: upload.eventCode,
        originalKey: keys.original,
        guestOriginalKey: rendition.guestOriginalKey,
        guestCopyPending: rendition.guestCopyPending,
        thumbnailKey: rendition.thumbnailKey,
        previewKey: rendition.previewKey,
        previewPending,
        fileName: upload.fileName,
        contentType,
        size,
        width: rendition.width,
        height: rendition.height,
        kind: isVideoType(contentType) ? 'video' : 'photo',
        durationSeconds: rendition.durationSeconds,
        guestName: upload.guestName ?? null,
        challengeId: upload.challengeId ?? null,
        tableNumber: upload.tableNumber ?? null,
        uploaderId: upload.uploaderId ?? null,
        heartCount: 0,
        review: initialReviewState(gallery.approval, byOwner),
        sharpness: rendition.quality?.sharpness ?? null,
        brightness: rendition.quality?.brightness ?? null,
        highlights: rendition.quality?.highlights ?? null,
        perceptualHash: rendition.quality?.perceptualHash.toString() ?? null,
        duplicateGroup: null,
        createdAt: new Date(),
      };
      // Not shared (a drop box, a reveal to come, waiting for approval): other guests' open screens never
      // receive it; the couple's do, and the uploader has it from this answer. Both copies carry its pass.
      const shared = photosSharedWithGuests(gallery, new Date()) && photo.review === 'approved';
      const live = this.presenter.present(photo, { pass: !shared });
      // The photo.uploaded event, recorded by the statement that records the photo, which sets its photoCount
      // (the gallery's count after this photo) as it raises the count.
      const event: DomainEvent<typeof Subjects.PhotoUploaded> = {
        id: randomUUID(),
        type: Subjects.PhotoUploaded,
        occurredAt: new Date().toISOString(),
        data: {
          photo: live,
          photoCount: 0,
          ...(shared ? {} : { shared }),
          ...(photo.review === 'waiting' ? { awaitingApproval: true } : {}),
        },
      };
      // A photo's preview is made right after the commit, under the key reserved for it with the attempt's:
      // that reservation stays, pushed back to cover the build, and the build keeps it when it records the
      // preview (PhotoPreviews).
      const previewReservation = previewPending
        ? { key: keys.preview, notBefore: new Date(Date.now() + PREVIEW_RESERVATION_MS) }
        : null;
      const { kept, photoCount } = await this.photos.recordConfirmed(manager, photo, {
        keys: attemptKeys,
        // A staged object that was copied goes once no PUT can land; one checked in place is the original.
        staged: inPlace ? null : { key: upload.objectKey, notBefore: uploadSettledAt(upload.createdAt) },
        previewReservation,
        event: {
          id: event.id,
          subject: event.type,
          envelope: event,
          occurredAt: new Date(event.occurredAt),
          headers: outboxHeaders(event),
        },
      });
      // Every key reserved for this attempt, written or not, must still have been reserved. Its reservation ran
      // out and a deletion run took it: nothing this attempt wrote can be trusted, and all of the above is
      // rolled back.
      if (kept < attemptKeys.length) throw new AppError('SERVICE_UNAVAILABLE');
      const full = await this.announceIfFull(manager, gallery);
      // While not shared, the uploader's own copy carries its pass: they see it whoever else may not.
      return {
        photo: shared ? live : this.asUploaderSees(photo, false),
        previewPending,
        previewReservation,
        event: withHeadersOf(event, { ...event, data: { ...event.data, photoCount } }),
        full,
      };
    });
  }

  /**
   * photo.limit-reached, once per gallery: recorded by the confirmation whose photo brings the gallery (locked in
   * `manager`'s transaction, as read before this photo) to its plan's limit, every photo counted. Null otherwise.
   */
  private async announceIfFull(
    manager: EntityManager,
    gallery: GalleryEntity,
  ): Promise<DomainEvent<typeof Subjects.GalleryFull> | null> {
    const limit = photoLimitReachedWith(gallery);
    if (limit === null || gallery.fullAnnouncedAt) return null;
    await manager.update(GalleryEntity, { code: gallery.code }, { fullAnnouncedAt: new Date() });
    return recordEvent(manager, Subjects.GalleryFull, { code: gallery.code, photoLimit: limit });
  }

  /**
   * Refuses a pending upload and deletes what this attempt and the browser stored, unless a concurrent
   * confirmation of the same upload already made it a photo: then that photo is the answer, and only this
   * attempt's own copies go. A late PUT to the staging key is caught by a second deletion once no PUT can land.
   */
  private async refuse(upload: UploadEntity, attemptKeys: string[], refusal: AppError): Promise<LivePhoto> {
    if (!(await this.uploads.refuseIfPending(upload.id))) {
      await this.deletions.removeNow(attemptKeys);
      return this.confirmedPhoto(upload.id);
    }
    await this.deletions.schedule([upload.objectKey], uploadSettledAt(upload.createdAt));
    await this.deletions.removeNow([upload.objectKey, ...attemptKeys]);
    throw refusal;
  }

  private async confirmedPhoto(id: string): Promise<LivePhoto> {
    const photo = await this.photos.find(id);
    if (!photo) throw new AppError('UPLOAD_NOT_FOUND');
    return this.presentToUploader(photo);
  }

  /** The photo as its uploader sees it: with its pass while the gallery's photos are not shared. */
  private async presentToUploader(photo: PhotoEntity): Promise<LivePhoto> {
    const gallery = await this.galleries.find(photo.eventCode);
    const shared = !gallery || photosSharedWithGuests(gallery, new Date());
    return this.asUploaderSees(photo, shared);
  }

  /** With its pass while others may not fetch it; a photo waiting for the couple's approval marked so. */
  private asUploaderSees(photo: PhotoEntity, shared: boolean): LivePhoto {
    const waiting = photo.review === 'waiting';
    const presented = this.presenter.present(photo, { pass: !shared || waiting });
    // The Photo type's awaitingApproval: not part of the live photo, which never carries a waiting one.
    return waiting ? Object.assign(presented, { awaitingApproval: true }) : presented;
  }
}

/**
 * What refuses an original, from its size and first bytes. Content decides the type: a video named .jpg is a
 * video, a photo named .mp4 a photo. A size other than the one the slot was signed for means the file was
 * replaced or cut short: not the file the guest chose.
 */
function checkOriginal(
  plan: PlanId,
  declaredSize: number,
  size: number,
  head: Uint8Array,
): { type: MediaContentType } | { refusal: AppError } {
  const type = detectMediaType(head.subarray(0, PHOTO_TYPE_HEAD_BYTES));
  // No type detected is a type no gallery takes: refused by the rule.
  const refusal = fileAdmissionRefusal({ contentType: type ?? '', size }, plan);
  if (refusal) return { refusal };
  if (size !== declaredSize) return { refusal: new AppError('UPLOAD_NOT_FOUND') };
  return { type: type as MediaContentType };
}

/** A rendition, or the refusal its failure means: an image over the pixel limit, an unreadable video, no image. */
async function renditionOrRefusal(
  make: () => Promise<Rendition | null>,
): Promise<{ rendition: Rendition } | { refusal: AppError }> {
  try {
    const rendition = await make();
    return rendition ? { rendition } : { refusal: new AppError('UNSUPPORTED_FILE_TYPE') };
  } catch (error) {
    if (error instanceof UnreadableVideoError) return { refusal: new AppError('VIDEO_UNREADABLE') };
    if (error instanceof ImageTooLargeError) {
      return { refusal: new AppError('IMAGE_TOO_LARGE', { count: MAX_PHOTO_MEGAPIXELS }) };
    }
    throw error;
  }
}
