import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { GraphQLError } from 'graphql';
import { isTableNumber, TABLE_CARD_LIMITS, type LivePhoto } from '@gallery/contracts';
import { GalleryRepository } from '../galleries/gallery.repository.js';
import { PendingGuestCopies } from '../guest-copies/pending-guest-copies.js';
import { AppError, GuestIdentities } from '@gallery/platform';
import { ObjectStorage } from '../storage/object-storage.js';
import { attachmentDisposition } from './attachment-disposition.js';
import { downloadFileName } from './download-file-name.js';
import { PhotoCursor } from './photo-cursor.js';
import { EVERY_PHOTO, PhotoAudience, type PhotoView } from './photo-audience.js';
import { PhotoOrder } from './photo-order.enum.js';
import { GalleryHighlights } from '../quality/gallery-highlights.js';
import { isPhotoId } from './photo-id.js';
import type { PhotoPageModel } from './photo-page.model.js';
import type { PhotoEntity } from './photo.entity.js';
import { PhotoRepository, type PhotoFilter } from './photo.repository.js';
import { PhotoPresenter, reviewPassSubject } from './photo.presenter.js';
import { DERIVED_IMAGE_TYPE } from '../storage/photo-object-keys.js';
import type { PhotoVariant } from './photo-variant.js';

const DEFAULT_PAGE_SIZE = 30;
const MAX_PAGE_SIZE = 100;
/** Long enough for a slow phone to load a preview, short enough that a leaked URL soon stops working. */
const DOWNLOAD_URL_SECONDS = 10 * 60;

/** Reading photos: a gallery's pages, one photo, and where a browser fetches one of its images. */
@Injectable()
export class PhotosService {
  constructor(
    @Inject(PhotoRepository) private readonly photos: PhotoRepository,
    @Inject(PhotoPresenter) private readonly presenter: PhotoPresenter,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(GalleryRepository) private readonly galleries: GalleryRepository,
    @Inject(PhotoAudience) private readonly audience: PhotoAudience,
    @Inject(GuestIdentities) private readonly identities: GuestIdentities,
    @Inject(PendingGuestCopies) private readonly pendingCopies: PendingGuestCopies,
    @Inject(GalleryHighlights) private readonly highlights: GalleryHighlights,
  ) {}

  async page(
    eventCode: string,
    first: number | null | undefined,
    after: string | null | undefined,
    filter: PhotoFilter = {},
    /** Which photos the caller sees (PhotoAudience); every photo when not given. */
    view: PhotoView = EVERY_PHOTO,
    order: PhotoOrder = PhotoOrder.NEWEST,
    /** The request's read snapshot (ReadSnapshots), when the page must agree with the counts read beside it. */
    manager?: EntityManager,
  ): Promise<PhotoPageModel> {
    const limit = Math.max(0, Math.min(MAX_PAGE_SIZE, first ?? DEFAULT_PAGE_SIZE));
    const cursor = after ? PhotoCursor.decode(after) : null;
    if (after && !cursor) {
      throw new GraphQLError('`after` must be the endCursor of a previous page', {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    // One row more than asked tells whether another page follows.
    // A value no challenge can have finds no photo (PostgreSQL would refuse it as a uuid).
    if (filter.challengeId != null && !isPhotoId(filter.challengeId))
      return { nodes: [], endCursor: after ?? null, hasMore: false };
    if (filter.tableNumber != null && !isTableNumber(filter.tableNumber)) {
      throw new AppError('TABLE_NUMBER_INVALID', { count: TABLE_CARD_LIMITS.maxTableNumber });
    }
    if (order === PhotoOrder.HIGHLIGHTS) return this.highlightsPage(eventCode, limit, cursor, view, manager);
    const mostLoved = order === PhotoOrder.MOST_LOVED;
    const rows = mostLoved
      ? await this.photos.mostLovedFirst(eventCode, limit + 1, cursor, view.uploaderId, view.viewer, manager)
      : await this.photos.newestFirst(
          eventCode,
          limit + 1,
          cursor,
          filter,
          view.uploaderId,
          view.viewer,
          manager,
        );
    const nodes = rows.slice(0, limit);
    const last = nodes.at(-1);
    return {
      // The viewer's own waiting photo: with its pass (no other guest may fetch it), marked as waiting.
      nodes: nodes.map((photo) => this.presentTo(photo, view.passes)),
      // An empty page (first: 0) leaves the position where it was.
      endCursor: last
        ? new PhotoCursor(last.createdAt, last.id, mostLoved ? last.heartCount : undefined).encode()
        : (after ?? null),
      hasMore: rows.length > limit,
    };
  }

  /**
   * A page of the gallery's Highlights (GalleryHighlights), best first, after the cursor's photo. Only photos every
   * guest may see; the viewer's own waiting ones are never among them.
   */
  private async highlightsPage(
    eventCode: string,
    limit: number,
    cursor: PhotoCursor | null,
    view: PhotoView,
    manager?: EntityManager,
  ): Promise<PhotoPageModel> {
    if (view.uploaderId === null) return { nodes: [], endCursor: cursor?.encode() ?? null, hasMore: false };
    const ids = await this.highlights.ids(eventCode, view.uploaderId, manager);
    const from = cursor ? ids.indexOf(cursor.id) + 1 : 0;
    const pageIds = ids.slice(from, from + limit);
    const rows = await this.photos.findMany(pageIds, manager);
    const byId = new Map(rows.map((photo) => [photo.id, photo]));
    const nodes = pageIds.flatMap((id) => byId.get(id) ?? []);
    const last = nodes.at(-1);
    return {
      nodes: nodes.map((photo) => this.presentTo(photo, view.passes)),
      endCursor: last ? new PhotoCursor(last.createdAt, last.id).encode() : (cursor?.encode() ?? null),
      hasMore: from + limit < ids.length,
    };
  }

  /** A photo as one viewer sees it: with its pass when asked or while it waits, marked when it waits. */
  presentTo(photo: PhotoEntity, passes: boolean): LivePhoto & { awaitingApproval?: boolean } {
    const waiting = photo.review === 'waiting';
    const presented = this.presenter.present(photo, { pass: passes || waiting });
    return waiting ? { ...presented, awaitingApproval: true } : presented;
  }

  /** A photo on the couple's queue: its URLs carry the review pass, which fetches a hidden photo too. */
  presentForReview(photo: PhotoEntity): LivePhoto & { awaitingApproval?: boolean } {
    const presented = this.presenter.present(photo, { pass: 'review' });
    return photo.review === 'waiting' ? { ...presented, awaitingApproval: true } : presented;
  }

  /**
   * A photo by id, as every guest may see it: none while its gallery's photos are not shared, nor before the
   * couple approved it.
   */
  async find(id: string): Promise<LivePhoto | null> {
    const photo = await this.photos.find(id);
    if (!photo || photo.review !== 'approved' || !(await this.audience.sharedNow(photo.eventCode)))
      return null;
    return this.presenter.present(photo);
  }

  /**
   * A short-lived presigned URL for one image of a photo, as guests fetch it (anyone holding the link), or null
   * when there is no such photo. Whatever comes from the original is its guest copy, without location, serial
   * numbers or names: the original downloads under its own name with the extension of its detected type; a
   * photo kept without derived images shows it instead; a photo's guest copy still to be made is made for this
   * request; a photo without one (a video's still to be made, or impossible) has no original for guests. While a photo's preview is still being made (it comes right after
   * the photo's commit), its preview is the thumbnail, `provisional`: the thumbnail is already stored, a small
   * JPEG any browser shows, oriented as the preview will be, where the original may be 50 MB or a HEIC most
   * browsers cannot show. A provisional answer must not be cached, so the next request gets the preview.
   */
  async downloadUrl(
    id: string,
    variant: PhotoVariant,
    /** When given, a photo of another gallery is answered as missing. */
    gallery?: string,
    /**
     * Asked only for a photo's original in a gallery whose couple turned guests' originals off: whether the
     * caller is the couple. Not asked for videos, which guests play from their original.
     */
    isOwner: (code: string) => Promise<boolean> = () => Promise.resolve(false),
    /** The `pass` the URL carried: while a gallery's photos are not shared, only a photo's pass fetches it. */
    pass?: string,
  ): Promise<{ url: string; provisional: boolean } | 'refused' | null> {
    const photo = await this.photos.find(id);
    if (!photo || (gallery !== undefined && photo.eventCode !== gallery)) return null;
    // A hidden photo only with the couple's review pass (the queue screen); a waiting one with that or its
    // uploader's pass. Either is answered as missing otherwise: not even its existence is told.
    const reviewPass = this.identities.checkPhotoPass(reviewPassSubject(photo.id), pass);
    if (photo.review === 'hidden' && !reviewPass) return null;
    const ownPass = this.identities.checkPhotoPass(photo.id, pass);
    if (photo.review === 'waiting' && !reviewPass && !ownPass) return null;
    // Another guest's photo in a drop box is answered as missing: not even its existence is told.
    if (!ownPass && !reviewPass && !(await this.audience.sharedNow(photo.eventCode))) return null;
    if (variant === 'original' && photo.kind === 'photo') {
      const settings = await this.galleries.find(photo.eventCode);
      if (settings && !settings.guestOriginals && !(await isOwner(photo.eventCode))) return 'refused';
    }
    const provisional = variant === 'preview' && photo.previewPending && photo.thumbnailKey !== null;
    const derivedKey = provisional
      ? photo.thumbnailKey
      : variant === 'thumbnail'
        ? photo.thumbnailKey
        : variant === 'preview'
          ? photo.previewKey
          : null;
    if (derivedKey) {
      const url = await this.storage.presignDownload(derivedKey, DOWNLOAD_URL_SECONDS, {
        contentType: DERIVED_IMAGE_TYPE,
      });
      return { url, provisional };
    }
    const guestCopy = await this.guestCopyOf(photo);
    if (!guestCopy) return null;
    return { url: await this.originalUrl(photo, guestCopy, variant === 'original'), provisional: false };
  }

  /**
   * The couple's download of a photo's original (their call is checked by AccessGuard): untouched, as it was
   * uploaded, metadata and all; or, when the couple chose their downloads without metadata, the guests' copy
   * (made now if it is still to be made; ORIGINAL_COPY_PENDING when none could be). PHOTO_NOT_FOUND when there is
   * no such photo.
   */
  async ownerOriginalUrl(id: string): Promise<string> {
    const photo = await this.photos.find(id);
    if (!photo) throw new AppError('PHOTO_NOT_FOUND');
    const settings = await this.galleries.find(photo.eventCode);
    if (settings?.ownerDownloadsKeepMetadata === false) {
      const guestCopy = await this.guestCopyOf(photo);
      if (!guestCopy) throw new AppError('ORIGINAL_COPY_PENDING');
      return this.originalUrl(photo, guestCopy, true);
    }
    return this.originalUrl(photo, photo.originalKey, true);
  }

  /** The photo's guest copy: made now when a photo's is still to be made (PendingGuestCopies); null if none. */
  private async guestCopyOf(photo: PhotoEntity): Promise<string | null> {
    if (photo.guestOriginalKey || !photo.guestCopyPending || photo.kind !== 'photo')
      return photo.guestOriginalKey;
    return this.pendingCopies.ofPhoto(photo.id, { lane: 'urgent' });
  }

  private originalUrl(photo: PhotoEntity, key: string, attachment: boolean): Promise<string> {
    return this.storage.presignDownload(key, DOWNLOAD_URL_SECONDS, {
      contentType: photo.contentType,
      contentDisposition: attachment
        ? attachmentDisposition(downloadFileName(photo.fileName, photo.contentType))
        : undefined,
    });
  }
}
